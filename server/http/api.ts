/**
 * The /api router: one sub-router per resource (server/http/api/*.ts), JSON in and out.
 * Every admin endpoint carries `requireAdmin` (server/http/auth.ts); tests/api/guards.test.ts
 * walks this table and proves it.
 */
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import { adminAuthRouter } from './api/admin-auth.ts';
import { clicksRouter } from './api/clicks.ts';
import { publicRouter } from './api/public.ts';
import { apiNotFound } from './errors.ts';

export function apiRouter(services: Services, config: Config): Router {
  const api = Router();
  api.use(publicRouter(services));
  api.use(clicksRouter(services));
  api.use(adminAuthRouter(services, config));
  api.use(apiNotFound);
  return api;
}
