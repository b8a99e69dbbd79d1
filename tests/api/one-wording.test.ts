/**
 * One event, one text (issue 48 item 5, decision 0194): a quote accepted on its page and one
 * accepted by a number texted back confirm in the same words, the link included, on both engines.
 * Two requests alike (same part, same options, same clock) are accepted each way; their
 * confirmations differ only by their case numbers and their links, and each link opens its own
 * request's page.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import { clientOf } from '#server/http/client.ts';
import { createStaff, STAFF } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { postWebhook, startSmtp, startTwilioStandIn, textParams, twilioEnv } from './sms-fixtures.ts';

const twilio = await startTwilioStandIn();
const smtp = await startSmtp();
afterAll(async () => {
  await Promise.all([twilio.close(), smtp.close()]);
});

/** Monday 23 November 2026, 10:00 in Winnipeg (CST, UTC-6). */
const NOW = new Date('2026-11-23T16:00:00.000Z');
const HOUR = 3_600_000;
const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})/;

const OPTIONS = {
  options: [
    { label: 'New OEM', cost: 40_000, etaDays: 5 },
    { label: 'Aftermarket', cost: 20_000, etaDays: 2, brand: 'Depo' },
  ],
};

eachEngine(
  'one event, one text',
  (ctx) => {
    const clock = NOW;
    let deps: ServiceDeps;
    let services: Services;
    let db: Kysely<DB>;
    let app: ReturnType<typeof createTestApp>;
    let phones = 0;

    beforeAll(async () => {
      deps = testDeps(ctx().t, () => clock);
      services = createServices(deps);
      db = deps.db;
      app = createTestApp(deps, services);
      await seedReference(deps);
      await createStaff(deps);
    });
    afterAll(() => services.messaging.outbox.stop());

    /** A request quoted with two options an hour ago; its case number, phone and link's token. */
    async function quotedLead() {
      const n = 4000 + ++phones;
      const { id, caseNumber } = await insertLead(
        db,
        {
          urgency: 'flexible',
          source: 'web',
          name: 'Dana Friesen',
          phone: `(204) 555-${n}`,
          description: 'Driver-side headlight assembly cracked after hitting a deer on Highway 12',
          year: '2016',
          make: 'Freightliner',
          model: 'M2 106',
        },
        [],
        { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - HOUR) },
      );
      await services.leadAdmin.sendQuote(id, OPTIONS, STAFF.username);
      const token = TOKEN_IN.exec((await texts(id)).at(-1)!)![1]!;
      return { id, caseNumber, e164: `+1204555${n}`, token };
    }

    const texts = async (id: number) =>
      (
        await db
          .selectFrom('outgoing_messages')
          .select('body')
          .where('lead_id', '=', id)
          .where('channel', '=', 'sms')
          .where('audience', '=', 'customer')
          .orderBy('id')
          .execute()
      ).map((r) => r.body);

    /** The text with its case number and link put as placeholders: its wording alone. */
    const wording = (text: string, caseNumber: string) =>
      text.replaceAll(caseNumber, '{case}').replace(/https?:\/\/\S+\/q\/[A-Za-z0-9_-]{24}/, '{link}');

    it('accepting on the page and by a number texted back send the same confirmation, with the link', async () => {
      const page = await quotedLead();
      const bySms = await quotedLead();

      await services.quotes.accept(
        page.token,
        { version: '1', option: '1', name: 'Dana Friesen', po: '', terms: 'yes' },
        { staff: false, ...clientOf('198.51.100.20', 'test') },
      );
      const res = await postWebhook(app, '/api/sms/inbound', textParams(bySms.e164, '2')).expect(200);
      const reply = /<Message>([\s\S]*)<\/Message>/.exec(res.text)![1]!;

      const [pageText, ...others] = (await texts(page.id)).slice(1);
      expect(others).toEqual([]);
      // the reply to the text is recorded as the customer's one confirmation too
      expect((await texts(bySms.id)).slice(1)).toEqual([reply]);

      expect(wording(pageText!, page.caseNumber)).toBe(
        'Parts Hunters MB: Thank you! Quote {case} is accepted and your part is being ordered, expected Wednesday, November 25. Part: Driver-side headlight assembly cracked..., Aftermarket. Follow it here: {link}',
      );
      expect(wording(reply, bySms.caseNumber)).toBe(wording(pageText!, page.caseNumber));

      // each link opens its own request's page, on the accepted quote
      for (const { text, lead } of [
        { text: pageText!, lead: page },
        { text: reply, lead: bySms },
      ]) {
        const token = TOKEN_IN.exec(text)![1]!;
        const shown = await services.quotes.page(token, {
          staff: false,
          ...clientOf('198.51.100.21', 'test'),
        });
        expect(shown).toMatchObject({ caseNumber: lead.caseNumber, state: 'accepted' });
      }
    });
  },
  twilioEnv(twilio.origin, smtp.url),
);
