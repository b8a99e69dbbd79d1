/** Staff accounts. */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type UserRecord = { id: number; username: string; displayName: string; passwordHash: string };

export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      passwordHash: row.password_hash,
    }
  );
}

export async function insertUser(
  db: Kysely<DB>,
  user: { username: string; displayName: string; passwordHash: string },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      display_name: user.displayName,
      password_hash: user.passwordHash,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserPassword(db: Kysely<DB>, userId: number, passwordHash: string, now: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}
