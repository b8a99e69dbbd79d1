/**
 * The tables of the app's own bookkeeping, beside the business's records of schema.ts: request
 * limits, the sign-in throttle, versions that tell processes what changed, the insights' day
 * rollups, the keys of retried changes, and the browsers staff get notifications in with the
 * notifications waiting to go. Same conventions as schema.ts.
 */
import type { Generated } from 'kysely';
import type { JsonText, Timestamp } from './column-types.ts';

/** Epoch milliseconds: the shared limits compare and add times in SQL the same way on both engines. */
export type EpochMs = number;

/** A fixed-window counter of a request rate limit (decision 0092). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resets_at: EpochMs;
}

/** The sign-in throttle's count for one key: an account and client, or a client (decision 0176). */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  last_failed_at: EpochMs;
  /** no attempt for this key before then */
  wait_until: EpochMs;
}

/** A passkey ceremony under way (migration 0023, decision 0202): its challenge, used once. */
export interface PasskeyChallengesTable {
  /** random, handed to the browser with the ceremony's options */
  id: string;
  /** base64url, as the options carry it */
  challenge: string;
  /** 'register' (then `user_id` is who adds the passkey) or 'sign_in' */
  purpose: string;
  user_id: number | null;
  expires_at: EpochMs;
}

/** One row (id 1): the version of what public pages show (decision 0097). */
export interface ContentVersionTable {
  id: number;
  /** bigint on PostgreSQL (pg answers a string): read through Number() */
  version: number;
}

/** One America/Winnipeg day's insight figures (decision 0163; `DayFigures`, server/services/insight-days.ts). */
export interface InsightDaysTable {
  /** YYYY-MM-DD, local */
  day: string;
  figures: JsonText;
}

/** A UTC date (YYYY-MM-DD) whose rows changed since its local days' figures were computed. */
export interface InsightStaleTable {
  day: string;
}

/** One row (id 1): how many refreshes changed a day of `insight_days` (decision 0163). */
export interface InsightVersionTable {
  id: number;
  /** bigint on PostgreSQL (pg answers a string): read through Number() */
  version: number;
}

/**
 * A key a keyed change was made under (decision 0179): the same key in the same scope gets
 * `answer` again and changes nothing; a day after `created_at` it is swept.
 */
export interface IdempotencyKeysTable {
  /** the change, its subject and who made it, e.g. 'lead 7 quote by sam' */
  scope: string;
  key: string;
  /** SHA-256 of the request the key was first sent with (the same key with another: 422) */
  request_hash: string;
  /** the first answer, JSON; null only inside the transaction that claimed the key */
  answer: JsonText | null;
  created_at: Timestamp;
  /** until when a retry under the key gets the first answer; swept after (decision 0207) */
  kept_until: Timestamp;
}

/** A browser's push subscription, the session's it was made in (migration 0024, decision 0205). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** the session it was made in: signing that session out removes it (foreign key, cascade) */
  session_hash: string;
  /** the push service's URL for this browser: the server POSTs there; a secret, never logged */
  endpoint: string;
  /** the browser's P-256 public key and auth secret, base64url (RFC 8291) */
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** A notification waiting to go to one subscription (migration 0024): removed once sent. */
export interface PushJobsTable {
  id: Generated<number>;
  subscription_id: number;
  /** JSON `{ title, body, url, tag }`, what the service worker shows */
  payload: JsonText;
  /** 'queued' or 'sending' (claimed by one process) */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  claimed_at: Timestamp | null;
}
