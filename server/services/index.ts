/**
 * The service layer: every use case, built once per process. Page loaders (through the React
 * Router load context) and /api handlers call the same functions, so they return the same data.
 */
import { accountService } from './account.ts';
import { adminAccountService } from './admin-account.ts';
import { authService } from './auth.ts';
import { backupsService } from './backups.ts';
import { passkeysService } from './passkeys.ts';
import { teamService } from './team.ts';
import { customersService } from './customers.ts';
import { inboxService } from './inbox.ts';
import { followUpsService } from './follow-ups.ts';
import { settingsService } from './settings.ts';
import { blogService } from './blog.ts';
import { catalogService } from './catalog.ts';
import { contentChanges } from './changes.ts';
import { clicksService } from './clicks.ts';
import type { ServiceDeps } from './context.ts';
import { figuresService } from './figures.ts';
import { healthService } from './health.ts';
import { idempotencyService } from './idempotency.ts';
import { insightsService } from './insights.ts';
import { leadAdminService } from './lead-admin.ts';
import { leadsService } from './leads.ts';
import { quotesService } from './quotes.ts';
import { ordersService } from './orders.ts';
import { createMessaging } from './messaging.ts';
import { pushService } from './push.ts';
import { cityPagesService } from './city-pages.ts';
import { rateLimitService } from './rate-limits.ts';
import { referenceService } from './reference.ts';
import { seoService } from './seo.ts';
import { shopService } from './shop.ts';
import { statsService } from './stats.ts';
import { textingService } from './texting.ts';

export type { ServiceDeps } from './context.ts';

export function createServices(base: Omit<ServiceDeps, 'shop'>) {
  // what staff change on public pages, seen by every process within a second (decision 0097)
  const changes = contentChanges(base);
  // the shop's own numbers as the owner set them, in force in every process (decision 0204)
  const shop = shopService(base, { changes });
  const deps: ServiceDeps = { ...base, shop };
  // staff push notifications: each browser's subscription, sent after the event commits (decision 0205)
  const push = pushService(deps);
  // one outbox per process: staff alerts, quotes, texts and e-mail copies (decisions 0041, 0060)
  const messaging = createMessaging(deps, { push });
  // cities and categories: read once a minute, and again at once after a change (docs/performance.md);
  // every service that needs them asks this one
  const reference = referenceService(deps, { changes });
  // retries that change nothing: a keyed change's first answer, kept a day (decision 0179)
  const idempotency = idempotencyService(deps);
  const leads = leadsService(deps, { messaging, reference, idempotency });
  const rateLimits = rateLimitService(deps);
  // the customer's private page: quotes sent as versions, answered there or by text (issue 28)
  const quotes = quotesService(deps, { messaging, rateLimits, idempotency });
  // texting takes Twilio's webhooks: customers' texts and delivery reports
  const texting = textingService(deps, { messaging, leads, quotes });
  // city pages keep what they read of the catalog until it changes (docs/performance.md)
  const cityPages = cityPagesService(deps, { changes, reference });
  const leadAdmin = leadAdminService(deps, { messaging, quotes, reference, idempotency });
  // who asks: customers matched by phone or e-mail, and their conversations in one inbox (issue 30)
  const customers = customersService(deps);
  // the owner's settings, and the follow-ups and review requests they govern (issue 30)
  const settings = settingsService(deps);
  const auth = authService(deps);
  return {
    // each person's own account and passkeys (issue 49 items 2 and 3)
    account: accountService(deps, { auth }),
    adminAccount: adminAccountService(deps),
    auth,
    // the nightly backup and its state on Settings (issue 49 item 5, decision 0197)
    backups: backupsService(deps),
    passkeys: passkeysService(deps, { auth }),
    blog: blogService(deps, { changes }),
    catalog: catalogService(deps, { changes, reference }),
    changes,
    cityPages,
    clicks: clicksService(deps),
    figures: figuresService(deps),
    health: healthService(deps),
    idempotency,
    insights: insightsService(deps, { cityPages, reference }),
    leads,
    leadAdmin,
    customers,
    inbox: inboxService(deps, { leadAdmin }),
    settings,
    shop,
    followUps: followUpsService(deps, { messaging, settings }),
    messaging,
    // after a yes: suppliers and the parts bought for each order (issue 29)
    orders: ordersService(deps, { messaging }),
    push,
    quotes,
    rateLimits,
    // the owner's: staff accounts and the audit log (issue 30 item 5)
    team: teamService(deps),
    reference,
    seo: seoService(deps, { cityPages }),
    stats: statsService(deps, { reference, changes }),
    texting,
  };
}

export type Services = ReturnType<typeof createServices>;
