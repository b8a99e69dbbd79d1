/**
 * The /api router: one sub-router per resource (server/http/api/*.ts), JSON in and out.
 * Every admin endpoint carries `requireAdmin` (server/http/auth.ts); tests/api/guards.test.ts
 * walks this table and proves it. The back office's own changes and reads are its screens' actions
 * and loaders, not endpoints here (decision 0182, "The mirrors removed").
 */
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import { adminAuthRouter } from './api/admin-auth.ts';
import { blogRouter } from './api/blog.ts';
import { catalogRouter } from './api/catalog.ts';
import { clicksRouter } from './api/clicks.ts';
import { customersRouter } from './api/customers.ts';
import { insightsRouter } from './api/insights.ts';
import { leadsRouter } from './api/leads.ts';
import { pagesRouter } from './api/pages.ts';
import { publicRouter } from './api/public.ts';
import { smsRouter } from './api/sms.ts';
import { statsRouter } from './api/stats.ts';
import { apiNotFound } from './errors.ts';

export function apiRouter(services: Services, config: Config): Router {
  const api = Router();
  api.use(publicRouter(services));
  api.use(clicksRouter(services, config));
  api.use(pagesRouter(services));
  api.use(statsRouter(services));
  api.use(insightsRouter(services, config));
  api.use(leadsRouter(services, config));
  api.use(customersRouter(services, config));
  api.use(smsRouter(services));
  api.use(catalogRouter(services, config));
  api.use(blogRouter(services, config));
  api.use(adminAuthRouter(services, config));
  api.use(apiNotFound);
  return api;
}
