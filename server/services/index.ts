/**
 * The service layer: every use case, built once per process. Page loaders (through the React
 * Router load context) and /api handlers call the same functions, so they return the same data.
 */
import { adminAccountService } from './admin-account.ts';
import { authService } from './auth.ts';
import { blogService } from './blog.ts';
import { catalogService } from './catalog.ts';
import { clicksService } from './clicks.ts';
import type { ServiceDeps } from './context.ts';
import { healthService } from './health.ts';
import { leadAdminService } from './lead-admin.ts';
import { leadsService } from './leads.ts';
import { pagesService } from './pages.ts';
import { referenceService } from './reference.ts';
import { seoService } from './seo.ts';
import { statsService } from './stats.ts';

export type { ServiceDeps } from './context.ts';

export function createServices(deps: ServiceDeps) {
  return {
    adminAccount: adminAccountService(deps),
    auth: authService(deps),
    blog: blogService(deps),
    catalog: catalogService(deps),
    clicks: clicksService(deps),
    health: healthService(deps),
    leads: leadsService(deps),
    leadAdmin: leadAdminService(deps),
    pages: pagesService(deps),
    reference: referenceService(deps),
    seo: seoService(deps),
    stats: statsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
