/**
 * Texts from customers (issue 8 items 1 and 5) on both engines: Twilio's signed webhook (wrongly
 * signed, unsigned, tampered: 403), a text from a new number becoming a lead with the staff alert
 * and the case-number reply, a retried MessageSid answered the same and stored once, MMS photos
 * fetched from a local stand-in of Twilio's media host (Basic auth, a bad photo skipped, a URL on
 * another host refused, a redirect followed without credentials), follow-up texts, YES, NO, STOP,
 * START, HELP and other text on a quoted lead.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_TEXT, type LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { centralDay, etaDate } from '#app/modules/quotes/quote.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import {
  ACCOUNT_SID,
  BASE_URL,
  BASIC_AUTH,
  NOTIFY,
  postWebhook,
  startOtherHost,
  startSmtp,
  startTwilioStandIn,
  textParams,
  tinyJpeg,
  twilioEnv,
  twilioSignature,
} from './sms-fixtures.ts';

const twilio = await startTwilioStandIn();
const otherHost = await startOtherHost();
const smtp = await startSmtp();
afterAll(async () => {
  await Promise.all([twilio.close(), otherHost.close(), smtp.close()]);
});

const NOW = new Date('2026-11-21T18:00:00.000Z');
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const messageOf = (twiml: string) => /<Message>([\s\S]*)<\/Message>/.exec(twiml)?.[1];

eachEngine(
  'texts from customers (POST /api/sms/inbound)',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    let services: Services;
    let db: Kysely<DB>;
    let session: { cookie: string; token: string };
    const staff = () => ({ Cookie: session.cookie, 'X-CSRF-Token': session.token });
    /** The clock moves a second before each text, as real texts arrive apart. */
    let clock = NOW;
    const text = (from: string, body: string, extra: Record<string, string> = {}) => {
      clock = new Date(clock.getTime() + 1000);
      return postWebhook(app, '/api/sms/inbound', textParams(from, body, extra));
    };
    /** Lets the outbox finish what earlier tests queued, then forgets the mail received so far. */
    const clearMail = async () => {
      await services.messaging.outbox.idle();
      smtp.received.length = 0;
    };

    beforeAll(async () => {
      const deps = testDeps(ctx().t, () => clock);
      services = createServices(deps);
      db = deps.db;
      app = createTestApp(deps, services);
      await seedReference(deps);
      await createStaff(deps);
      session = await signIn(app);
    });
    afterAll(() => services.messaging.outbox.stop());

    const leadsOf = (phone: string) =>
      db.selectFrom('leads').select(['id', 'status']).where('phone', '=', phone).orderBy('id').execute();
    const details = async (id: number) =>
      (await request(app).get(`/api/leads/${id}`).set(staff()).expect(200)).body as LeadDetails;
    const inboundCount = async () =>
      Number(
        (
          await db
            .selectFrom('sms_inbound')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** A web lead already quoted (the phone as the customer typed it), for YES/NO. */
    const quotedLead = async (phone: string, name: string) => {
      const { id } = await insertLead(
        db,
        {
          status: 'quoted',
          urgency: 'flexible',
          source: 'web',
          name,
          phone,
          email: null,
          cost: 10_000,
          markupPct: 0.425,
          sellPrice: 14_250,
          etaDays: 3,
          quotedAt: new Date(NOW.getTime() - 3_600_000).toISOString(),
        },
        [],
        { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - 7_200_000) },
      );
      return id;
    };

    describe('signatures', () => {
      it('refuses unsigned, wrongly signed, tampered and replayed-elsewhere webhooks with 403 and stores nothing', async () => {
        const params = textParams('+12045550190', 'Need a hydraulic pump for a JD 310');
        const url = `${BASE_URL}/api/sms/inbound`;
        const before = await inboundCount();
        await postWebhook(app, '/api/sms/inbound', params, null).expect(403);
        await postWebhook(app, '/api/sms/inbound', params, 'bm90IGEgc2lnbmF0dXJl').expect(403);
        await postWebhook(
          app,
          '/api/sms/inbound',
          params,
          twilioSignature(url, params, 'another-token'),
        ).expect(403);
        // signed for the status callback's URL, or for other parameters
        await postWebhook(
          app,
          '/api/sms/inbound',
          params,
          twilioSignature(`${BASE_URL}/api/sms/status`, params),
        ).expect(403);
        const tampered = twilioSignature(url, { ...params, Body: 'harmless' });
        await postWebhook(app, '/api/sms/inbound', params, tampered).expect(403);
        // BASE_URL must be what Twilio called: the app's own host is not enough
        await postWebhook(
          app,
          '/api/sms/inbound',
          params,
          twilioSignature('http://127.0.0.1/api/sms/inbound', params),
        ).expect(403);
        const status = {
          MessageSid: 'SM'.padEnd(34, '1'),
          MessageStatus: 'delivered',
          AccountSid: ACCOUNT_SID,
        };
        await postWebhook(app, '/api/sms/status', status, null).expect(403);
        await postWebhook(
          app,
          '/api/sms/status',
          status,
          twilioSignature(`${BASE_URL}/api/sms/status`, status, 'x'),
        ).expect(403);
        expect(await inboundCount()).toBe(before);
        expect(await leadsOf('+12045550190')).toEqual([]);
        // the same request, rightly signed, is accepted
        await postWebhook(app, '/api/sms/inbound', params).expect(200);
        expect(await leadsOf('+12045550190')).toHaveLength(1);
      });
    });

    describe('a text from a number without an open lead', () => {
      it('creates a lead (source sms, flexible), alerts staff, and replies with the case number and the 20-minute promise', async () => {
        await clearMail();
        const res = await text('+12045550141', '  Need a left hand mirror for a 2016 Peterbilt 579  ').expect(
          200,
        );
        expect(res.headers['content-type']).toMatch(/^text\/xml/);
        const [row] = await leadsOf('+12045550141');
        const lead = await details(row!.id);
        expect(lead).toMatchObject({
          source: 'sms',
          status: 'new',
          urgency: 'flexible',
          name: '(204) 555-0141',
          phone: '+12045550141',
          description: 'Need a left hand mirror for a 2016 Peterbilt 579',
          createdAt: clock.toISOString(),
        });
        expect(lead.consentAt).toBe(clock.toISOString());
        expect(lead.events).toEqual([
          expect.objectContaining({ type: 'created', toStatus: 'new', actor: 'customer (SMS)' }),
        ]);
        const reply = messageOf(res.text);
        // with the link to the customer's private page (issue 28)
        expect(reply).toMatch(
          new RegExp(
            `^Parts Hunters MB: Thanks, we got your request\\. Your case number is ${lead.caseNumber}\\. We will contact you within 20 minutes during business hours \\(Mon-Fri 7AM-6PM CT\\)\\. Follow it here: https://parts\\.example\\.ca/q/[A-Za-z0-9_-]{24} Reply STOP to opt out\\.$`,
          ),
        );
        // the conversation: the text in, then the reply (already handed to Twilio in the answer)
        expect(lead.conversation).toEqual([
          expect.objectContaining({
            direction: 'in',
            channel: 'sms',
            status: 'received',
            body: 'Need a left hand mirror for a 2016 Peterbilt 579',
            photoCount: 0,
          }),
          expect.objectContaining({
            direction: 'out',
            channel: 'sms',
            status: 'sent',
            body: reply,
            error: null,
          }),
        ]);
        expect(lead.smsOptedOut).toBe(false);

        await services.messaging.outbox.idle();
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]!.to).toEqual([NOTIFY]);
        expect(smtp.received[0]!.text).toContain(
          `Subject: New quote request ${lead.caseNumber} by text from (204) 555-0141`,
        );
        expect(smtp.received[0]!.text).toContain('Need a left hand mirror for a 2016 Peterbilt 579');
        expect(smtp.received[0]!.text).toContain(`${BASE_URL}/admin/leads`);
        // nothing went through the Messages API: the reply was the TwiML answer
        expect(twilio.texts).toEqual([]);
      });

      it('answers a retried MessageSid the same way and stores it once, even when the retry overlaps', async () => {
        const params = textParams('+12045550142', 'Alternator for a Case IH Magnum 340');
        const [first, overlapping] = await Promise.all([
          postWebhook(app, '/api/sms/inbound', params).expect(200),
          postWebhook(app, '/api/sms/inbound', params).expect(200),
        ]);
        const later = await postWebhook(app, '/api/sms/inbound', params).expect(200);
        expect(messageOf(first.text)).toMatch(/Your case number is Q-\d+\./);
        expect(overlapping.text).toBe(first.text);
        expect(later.text).toBe(first.text);
        expect(await leadsOf('+12045550142')).toHaveLength(1);
        const stored = await db
          .selectFrom('sms_inbound')
          .selectAll()
          .where('message_sid', '=', params.MessageSid!)
          .execute();
        expect(stored).toHaveLength(1);
        const lead = await details((await leadsOf('+12045550142'))[0]!.id);
        expect(lead.conversation.map((m) => m.direction)).toEqual(['in', 'out']);
      });

      it('keeps MMS photos from the Twilio media host (Basic auth), skips a bad one and refuses another host, never losing the text', async () => {
        const jpeg = await tinyJpeg();
        twilio.media.set(twilio.mediaPath('ME1'), { type: 'image/jpeg', data: jpeg });
        twilio.media.set(twilio.mediaPath('ME2'), {
          type: 'image/jpeg',
          data: Buffer.from('<html>not a photo</html>'),
        });
        twilio.media.set(twilio.mediaPath('ME4'), { redirect: '/cdn/abc.jpg' });
        twilio.media.set('/cdn/abc.jpg', { type: 'image/jpeg', data: jpeg });
        twilio.mediaRequests.length = 0;
        const res = await text('+12045550143', 'Serial tag and the broken bracket', {
          NumMedia: '4',
          MediaUrl0: `${twilio.origin}${twilio.mediaPath('ME1')}`,
          MediaContentType0: 'image/jpeg',
          MediaUrl1: `${twilio.origin}${twilio.mediaPath('ME2')}`,
          MediaContentType1: 'image/jpeg',
          MediaUrl2: `http://localhost:${otherHost.port}${twilio.mediaPath('ME3')}`,
          MediaContentType2: 'image/jpeg',
          MediaUrl3: `${twilio.origin}${twilio.mediaPath('ME4')}`,
          MediaContentType3: 'image/jpeg',
        }).expect(200);
        expect(messageOf(res.text)).toMatch(/Your case number is Q-\d+/);

        const lead = await details((await leadsOf('+12045550143'))[0]!.id);
        expect(lead.description).toBe('Serial tag and the broken bracket');
        expect(lead.photos).toHaveLength(2);
        const photo = await request(app).get(lead.photos[0]!).set(staff()).expect(200);
        expect(photo.headers['content-type']).toBe('image/jpeg');
        expect(lead.conversation[0]).toMatchObject({ direction: 'in', photoCount: 2 });
        const skipped = lead.events.find((e) => e.type === 'photos_skipped');
        expect(skipped?.detail?.skipped).toEqual([
          { photo: 2, reason: 'Photo 2 is not an image file' },
          {
            photo: 3,
            reason: `refused: not on this account's Twilio media host (localhost:${otherHost.port})`,
          },
        ]);
        expect(skipped?.detail?.body).toBe(
          `Photo 2 is not an image file; Photo 3: refused: not on this account's Twilio media host (localhost:${otherHost.port})`,
        );

        // the account's credentials went to Twilio's host only; the redirect target got none
        expect(twilio.mediaRequests).toEqual([
          { path: twilio.mediaPath('ME1'), auth: BASIC_AUTH },
          { path: twilio.mediaPath('ME2'), auth: BASIC_AUTH },
          { path: twilio.mediaPath('ME4'), auth: BASIC_AUTH },
          { path: '/cdn/abc.jpg', auth: undefined },
        ]);
        expect(otherHost.requests).toEqual([]);
      });

      it('answers YES without an open quote with a pointer instead of creating a lead', async () => {
        const res = await text('+12045550144', 'Yes').expect(200);
        expect(messageOf(res.text)).toBe(
          'Parts Hunters MB: We could not find an open quote for this number. Text us a photo and description of the part you need, or call (204) 555-0147.',
        );
        expect(await leadsOf('+12045550144')).toEqual([]);
      });
    });

    describe('a text from a number with an open lead', () => {
      it('adds a follow-up text and its photo to the open lead, with no automatic reply', async () => {
        await text('+12045550145', 'Brake chamber for a trailer').expect(200);
        twilio.media.set(twilio.mediaPath('ME5'), { type: 'image/jpeg', data: await tinyJpeg() });
        const res = await text('+12045550145', 'Here is the tag', {
          NumMedia: '1',
          MediaUrl0: `${twilio.origin}${twilio.mediaPath('ME5')}`,
          MediaContentType0: 'image/jpeg',
        }).expect(200);
        expect(res.text).toBe(EMPTY_TWIML);
        const rows = await leadsOf('+12045550145');
        expect(rows).toHaveLength(1);
        const lead = await details(rows[0]!.id);
        expect(lead.photos).toHaveLength(1);
        expect(lead.events.at(-1)).toMatchObject({
          type: 'message',
          actor: 'customer (SMS)',
          detail: { body: 'Here is the tag', photos: 1 },
        });
        expect(lead.conversation.map((m) => [m.direction, m.body.slice(0, 15)])).toEqual([
          ['in', 'Brake chamber f'],
          ['out', 'Parts Hunters M'],
          ['in', 'Here is the tag'],
        ]);
      });

      it('YES (any case, trimmed) orders the quoted lead of a web request, with an event and a confirming reply', async () => {
        await clearMail();
        const id = await quotedLead('(204) 555-0146', 'Wes Penner');
        const res = await text('+12045550146', '  yes ').expect(200);
        const lead = await details(id);
        expect(lead.status).toBe('ordered');
        expect(lead.events.at(-1)).toMatchObject({
          type: 'status',
          fromStatus: 'quoted',
          toStatus: 'ordered',
          actor: 'customer (SMS)',
          createdAt: clock.toISOString(),
        });
        // the confirmation Accept on the page sends too (issue 48 item 5), with the link
        const confirmation = messageOf(res.text)!;
        const [words, token] = confirmation.split(`${BASE_URL}/q/`);
        expect(words).toBe(
          `Parts Hunters MB: Thank you! Quote ${lead.caseNumber} is accepted and your part is being ordered, expected ${centralDay(etaDate(clock, lead.etaDays!))}. Follow it here: `,
        );
        expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
        expect(lead.conversation.map((m) => [m.direction, m.status])).toEqual([
          ['in', 'received'],
          ['out', 'sent'],
        ]);
        await services.messaging.outbox.idle();
        expect(smtp.received.map((m) => /Subject: (.*)/.exec(m.text)?.[1])).toEqual([
          `Quote ${lead.caseNumber} accepted by text: order the part`,
        ]);
        // a second YES finds no quoted lead: it is a message on the (still open) ordered lead
        const again = await text('+12045550146', 'YES').expect(200);
        expect(again.text).toBe(EMPTY_TWIML);
        expect((await details(id)).events.at(-1)).toMatchObject({ type: 'message', detail: { body: 'YES' } });
      });

      it('NO moves the quoted lead to lost with the reason "Declined by SMS" and confirms', async () => {
        const id = await quotedLead('204.555.0147', 'Ina Friesen');
        const res = await text('+12045550147', 'NO').expect(200);
        const lead = await details(id);
        expect(lead).toMatchObject({ status: 'lost', lostReason: 'Declined by SMS' });
        expect(lead.events.at(-1)).toMatchObject({
          type: 'status',
          fromStatus: 'quoted',
          toStatus: 'lost',
          actor: 'customer (SMS)',
          detail: { reason: 'Declined by SMS', body: 'NO' },
        });
        expect(messageOf(res.text)).toBe(
          `Parts Hunters MB: No problem, quote ${lead.caseNumber} is closed. Text us a photo any time you need another part.`,
        );
      });

      it('other text on a quoted lead is a message for staff; the lead stays quoted', async () => {
        const id = await quotedLead('+1 204 555 0148', 'Cal Dueck');
        const res = await text('+12045550148', 'Is that price with shipping to Dauphin?').expect(200);
        expect(res.text).toBe(EMPTY_TWIML);
        const lead = await details(id);
        expect(lead.status).toBe('quoted');
        expect(lead.events.at(-1)).toMatchObject({
          type: 'message',
          detail: { body: 'Is that price with shipping to Dauphin?' },
        });
        expect(lead.conversation.at(-1)).toMatchObject({
          direction: 'in',
          body: 'Is that price with shipping to Dauphin?',
        });
      });
    });

    describe('keywords', () => {
      it('STOP records the opt-out without a reply (Twilio answers STOP); START opts back in; HELP gives name and phone', async () => {
        const phone = '+12045550149';
        await text(phone, 'Need a seat for a Kenworth').expect(200);
        const [row] = await leadsOf(phone);
        for (const word of [
          'STOP',
          'stop',
          'Unsubscribe',
          'cancel.',
          'END',
          'QUIT',
          'STOPALL',
          'OPTOUT',
          'REVOKE',
        ]) {
          const res = await text(phone, word).expect(200);
          expect({ word, twiml: res.text }).toEqual({ word, twiml: EMPTY_TWIML });
          expect((await details(row!.id)).smsOptedOut).toBe(true);
          await text(phone, 'START', { OptOutType: 'START' }).expect(200);
        }
        await text(phone, 'STOP').expect(200);
        const optOut = await db
          .selectFrom('sms_opt_outs')
          .selectAll()
          .where('phone', '=', phone)
          .executeTakeFirst();
        expect(optOut).toMatchObject({ phone, keyword: 'STOP' });
        const stopped = await details(row!.id);
        expect(stopped.smsOptedOut).toBe(true);
        expect(stopped.events.at(-1)).toMatchObject({ type: 'opt_out', actor: 'customer (SMS)' });

        // HELP while opted out: the reply is recorded as not sent and left out of the answer
        const helpBlocked = await text(phone, 'HELP').expect(200);
        expect(helpBlocked.text).toBe(EMPTY_TWIML);
        expect((await details(row!.id)).conversation.at(-1)).toMatchObject({
          direction: 'out',
          status: 'blocked',
          error: CONVERSATION_TEXT.optedOut,
        });

        const start = await text(phone, 'Start').expect(200);
        expect(messageOf(start.text)).toBe(
          'Parts Hunters MB: You will receive texts from us again. Text a photo of your part for a quote. Reply STOP to opt out.',
        );
        expect((await details(row!.id)).smsOptedOut).toBe(false);
        const help = await text(phone, 'help').expect(200);
        expect(messageOf(help.text)).toBe(
          'Parts Hunters MB: heavy duty, truck, trailer and ag parts quotes by text. Text a photo of your part or call (204) 555-0147. Reply STOP to opt out.',
        );
        expect(messageOf((await text(phone, 'INFO').expect(200)).text)).toBe(messageOf(help.text));
        // Twilio's Advanced Opt-Out already answered these (OptOutType set): no second reply
        expect((await text(phone, 'HELP', { OptOutType: 'HELP' }).expect(200)).text).toBe(EMPTY_TWIML);
        // keywords never became leads or messages
        expect(await leadsOf(phone)).toHaveLength(1);
        expect((await details(row!.id)).events.filter((e) => e.type === 'message')).toEqual([]);
      });

      it('a custom opt-out keyword Twilio recognised (OptOutType=STOP) opts out too', async () => {
        const phone = '+12045550150';
        await text(phone, 'ARRET', { OptOutType: 'STOP' }).expect(200);
        expect(
          await db.selectFrom('sms_opt_outs').select('phone').where('phone', '=', phone).execute(),
        ).toEqual([{ phone }]);
      });
    });

    it('answers 400 to a signed request without MessageSid or From', async () => {
      const noSid = { ...textParams('+12045550151', 'hi'), MessageSid: '', SmsMessageSid: '', SmsSid: '' };
      await postWebhook(app, '/api/sms/inbound', noSid).expect(400);
      const noFrom = { ...textParams('+12045550151', 'hi'), From: '' };
      await postWebhook(app, '/api/sms/inbound', noFrom).expect(400);
    });
  },
  twilioEnv(twilio.origin, smtp.url),
);
