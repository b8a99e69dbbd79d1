/**
 * The quote link across processes (issue 28; decision 0097's two processes on one database): the
 * customer presses Accept on the quote page, served by one process, while their YES by text reaches
 * another, for ten leads, the press starting one more database round trip later each time, so that
 * either may lock the lead first. Each lead is ordered once: one 'ordered' event and one confirmation to the customer,
 * the page's confirmation text or the reply in the TwiML answer, never both; and the press is never
 * an error. On PostgreSQL the second process has a connection pool of its own (as a second machine
 * would); on SQLite, whose connection in one Node process is shared, it shares it, as
 * sms-processes.test.ts does.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertLead } from '#server/db/repo/leads.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { startSmtp, startTwilioStandIn, textParams, twilioEnv } from './sms-fixtures.ts';
import { clientOf } from '#server/http/client.ts';

const twilio = await startTwilioStandIn();
const smtp = await startSmtp();
afterAll(async () => {
  await Promise.all([twilio.close(), smtp.close()]);
});

/** Monday 23 November 2026, 10:00 in Winnipeg. */
const NOW = new Date('2026-11-23T16:00:00.000Z');
const HOUR = 3_600_000;
const ORDER_CONFIRMED = /is accepted and your part is being ordered/;
const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})/;
const LEADS = 10;

eachEngine(
  'two processes: Accept on the page in one, YES by text in the other',
  (ctx, engine) => {
    let page: Services;
    let texts: Services;
    let second: Database | undefined;
    const clock = new Date(NOW.getTime() + HOUR);

    beforeAll(async () => {
      const { t } = ctx();
      const deps = testDeps(t, () => clock);
      await seedReference(deps);
      page = createServices(deps);
      second =
        engine === 'postgres'
          ? openDatabase(t.config.database, { poolSize: 4, timeoutMs: t.config.databaseTimeoutMs })
          : undefined;
      texts = createServices(second ? { ...deps, db: second.db } : { ...deps });
    });
    afterAll(async () => {
      page.messaging.outbox.stop();
      texts.messaging.outbox.stop();
      await second?.close();
    });

    it(`orders each of ${LEADS} leads once, with one confirmation`, async () => {
      const { db } = ctx().deps;
      for (let i = 0; i < LEADS; i++) {
        const phone = `+1204555${3200 + i}`;
        const { id } = await insertLead(
          db,
          { urgency: 'flexible', source: 'web', name: 'Dana Friesen', phone, description: 'Leaf spring' },
          [],
          { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - HOUR) },
        );
        await page.leadAdmin.sendQuote(id, { cost: 10_000, etaDays: 3 }, 'staff');
        const quoteText = await db
          .selectFrom('outgoing_messages')
          .select('body')
          .where('lead_id', '=', id)
          .where('channel', '=', 'sms')
          .executeTakeFirstOrThrow();
        const token = TOKEN_IN.exec(quoteText.body)![1]!;

        const press = async () => {
          // i round trips to the database later than the text: either may lock the lead first
          for (let trip = 0; trip < i; trip++) await sql`select 1`.execute(db);
          await page.quotes.accept(
            token,
            { version: '1', option: '0', name: 'Dana Friesen', terms: 'yes' },
            { staff: false, ...clientOf(`203.0.113.${i + 1}`, 'Mozilla/5.0') },
          );
        };
        const [texted, pressed] = await Promise.allSettled([
          texts.texting.receiveText(textParams(phone, 'YES')),
          press(),
        ]);
        const which = `lead ${i + 1} of ${LEADS}`;
        expect(pressed, which).toEqual({ status: 'fulfilled', value: undefined });
        expect(texted.status, which).toBe('fulfilled');
        const reply = /<Message>([\s\S]*)<\/Message>/.exec(
          (texted as PromiseFulfilledResult<{ twiml: string }>).value.twiml,
        )?.[1];

        const lead = await db
          .selectFrom('leads')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(lead.status, which).toBe('ordered');
        const ordered = await db
          .selectFrom('lead_events')
          .select(['actor'])
          .where('lead_id', '=', id)
          .where('to_status', '=', 'ordered')
          .execute();
        expect(ordered, which).toHaveLength(1);
        const confirmations = (
          await db
            .selectFrom('outgoing_messages')
            .select(['body', 'audience'])
            .where('lead_id', '=', id)
            .where('channel', '=', 'sms')
            .where('audience', '=', 'customer')
            .execute()
        ).filter((m) => ORDER_CONFIRMED.test(m.body));
        expect(confirmations, which).toHaveLength(1);
        // either way option 1 of the version is the one ordered, and the version is locked
        const versions = await db
          .selectFrom('quote_versions')
          .select('accepted_option')
          .where('lead_id', '=', id)
          .execute();
        expect(versions, which).toEqual([{ accepted_option: 0 }]);
        if (reply !== undefined) {
          // the text ordered it: its reply is the one confirmation, and the page's press changed nothing
          expect(ordered[0]!.actor, which).toBe('customer (SMS)');
          expect(confirmations[0]!.body, which).toBe(reply);
        } else {
          // the page ordered it: its text is the confirmation, and the YES became a message to staff
          expect(ordered[0]!.actor, which).toBe('customer (quote page)');
          expect(confirmations[0]!.body, which).toMatch(TOKEN_IN);
        }
      }
    });
  },
  twilioEnv(twilio.origin, smtp.url),
);
