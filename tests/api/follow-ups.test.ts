/**
 * Follow-ups that close quotes and review requests (issue 30 items 3, 4 and 6) on both engines with
 * a fixed clock: each follow-up once, in the owner's wording with a link; none after the customer
 * answered, none in quiet hours or to a number that sent STOP; a waiting one cancelled by an
 * answer, a move or a new version; two passes in two service instances (two processes' pools)
 * writing each once; a pass racing the customer's answer never leaving one to send; at most 50 a
 * pass, the next passes sending the rest; review requests off by default, once per customer in 90
 * days, never to one who declined or asked not to.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#app/modules/customers/follow-ups.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertLinesAsTheyStand } from '#server/db/repo/orders.ts';
import { recordOptOut } from '#server/db/repo/texting.ts';
import { seedReference } from '#server/seed/index.ts';
import { PER_PASS } from '#server/services/follow-ups.ts';
import { createServices, type Services } from '#server/services/index.ts';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as settingsRoute from '#app/routes/admin-settings.tsx';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { screenDoors } from '../support/screen-door.ts';
import { anotherProcess } from '../support/another-process.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { textParams } from './sms-fixtures.ts';

/** Monday 23 November 2026, 9:00 in Winnipeg (CST, UTC-6). */
const NOW = new Date('2026-11-23T15:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
/** Texts are queued for Twilio (whose address answers nothing): what a pass writes stays to be seen. */
const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'5e'.repeat(16)}`,
  TWILIO_AUTH_TOKEN: 'test-twilio-auth-token',
  TWILIO_FROM: '+12045550100',
  TWILIO_API_BASE: 'http://127.0.0.1:9',
  BASE_URL: 'https://parts.example.ca',
};

eachEngine(
  'follow-ups and review requests',
  (ctx) => {
    let clock = NOW;
    let services: Services;
    let db: Kysely<DB>;
    let app: ReturnType<typeof createTestApp>;
    let screens: ReturnType<typeof screenDoors>;
    let owner: { user: { id: number; username: string; displayName: string; role: 'owner' } };
    /** Staff's headers, signed in at the clock's time (a session idle for hours has ended). */
    const staff = async () => {
      const session = await signIn(app);
      return { Cookie: session.cookie, 'X-CSRF-Token': session.token };
    };
    let phones = 0;

    beforeAll(async () => {
      const deps = testDeps(ctx().t, () => clock);
      services = createServices(deps);
      // nothing is sent: the texts a pass writes stay queued, as they are until the worker runs
      services.messaging.outbox.stop();
      db = deps.db;
      app = createTestApp(deps, services);
      await seedReference(deps);
      await createStaff(deps, STAFF, 'owner');
      screens = screenDoors(services, deps);
      const row = await db
        .selectFrom('users')
        .select(['id', 'display_name'])
        .where('username', '=', STAFF.username)
        .executeTakeFirstOrThrow();
      owner = {
        user: { id: row.id, username: STAFF.username, displayName: row.display_name, role: 'owner' },
      };
    });
    beforeEach(() => {
      clock = NOW;
    });

    const phoneOf = (n: number) => `+1204555${String(n).padStart(4, '0')}`;
    /** A lead quoted now through the API (one option, unless `body` says otherwise), and its customer's number. */
    async function quoted(
      body: object = { cost: 10_000, etaDays: 3 },
    ): Promise<{ leadId: number; phone: string }> {
      const phone = phoneOf(2000 + ++phones);
      const { id } = await insertLead(
        db,
        {
          urgency: 'flexible',
          source: 'web',
          name: 'Dale Friesen',
          phone,
          description: 'Hydraulic pump',
          year: '2015',
          make: 'John Deere',
          model: '6120',
        },
        [],
        { now: clock, actor: 'customer' },
      );
      await request(app)
        .post(`/api/leads/${id}/quote`)
        .set(await staff())
        .send(body)
        .expect(200);
      return { leadId: id, phone };
    }
    const followUps = (leadId: number) =>
      db
        .selectFrom('outgoing_messages')
        .select(['dedupe_key', 'status', 'body'])
        .where('lead_id', '=', leadId)
        .where('dedupe_key', 'like', 'lead:%:follow-up:%')
        .orderBy('id')
        .execute();
    const reply = (from: string, body: string) => services.texting.receiveText(textParams(from, body));

    it('writes each follow-up once, in the owner’s wording, with a link: not opened after 4 business hours, then the day before expiry', async () => {
      const { leadId } = await quoted();
      clock = at(3.9);
      expect((await services.followUps.run()).followUps).toBe(0);
      clock = at(4);
      expect((await services.followUps.run()).followUps).toBe(1);
      expect((await services.followUps.run()).followUps).toBe(0);
      clock = at(24);
      await services.followUps.run();
      const written = await followUps(leadId);
      expect(written.map((w) => w.dedupe_key)).toEqual([
        `lead:${leadId}:follow-up:1:unviewed`,
        `lead:${leadId}:follow-up:1:expiring`,
      ]);
      expect(written[0]!.status).toBe('queued');
      expect(written[0]!.body).toMatch(
        /^Parts Hunters MB: Your quote [A-Z]+-\d+ for Hydraulic pump is ready\. See it and choose: https:\/\/parts\.example\.ca\/q\/[A-Za-z0-9_-]{24} Reply YES/,
      );
      expect(written[1]!.body).toMatch(/expires .*2026/);
      const events = await db
        .selectFrom('lead_events')
        .select('detail')
        .where('lead_id', '=', leadId)
        .where('type', '=', 'follow_up')
        .execute();
      expect(events).toHaveLength(2);
    });

    it('tells a customer with several options to reply with the option’s number, never a bare YES (decision 0188)', async () => {
      const { leadId } = await quoted({
        options: [
          { label: 'New OEM', cost: 20_000, etaDays: 5 },
          { label: 'Aftermarket', cost: 9_000, etaDays: 2 },
        ],
      });
      clock = at(4);
      await services.followUps.run();
      clock = at(24);
      await services.followUps.run();
      const written = await followUps(leadId);
      expect(written).toHaveLength(2);
      for (const { body } of written) {
        expect(body).toMatch(/Reply 1 or 2 to order that option, or NO to pass\.$/);
        expect(body).not.toMatch(/YES/);
      }
    });

    it('sends none after the customer answered, in quiet hours, or to a number that sent STOP', async () => {
      const answered = await quoted();
      const stopped = await quoted();
      const night = await quoted();
      clock = at(1);
      await reply(answered.phone, 'Is it new?');
      await recordOptOut(db, stopped.phone, 'STOP', clock);
      // 8:30 PM: in quiet hours; 8 AM the next day: sent then
      clock = new Date('2026-11-24T02:30:00.000Z');
      await services.followUps.run();
      expect(await followUps(night.leadId)).toEqual([]);
      clock = new Date('2026-11-24T14:00:00.000Z');
      await services.followUps.run();
      expect((await followUps(night.leadId)).map((f) => f.dedupe_key)).toEqual([
        `lead:${night.leadId}:follow-up:1:unviewed`,
      ]);
      expect(await followUps(answered.leadId)).toEqual([]);
      expect(await followUps(stopped.leadId)).toEqual([]);
    });

    it('cancels a waiting follow-up when the customer answers, the lead moves, or a new version is sent', async () => {
      const a = await quoted();
      const b = await quoted();
      const c = await quoted();
      clock = at(4);
      await services.followUps.run();
      clock = at(4.5);
      await reply(a.phone, 'Call me please');
      await request(app)
        .patch(`/api/leads/${b.leadId}`)
        .set(await staff())
        .send({ status: 'lost', reason: 'Too slow' })
        .expect(200);
      await request(app)
        .post(`/api/leads/${c.leadId}/quote`)
        .set(await staff())
        .send({ cost: 9_000, etaDays: 2 })
        .expect(200);
      for (const lead of [a, b, c])
        expect((await followUps(lead.leadId)).map((f) => f.status)).toEqual(['cancelled']);
      // the new version has its own follow-ups, counted from its own sending
      clock = at(8.6);
      await services.followUps.run();
      expect((await followUps(c.leadId)).map((f) => [f.dedupe_key, f.status])).toEqual([
        [`lead:${c.leadId}:follow-up:1:unviewed`, 'cancelled'],
        [`lead:${c.leadId}:follow-up:2:unviewed`, 'queued'],
      ]);
    });

    it('counts in insights the quotes accepted after a follow-up that went out', async () => {
      const figures = async () =>
        (
          (
            await request(app)
              .get('/api/admin/insights?range=30d')
              .set(await staff())
              .expect(200)
          ).body as {
            followUps: { quotes: number; accepted: number };
          }
        ).followUps;
      const before = await figures();
      const sent = await quoted();
      const cancelled = await quoted();
      clock = at(4);
      await services.followUps.run();
      // one follow-up went out; the other was still waiting when the customer answered
      await db
        .updateTable('outgoing_messages')
        .set({ status: 'sent' })
        .where('dedupe_key', '=', `lead:${sent.leadId}:follow-up:1:unviewed`)
        .execute();
      clock = at(5);
      await reply(sent.phone, 'YES');
      await reply(cancelled.phone, 'YES');
      const after = await figures();
      expect({ quotes: after.quotes - before.quotes, accepted: after.accepted - before.accepted }).toEqual({
        quotes: 1,
        accepted: 1,
      });
    });

    it('review requests: off by default; once on, one text 24 hours after the handover, once in 90 days, never to who declined or asked not to', async () => {
      const finished = async (phone: string, doneAt: Date) => {
        const { id } = await insertLead(
          db,
          {
            status: 'fulfilled',
            urgency: 'flexible',
            source: 'web',
            name: 'Ray Klassen',
            phone,
            sellPrice: 20_000,
          },
          [],
          { now: doneAt, actor: 'customer', createdAt: new Date(doneAt.getTime() - 48 * HOUR) },
        );
        await insertLinesAsTheyStand(db, [
          {
            leadId: id,
            part: 'Pump',
            quotedCost: 10_000,
            step: 'done',
            handover: 'pickup',
            orderedAt: doneAt,
            arrivedAt: doneAt,
            readyAt: doneAt,
            doneAt,
            createdAt: doneAt,
          },
        ]);
        return id;
      };
      const ray = phoneOf(3001);
      const first = await finished(ray, NOW);
      clock = at(25);
      expect((await services.followUps.run()).reviews).toBe(0);
      // the owner saves the settings screen's form
      const saved = await screens.act(settingsRoute, owner, 'save', {
        ...DEFAULT_SETTINGS,
        reviews: { ...DEFAULT_SETTINGS.reviews, on: true, url: 'https://g.page/r/ph/review' },
      });
      expect(saved).toMatchObject({ status: 200, body: { ok: true } });
      expect((await services.followUps.run()).reviews).toBe(1);
      const texts = await db
        .selectFrom('outgoing_messages')
        .select(['body', 'dedupe_key'])
        .where('lead_id', '=', first)
        .execute();
      expect(texts).toEqual([
        {
          dedupe_key: `lead:${first}:review`,
          body: expect.stringMatching(
            /^Parts Hunters MB: Thanks for your order [A-Z]+-\d+, Ray! .*https:\/\/g\.page\/r\/ph\/review$/,
          ),
        },
      ]);
      // a second order of the same customer days later: not asked again within 90 days
      await finished(ray, at(26));
      clock = at(52);
      expect((await services.followUps.run()).reviews).toBe(0);
      // a customer who asked not to, and one who declined a quote this month: never
      const noReviews = phoneOf(3002);
      const noId = await finished(noReviews, at(30));
      const customer = (
        await db.selectFrom('leads').select('customer_id').where('id', '=', noId).executeTakeFirstOrThrow()
      ).customer_id!;
      await db.updateTable('customers').set({ no_reviews: 1 }).where('id', '=', customer).execute();
      const decliner = await quoted();
      await reply(decliner.phone, 'NO');
      await finished(decliner.phone, at(30));
      clock = at(55);
      expect((await services.followUps.run()).reviews).toBe(0);
      const read = await screens.load(auditRoute, owner, '/admin/audit?action=settings_changed');
      expect(read.status).toBe(200);
      const audit = read.body.entries as unknown[];
      expect(audit).toHaveLength(1);
    });

    it('two processes: their passes write each follow-up once; a pass racing the answer never leaves one to send', async () => {
      const second = anotherProcess(ctx().t, () => clock);
      const other = second.services;
      const leads = [];
      for (let i = 0; i < 8; i++) leads.push(await quoted());
      clock = at(4);
      const [x, y] = await Promise.all([services.followUps.run(), other.followUps.run()]);
      expect(x.followUps + y.followUps).toBe(8);
      for (const lead of leads) expect(await followUps(lead.leadId)).toHaveLength(1);

      // the day before expiry: the pass and the customer's answer at once, for each lead
      clock = at(24);
      await Promise.all([other.followUps.run(), ...leads.map((l) => reply(l.phone, 'Still thinking'))]);
      for (const lead of leads) {
        const rows = await followUps(lead.leadId);
        // written before the answer (then cancelled by it) or not at all; never one left to send
        expect(rows.filter((r) => r.status === 'queued')).toEqual([]);
      }
      await second.close();
    });

    it('writes at most 30 follow-ups a pass: when hundreds come due at once the next passes send the rest', async () => {
      const headers = await staff();
      const leads: number[] = [];
      for (let i = 0; i <= PER_PASS; i++) {
        const { id } = await insertLead(
          db,
          { urgency: 'flexible', source: 'web', name: 'Pat', phone: phoneOf(5000 + i), description: 'Belt' },
          [],
          { now: clock, actor: 'customer' },
        );
        await request(app)
          .post(`/api/leads/${id}/quote`)
          .set(headers)
          .send({ cost: 5_000, etaDays: 2 })
          .expect(200);
        leads.push(id);
      }
      clock = at(4);
      expect((await services.followUps.run()).followUps).toBe(PER_PASS);
      expect((await services.followUps.run()).followUps).toBe(1);
      expect((await services.followUps.run()).followUps).toBe(0);
      const written = await db
        .selectFrom('outgoing_messages')
        .select('lead_id')
        .where('lead_id', 'in', leads)
        .where('dedupe_key', 'like', 'lead:%:follow-up:%')
        .execute();
      expect(written.map((w) => w.lead_id).sort((a, b) => a! - b!)).toEqual(leads);
    });

    afterAll(() => services.messaging.outbox.stop());
  },
  TWILIO,
);
