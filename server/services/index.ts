/**
 * The service layer: every use case, built once per process. Page loaders (through the React
 * Router load context) and /api handlers call the same functions, so they return the same data.
 */
import { adminAccountService } from './admin-account.ts';
import { authService } from './auth.ts';
import { clicksService } from './clicks.ts';
import type { ServiceDeps } from './context.ts';
import { healthService } from './health.ts';
import { referenceService } from './reference.ts';
import { seoService } from './seo.ts';

export type { ServiceDeps } from './context.ts';

export function createServices(deps: ServiceDeps) {
  return {
    adminAccount: adminAccountService(deps),
    auth: authService(deps),
    clicks: clicksService(deps),
    health: healthService(deps),
    reference: referenceService(deps),
    seo: seoService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
