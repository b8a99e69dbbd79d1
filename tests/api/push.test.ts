/**
 * Staff push notifications (issue 51 items 4 and 7, decision 0205), on both engines, with a
 * stand-in push service: an HTTP server on this machine that the subscriptions point at, answering
 * as a push service does (201, or 404/410 for a subscription it no longer knows). A browser's keys
 * are made here (tests/support/web-push-decrypt.ts) and what arrives is decrypted by RFC 8291.
 * Checked: a new request reaches a signed-in person within 5 s with its one line and the lead's
 * address; a disabled person's browser gets nothing (at queue time and at send time); a 410 or 404
 * removes the subscription; signing out, signing out everywhere else and a password change remove
 * the sessions' subscriptions; the choices hold back the kinds left out; a message that failed after
 * its last attempt notifies; only https endpoints off this machine are taken (loopback http outside
 * production); the keys are made once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partName } from '#app/modules/messages/part-name.ts';
import { NOTIFICATIONS_TEXT } from '#app/modules/team/notifications.ts';
import { insertMessage } from '#server/db/repo/outgoing-messages.ts';
import { setUserDisabled, findUserByUsername } from '#server/db/repo/users.ts';
import { createOutboxWorker, SendError } from '#server/messaging/worker.ts';
import { sha256, type SessionUser } from '#server/services/auth.ts';
import { PUSH_RETRY_MS, pushService } from '#server/services/push.ts';
import { seedReference } from '#server/seed/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { browserKeys, type BrowserKeys } from '../support/web-push-decrypt.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer; at: number };
type Session = { cookie: string; token: string };

const PASSWORD = 'correct horse battery';
const DEADLINE_MS = 5_000;

/**
 * The stand-in push service: keeps every POST; '/gone/…' answers 410, '/unknown/…' 404, '/flaky/…'
 * 503 the first time, '/down/…' 503 always.
 */
function standIn() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const first = !received.some((r) => r.path === req.url);
      const status = req.url?.startsWith('/gone/')
        ? 410
        : req.url?.startsWith('/unknown/')
          ? 404
          : (req.url?.startsWith('/flaky/') && first) || req.url?.startsWith('/down/')
            ? 503
            : 201;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      });
      res.writeHead(status).end();
    });
  });
  return {
    received,
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** What arrived for `path`, waiting for it until `until` (ms since the epoch). */
    async waitFor(path: string, until: number): Promise<Received> {
      for (;;) {
        const found = received.find((r) => r.path === path);
        if (found) return found;
        if (Date.now() > until) throw new Error(`nothing arrived at ${path} in time`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    for: (path: string) => received.filter((r) => r.path === path),
  };
}

eachEngine(
  'staff push notifications',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    const push = standIn();
    const people: Record<string, { session: Session; user: SessionUser; browser: BrowserKeys }> = {};

    const as = (session: Session, test: request.Test) =>
      test.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
    const subscribe = (who: string, path: string, browser = people[who]!.browser) =>
      as(people[who]!.session, request(app).post('/api/admin/push-subscriptions')).send({
        endpoint: `${push.url()}${path}`,
        keys: browser.keys,
      });
    const subscriptions = (endpointPath: string) =>
      ctx()
        .deps.db.selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('endpoint', '=', `${push.url()}${endpointPath}`)
        .execute();
    const idHash = (session: Session) => sha256(decodeURIComponent(session.cookie.split('=')[1]!));
    const payloadOf = (who: string, received: Received) =>
      JSON.parse(people[who]!.browser.decrypt(received.body).toString('utf8')) as Record<string, string>;
    /** Everything queued has been sent or given up on. */
    const settled = async () => {
      await ctx().services.messaging.outbox.idle();
      await ctx().services.push.idle();
    };
    async function person(username: string, role: 'staff' | 'owner' = 'staff') {
      await createStaff(ctx().deps, { username, password: PASSWORD }, role);
      const record = (await findUserByUsername(ctx().deps.db, username))!;
      people[username] = {
        session: await signIn(app, { username, password: PASSWORD }),
        user: { id: record.id, username, displayName: record.displayName, role },
        browser: browserKeys(),
      };
    }
    async function newRequest(fields: Record<string, string> = {}) {
      const res = await submit(app, { ...VALID_FIELDS, ...fields }).expect(201);
      const caseNumber = (res.body as { caseNumber: string }).caseNumber;
      const lead = await ctx()
        .deps.db.selectFrom('leads')
        .select('id')
        .where('case_number', '=', caseNumber)
        .executeTakeFirstOrThrow();
      return { caseNumber, id: lead.id };
    }

    beforeAll(async () => {
      await new Promise<void>((resolve) => push.server.listen(0, '127.0.0.1', resolve));
      const { deps, services } = ctx();
      app = createTestApp(deps, services);
      await seedReference(deps);
      await person('olive', 'owner');
      await person('sam');
      await person('dana');
    });
    afterAll(async () => {
      await settled();
      await new Promise((resolve) => push.server.close(resolve));
    });

    it('sends a new request to a signed-in person within 5 s, encrypted for their browser, with its one line and the lead', async () => {
      await subscribe('sam', '/sam/1').expect(201, { on: true });
      const started = Date.now();
      const lead = await newRequest({ name: 'Jane Doe' });
      const arrived = await push.waitFor('/sam/1', started + DEADLINE_MS);
      expect(arrived.at - started).toBeLessThan(DEADLINE_MS);
      expect(arrived.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(arrived.headers.ttl)).toBeGreaterThan(0);
      // signed with the server's VAPID key (RFC 8292), for the stand-in's origin
      const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(arrived.headers.authorization));
      expect(vapid?.[2]).toBe(await ctx().services.push.publicKey());
      const claims = JSON.parse(Buffer.from(vapid![1]!.split('.')[1]!, 'base64url').toString()) as {
        aud: string;
      };
      expect(claims.aud).toBe(push.url());
      expect(payloadOf('sam', arrived)).toEqual({
        title: ctx().deps.config.site.name,
        body: `New request ${lead.caseNumber} from Jane Doe: ${partName({ description: VALID_FIELDS.description })}`,
        url: `/admin/leads/${lead.id}`,
        tag: `request:${lead.id}`,
      });
      await settled();
      // sent once, and nothing left waiting
      expect(push.for('/sam/1')).toHaveLength(1);
      expect(await ctx().deps.db.selectFrom('push_jobs').selectAll().execute()).toEqual([]);
    });

    it("sends nothing to a disabled person's browser, whether disabled before the event or before the send", async () => {
      await subscribe('dana', '/dana/1').expect(201);
      await ctx().services.team.setDisabled(people.dana!.user.id, true, people.olive!.user);
      // disabling ends the sessions, and with them the subscription
      expect(await subscriptions('/dana/1')).toEqual([]);
      const started = Date.now();
      const lead = await newRequest();
      await push.waitFor('/sam/1', started + DEADLINE_MS).then(() => undefined);
      await settled();
      expect(push.for('/dana/1')).toEqual([]);
      expect(push.for('/sam/1').map((r) => payloadOf('sam', r).url)).toContain(`/admin/leads/${lead.id}`);

      // at send time too: queued while the person could have it, disabled before it went
      await ctx().services.team.setDisabled(people.dana!.user.id, false, people.olive!.user);
      people.dana!.session = await signIn(app, { username: 'dana', password: PASSWORD });
      await subscribe('dana', '/dana/2').expect(201);
      const { db } = ctx().deps;
      const quiet = pushService(ctx().deps);
      await quiet.queue(db, 'request', lead.id, new Date());
      // the account marked disabled with its session left in place: only the send-time check stands
      await setUserDisabled(db, people.dana!.user.id, true, new Date());
      await quiet.runDue();
      expect(push.for('/dana/2')).toEqual([]);
      await setUserDisabled(db, people.dana!.user.id, false, new Date());
      await db.deleteFrom('push_jobs').execute();
    });

    it("still notifies a browser left idle overnight, and stops at the session's weekly expiry", async () => {
      await person('ivy');
      await subscribe('ivy', '/ivy/1').expect(201);
      const { db } = ctx().deps;
      const session = idHash(people.ivy!.session);
      // the back office last opened 13 hours ago: the screen signs in again, the phone still hears
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 13 * 60 * 60_000).toISOString() })
        .where('id_hash', '=', session)
        .execute();
      const first = Date.now();
      const lead = await newRequest({ name: 'Ivy Overnight' });
      const arrived = await push.waitFor('/ivy/1', first + DEADLINE_MS);
      expect(payloadOf('ivy', arrived).url).toBe(`/admin/leads/${lead.id}`);
      await settled();

      // past its absolute expiry the session is over: nothing more
      await db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id_hash', '=', session)
        .execute();
      await newRequest();
      await settled();
      expect(push.for('/ivy/1')).toHaveLength(1);
    });

    it('removes a subscription the push service says is gone (410) or unknown (404)', async () => {
      await subscribe('olive', '/gone/1').expect(201);
      // another person's browser (one browser per session)
      await person('uri');
      await subscribe('uri', '/unknown/1').expect(201);
      expect(await subscriptions('/gone/1')).toHaveLength(1);
      const started = Date.now();
      await newRequest();
      await push.waitFor('/gone/1', started + DEADLINE_MS);
      await push.waitFor('/unknown/1', started + DEADLINE_MS);
      await settled();
      expect(await subscriptions('/gone/1')).toEqual([]);
      expect(await subscriptions('/unknown/1')).toEqual([]);
      // the next request does not try them again
      await newRequest();
      await push.waitFor('/sam/1', Date.now() + DEADLINE_MS);
      await settled();
      expect(push.for('/gone/1')).toHaveLength(1);
      expect(push.for('/unknown/1')).toHaveLength(1);
    });

    it('tries a refused notification again when its time comes, and drops it after its last attempt', async () => {
      const { db } = ctx().deps;
      const flaky = browserKeys();
      await subscribe('olive', '/flaky/1', flaky).expect(201);
      const lead = await newRequest();
      await push.waitFor('/flaky/1', Date.now() + DEADLINE_MS);
      await settled();
      // refused once: waiting for its second attempt, not sent before its time
      expect(await db.selectFrom('push_jobs').select(['attempts', 'status']).execute()).toEqual([
        { attempts: 1, status: 'queued' },
      ]);
      const later = (ms: number) => pushService({ ...ctx().deps, now: () => new Date(Date.now() + ms) });
      await later(PUSH_RETRY_MS[0] - 5_000).runDue();
      expect(push.for('/flaky/1')).toHaveLength(1);
      await later(PUSH_RETRY_MS[0] + 1_000).runDue();
      const [, second] = push.for('/flaky/1');
      expect(JSON.parse(flaky.decrypt(second!.body).toString())).toMatchObject({ tag: `request:${lead.id}` });
      expect(await db.selectFrom('push_jobs').selectAll().execute()).toEqual([]);
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', `${push.url()}/flaky/1`).execute();

      // a push service that keeps refusing: three attempts, then the notification is dropped
      await subscribe('olive', '/down/1', browserKeys()).expect(201);
      await newRequest();
      await push.waitFor('/down/1', Date.now() + DEADLINE_MS);
      await settled();
      await later(PUSH_RETRY_MS[0] + 1_000).runDue();
      await later(PUSH_RETRY_MS[0] + PUSH_RETRY_MS[1] + 2_000).runDue();
      expect(push.for('/down/1')).toHaveLength(1 + PUSH_RETRY_MS.length);
      expect(await db.selectFrom('push_jobs').selectAll().execute()).toEqual([]);
      expect(await subscriptions('/down/1')).toHaveLength(1);
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', `${push.url()}/down/1`).execute();
    });

    it('holds back the kinds a person left out, for every browser of theirs', async () => {
      const before = push.for('/sam/1').length;
      await ctx().services.push.choose(people.sam!.user, {
        requests: false,
        replies: true,
        acceptances: true,
        failures: true,
      });
      const state = await ctx().services.push.state(people.sam!.user, idHash(people.sam!.session));
      expect(state).toMatchObject({
        here: true,
        elsewhere: 0,
        kinds: ['replies', 'acceptances', 'failures'],
      });
      await newRequest();
      await settled();
      expect(push.for('/sam/1')).toHaveLength(before);
      await ctx().services.push.choose(people.sam!.user, {
        requests: true,
        replies: true,
        acceptances: true,
        failures: true,
      });
    });

    it('notifies a message that failed after its last attempt, in the transaction that marks it failed', async () => {
      const { deps, services } = ctx();
      const lead = await newRequest({ name: 'Mel Dyck' });
      await settled();
      const before = push.for('/sam/1').length;
      const id = await insertMessage(
        deps.db,
        {
          leadId: lead.id,
          channel: 'sms',
          recipient: '+12045550123',
          subject: null,
          body: 'Your quote is ready',
          status: 'queued',
          audience: 'customer',
        },
        new Date(),
      );
      // the outbox as messaging.ts builds it, with a text provider that refuses for good
      const worker = createOutboxWorker({
        db: deps.db,
        logger: deps.logger,
        now: () => new Date(),
        senders: {
          sms: async () => {
            throw new SendError('The number is not a mobile number');
          },
        },
        onFailed: (trx, messageId, at) => services.push.queueFailed(trx, messageId, at),
        afterFailed: () => services.push.kick(),
      });
      await worker.runDue();
      worker.stop();
      const row = await deps.db
        .selectFrom('outgoing_messages')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      await settled();
      const sent = push
        .for('/sam/1')
        .slice(before)
        .map((r) => payloadOf('sam', r));
      expect(sent).toEqual([
        {
          title: deps.config.site.name,
          body: `Text to Mel Dyck not sent on ${lead.caseNumber}: ${partName({ description: VALID_FIELDS.description })}`,
          url: `/admin/leads/${lead.id}`,
          tag: `failed_text:${lead.id}`,
        },
      ]);
    });

    it('removes the subscriptions of a session signed out, of the others on "sign out everywhere else", and on a password change', async () => {
      const { services } = ctx();
      const second = await signIn(app, { username: 'sam', password: PASSWORD });
      const third = await signIn(app, { username: 'sam', password: PASSWORD });
      await as(second, request(app).post('/api/admin/push-subscriptions'))
        .send({ endpoint: `${push.url()}/sam/2`, keys: browserKeys().keys })
        .expect(201);
      await as(third, request(app).post('/api/admin/push-subscriptions'))
        .send({ endpoint: `${push.url()}/sam/3`, keys: browserKeys().keys })
        .expect(201);
      expect(await services.push.state(people.sam!.user, idHash(second))).toMatchObject({
        here: true,
        elsewhere: 2,
      });
      // signing out the third session removes its subscription only
      await as(third, request(app).post('/api/admin/logout')).expect(200);
      expect(await subscriptions('/sam/3')).toEqual([]);
      expect(await subscriptions('/sam/2')).toHaveLength(1);
      // 'sign out everywhere else' from the first: the second's goes
      await services.account.signOutOthers(people.sam!.user, idHash(people.sam!.session));
      expect(await subscriptions('/sam/2')).toEqual([]);
      expect(await subscriptions('/sam/1')).toHaveLength(1);
      // a password changed in another session ends this one, and its subscription
      const other = await signIn(app, { username: 'sam', password: PASSWORD });
      await services.account.changePassword(
        people.sam!.user,
        { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2`, confirmPassword: `${PASSWORD} 2` },
        idHash(other),
      );
      expect(await subscriptions('/sam/1')).toEqual([]);
      // turning them off here removes this session's
      people.sam!.session = other;
      await subscribe('sam', '/sam/4').expect(201);
      await services.push.unsubscribe(people.sam!.user, idHash(other));
      expect(await subscriptions('/sam/4')).toEqual([]);
    });

    it("keeps one browser per session: a session's new subscription replaces its last", async () => {
      await person('una');
      await subscribe('una', '/una/1').expect(201);
      await subscribe('una', '/una/2', browserKeys()).expect(201);
      expect(await subscriptions('/una/1')).toEqual([]);
      expect(await subscriptions('/una/2')).toHaveLength(1);
    });

    it("takes only the browsers' push services over https, and loopback http only under the tests; refuses malformed keys", async () => {
      const refused = async (endpoint: string, keys: object = people.olive!.browser.keys) => {
        const res = await as(people.olive!.session, request(app).post('/api/admin/push-subscriptions'))
          .send({ endpoint, keys })
          .expect(400);
        return res.body as { message: string; fieldErrors: Record<string, string[]> };
      };
      for (const endpoint of [
        'http://push.example.com/send/1',
        'ftp://push.example.com/send/1',
        'https://10.0.0.8/send/1',
        'https://192.168.1.4/send/1',
        'https://100.64.1.2/send/1',
        'https://[::1]/send/1',
        'https://localhost/send/1',
        'https://user:pass@fcm.googleapis.com/send/1',
        // a name that is not a push service may lead anywhere, this machine or the shop's network
        'https://push.example.com/send/1',
        'https://intranet.example.com/send/1',
        'https://fcm.googleapis.com.example.com/send/1',
        'https://evilpush.apple.com.example.net/send/1',
        'https://fcm.googleapis.com:8443/send/1',
        'not a url',
      ])
        expect(await refused(endpoint)).toEqual({
          message: NOTIFICATIONS_TEXT.badEndpoint,
          fieldErrors: { endpoint: [NOTIFICATIONS_TEXT.badEndpoint] },
        });
      const badKeys = await refused(`${push.url()}/olive/1`, { p256dh: 'short', auth: 'x' });
      expect(badKeys.fieldErrors['keys.p256dh']).toEqual([NOTIFICATIONS_TEXT.badKeys]);
      // each browser maker's push service is taken
      const services = [
        'https://fcm.googleapis.com/fcm/send/olive',
        'https://updates.push.services.mozilla.com/wpush/v2/olive',
        'https://wns2-par02p.notify.windows.com/w/?token=olive',
        'https://web.push.apple.com/olive',
      ];
      for (const endpoint of services) {
        await as(people.olive!.session, request(app).post('/api/admin/push-subscriptions'))
          .send({ endpoint, keys: people.olive!.browser.keys })
          .expect(201);
        // kept, then removed at once: nothing in these tests may POST off this machine
        const kept = await ctx()
          .deps.db.deleteFrom('push_subscriptions')
          .where('endpoint', '=', endpoint)
          .executeTakeFirst();
        expect(Number(kept.numDeletedRows)).toBe(1);
      }
      // in production, and in a server started without NODE_ENV=production, loopback http is refused too
      for (const env of ['production', 'development'] as const) {
        const outside = pushService({ ...ctx().deps, config: { ...ctx().deps.config, env } });
        await expect(
          outside.subscribe(people.olive!.user, idHash(people.olive!.session), {
            endpoint: `${push.url()}/olive/2`,
            keys: people.olive!.browser.keys,
          }),
        ).rejects.toMatchObject({ status: 400, message: NOTIFICATIONS_TEXT.badEndpoint });
      }
    });

    it('sends each notification once however many processes run their senders together', async () => {
      const { db } = ctx().deps;
      await subscribe('olive', '/olive/once').expect(201);
      const lead = await newRequest();
      await settled();
      const before = push.for('/olive/once').length;
      const processes = Array.from({ length: 3 }, () => pushService(ctx().deps));
      await processes[0]!.queue(db, 'accepted', lead.id, new Date());
      await Promise.all(processes.map((p) => p.runDue()));
      const arrived = push.for('/olive/once').slice(before);
      expect(arrived.map((r) => payloadOf('olive', r).tag)).toEqual([`accepted:${lead.id}`]);
    });

    it('makes the VAPID keys once: processes starting together keep one pair', async () => {
      const { db } = ctx().deps;
      await db.deleteFrom('settings').where('key', '=', 'push_vapid').execute();
      const starts = Array.from({ length: 4 }, () => pushService(ctx().deps));
      const keys = await Promise.all(starts.map((s) => s.publicKey()));
      expect(new Set(keys).size).toBe(1);
      expect(Buffer.from(keys[0]!, 'base64url')).toHaveLength(65);
      const rows = await db.selectFrom('settings').select('value').where('key', '=', 'push_vapid').execute();
      expect(rows).toHaveLength(1);
    });
  },
  // requests come from their own client address, read behind a proxy as in production
  { TRUST_PROXY: '1' },
);

describe('the stand-in decrypts only what was encrypted for its keys', () => {
  it('refuses a message for other keys', async () => {
    const { default: webpush } = await import('web-push');
    const mine = browserKeys();
    const theirs = browserKeys();
    const { localPublicKey, salt, cipherText } = webpush.encrypt(
      theirs.keys.p256dh,
      theirs.keys.auth,
      'hello',
      'aes128gcm',
    );
    expect(localPublicKey).toBeDefined();
    expect(salt).toBeDefined();
    expect(theirs.decrypt(cipherText).toString()).toBe('hello');
    expect(() => mine.decrypt(cipherText)).toThrow();
  });
});
