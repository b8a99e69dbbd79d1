/**
 * Leads' changes (docs/product.md §2, §7; decision 0050): the board's 'New lead' and 'Generate SEO
 * Pages', and the Lead Details dialog's status, quote, text and Reopen. Declared once (decision
 * 0182); the status and the quote keep their `/api` doors (docs/product.md §7).
 */
import { z } from 'zod';
import { quotePayloadOfFields } from '#app/modules/leads/lead-admin.ts';
import { change } from './change.ts';
import { blankAsAbsent, given, IDEMPOTENCY_FIELD, requestKey } from './inputs.ts';

/**
 * A quote as the dialog sends it ('options.{n}.{field}' fields and the internal `notes`) or as
 * docs/product.md §7 does (cost in cents, etaDays, notes; or `options`), for the quote service,
 * which reads and prices it. An empty difficulty, price or reason is none (the service's default).
 */
const quoteInput = z
  .object({
    id: given,
    ...requestKey,
    difficulty: blankAsAbsent,
    priceOverride: blankAsAbsent,
    priceReason: blankAsAbsent,
  })
  .catchall(z.unknown())
  .transform(({ id, [IDEMPOTENCY_FIELD]: key, ...quote }) => {
    const fields = Object.entries(quote).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    return { id, key, quote: quotePayloadOfFields(fields) ?? quote };
  });

export const leadsChanges = {
  'leads.enter': change({
    who: 'staff',
    // the request form's fields, read by the leads service as the public form's are
    input: z.record(z.string(), z.unknown()),
    run: ({ services, user }, fields) => services.leads.enterLead(fields, user.username),
    created: true,
  }),
  // the owner's, on Settings (issue 49 item 4): which city pages search engines are shown
  'leads.generateSeoPages': change({
    who: 'owner',
    input: z.object({}),
    run: async ({ services }) => {
      const pages = await services.cityPages.indexablePages();
      return { count: pages.length, pages };
    },
  }),
  'leads.changeStatus': change({
    who: 'staff',
    input: z.object({ id: given, status: given, reason: given }),
    run: ({ services, user }, { id, ...status }) =>
      services.leadAdmin.changeStatus(id, status, user.username),
  }),
  'leads.sendQuote': change({
    who: 'staff',
    input: quoteInput,
    run: ({ services, user }, { id, key, quote }) =>
      services.leadAdmin.sendQuote(id, quote, user.username, key),
  }),
  'leads.sendText': change({
    who: 'staff',
    input: z.object({ id: given, body: given, withName: given, ...requestKey }),
    run: ({ services, user }, { id, body, withName, [IDEMPOTENCY_FIELD]: key }) =>
      services.leadAdmin.sendText(id, { body, withName }, user.username, key),
    created: true,
  }),
  'leads.setPartName': change({
    who: 'staff',
    input: z.object({ id: given, shortPartName: given }),
    run: ({ services }, { id, shortPartName }) => services.leadAdmin.setPartName(id, { shortPartName }),
  }),
  'leads.reopen': change({
    who: 'staff',
    input: z.object({ id: given }),
    run: ({ services, user }, { id }) => services.leadAdmin.reopen(id, user.username),
  }),
};
