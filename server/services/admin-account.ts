/**
 * Staff accounts: the configured admin exists at start (README.md, Configuration), the owner (decision 0160);
 * staff or owners are added, or get a new password, from the command line (server/cli/admin.ts),
 * which ends their sessions.
 */
import { insertAudit } from '../db/repo/audit.ts';
import { deleteSessionsOfUser } from '../db/repo/sessions.ts';
import { deletePasskeysOfUser } from '../db/repo/passkeys.ts';
import {
  findUserByUsername,
  insertUser,
  updateUserDisplayName,
  updateUserPassword,
  type Role,
} from '../db/repo/users.ts';
import { AppError } from '../errors.ts';
import {
  ACCOUNT_TEXT as OWN_ACCOUNT_TEXT,
  displayNameSchema,
  PASSWORD_MIN,
} from '#app/modules/team/account.ts';
import type { ServiceDeps } from './context.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

/** The rules for a username and a password chosen by a person (ADMIN_USERNAME follows the same). */
export const ACCOUNT_RULES = { username: /^[a-zA-Z0-9._-]{3,64}$/, minPasswordLength: PASSWORD_MIN } as const;
export const ACCOUNT_TEXT = {
  badUsername: 'The username must be 3-64 letters, digits, dots, dashes or underscores.',
  shortPassword: OWN_ACCOUNT_TEXT.tooShort,
  taken: (username: string) => `A user named ${username} already exists.`,
  unknown: (username: string) => `No user named ${username}.`,
} as const;

function checkAccount(username: string, password: string): void {
  if (!ACCOUNT_RULES.username.test(username)) throw new AppError(400, ACCOUNT_TEXT.badUsername);
  if (password.length < ACCOUNT_RULES.minPasswordLength) throw new AppError(400, ACCOUNT_TEXT.shortPassword);
}

/** Who changed the admin's password, in the audit log, when ADMIN_PASSWORD did at start. */
export const ADMIN_PASSWORD_ACTOR = 'ADMIN_PASSWORD at start';

/** The CLI needs no files, outbox or other service: only these. */
export type AdminAccountDeps = Pick<ServiceDeps, 'db' | 'config' | 'now' | 'logger'>;

export function adminAccountService({ db, config, now, logger }: AdminAccountDeps) {
  return {
    /**
     * Adds a staff member, or an owner (display name = username). 400 for a username or password outside
     * ACCOUNT_RULES, 409 when the username is taken.
     */
    async createUser(username: string, password: string, role: Role = 'staff'): Promise<void> {
      checkAccount(username, password);
      if (await findUserByUsername(db, username)) throw new AppError(409, ACCOUNT_TEXT.taken(username));
      await insertUser(
        db,
        { username, displayName: username, passwordHash: await hashPassword(password), role },
        now(),
      );
    },

    /**
     * Gives a staff member a new password and signs them out everywhere (their sessions and
     * passkeys end in the same transaction). 400 for a password outside ACCOUNT_RULES, 404 for an unknown user.
     */
    async setPassword(username: string, password: string): Promise<void> {
      checkAccount(username, password);
      const user = await findUserByUsername(db, username);
      if (!user) throw new AppError(404, ACCOUNT_TEXT.unknown(username));
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await updateUserPassword(trx, user.id, passwordHash, now());
        await deleteSessionsOfUser(trx, user.id);
        // and its passkeys: the account is taken back whole (decision 0202)
        await deletePasskeysOfUser(trx, user.id);
      });
    },

    /**
     * Names an account (its display name, asked at first start or on the command line; decision
     * 0201), in the audit log. 400 for a name outside the rule, 404 for an unknown user.
     */
    async setDisplayName(username: string, name: string): Promise<void> {
      const parsed = displayNameSchema.safeParse(name);
      if (!parsed.success) throw new AppError(400, OWN_ACCOUNT_TEXT.displayName);
      const user = await findUserByUsername(db, username);
      if (!user) throw new AppError(404, ACCOUNT_TEXT.unknown(username));
      if (user.displayName === parsed.data) return;
      const at = now();
      await db.transaction().execute(async (trx) => {
        await updateUserDisplayName(trx, user.id, parsed.data, at);
        await insertAudit(
          trx,
          {
            userId: user.id,
            actor: user.username,
            action: 'display_name_changed',
            subject: `user:${user.id}`,
            before: { displayName: user.displayName },
            after: { displayName: parsed.data },
          },
          at,
        );
      });
    },

    /**
     * With ADMIN_PASSWORD set, the admin exists with that password; a changed one ends the admin's
     * sessions (a password changed because it leaked stops working everywhere at once) and is
     * written to the audit log, in one transaction. Without it, an existing admin is left alone; a missing one is created with a random password, returned once: the entry point
     * (server/index.ts) prints it and keeps it in DATA_DIR/initial-admin-password.
     */
    async ensureAdmin(): Promise<{ created: boolean; generatedPassword?: string }> {
      const { username, password } = config.admin;
      const existing = await findUserByUsername(db, username);
      if (existing) {
        if (password && !(await verifyPassword(password, existing.passwordHash))) {
          const passwordHash = await hashPassword(password);
          const at = now();
          const sessionsEnded = await db.transaction().execute(async (trx) => {
            await updateUserPassword(trx, existing.id, passwordHash, at);
            const ended = await deleteSessionsOfUser(trx, existing.id);
            await insertAudit(
              trx,
              {
                userId: null,
                actor: ADMIN_PASSWORD_ACTOR,
                action: 'password_reset',
                subject: `user:${existing.id}`,
                after: { sessionsEnded: ended },
              },
              at,
            );
            return ended;
          });
          logger.info({ username, sessionsEnded }, 'admin password updated from ADMIN_PASSWORD');
        }
        return { created: false };
      }
      const chosen = password ?? generatePassword();
      // the account ensured at start is the owner's (decision 0160); a generated password was
      // handed out, and is changed at the first sign-in (decision 0201)
      await insertUser(
        db,
        {
          username,
          displayName: username,
          passwordHash: await hashPassword(chosen),
          role: 'owner',
          mustChangePassword: !password,
        },
        now(),
      );
      if (password) return { created: true };
      return { created: true, generatedPassword: chosen };
    },
  };
}
