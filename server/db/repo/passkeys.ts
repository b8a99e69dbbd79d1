/** Passkeys (WebAuthn credentials) and the challenges of ceremonies under way (decision 0202). */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type PasskeyRecord = {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'name',
  'created_at',
  'last_used_at',
] as const;

function toPasskey(row: {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): PasskeyRecord {
  let transports: string[] = [];
  try {
    const parsed: unknown = row.transports ? JSON.parse(row.transports) : [];
    if (Array.isArray(parsed)) transports = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    transports = [];
  }
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** A person's passkeys, the newest first. */
export async function listPasskeys(db: Executor, userId: number): Promise<PasskeyRecord[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPasskey);
}

export async function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRecord | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && toPasskey(row);
}

export async function insertPasskey(
  db: Executor,
  p: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
  },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('passkeys')
    .values({
      user_id: p.userId,
      credential_id: p.credentialId,
      public_key: p.publicKey,
      counter: p.counter,
      transports: JSON.stringify(p.transports),
      name: p.name,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A passkey used to sign in: its new counter and when. */
export async function markPasskeyUsed(db: Executor, id: number, counter: number, now: Date): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Removes one of a person's passkeys; answers what it was, or undefined when they had none by that id. */
export async function deletePasskey(
  db: Executor,
  userId: number,
  id: number,
): Promise<PasskeyRecord | undefined> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toPasskey(row);
}

/**
 * Removes every passkey of a person (their password was reset: a passkey someone else added must
 * not outlive it); answers those removed.
 */
export async function deletePasskeysOfUser(db: Executor, userId: number): Promise<PasskeyRecord[]> {
  const rows = await db.deleteFrom('passkeys').where('user_id', '=', userId).returning(COLUMNS).execute();
  return rows.map(toPasskey);
}

export type ChallengeRecord = { challenge: string; purpose: string; userId: number | null };

/** A ceremony's challenge; the expired ones are swept first (options nobody answered). */
export async function insertChallenge(
  db: Executor,
  c: { id: string; challenge: string; purpose: string; userId: number | null; expiresAt: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      id: c.id,
      challenge: c.challenge,
      purpose: c.purpose,
      user_id: c.userId,
      expires_at: c.expiresAt,
    })
    .execute();
}

/**
 * A ceremony's challenge, taken (deleted: it is used once, whatever the answer), or undefined when
 * there is none by that id or it has expired. Expired ones are swept on the way.
 */
export async function takeChallenge(
  db: Executor,
  id: string,
  now: number,
): Promise<ChallengeRecord | undefined> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('id', '=', id)
    .returning(['challenge', 'purpose', 'user_id'])
    .executeTakeFirst();
  return row && { challenge: row.challenge, purpose: row.purpose, userId: row.user_id };
}
