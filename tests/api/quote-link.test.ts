/**
 * The quote link (issue 28) on both engines with a fixed clock: a quote of two options sent through
 * POST /api/leads/{id}/quote as a version with a private link of its own; a new version replacing
 * it (the old link says so and points to the current one; accepting the old one is refused); an
 * accepted version locked; wrong and malformed tokens (404) and a guesser (429 for a wrong link,
 * while a valid one still opens; only page navigations counted); the 48 hours (expired page, Accept refused, 'Ask for a new quote' once, a
 * late YES by text sending the lead back instead of ordering it); Accept on the page (one event
 * with what was accepted and by whom, one confirmation, even pressed twice or beside a YES by
 * text); Decline with a reason (counted by insights); a question (in the conversation, to staff);
 * the customer's views counted, staff's not; the request's own link from the confirmation text;
 * nothing personal on the page but the first name and the phone's last four digits. The tokens
 * themselves (lead-links.ts) at the end. The browser's side (plain form posts on the built server):
 * tests/server/quote-link.server.test.ts; two processes racing: quote-link-processes.test.ts.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { quoteRefusal } from '#app/modules/leads/status.ts';
import { SMS_ACTOR } from '#app/modules/messages/messages.ts';
import { expiredYesReply, quoteAlertEmail } from '#app/modules/messages/quote-messages.ts';
import { priceQuote } from '#app/modules/pricing/pricing.ts';
import type { QuotePageData } from '#app/modules/quotes/quote-page.ts';
import {
  centralTime,
  QUOTE_PAGE_MESSAGES,
  versionContent,
  type QuoteVersion,
} from '#app/modules/quotes/quote.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import * as quoteRoute from '#app/routes/quote.tsx';
import * as quotePhotoRoute from '#app/routes/quote-photo.ts';
import type { DB } from '#server/db/index.ts';
import { LINK_TOKEN } from '#app/modules/quotes/link.ts';
import { linkTokenHash, mintLeadLink } from '#server/db/repo/lead-links.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { QUOTE_CLOSED, QUOTE_EXPIRED, QUOTE_REPLACED } from '#server/services/quote-answers.ts';
import {
  LINK_NOT_FOUND,
  PAGE_ACTOR,
  TOO_MANY_TRIES,
  WRONG_LINK_LIMIT,
  WRONG_LINK_WINDOW_MS,
  type Viewer,
} from '#server/services/quote-page.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import { tagPhoto } from '../e2e/fixtures/images.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { PHONE_USER_AGENT } from '../support/phone.ts';
import { answerOf, routeContext } from '../support/route-context.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';
import {
  BASE_URL,
  postWebhook,
  startSmtp,
  startTwilioStandIn,
  textParams,
  tinyJpeg,
  twilioEnv,
} from './sms-fixtures.ts';
import { clientOf } from '#server/http/client.ts';

const twilio = await startTwilioStandIn();
const smtp = await startSmtp();
afterAll(async () => {
  await Promise.all([twilio.close(), smtp.close()]);
});

/** Monday 23 November 2026, 10:00 in Winnipeg (CST, UTC-6): the business is open. */
const NOW = new Date('2026-11-23T16:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const SITE = { name: 'Parts Hunters MB', phone: '+12045550147' };
/** What every confirmation of an order says, the page's text and the reply to a YES alike. */
const ORDER_CONFIRMED = /is accepted and your part is being ordered/;
const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})(?=[\s?]|$)/;

const TWO_OPTIONS = {
  options: [
    {
      label: 'New OEM',
      cost: 20_000,
      etaDays: 5,
      warranty: '1 year',
      brand: 'Dexter',
      partNumber: '046-126-00',
    },
    { label: 'Aftermarket', cost: 9_000, etaDays: 2, note: 'In stock in Winnipeg' },
  ],
  notes: 'Internal: supplier B quoted 90 on the phone',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const customer = (
  ip: string,
  userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
): Viewer => ({ staff: false, ...clientOf(ip, userAgent) });
// a browser's user agent, so only the staff flag keeps their views out of the count
const STAFF_VIEWER: Viewer = { staff: true, ...clientOf('10.0.0.5', PHONE_USER_AGENT) };
const acceptForm = (version: number, option = 0, extra: Record<string, string> = {}) => ({
  version: String(version),
  option: String(option),
  name: 'Dana Friesen',
  po: '',
  terms: 'yes',
  ...extra,
});

type Args<F extends (args: never) => unknown> = Parameters<F>[0];

eachEngine(
  'the quote link',
  (ctx) => {
    let clock = NOW;
    let deps: ServiceDeps;
    let services: Services;
    let db: Kysely<DB>;
    let app: ReturnType<typeof createTestApp>;
    let session: { cookie: string; token: string; at: Date } | undefined;
    /** A staff session signed in at the clock's time (the tests move the clock by days). */
    async function staff() {
      if (session?.at !== clock) session = { ...(await signIn(app)), at: clock };
      return { Cookie: session.cookie, 'X-CSRF-Token': session.token };
    }
    let phoneCounter = 0;
    let ipCounter = 0;
    /** A client address of its own per call, so no test shares another's wrong-link count. */
    const newIp = () => `198.51.100.${++ipCounter}`;

    beforeAll(async () => {
      deps = testDeps(ctx().t, () => clock);
      services = createServices(deps);
      db = deps.db;
      app = createTestApp(deps, services);
      await seedReference(deps);
      await createStaff(deps);
    });
    afterAll(() => services.messaging.outbox.stop());
    beforeEach(() => {
      clock = NOW;
    });

    /** A web request made an hour ago by Dana Friesen, on a phone number of its own. */
    async function addLead(fields: Partial<NewLead> = {}) {
      const n = 2000 + ++phoneCounter;
      const { id, caseNumber } = await insertLead(
        db,
        {
          urgency: 'flexible',
          source: 'web',
          name: 'Dana Friesen',
          phone: `(204) 555-${n}`,
          email: 'dana@example.com',
          make: 'Dexter',
          model: '7K axle',
          description: 'Rear leaf spring snapped on the curb side',
          ...fields,
        },
        [],
        { now: NOW, actor: 'customer', createdAt: at(-HOUR) },
      );
      return { id, caseNumber, e164: `+1204555${n}` };
    }

    /** POST /api/leads/{id}/quote as signed-in staff; answers the response of the expected status. */
    const sendQuote = async (id: number, body: object, status: number) =>
      request(app)
        .post(`/api/leads/${id}/quote`)
        .set(await staff())
        .send(body)
        .expect(status);

    /** Sends the quote as the dialog does and answers the token of the link its text carries. */
    async function quoted(id: number, body: object = TWO_OPTIONS): Promise<string> {
      await services.leadAdmin.sendQuote(id, body, STAFF.username);
      return lastToken(id);
    }

    const customerTexts = (id: number) =>
      db
        .selectFrom('outgoing_messages')
        .select(['id', 'body', 'status', 'created_at'])
        .where('lead_id', '=', id)
        .where('channel', '=', 'sms')
        .where('audience', '=', 'customer')
        .orderBy('id')
        .execute();
    const staffAlerts = (id: number) =>
      db
        .selectFrom('outgoing_messages')
        .select(['subject', 'body', 'recipient', 'status'])
        .where('lead_id', '=', id)
        .where('audience', '=', 'staff')
        .orderBy('id')
        .execute();
    const confirmations = async (id: number) =>
      (await customerTexts(id)).filter((m) => ORDER_CONFIRMED.test(m.body));

    /** The token of the newest text to the customer that carries a link. */
    async function lastToken(id: number): Promise<string> {
      const withLink = (await customerTexts(id)).filter((m) => TOKEN_IN.test(m.body));
      const token = TOKEN_IN.exec(withLink.at(-1)?.body ?? '')?.[1];
      if (!token) throw new Error(`no link in the texts of lead ${id}`);
      return token;
    }

    const lead = (id: number) => services.leadAdmin.getLead(id) as Promise<LeadDetails>;
    const eventsOf = async (id: number, type?: string) =>
      (await lead(id)).events.filter((e) => type === undefined || e.type === type);
    const orderedEvents = async (id: number) =>
      (await lead(id)).events.filter((e) => e.toStatus === 'ordered');
    const versionRows = (id: number) =>
      db.selectFrom('quote_versions').selectAll().where('lead_id', '=', id).orderBy('version').execute();

    const page = (token: string, viewer: Viewer = customer(newIp()), options = {}) =>
      services.quotes.page(token, viewer, options);

    const text = (from: string, body: string) => postWebhook(app, '/api/sms/inbound', textParams(from, body));
    const messageOf = (twiml: string) => /<Message>([\s\S]*)<\/Message>/.exec(twiml)?.[1];

    describe('sending and versions', () => {
      it('sends a two-option quote as version 1 with a private link; the page shows both options', async () => {
        const { id, caseNumber } = await addLead({ urgency: '48h' });
        const res = await sendQuote(id, TWO_OPTIONS, 200);
        const body = res.body as LeadDetails;
        const oem = priceQuote({
          costCents: 20_000,
          difficulty: 'moderate',
          urgency: '48h',
          rules: DEFAULT_MARKUP,
        });
        const after = priceQuote({
          costCents: 9_000,
          difficulty: 'moderate',
          urgency: '48h',
          rules: DEFAULT_MARKUP,
        });
        // priced on the server; the lead carries the first option's figures
        expect(body).toMatchObject({
          status: 'quoted',
          quoteVersion: 1,
          sellPrice: oem.sellPrice,
          cost: 20_000,
        });
        expect(body.quoteVersions).toHaveLength(1);
        expect(body.quoteVersions[0]).toMatchObject({
          version: 1,
          sentBy: STAFF.username,
          sentAt: NOW.toISOString(),
          expiresAt: at(48 * HOUR).toISOString(),
          acceptedOption: null,
          acceptedAt: null,
          contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        expect(body.quoteVersions[0]!.options.map((o) => [o.label, o.sellPrice, o.etaDays])).toEqual([
          ['New OEM', oem.sellPrice, 5],
          ['Aftermarket', after.sellPrice, 2],
        ]);
        expect(body.events.at(-1)).toMatchObject({
          type: 'quote',
          fromStatus: 'new',
          toStatus: 'quoted',
          detail: expect.objectContaining({ version: 1 }),
        });

        // the quote's text carries the version's link (and the quote's e-mail the same one)
        const [quoteText] = await customerTexts(id);
        expect(quoteText!.body).toContain(`quote ${caseNumber} for`);
        // each option by its number and price: the answers that order it (issue 48 item 1)
        expect(quoteText!.body).toContain('Reply 1 for New OEM $305.00 CAD, 2 for Aftermarket $137.25 CAD');
        const token = await lastToken(id);
        expect(quoteText!.body).toContain(`${BASE_URL}/q/${token}`);
        const mail = await db
          .selectFrom('outgoing_messages')
          .select('body')
          .where('lead_id', '=', id)
          .where('channel', '=', 'email')
          .where('audience', '=', 'customer')
          .executeTakeFirstOrThrow();
        expect(mail.body).toContain(`${BASE_URL}/q/${token}`);

        const shown = await page(token);
        expect(shown).toMatchObject({
          state: 'open',
          caseNumber,
          firstName: 'Dana',
          currentHref: null,
          accepted: null,
          renewing: false,
          reply: { open: true },
          quote: {
            version: 1,
            acceptedOption: null,
            timeLeft: '48 h 0 min',
            expires: centralTime(at(48 * HOUR)),
          },
        });
        expect(shown.quote!.options).toEqual([
          expect.objectContaining({ label: 'New OEM', etaDays: 5, warranty: '1 year', brand: 'Dexter' }),
          expect.objectContaining({ label: 'Aftermarket', etaDays: 2, note: 'In stock in Winnipeg' }),
        ]);
        // $90.00 at the 48-hour markup of a moderate part (52.5 %), all in
        expect(after.sellPrice).toBe(13_725);
        expect(shown.quote!.options[1]!.price).toBe('$137.25 CAD');
        // Monday + 2 business days
        expect(shown.quote!.options[1]!.etaDate).toBe('Wednesday, November 25');
        // staff's own notes stay with staff
        expect(JSON.stringify(shown)).not.toContain('supplier B');
      });

      it("a second quote is version 2: version 1's link says it was replaced and points to the current one", async () => {
        const { id } = await addLead();
        const first = await quoted(id);
        clock = at(HOUR);
        const second = await quoted(id, { cost: 15_000, etaDays: 3 });
        expect(second).not.toBe(first);
        const versions = await services.quotes.versions(id);
        expect(versions.map((v) => [v.version, v.options.length, v.sentAt])).toEqual([
          [1, 2, NOW.toISOString()],
          [2, 1, at(HOUR).toISOString()],
        ]);

        const old = await page(first);
        expect(old.state).toBe('replaced');
        expect(old.currentHref).toBe(`/q/${first}?latest=1`);
        expect(old.quote?.version).toBe(1);
        const latest = await page(first, customer(newIp()), { latest: true });
        expect(latest).toMatchObject({ state: 'open', currentHref: null, quote: { version: 2 } });
        expect(await page(second)).toMatchObject({ state: 'open', quote: { version: 2 } });

        // accepting what version 1 showed is refused; nothing moves
        await expect(services.quotes.accept(first, acceptForm(1), customer(newIp()))).rejects.toMatchObject({
          status: 409,
          message: QUOTE_REPLACED,
        });
        expect((await lead(id)).status).toBe('quoted');
        expect(await orderedEvents(id)).toEqual([]);
        expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([null, null]);
      });

      it('an accepted version is locked: the ordered lead cannot be quoted again and no version row changes', async () => {
        const { id } = await addLead();
        await quoted(id);
        clock = at(HOUR);
        const current = await quoted(id, { cost: 12_000, etaDays: 4 });
        clock = at(2 * HOUR);
        await services.quotes.accept(current, acceptForm(2), customer(newIp()));
        const before = await versionRows(id);
        expect(before.map((v) => [v.version, v.accepted_option])).toEqual([
          [1, null],
          [2, 0],
        ]);

        clock = at(3 * HOUR);
        const refused = await sendQuote(id, { cost: 1, etaDays: 1 }, 409);
        expect(refused.body).toEqual({ message: quoteRefusal('ordered') });
        expect(await versionRows(id)).toEqual(before);
        expect((await lead(id)).quoteVersion).toBe(2);
      });
    });

    describe('wrong links', () => {
      it('answers 404 for a token that opens nothing and for a malformed one, on every door of the page', async () => {
        const { id } = await addLead();
        await quoted(id);
        const ip = newIp();
        const unknown = 'A'.repeat(24);
        for (const token of [unknown, 'short', `${'B'.repeat(23)}!`, `${'C'.repeat(25)}`, '']) {
          await expect(page(token, customer(ip))).rejects.toMatchObject({
            status: 404,
            message: LINK_NOT_FOUND,
          });
        }
        await expect(services.quotes.accept(unknown, acceptForm(1), customer(ip))).rejects.toMatchObject({
          status: 404,
        });
        await expect(services.quotes.photo(unknown, 1, customer(ip))).rejects.toMatchObject({ status: 404 });
        // the route answers the same with its status
        const answer = answerOf(
          await quoteRoute.loader({
            request: new Request(`http://localhost/q/${unknown}`),
            params: { token: unknown },
            context: routeContext(services, deps),
          } as unknown as Args<typeof quoteRoute.loader>),
        );
        expect(answer).toEqual({ status: 404, body: { found: false, message: LINK_NOT_FOUND } });
      });

      it('after many wrong tokens from one client, a wrong one answers 429 there; a valid one still opens its page', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        const guesser = customer(newIp());
        for (let i = 0; i < WRONG_LINK_LIMIT - 1; i++) {
          const guess = `${String(i).padStart(4, '0')}${'x'.repeat(20)}`;
          await expect(page(guess, guesser)).rejects.toMatchObject({ status: 404 });
        }
        await expect(page('z'.repeat(24), guesser)).rejects.toMatchObject({
          status: 429,
          message: TOO_MANY_TRIES,
        });
        // every wrong door answers 429 now
        await expect(page('v'.repeat(24), guesser)).rejects.toMatchObject({ status: 429 });
        await expect(services.quotes.accept('v'.repeat(24), acceptForm(1), guesser)).rejects.toMatchObject({
          status: 429,
        });
        await expect(services.quotes.photo('v'.repeat(24), 1, guesser)).rejects.toMatchObject({
          status: 429,
        });
        // the customer behind the same address (an office's or a farm's NAT) still opens their link,
        // and can answer from it (decision 0177)
        expect((await page(token, guesser)).state).toBe('open');
        await services.quotes.accept(token, acceptForm(1), guesser);
        expect((await lead(id)).status).toBe('ordered');
        // and the guesser's window ends
        clock = at(WRONG_LINK_WINDOW_MS);
        await expect(page('v'.repeat(24), guesser)).rejects.toMatchObject({ status: 404 });
      });

      it('counts only page navigations: twenty wrong links asked for by images on another site lock nobody out', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        const ip = newIp();
        // <img src="/q/…"> on any page: Sec-Fetch-Dest image, not a navigation
        const embedded = { ...customer(ip), navigation: false };
        for (let i = 0; i < WRONG_LINK_LIMIT + 5; i++) {
          const guess = `${String(i).padStart(4, '0')}${'i'.repeat(20)}`;
          await expect(page(guess, embedded)).rejects.toMatchObject({ status: 404, message: LINK_NOT_FOUND });
          await expect(services.quotes.photo(guess, 1, embedded)).rejects.toMatchObject({ status: 404 });
        }
        // the visitor's own link opens
        const visitor = { ...customer(ip), navigation: true };
        expect((await page(token, visitor)).state).toBe('open');
        // none of them was counted: the visitor's own wrong links are counted from zero
        for (let i = 0; i < WRONG_LINK_LIMIT - 1; i++) {
          const typo = `${String(i).padStart(4, '0')}${'u'.repeat(20)}`;
          await expect(page(typo, visitor)).rejects.toMatchObject({ status: 404 });
        }
        await expect(page('t'.repeat(24), visitor)).rejects.toMatchObject({ status: 429 });
      });

      it('counts an IPv6 client by its /56, as the other limits do: new addresses in it do not reset the count', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        const net = `2001:db8:${(0x1000 + ++ipCounter).toString(16)}`;
        for (let i = 0; i < WRONG_LINK_LIMIT - 1; i++) {
          const guesser = customer(`${net}:${i.toString(16)}::${i + 1}`);
          await expect(page(`${String(i).padStart(4, '0')}${'y'.repeat(20)}`, guesser)).rejects.toMatchObject(
            {
              status: 404,
            },
          );
        }
        await expect(page('w'.repeat(24), customer(`${net}:ff::1`))).rejects.toMatchObject({ status: 429 });
        // the next /56 is another client
        expect((await page(token, customer(`${net}:100::1`))).state).toBe('open');
      });
    });

    describe('the 48 hours', () => {
      it('holds at 47:59; at 48:00 the page says expired and Accept is refused', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        clock = at(48 * HOUR - MINUTE);
        expect(await page(token)).toMatchObject({ state: 'open', quote: { timeLeft: '1 min' } });
        clock = at(48 * HOUR);
        expect(await page(token)).toMatchObject({ state: 'expired', quote: { version: 1 } });
        await expect(services.quotes.accept(token, acceptForm(1), customer(newIp()))).rejects.toMatchObject({
          status: 409,
          message: QUOTE_EXPIRED,
        });
        expect((await lead(id)).status).toBe('quoted');
        expect(await confirmations(id)).toEqual([]);
      });

      it('Accept at 47:59 still orders', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        clock = at(48 * HOUR - MINUTE);
        await services.quotes.accept(token, acceptForm(1), customer(newIp()));
        expect((await lead(id)).status).toBe('ordered');
      });

      it("'Ask for a new quote' sends the lead back to qualified with an 'expired' event and one staff alert, once", async () => {
        const { id, caseNumber } = await addLead();
        const token = await quoted(id);
        const alertsBefore = (await staffAlerts(id)).length;
        clock = at(50 * HOUR);
        await services.quotes.renew(token, customer(newIp()));
        const after = await lead(id);
        expect(after.status).toBe('qualified');
        expect(after.events.at(-1)).toMatchObject({
          type: 'expired',
          fromStatus: 'quoted',
          toStatus: 'qualified',
          actor: PAGE_ACTOR,
          detail: { version: 1 },
          createdAt: clock.toISOString(),
        });
        const alerts = (await staffAlerts(id)).slice(alertsBefore);
        expect(alerts.map((a) => a.subject)).toEqual([
          quoteAlertEmail({ kind: 'renew', caseNumber, detail: '', baseUrl: BASE_URL }).subject,
        ]);
        // the page says a new quote is coming
        expect(await page(token)).toMatchObject({ state: 'request', renewing: true });

        // a second press (or a reload of the post) changes nothing
        clock = at(51 * HOUR);
        await services.quotes.renew(token, customer(newIp()));
        expect(await eventsOf(id, 'expired')).toHaveLength(1);
        expect((await staffAlerts(id)).length).toBe(alertsBefore + 1);
        // staff send the new quote; the new link holds
        const renewed = await quoted(id, { cost: 11_000, etaDays: 2 });
        expect(await page(renewed)).toMatchObject({ state: 'open', renewing: false, quote: { version: 2 } });
      });

      it('renew on a quote that still holds does nothing', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        clock = at(47 * HOUR);
        await services.quotes.renew(token, customer(newIp()));
        expect((await lead(id)).status).toBe('quoted');
        expect(await eventsOf(id, 'expired')).toEqual([]);
      });

      it('YES by text after 48 hours asks for a new quote instead of ordering: qualified, a reply that says so, nothing ordered', async () => {
        const { id, caseNumber, e164 } = await addLead();
        await quoted(id);
        const alertsBefore = (await staffAlerts(id)).length;
        clock = at(48 * HOUR + 5 * MINUTE);
        const res = await text(e164, 'Yes').expect(200);
        expect(messageOf(res.text)).toBe(expiredYesReply(SITE, caseNumber));
        const after = await lead(id);
        expect(after.status).toBe('qualified');
        expect(after.events.at(-1)).toMatchObject({
          type: 'expired',
          fromStatus: 'quoted',
          toStatus: 'qualified',
          actor: SMS_ACTOR,
        });
        expect(await orderedEvents(id)).toEqual([]);
        expect(await confirmations(id)).toEqual([]);
        expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([null]);
        expect((await staffAlerts(id)).slice(alertsBefore).map((a) => a.subject)).toEqual([
          quoteAlertEmail({ kind: 'expired_yes', caseNumber, detail: '', baseUrl: BASE_URL }).subject,
        ]);
      });

      it('a number orders that option of the version: 2 is Aftermarket, the lead priced at it, the version locked', async () => {
        const { id, caseNumber, e164 } = await addLead();
        const token = await quoted(id);
        clock = at(47 * HOUR);
        const res = await text(e164, '2').expect(200);
        expect(messageOf(res.text)).toMatch(new RegExp(`Quote ${caseNumber} is accepted`));
        expect((await lead(id)).status).toBe('ordered');
        expect(await orderedEvents(id)).toEqual([
          expect.objectContaining({ actor: SMS_ACTOR, detail: expect.objectContaining({ option: 1 }) }),
        ]);
        expect(await confirmations(id)).toHaveLength(1);
        expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([1]);
        expect((await lead(id)).sellPrice).toBe(12_825);
        expect(await page(token)).toMatchObject({
          state: 'accepted',
          quote: { version: 1, acceptedOption: 1 },
          accepted: { option: 'Aftermarket', name: null, po: null, at: centralTime(clock) },
        });
      });

      it.each(['1', 'Option 1', '#1', '1.'])('"%s" orders option 1', async (body) => {
        const { id, e164 } = await addLead();
        await quoted(id);
        clock = at(HOUR);
        expect(messageOf((await text(e164, body).expect(200)).text)).toMatch(ORDER_CONFIRMED);
        expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([0]);
      });

      it('YES on a one-option quote orders it, with the confirming reply; the version is locked', async () => {
        const { id, caseNumber, e164 } = await addLead();
        await quoted(id, { options: [TWO_OPTIONS.options[0]] });
        clock = at(47 * HOUR);
        const res = await text(e164, 'YES').expect(200);
        expect(messageOf(res.text)).toMatch(new RegExp(`Quote ${caseNumber} is accepted`));
        expect((await lead(id)).status).toBe('ordered');
        expect(await orderedEvents(id)).toEqual([expect.objectContaining({ actor: SMS_ACTOR })]);
        expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([0]);
      });

      it.each(['YES', '3'])(
        '%s on a two-option quote asks which option, naming each by number and price, and orders nothing',
        async (body) => {
          const { id, caseNumber, e164 } = await addLead();
          await quoted(id);
          clock = at(HOUR);
          const reply = messageOf((await text(e164, body).expect(200)).text);
          expect(reply).toMatch(
            new RegExp(
              `^Parts Hunters MB: Quote ${caseNumber} has 2 options\\. Reply 1 for New OEM \\$285\\.00 CAD, 2 for Aftermarket \\$128\\.25 CAD, or choose on the page: ${BASE_URL}/q/\\S+ Nothing is ordered yet\\.$`,
            ),
          );
          expect((await lead(id)).status).toBe('quoted');
          expect(await orderedEvents(id)).toEqual([]);
          expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([null]);
          // staff see what the customer wrote
          expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'message', detail: { body } });
        },
      );

      it.each(['YES', 'NO', '1'])(
        '%s from a number with two open quotes names both by case number and part, and changes neither',
        async (body) => {
          const first = await addLead({ description: 'Rear leaf spring snapped on the curb side' });
          const phone = `(204) 555-${first.e164.slice(-4)}`;
          // a second request from the same phone
          const { id: secondId, caseNumber: secondCase } = await addLead({
            phone,
            description: 'Trailer brake magnet',
          });
          await quoted(first.id);
          await quoted(secondId, { options: [TWO_OPTIONS.options[1]] });
          clock = at(HOUR);
          const reply = messageOf((await text(first.e164, body).expect(200)).text);
          expect(reply).toBe(
            `Parts Hunters MB: You have 2 open quotes: ${secondCase} (Trailer brake magnet), ${first.caseNumber} (Rear leaf spring snapped on the curb...). Please answer on the page of the one you mean (the link in its text). Nothing is ordered yet.`,
          );
          for (const id of [first.id, secondId]) {
            expect((await lead(id)).status).toBe('quoted');
            expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([null]);
          }
        },
      );

      it('YES or a number from a fleet account: the link, to give a PO number, and nothing ordered', async () => {
        // a customer of their own (the other tests' Dana is one customer, by her e-mail)
        const { id, caseNumber, e164 } = await addLead({
          name: 'Prairie Haulage',
          email: 'fleet@example.com',
        });
        await quoted(id, { options: [TWO_OPTIONS.options[0]] });
        const { customerId } = await db
          .selectFrom('leads')
          .select('customer_id as customerId')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await db.updateTable('customers').set({ fleet: 1 }).where('id', '=', customerId!).execute();
        clock = at(HOUR);
        for (const body of ['YES', '1']) {
          const reply = messageOf((await text(e164, body).expect(200)).text);
          expect(reply).toMatch(
            new RegExp(
              `^Parts Hunters MB: Your account orders with a PO number\\. Please accept quote ${caseNumber} on its page with your PO: ${BASE_URL}/q/\\S+ Nothing is ordered yet\\.$`,
            ),
          );
        }
        expect((await lead(id)).status).toBe('quoted');
        expect(await orderedEvents(id)).toEqual([]);
      });

      it('a number answering the text of a version replaced since asks to look at the new one, and orders nothing', async () => {
        const { id, caseNumber, e164 } = await addLead();
        await quoted(id);
        // version 1's text went out; version 2's is still on its way
        await db
          .updateTable('outgoing_messages')
          .set({ status: 'sent' })
          .where('lead_id', '=', id)
          .where('dedupe_key', '=', `lead:${id}:quote:v1`)
          .execute();
        clock = at(HOUR);
        await services.leadAdmin.sendQuote(
          id,
          { options: [TWO_OPTIONS.options[1], TWO_OPTIONS.options[0]] },
          STAFF.username,
        );
        const reply = messageOf((await text(e164, '1').expect(200)).text);
        expect(reply).toMatch(
          new RegExp(
            `^Parts Hunters MB: Quote ${caseNumber} was updated after that text\\. Please look at the new one before you answer: ${BASE_URL}/q/\\S+ Nothing is ordered yet\\.$`,
          ),
        );
        expect((await lead(id)).status).toBe('quoted');
        // once version 2's text has gone out, its number orders
        await db
          .updateTable('outgoing_messages')
          .set({ status: 'sent' })
          .where('dedupe_key', '=', `lead:${id}:quote:v2`)
          .execute();
        expect(messageOf((await text(e164, '1').expect(200)).text)).toMatch(ORDER_CONFIRMED);
        expect((await versionRows(id)).map((v) => v.accepted_option)).toEqual([null, 0]);
        expect((await lead(id)).sellPrice).toBe(12_825);
      });
    });

    describe('Accept on the page', () => {
      it('orders the lead once: one event with what was accepted, by whom and the hash of the version; the version locked; one confirmation', async () => {
        const { id, caseNumber } = await addLead();
        const token = await quoted(id);
        const alertsBefore = (await staffAlerts(id)).length;
        clock = at(2 * HOUR);
        const viewer = customer('203.0.113.77', 'Mozilla/5.0 (Linux; Android 15) Firefox/140.0');
        await services.quotes.accept(
          token,
          acceptForm(1, 1, { name: ' Dana Friesen ', po: 'PO-4471' }),
          viewer,
        );

        const after = await lead(id);
        const [version] = after.quoteVersions as [QuoteVersion];
        const option = version.options[1]!;
        expect(after.status).toBe('ordered');
        // the lead takes the accepted option's figures
        expect(after).toMatchObject({
          sellPrice: option.sellPrice,
          cost: option.cost,
          etaDays: option.etaDays,
        });
        const hash = sha256(
          versionContent({
            caseNumber,
            version: 1,
            options: version.options,
            sentAt: version.sentAt,
            expiresAt: version.expiresAt,
          }),
        );
        expect(hash).toBe(version.contentHash);
        const ordered = await orderedEvents(id);
        expect(ordered).toEqual([
          expect.objectContaining({
            type: 'status',
            fromStatus: 'quoted',
            toStatus: 'ordered',
            actor: PAGE_ACTOR,
            createdAt: clock.toISOString(),
            detail: {
              version: 1,
              option: 1,
              optionLabel: 'Aftermarket',
              sellPrice: option.sellPrice,
              name: 'Dana Friesen',
              po: 'PO-4471',
              ip: '203.0.113.77',
              userAgent: 'Mozilla/5.0 (Linux; Android 15) Firefox/140.0',
              contentHash: hash,
            },
          }),
        ]);
        expect(version).toMatchObject({ acceptedOption: 1, acceptedAt: clock.toISOString() });

        // one confirmation text, with a link to the page that now shows the order
        const confirmed = await confirmations(id);
        expect(confirmed).toHaveLength(1);
        expect(confirmed[0]!.body).toContain(`Quote ${caseNumber} is accepted`);
        expect(confirmed[0]!.body).toContain('Part: Rear leaf spring snapped on the curb..., Aftermarket.');
        const followed = await page(TOKEN_IN.exec(confirmed[0]!.body)![1]!);
        expect(followed).toMatchObject({
          state: 'accepted',
          quote: { version: 1, acceptedOption: 1 },
          // the signer's first name only: links get forwarded (the timeline keeps the name as typed)
          accepted: { option: 'Aftermarket', name: 'Dana', po: 'PO-4471', at: centralTime(clock) },
        });
        expect(JSON.stringify(followed)).not.toContain('Friesen');
        expect((await page(token)).state).toBe('accepted');
        expect((await staffAlerts(id)).slice(alertsBefore).map((a) => a.subject)).toEqual([
          quoteAlertEmail({ kind: 'accepted', caseNumber, detail: '', baseUrl: BASE_URL }).subject,
        ]);
        // its ETA in business days, as the customer read it (issue 48 item 7)
        expect((await staffAlerts(id)).at(-1)!.body).toContain(
          'Option: Aftermarket, $128.25 CAD, ETA 2 business days',
        );

        // pressed again (a reload, a second tap): nothing more
        clock = at(2 * HOUR + MINUTE);
        await services.quotes.accept(token, acceptForm(1, 0), viewer);
        expect(await orderedEvents(id)).toHaveLength(1);
        expect(await confirmations(id)).toHaveLength(1);
        expect((await versionRows(id))[0]!.accepted_option).toBe(1);
        expect((await staffAlerts(id)).length).toBe(alertsBefore + 1);
      });

      it('two presses at the same moment order once, with one confirmation', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        clock = at(HOUR);
        await Promise.all([
          services.quotes.accept(token, acceptForm(1, 0), customer(newIp())),
          services.quotes.accept(token, acceptForm(1, 0), customer(newIp())),
        ]);
        expect(await orderedEvents(id)).toHaveLength(1);
        expect(await confirmations(id)).toHaveLength(1);
      });

      it('refuses a form without a name or the terms (400 with the field messages), and an option the quote has not', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        await expect(
          services.quotes.accept(token, { version: '1', option: '0', name: '', po: '' }, customer(newIp())),
        ).rejects.toMatchObject({
          status: 400,
          fieldErrors: { name: ['Type your full name'], terms: ['Tick the box to agree to the terms'] },
        });
        await expect(
          services.quotes.accept(token, acceptForm(1, 2), customer(newIp())),
        ).rejects.toMatchObject({
          status: 400,
          fieldErrors: { option: ['Choose an option'] },
        });
        expect((await lead(id)).status).toBe('quoted');
        expect(await confirmations(id)).toEqual([]);
      });

      it('1 by text and then Accept on the page: ordered once, one confirmation, and the press is no error', async () => {
        const { id, e164 } = await addLead();
        const token = await quoted(id);
        clock = at(HOUR);
        const res = await text(e164, '1').expect(200);
        expect(messageOf(res.text)).toMatch(ORDER_CONFIRMED);
        // the customer's second answer is the first one again
        await services.quotes.accept(token, acceptForm(1, 0), customer(newIp()));
        expect(await orderedEvents(id)).toHaveLength(1);
        expect(await confirmations(id)).toHaveLength(1);
        expect((await page(token)).state).toBe('accepted');
      });

      it('Accept on the page and then YES by text: the YES is a message, with no second confirmation', async () => {
        const { id, e164 } = await addLead();
        const token = await quoted(id);
        clock = at(HOUR);
        await services.quotes.accept(token, acceptForm(1, 0), customer(newIp()));
        const res = await text(e164, 'YES').expect(200);
        expect(messageOf(res.text)).toBeUndefined();
        expect(await orderedEvents(id)).toHaveLength(1);
        expect(await confirmations(id)).toHaveLength(1);
        expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'message', detail: { body: 'YES' } });
      });

      it('Accept on the page and 1 by text at the same moment: one ordered event, one confirmation (8 leads)', async () => {
        for (let i = 0; i < 8; i++) {
          const { id, e164 } = await addLead();
          const token = await quoted(id);
          clock = at(HOUR + i * MINUTE);
          // the press starts 0 to 7 turns of the event loop after the text, so either may lock the lead first
          const press = async () => {
            for (let turn = 0; turn < i; turn++) await new Promise((resolve) => setImmediate(resolve));
            return services.quotes.accept(token, acceptForm(1, 0), customer(newIp()));
          };
          const [texted, pressed] = await Promise.allSettled([
            services.texting.receiveText(textParams(e164, '1')),
            press(),
          ]);
          expect(pressed.status, `lead ${i + 1}: ${String((pressed as PromiseRejectedResult).reason)}`).toBe(
            'fulfilled',
          );
          expect(texted.status).toBe('fulfilled');
          const { twiml } = (texted as PromiseFulfilledResult<{ twiml: string }>).value;
          expect(await orderedEvents(id), `lead ${i + 1}`).toHaveLength(1);
          const confirmed = await confirmations(id);
          expect(confirmed, `lead ${i + 1}`).toHaveLength(1);
          // the confirmation is the reply to the text exactly when the text ordered it
          const reply = messageOf(twiml);
          expect(reply === undefined ? undefined : confirmed[0]!.body).toBe(reply);
        }
      });
    });

    describe('Decline, questions and views', () => {
      it("Decline with a reason: lost with 'Price too high', counted by insights' lost reasons", async () => {
        const { id, caseNumber } = await addLead();
        const token = await quoted(id);
        clock = at(HOUR);
        const countOf = async () =>
          (await services.insights.insights('30d', { role: 'owner' })).lostReasons.find(
            (r) => r.reason === 'Price too high',
          )?.count ?? 0;
        const before = await countOf();
        const alertsBefore = (await staffAlerts(id)).length;
        await services.quotes.decline(
          token,
          { version: '1', reason: 'price', detail: ' Found one for less in Brandon ' },
          customer(newIp()),
        );
        const after = await lead(id);
        expect(after).toMatchObject({ status: 'lost', lostReason: 'Price too high' });
        expect(after.events.at(-1)).toMatchObject({
          type: 'status',
          fromStatus: 'quoted',
          toStatus: 'lost',
          actor: PAGE_ACTOR,
          detail: { version: 1, reason: 'Price too high', body: 'Found one for less in Brandon' },
        });
        expect(await countOf()).toBe(before + 1);
        expect((await staffAlerts(id)).slice(alertsBefore).map((a) => a.subject)).toEqual([
          quoteAlertEmail({ kind: 'declined', caseNumber, detail: '', baseUrl: BASE_URL }).subject,
        ]);
        expect(await page(token)).toMatchObject({ state: 'declined', lostReason: 'Price too high' });

        // staff's own words for a lead they mark lost stay theirs: the page has no reason then
        const other = await addLead();
        const otherToken = await quoted(other.id);
        await services.leadAdmin.changeStatus(
          other.id,
          { status: 'lost', reason: 'Tire-kicker, shops us for price' },
          STAFF.username,
        );
        expect(await page(otherToken)).toMatchObject({ state: 'declined', lostReason: null });

        // again: nothing more; Accept after it: closed
        await services.quotes.decline(token, { version: '1', reason: 'eta' }, customer(newIp()));
        expect((await eventsOf(id)).filter((e) => e.toStatus === 'lost')).toHaveLength(1);
        expect((await lead(id)).lostReason).toBe('Price too high');
        await expect(services.quotes.accept(token, acceptForm(1), customer(newIp()))).rejects.toMatchObject({
          status: 409,
          message: QUOTE_CLOSED,
        });
      });

      it('Decline without a reason is refused with the field message', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        await expect(
          services.quotes.decline(token, { version: '1' }, customer(newIp())),
        ).rejects.toMatchObject({
          status: 400,
          fieldErrors: { reason: ['Choose a reason'] },
        });
        expect((await lead(id)).status).toBe('quoted');
      });

      it("a question: a 'question' event, in the conversation as from the web, and a staff alert", async () => {
        const { id, caseNumber } = await addLead();
        const token = await quoted(id);
        clock = at(HOUR);
        const alertsBefore = (await staffAlerts(id)).length;
        await services.quotes.ask(
          token,
          { body: '  Does the OEM one come with the U-bolts? ' },
          customer(newIp()),
        );
        const after = await lead(id);
        expect(after.status).toBe('quoted');
        expect(after.events.at(-1)).toMatchObject({
          type: 'question',
          actor: PAGE_ACTOR,
          detail: { body: 'Does the OEM one come with the U-bolts?' },
        });
        expect(after.conversation).toContainEqual(
          expect.objectContaining({
            direction: 'in',
            channel: 'web',
            body: 'Does the OEM one come with the U-bolts?',
            at: clock.toISOString(),
          }),
        );
        const alerts = (await staffAlerts(id)).slice(alertsBefore);
        expect(alerts).toHaveLength(1);
        expect(alerts[0]).toMatchObject({
          subject: quoteAlertEmail({ kind: 'question', caseNumber, detail: '', baseUrl: BASE_URL }).subject,
          body: expect.stringContaining('Does the OEM one come with the U-bolts?'),
        });
        expect((await page(token)).questions).toEqual([
          { body: 'Does the OEM one come with the U-bolts?', at: centralTime(clock) },
        ]);
        await expect(services.quotes.ask(token, { body: '  ' }, customer(newIp()))).rejects.toMatchObject({
          status: 400,
          fieldErrors: { body: ['Type your question first'] },
        });
        expect(await eventsOf(id, 'question')).toHaveLength(1);
      });

      it("counts a customer's views (one 'viewed' event, the first), not staff's", async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        clock = at(10 * MINUTE);
        await page(token, STAFF_VIEWER, { count: true });
        // staff opening it through the page, signed in
        const signedIn = {
          user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
          csrfToken: 'token',
        };
        await quoteRoute.loader({
          request: new Request(`http://localhost/q/${token}`),
          params: { token },
          context: routeContext(services, deps, signedIn),
        } as unknown as Args<typeof quoteRoute.loader>);
        expect((await lead(id)).quoteViews).toBe(0);
        expect(await eventsOf(id, 'viewed')).toEqual([]);

        // the customer, through the page
        const loaded = answerOf(
          await quoteRoute.loader({
            request: new Request(`http://localhost/q/${token}`),
            params: { token },
            context: routeContext(services, deps),
          } as unknown as Args<typeof quoteRoute.loader>),
        );
        expect(loaded).toMatchObject({ status: 200, body: { found: true, page: { state: 'open' } } });
        expect((await lead(id)).quoteViews).toBe(1);
        expect(await eventsOf(id, 'viewed')).toEqual([
          expect.objectContaining({
            actor: PAGE_ACTOR,
            detail: { version: 1 },
            createdAt: clock.toISOString(),
          }),
        ]);
        clock = at(20 * MINUTE);
        await page(token, customer(newIp()), { count: true });
        expect((await lead(id)).quoteViews).toBe(2);
        expect(await eventsOf(id, 'viewed')).toHaveLength(1);
        // a page read without counting (the action's own reads) counts nothing
        await page(token, customer(newIp()));
        expect((await lead(id)).quoteViews).toBe(2);
      });

      it('a link preview, a mail scanner or a script opening the page is not the customer: no view, no event', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        clock = at(10 * MINUTE);
        const programs = [
          // iMessage's link preview, made when the text arrives
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
          'WhatsApp/2.24.21.78 A',
          'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
          'Mozilla/5.0 (compatible; Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/))',
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
          'curl/8.5.0',
          // no user agent at all: a bare script; every browser sends one
          '',
        ];
        for (const userAgent of programs) {
          const shown = await page(token, customer(newIp(), userAgent), { count: true });
          // the page itself is answered as to anyone holding the link
          expect(shown.state).toBe('open');
        }
        expect((await lead(id)).quoteViews).toBe(0);
        expect((await lead(id)).quoteFirstViewedAt).toBeNull();
        expect(await eventsOf(id, 'viewed')).toEqual([]);

        // the customer's own phone, then, counts
        await page(token, customer(newIp()), { count: true });
        expect((await lead(id)).quoteViews).toBe(1);
        expect(await eventsOf(id, 'viewed')).toHaveLength(1);
      });
    });

    describe("the request's own link", () => {
      it('the confirmation text of a web request carries a link to its page: the request, its photo, and only the first name and last four digits', async () => {
        const res = await submit(app, VALID_FIELDS, [{ name: 'tag.jpg', data: await tinyJpeg() }]).expect(
          201,
        );
        const { caseNumber } = res.body as { caseNumber: string };
        const { id } = await db
          .selectFrom('leads')
          .select('id')
          .where('case_number', '=', caseNumber)
          .executeTakeFirstOrThrow();
        const [confirmation] = await customerTexts(id);
        expect(confirmation!.body).toContain(`we got your request ${caseNumber}`);
        const token = await lastToken(id);
        expect(confirmation!.body).toContain(`${BASE_URL}/q/${token}`);

        const shown = await page(token);
        expect(shown).toMatchObject({
          state: 'request',
          caseNumber,
          firstName: 'Dana',
          phoneLast4: '0123',
          quote: null,
          photos: [{ full: `/q/${token}/photos/1`, preview: `/q/${token}/photos/1?preview` }],
          request: {
            equipment: 'Trailer',
            make: 'Dexter',
            model: '7K axle',
            year: '2018',
            partNumber: '046-126-00',
          },
        });
        const nothingPersonal = (data: QuotePageData) => {
          const serialized = JSON.stringify(data);
          for (const secret of ['Friesen', 'dana@example.com', '555-0123', '5550123']) {
            expect(serialized, secret).not.toContain(secret);
          }
        };
        nothingPersonal(shown);

        // its photo, through the page's photo route, private to the browser
        const photo = await quotePhotoRoute.loader({
          request: new Request(`http://localhost/q/${token}/photos/1`),
          params: { token, n: '1' },
          context: routeContext(services, deps),
        } as unknown as Args<typeof quotePhotoRoute.loader>);
        expect(photo.status).toBe(200);
        expect(photo.headers.get('Content-Type')).toMatch(/^image\//);
        expect(photo.headers.get('Cache-Control')).toBe('private, max-age=3600');
        expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);
        await expect(services.quotes.photo(token, 2, customer(newIp()))).rejects.toMatchObject({
          status: 404,
        });

        // the same link follows the lead: once quoted, it shows the quote
        await sendQuote(id, TWO_OPTIONS, 200);
        const open = await page(token);
        expect(open).toMatchObject({ state: 'open', quote: { version: 1 } });
        nothingPersonal(open);
      });

      it("the page's tiles are small copies of the photos, the photo as stored one tap away (decision 0171)", async () => {
        const camera = await tagPhoto({ width: 4000, height: 3000, label: 'SN 4471' });
        const res = await submit(app, VALID_FIELDS, [{ name: 'IMG_0001.jpg', data: camera }]).expect(201);
        const { id } = await db
          .selectFrom('leads')
          .select('id')
          .where('case_number', '=', (res.body as { caseNumber: string }).caseNumber)
          .executeTakeFirstOrThrow();
        const token = await lastToken(id);
        const [tile] = (await page(token)).photos;
        const load = async (href: string) => {
          const url = new URL(href, 'http://localhost');
          const answer = await quotePhotoRoute.loader({
            request: new Request(url),
            params: { token, n: url.pathname.split('/').at(-1)! },
            context: routeContext(services, deps),
          } as unknown as Args<typeof quotePhotoRoute.loader>);
          expect(answer.status).toBe(200);
          expect(answer.headers.get('Content-Type')).toBe('image/jpeg');
          expect(answer.headers.get('Cache-Control')).toBe('private, max-age=3600');
          const data = Buffer.from(await answer.arrayBuffer());
          return { data, ...(await sharp(data).metadata()) };
        };
        const full = await load(tile!.full);
        const preview = await load(tile!.preview);
        expect(full).toMatchObject({ width: 2560, height: 1920 });
        expect(preview).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
        expect(preview.data.length).toBeLessThan(full.data.length / 5);
        // the same link rules: a photo the request does not have is not found, small or not
        await expect(
          services.quotes.photo(token, 2, customer(newIp()), { preview: true }),
        ).rejects.toMatchObject({ status: 404 });
      });

      it('a lead by text, named by its phone number, has no first name on its page', async () => {
        const { id } = await addLead({ source: 'sms', name: '(204) 555-0141', make: null, model: null });
        const url = await db
          .transaction()
          .execute((trx) => mintLeadLink(trx, { baseUrl: BASE_URL, leadId: id, version: null, at: NOW }));
        const shown = await page(url.slice(url.lastIndexOf('/') + 1));
        expect(shown.firstName).toBe('');
        expect(JSON.stringify(shown)).not.toContain('555-0141');
      });
    });

    describe('the page as a form (the route action)', () => {
      /** A staff member signed in, as the route's context gives the session (decision 0169). */
      const signedIn = {
        user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
        csrfToken: 'token',
      };
      async function post(token: string, fields: Record<string, string>, session?: typeof signedIn) {
        const body = new URLSearchParams(fields).toString();
        return answerOf(
          await quoteRoute.action({
            request: new Request(`http://localhost/q/${token}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': String(Buffer.byteLength(body)),
              },
              body,
            }),
            params: { token },
            context: routeContext(services, deps, session),
          } as unknown as Args<typeof quoteRoute.action>),
        );
      }

      it("staff signed in see the customer's page with its answers off, and every answer from them is refused", async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        const shown = answerOf(
          await quoteRoute.loader({
            request: new Request(`http://localhost/q/${token}`),
            params: { token },
            context: routeContext(services, deps, signedIn),
          } as unknown as Args<typeof quoteRoute.loader>),
        );
        expect(shown).toMatchObject({ status: 200, body: { page: { state: 'open', staffView: true } } });
        expect((await page(token)).staffView).toBe(false);

        const answers: Record<string, string>[] = [
          { intent: 'accept', version: '1', option: '1', name: 'Sam Staff', terms: 'yes' },
          { intent: 'decline', version: '1', reason: 'price' },
          { intent: 'question', body: 'Testing the page' },
          { intent: 'renew' },
        ];
        for (const fields of answers) {
          expect(await post(token, fields, signedIn)).toMatchObject({
            status: 403,
            body: { ok: false, intent: fields.intent, message: QUOTE_PAGE_MESSAGES.staff },
          });
        }
        // nothing was recorded as the customer's: still quoted, no answer in the timeline, no alert
        expect((await lead(id)).status).toBe('quoted');
        expect((await eventsOf(id)).map((e) => e.type)).toEqual(['created', 'quote']);
        expect(await staffAlerts(id)).toEqual([]);
        // the customer's own answer still goes through
        expect(
          await post(token, { intent: 'accept', version: '1', option: '1', name: 'Dana F', terms: 'yes' }),
        ).toEqual({ status: 303, body: null, location: `/q/${token}` });
        expect((await lead(id)).status).toBe('ordered');
      });

      it('answers a bad form 400 with the field messages and what was typed; a good one 303 to the page', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        const refused = await post(token, {
          intent: 'accept',
          version: '1',
          option: '1',
          name: '',
          po: 'PO-9',
        });
        expect(refused).toEqual({
          status: 400,
          body: {
            ok: false,
            intent: 'accept',
            message: 'Type your full name',
            fieldErrors: { name: ['Type your full name'], terms: ['Tick the box to agree to the terms'] },
            fields: { intent: 'accept', version: '1', option: '1', name: '', po: 'PO-9' },
          },
        });
        expect(await post(token, { intent: 'fly' })).toMatchObject({ status: 400 });
        expect(await post(token, { intent: 'question', body: 'Is it the 7K?' })).toEqual({
          status: 303,
          body: null,
          location: `/q/${token}?asked`,
        });
        expect(
          await post(token, { intent: 'accept', version: '1', option: '1', name: 'Dana F', terms: 'yes' }),
        ).toEqual({ status: 303, body: null, location: `/q/${token}` });
        expect((await lead(id)).status).toBe('ordered');
      });

      it('answers a version that is not one 400 with the id message, never the database refusing it (issue 47)', async () => {
        const { id } = await addLead();
        const token = await quoted(id);
        for (const version of ['2147483648', '1e30', '-1', '1.5', 'abc']) {
          const forms: Record<string, string>[] = [
            { intent: 'accept', version, option: '0', name: 'Dana Friesen', terms: 'yes' },
            { intent: 'decline', version, reason: 'price' },
          ];
          for (const fields of forms) {
            expect({ version, answer: await post(token, fields) }).toMatchObject({
              version,
              answer: {
                status: 400,
                body: { ok: false, message: ROW_ID_MESSAGE, fieldErrors: { version: [ROW_ID_MESSAGE] } },
              },
            });
          }
        }
        expect((await lead(id)).status).toBe('quoted');
      });
    });

    describe('the tokens (lead-links.ts)', () => {
      it('are 24 base64url characters (144 random bits), each new, stored only as their SHA-256', async () => {
        const { id } = await addLead();
        const urls = await db
          .transaction()
          .execute(async (trx) => [
            await mintLeadLink(trx, { baseUrl: BASE_URL, leadId: id, version: null, at: NOW }),
            await mintLeadLink(trx, { baseUrl: BASE_URL, leadId: id, version: 1, at: NOW }),
          ]);
        const tokens = urls.map((url) => {
          expect(url.startsWith(`${BASE_URL}/q/`)).toBe(true);
          return url.slice(`${BASE_URL}/q/`.length);
        });
        for (const token of tokens) {
          expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
          expect(LINK_TOKEN.test(token)).toBe(true);
          expect(Buffer.from(token, 'base64url')).toHaveLength(18);
        }
        expect(tokens[0]).not.toBe(tokens[1]);

        const rows = await db
          .selectFrom('lead_links')
          .selectAll()
          .where('lead_id', '=', id)
          .orderBy('id')
          .execute();
        expect(rows.map((r) => [r.token_hash, r.version])).toEqual([
          [sha256(tokens[0]!), null],
          [sha256(tokens[1]!), 1],
        ]);
        expect(linkTokenHash(tokens[0]!)).toBe(sha256(tokens[0]!));
        // the token itself is nowhere in the table, in any column of any row
        const everything = JSON.stringify(await db.selectFrom('lead_links').selectAll().execute());
        for (const token of tokens) expect(everything).not.toContain(token);
      });
    });
  },
  { ...twilioEnv(twilio.origin, smtp.url), TRUST_PROXY: '1' },
);

/** Issue 47 item 8: a body the page's forms never send is refused with words, not a 500. */
eachEngine('the quote page: a body it cannot read', (ctx) => {
  it('answers 400 with a message to a post that is not a form it can read', async () => {
    const { services, deps } = ctx();
    for (const [type, body] of [
      ['multipart/form-data; boundary=x', 'not a multipart body'],
      ['multipart/form-data', '--x\r\n'],
    ] as const) {
      const answer: unknown = await quoteRoute.action({
        request: new Request(`http://localhost/q/${'A'.repeat(24)}`, {
          method: 'POST',
          headers: { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) },
          body,
        }),
        params: { token: 'A'.repeat(24) },
        context: routeContext(services, deps),
      } as unknown as Args<typeof quoteRoute.action>);
      const { data, init } = answer as { data: unknown; init: ResponseInit | null };
      expect(init?.status).toBe(400);
      expect(data).toMatchObject({ message: 'The form was incomplete or malformed. Please try again.' });
    }
  });
});
