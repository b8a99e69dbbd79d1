/** Staff accounts: the owner and staff (decision 0160). */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

import type { Role, TeamMember } from '#app/modules/team/team.ts';

export type { Role, TeamMember };
export type UserRecord = Omit<TeamMember, 'createdAt'> & {
  passwordHash: string;
  /** the owner handed the password out: a new one first (migration 0022) */
  mustChangePassword: boolean;
  /** null: never signed in */
  lastSignInAt: string | null;
};

const COLUMNS = [
  'id',
  'username',
  'display_name',
  'password_hash',
  'role',
  'disabled_at',
  'created_at',
  'must_change_password',
  'last_sign_in_at',
] as const;

function toUser(row: {
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  role: string;
  disabled_at: string | null;
  must_change_password: boolean | number;
  last_sign_in_at: string | null;
}): UserRecord {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    role: row.role as Role,
    disabledAt: row.disabled_at,
    mustChangePassword: Boolean(row.must_change_password),
    lastSignInAt: row.last_sign_in_at,
  };
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('username', '=', username)
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Executor, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** Every account, the owners first, then by name. */
export async function listUsers(db: Executor): Promise<TeamMember[]> {
  const rows = await db.selectFrom('users').select(COLUMNS).orderBy('role').orderBy('username').execute();
  return rows.map((row) => {
    const { passwordHash: _, mustChangePassword: _m, lastSignInAt: _l, ...user } = toUser(row);
    return { ...user, createdAt: row.created_at };
  });
}

export async function insertUser(
  db: Executor,
  user: {
    username: string;
    displayName: string;
    passwordHash: string;
    role?: Role;
    /** the password is handed out: asked for anew at first sign-in */
    mustChangePassword?: boolean;
  },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      display_name: user.displayName,
      password_hash: user.passwordHash,
      role: user.role ?? 'staff',
      must_change_password: user.mustChangePassword ?? false,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A new password: `handedOut` when someone else chose it (the owner's reset), so it must be
 * changed at the next sign-in; a password the person typed themselves clears that.
 */
export async function updateUserPassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
  handedOut = false,
) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: handedOut, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Disables an account (`disabled` true) or lets it sign in again. */
export async function setUserDisabled(db: Executor, userId: number, disabled: boolean, now: Date) {
  await db
    .updateTable('users')
    .set({ disabled_at: disabled ? now.toISOString() : null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** A new display name. */
export async function updateUserDisplayName(db: Executor, userId: number, displayName: string, now: Date) {
  await db
    .updateTable('users')
    .set({ display_name: displayName, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Records a sign-in; answers the one before (null: this is the first). */
export async function recordSignIn(db: Executor, userId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('last_sign_in_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ last_sign_in_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
  return row?.last_sign_in_at ?? null;
}
