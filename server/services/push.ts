/**
 * Staff push notifications (issue 51 item 4, decision 0205). A person turns them on in a browser
 * ('Your account'): its subscription is kept for the session it was made in, so signing that
 * session out (or every other one, or a password change or reset, or disabling the person) removes
 * it by the foreign key. Each event (a staff alert, a message that failed after its last attempt)
 * writes one notification per subscription whose person chose its kind, in the event's own
 * transaction (`queue`); after the commit the caller kicks the sender, which claims each
 * notification (one process sends it, however many run), checks again that its person is not
 * disabled and its session not over, encrypts it (RFC 8291, aes128gcm) and signs the request
 * (VAPID, RFC 8292) with the `web-push` library, and POSTs it to the push service. A push service
 * that answers 404 or 410 has forgotten the subscription: it is removed. Another failure is tried
 * again a few times, then dropped (a notification hours late is noise).
 *
 * The server's VAPID key pair is made at the first start and kept in `settings` (insert if absent,
 * then read: two processes starting at once keep one pair). An endpoint is a URL the server will
 * POST to: only https to a browser maker's push service (PUSH_SERVICE_HOSTS), except that under the
 * tests loopback http is allowed for a local stand-in (decision 0205). Endpoints are never logged
 * whole: their path is the subscription's secret.
 */
import webpush from 'web-push';
import {
  KIND_OF_EVENT,
  PUSH_KINDS,
  pushPayload,
  type PushKind,
  type StaffEvent,
} from '#app/modules/messages/push-lines.ts';
import {
  NOTIFICATIONS_TEXT,
  pushChoicesSchema,
  pushSubscriptionSchema,
  type NotificationsState,
} from '#app/modules/team/notifications.ts';
import {
  claimPushJob,
  countSubscriptions,
  deleteOldPushJobs,
  deletePushJob,
  deleteSessionSubscriptions,
  deleteSubscription,
  findCustomerMessage,
  findPushLead,
  insertPushJobs,
  listDuePushJobs,
  listReachableSubscriptions,
  readPushKinds,
  retryPushJob,
  saveSubscription,
  writePushKinds,
  type DuePushJob,
} from '../db/repo/push.ts';
import { insertSettingIfAbsent, readSetting } from '../db/repo/settings.ts';
import type { Db, Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { SessionUser } from './auth.ts';
import type { ServiceDeps } from './context.ts';

const VAPID_KEY = 'push_vapid';
/** How long a push service keeps a notification for a device that is off (seconds). */
const TTL_S = 24 * 60 * 60;
/** How long one POST to a push service may take. */
const SEND_TIMEOUT_MS = 10_000;
/** Waits before the 2nd and 3rd attempt; after the 3rd failure the notification is dropped. */
export const PUSH_RETRY_MS = [30_000, 5 * 60_000] as const;
/** A notification claimed this long ago by a process that never finished it is sent again. */
const STALE_SENDING_MS = 2 * 60_000;
/** Notifications older than this are dropped unsent: news hours old is noise. */
const TOO_OLD_MS = 6 * 60 * 60_000;
const BATCH = 20;

type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The push services browsers subscribe with, by host (a leading dot: any host under it): Chrome,
 * Edge's older builds, Opera, Samsung Internet and other Chromium browsers (Firebase Cloud
 * Messaging), Firefox (Mozilla's autopush), Edge (Windows Push Notification Services) and Safari
 * (Apple's). The server POSTs to nowhere else: a name that is not on the list may lead anywhere,
 * this machine or the shop's own network included, whatever its address looks like today.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
] as const;

const isPushService = (host: string) =>
  PUSH_SERVICE_HOSTS.some((listed) => (listed.startsWith('.') ? host.endsWith(listed) : host === listed));

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** The endpoint's host alone, for a log line (its path is the subscription's secret). */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
};

export function pushService(deps: Pick<ServiceDeps, 'db' | 'config' | 'logger' | 'now'>) {
  const { db, config, logger, now } = deps;
  // a stand-in push service on this machine: the tests' only (NODE_ENV=test). A server started
  // without NODE_ENV=production is not a reason to POST to this machine's own ports
  const allowLoopbackHttp = config.env === 'test';
  let keys: Promise<VapidKeys> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDue = 0;
  let stopped = false;

  /** The VAPID key pair: made once for the whole installation, then read. */
  function vapidKeys(): Promise<VapidKeys> {
    keys ??= (async () => {
      const stored = (await readSetting(db, VAPID_KEY)) as VapidKeys | undefined;
      if (stored?.publicKey && stored.privateKey) return stored;
      await insertSettingIfAbsent(db, VAPID_KEY, webpush.generateVAPIDKeys(), 'system', now());
      const kept = (await readSetting(db, VAPID_KEY)) as VapidKeys;
      logger.info('push notification keys made (VAPID)');
      return kept;
    })().catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  }

  /** Refuses an endpoint the server must not POST to (400 on the `endpoint` field). */
  function checkEndpoint(endpoint: string): void {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    const ok =
      url !== undefined &&
      !url.username &&
      !url.password &&
      ((url.protocol === 'https:' && !url.port && isPushService(url.hostname)) ||
        (allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.test(url.hostname)));
    if (!ok)
      throw new AppError(400, NOTIFICATIONS_TEXT.badEndpoint, {
        fieldErrors: { endpoint: [NOTIFICATIONS_TEXT.badEndpoint] },
      });
  }

  const kindsOf = (stored: string | null | undefined): PushKind[] => {
    if (stored === null || stored === undefined) return [...PUSH_KINDS];
    try {
      const list = JSON.parse(stored) as unknown;
      return PUSH_KINDS.filter((k) => Array.isArray(list) && list.includes(k));
    } catch {
      return [...PUSH_KINDS];
    }
  };

  /** A session reaches its person's browser until it ends (signed out, or its weekly expiry) */
  const reachableSince = (at: Date) => ({ now: at });

  /** One POST to the push service: 'sent', 'gone' (404/410) or 'retry'. */
  async function deliver(job: DuePushJob, vapid: VapidKeys): Promise<'sent' | 'gone' | 'retry'> {
    const { endpoint, p256dh, auth } = job.subscription;
    try {
      const request = webpush.generateRequestDetails({ endpoint, keys: { p256dh, auth } }, job.payload, {
        vapidDetails: { subject: `mailto:${config.site.email}`, ...vapid },
        TTL: TTL_S,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await answer.arrayBuffer().catch(() => undefined);
      if (answer.ok) return 'sent';
      logger.warn(
        { pushJob: job.id, host: hostOf(endpoint), status: answer.status },
        'push service refused a notification',
      );
      return answer.status === 404 || answer.status === 410 ? 'gone' : 'retry';
    } catch (err) {
      logger.warn(
        { pushJob: job.id, host: hostOf(endpoint), err: err instanceof Error ? err.name : 'error' },
        'push notification not sent',
      );
      return 'retry';
    }
  }

  async function runOnce(): Promise<void> {
    const at = now();
    await deleteOldPushJobs(db, new Date(at.getTime() - TOO_OLD_MS));
    const vapid = await vapidKeys();
    for (;;) {
      const t = now();
      const staleBefore = new Date(t.getTime() - STALE_SENDING_MS);
      const due = await listDuePushJobs(db, { ...reachableSince(t), staleBefore }, BATCH);
      // the batch's notifications side by side: one slow or unreachable push service holds back
      // only its own, not everyone's 5 seconds
      const tried = await Promise.all(
        due.map(async (job) => {
          if (!(await claimPushJob(db, job.id, { now: now(), staleBefore }))) return false;
          const outcome = await deliver(job, vapid);
          if (outcome === 'sent') await deletePushJob(db, job.id);
          else if (outcome === 'gone') await deleteSubscription(db, job.subscription.id);
          else {
            const wait = PUSH_RETRY_MS[job.attempts];
            if (wait === undefined) await deletePushJob(db, job.id);
            else {
              await retryPushJob(db, job.id, new Date(now().getTime() + wait));
              scheduleRetry(wait);
            }
          }
          return true;
        }),
      );
      if (!tried.includes(true) || due.length < BATCH) break;
    }
  }

  /** A run when the earliest retry is due (a later event's kick may come first). */
  function scheduleRetry(wait: number): void {
    const due = Date.now() + wait;
    if (stopped || (retryTimer && retryDue <= due)) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryDue = due;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      service.kick();
    }, wait);
    retryTimer.unref();
  }

  const service = {
    /** The server's VAPID public key, made at the first start (server/index.ts asks at start). */
    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey;
    },

    /** What 'Your account' shows of notifications for this session (`sessionHash`). */
    async state(user: SessionUser, sessionHash: string): Promise<NotificationsState> {
      const [publicKey, counts, stored] = await Promise.all([
        service.publicKey(),
        countSubscriptions(db, user.id, sessionHash),
        readPushKinds(db, user.id),
      ]);
      return { publicKey, here: counts.here > 0, elsewhere: counts.elsewhere, kinds: kindsOf(stored) };
    },

    /**
     * Keeps this browser's subscription for the session it is made in. Refuses a malformed one and
     * an endpoint the server must not POST to (400).
     */
    async subscribe(user: SessionUser, sessionHash: string, payload: unknown): Promise<{ on: true }> {
      const input = parseInput(pushSubscriptionSchema, payload);
      checkEndpoint(input.endpoint);
      // one browser per session: a new subscription replaces the session's last (no pile of
      // endpoints for every event to write and send to)
      await db.transaction().execute(async (trx) => {
        await deleteSessionSubscriptions(trx, sessionHash);
        await saveSubscription(trx, {
          userId: user.id,
          sessionHash,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          at: now(),
        });
      });
      return { on: true };
    },

    /** Turns notifications off for this session's browser. */
    async unsubscribe(user: SessionUser, sessionHash: string): Promise<{ on: false }> {
      await deleteSessionSubscriptions(db, sessionHash);
      return { on: false };
    },

    /** The person's choices, for every browser of theirs. */
    async choose(user: SessionUser, payload: unknown): Promise<{ kinds: PushKind[] }> {
      const choices = parseInput(pushChoicesSchema, payload);
      const chosen = PUSH_KINDS.filter((k) => choices[k]);
      await writePushKinds(db, user.id, chosen);
      return { kinds: chosen };
    },

    /**
     * Writes the notification of `event` about a lead for every subscription that may have it, in
     * the caller's transaction (the event's). Returns how many; kick the sender after the commit.
     */
    async queue(trx: Tx | Db, event: StaffEvent, leadId: number, at: Date): Promise<number> {
      const subscriptions = (await listReachableSubscriptions(trx, reachableSince(at))).filter((s) =>
        kindsOf(s.pushKinds).includes(KIND_OF_EVENT[event]),
      );
      if (!subscriptions.length) return 0;
      const lead = await findPushLead(trx, leadId);
      if (!lead) return 0;
      const payload = JSON.stringify(pushPayload(event, lead, config.site.name));
      await insertPushJobs(
        trx,
        subscriptions.map((s) => ({ subscriptionId: s.id, payload })),
        at,
      );
      return subscriptions.length;
    },

    /** A message to a customer failed after its last attempt: its notification, in the caller's transaction. */
    async queueFailed(trx: Tx | Db, messageId: number, at: Date): Promise<number> {
      const message = await findCustomerMessage(trx, messageId);
      if (!message) return 0;
      return service.queue(
        trx,
        message.channel === 'sms' ? 'failed_text' : 'failed_email',
        message.leadId,
        at,
      );
    },

    /** Asks for a sending run after the current I/O (after the response). Never throws. */
    kick(): void {
      if (stopped || scheduled) return;
      scheduled = setImmediate(() => {
        scheduled = undefined;
        service
          .runDue()
          .catch((err: unknown) =>
            logger.error({ err: err instanceof Error ? err.message : String(err) }, 'push run failed'),
          );
      });
    },

    /** Sends every due notification; concurrent calls share a run, a call during one adds another. */
    async runDue(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await runOnce();
        } while (again && !stopped);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** Resolves once no run is in progress (tests wait on this, not on time). */
    async idle(): Promise<void> {
      while (running || scheduled) {
        if (running) await running.catch(() => {});
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },

    /** Stops scheduling (tests, shutdown); a run in progress finishes. */
    stop(): void {
      stopped = true;
      if (scheduled) clearImmediate(scheduled);
      if (retryTimer) clearTimeout(retryTimer);
      scheduled = retryTimer = undefined;
    },
  };
  return service;
}

export type PushService = ReturnType<typeof pushService>;
