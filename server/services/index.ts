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
import { createMessaging } from './messaging.ts';
import { pagesService } from './pages.ts';
import { rateLimitService } from './rate-limits.ts';
import { referenceService } from './reference.ts';
import { seoService } from './seo.ts';
import { smsService } from './sms.ts';
import { statsService } from './stats.ts';

export type { ServiceDeps } from './context.ts';

export function createServices(deps: ServiceDeps) {
  // one outbox per process: staff alerts, quotes, texts and e-mail copies (decisions 0041, 0060)
  const messaging = createMessaging(deps);
  const leads = leadsService(deps, { outbox: messaging.outbox });
  return {
    adminAccount: adminAccountService(deps),
    auth: authService(deps),
    blog: blogService(deps),
    catalog: catalogService(deps),
    clicks: clicksService(deps),
    health: healthService(deps),
    leads,
    leadAdmin: leadAdminService(deps, { messaging }),
    messaging,
    pages: pagesService(deps),
    rateLimits: rateLimitService(deps),
    reference: referenceService(deps),
    seo: seoService(deps),
    sms: smsService(deps, { messaging, leads }),
    stats: statsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
