/**
 * Retries that change nothing (issue 47 item 7, decision 0179): the one mechanism the keyed changes
 * use (sending a quote, a staff text, the quote page's question). A change sent with a key runs in
 * one transaction that first claims the key in the change's scope and, with the change, keeps its
 * answer; the same key again gets that answer and changes nothing, also when the two arrive at
 * the same moment in two processes. A change that is refused keeps nothing: it changed nothing,
 * so the same key may try again. A key is kept for its change's `keepMs` (IDEMPOTENCY_KEEP_MS unless
 * the change says otherwise, decision 0207), then swept.
 */
import { createHash } from 'node:crypto';
import { BAD_IDEMPOTENCY_KEY, readIdempotencyKey } from '#app/modules/shared/idempotency.ts';
import { claimKey, deleteEndedKeys, findKey, keepAnswer, type KeptKey } from '../db/repo/idempotency-keys.ts';
import type { Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { ServiceDeps } from './context.ts';

/** How long a key gets its first answer unless its change says: a day covers a client's retries (Stripe keeps 24 h). */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request.';
/** A key taken and then swept in the moment between: the caller's retry is a new request. */
export const BEING_ANSWERED = 'This request is being answered. Try again.';

/**
 * A keyed change: `scope` names the change, its subject and who makes it ('lead 7 quote by sam'),
 * so a key means something only there; `key` as sent (none: a change of its own, as without
 * keys); `request` what the change was asked to do, as parsed (the same key with another: 422);
 * `keepMs` how long its retries may come (IDEMPOTENCY_KEEP_MS unless said).
 */
export type Claim = { scope: string; key: unknown; request: unknown; keepMs?: number };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function idempotencyService({ db, now }: ServiceDeps) {
  /** The claim with its key checked (400 for a malformed one), or null when none was sent. */
  function keyed(claim: Claim) {
    const key = readIdempotencyKey(claim.key);
    if (key === null) throw new AppError(400, BAD_IDEMPOTENCY_KEY);
    if (key === undefined) return null;
    const at = now();
    return {
      scope: claim.scope,
      key,
      requestHash: sha256(JSON.stringify(claim.request ?? null)),
      at,
      keptUntil: new Date(at.getTime() + (claim.keepMs ?? IDEMPOTENCY_KEEP_MS)),
    };
  }

  /** The first answer kept under a key, for a retry of the same request; 422 for another request. */
  function replay<T>(kept: KeptKey, requestHash: string): T {
    if (kept.requestHash !== requestHash) throw new AppError(422, KEY_REUSED);
    return JSON.parse(kept.answer ?? 'null') as T;
  }

  return {
    /**
     * Runs `change` in one transaction. With a key, the transaction first claims it (a second
     * claim of the same key waits for the first's transaction to end) and keeps the change's
     * answer, JSON, with it; when the key was used already, the first answer comes back instead and
     * `change` does not run (`replayed`). A change that throws keeps nothing: its transaction,
     * the claim with it, is rolled back. 400 for a malformed key; 422 for a key used for another
     * request.
     */
    async once<T>(claim: Claim, change: (trx: Tx) => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
      const k = keyed(claim);
      if (!k) return { answer: await db.transaction().execute(change), replayed: false };
      return db.transaction().execute(async (trx) => {
        if (!(await claimKey(trx, k))) {
          const kept = await findKey(trx, k);
          // taken, then swept in the moment between (its keep ended): the caller's retry is a new request
          if (!kept) throw new AppError(409, BEING_ANSWERED);
          return { answer: replay<T>(kept, k.requestHash), replayed: true };
        }
        const answer = await change(trx);
        await keepAnswer(trx, k.scope, k.key, JSON.stringify(answer ?? null));
        return { answer, replayed: false };
      });
    },

    /**
     * The first answer of a change already made under the claim's key, without waiting for a
     * change under way: for a check a retry should not pass through again (a limit that counts),
     * before `once` decides. Undefined when there is none (or no key).
     */
    async kept<T>(claim: Claim): Promise<{ answer: T } | undefined> {
      const k = keyed(claim);
      const kept = k && (await findKey(db, k));
      return kept && kept.answer !== null ? { answer: replay<T>(kept, k.requestHash) } : undefined;
    },

    /**
     * Whether a change was made under `key` in `scope` already, whatever its request: for a check
     * made before the request can be read (the quote request's photos arrive after its limit
     * counts, decision 0207), so a retry is spared work `once` would throw away. 400 for a
     * malformed key; false for none.
     */
    async answered(scope: string, key: unknown): Promise<boolean> {
      const k = keyed({ scope, key, request: null });
      const kept = k && (await findKey(db, k));
      return !!kept && kept.answer !== null;
    },

    /** Removes the keys whose keep has ended (the minute's pass); returns how many. */
    async sweep(): Promise<number> {
      return deleteEndedKeys(db, now());
    },
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;
