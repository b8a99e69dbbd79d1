/** Staff sessions. Only a SHA-256 of the cookie value is stored. */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import type { Role } from './users.ts';

export type SessionRecord = {
  idHash: string;
  userId: number;
  username: string;
  displayName: string;
  role: Role;
  mustChangePassword: boolean;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
};

export async function insertSession(
  db: Kysely<DB>,
  s: { idHash: string; userId: number; csrfToken: string; now: Date; expiresAt: Date },
): Promise<void> {
  const at = s.now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      id_hash: s.idHash,
      user_id: s.userId,
      csrf_token: s.csrfToken,
      created_at: at,
      last_seen_at: at,
      expires_at: s.expiresAt.toISOString(),
    })
    .execute();
}

export async function findSession(db: Kysely<DB>, idHash: string): Promise<SessionRecord | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash',
      'sessions.user_id',
      'sessions.csrf_token',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.username',
      'users.display_name',
      'users.role',
      'users.must_change_password',
    ])
    .where('sessions.id_hash', '=', idHash)
    // a disabled account's sessions are over, whatever their cookie says
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      idHash: row.id_hash,
      userId: row.user_id,
      username: row.username,
      displayName: row.display_name,
      role: row.role as Role,
      mustChangePassword: Boolean(row.must_change_password),
      csrfToken: row.csrf_token,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    }
  );
}

export async function touchSession(db: Kysely<DB>, idHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Kysely<DB>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteExpiredSessions(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}

/** Ends every session of a user; returns how many there were. */
export async function deleteSessionsOfUser(db: Kysely<DB>, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a user but one (`keepIdHash`); returns how many ended. */
export async function deleteOtherSessionsOfUser(
  db: Kysely<DB>,
  userId: number,
  keepIdHash: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id_hash', '<>', keepIdHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
