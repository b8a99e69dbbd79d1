/**
 * The team (issue 30 item 5, decision 0160): the owner adds staff, disables and enables accounts
 * and resets passwords (a new one, shown once); and reads the audit log. Every change is in the
 * log with who did it, before and after. No one disables themselves (so an owner who can sign in
 * always remains), nor resets their own password here. Only the owner reaches these (the team's
 * changes are the owner's: server/changes/team.ts; the Team and Audit log screens).
 */
import { z } from 'zod';
import { rowIdSchema } from '#app/modules/site/row-id.ts';
import { ACCOUNT_TEXT as ACCOUNT_WORDS, displayNameSchema, renameSchema } from '#app/modules/team/account.ts';
import { insertAudit, listAudit, type AuditRecord } from '../db/repo/audit.ts';
import { deleteSessionsOfUser } from '../db/repo/sessions.ts';
import { deletePasskeysOfUser } from '../db/repo/passkeys.ts';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  listUsers,
  setUserDisabled,
  updateUserDisplayName,
  updateUserPassword,
  type TeamMember,
} from '../db/repo/users.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import { ACCOUNT_RULES, ACCOUNT_TEXT } from './admin-account.ts';
import type { SessionUser } from './auth.ts';
import type { ServiceDeps } from './context.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export const TEAM_TEXT = {
  notFound: 'Account not found.',
  notYourself: 'You cannot disable your own account.',
  ownPassword: 'Change your own password on Your account.',
  displayName: ACCOUNT_WORDS.displayName,
  badFilter: 'That filter is not one the audit log knows.',
} as const;

const newMemberSchema = z.object({
  username: z.string().trim().regex(ACCOUNT_RULES.username, ACCOUNT_TEXT.badUsername),
  displayName: displayNameSchema,
});

const auditQuerySchema = z.object({
  actor: z.string().trim().min(1, TEAM_TEXT.badFilter).max(64, TEAM_TEXT.badFilter).optional(),
  action: z
    .string()
    .regex(/^[a-z_]{1,40}$/, TEAM_TEXT.badFilter)
    .optional(),
  from: z.iso.date({ message: TEAM_TEXT.badFilter }).optional(),
  until: z.iso.date({ message: TEAM_TEXT.badFilter }).optional(),
  before: rowIdSchema(TEAM_TEXT.badFilter).optional(),
});

const AUDIT_PAGE = 100;
const blank = (value: unknown) => (value === '' ? undefined : value);

export function teamService({ db, now }: Pick<ServiceDeps, 'db' | 'now'>) {
  async function member(id: number) {
    const user = await findUserById(db, id);
    if (!user) throw new AppError(404, TEAM_TEXT.notFound);
    return user;
  }

  return {
    list: (): Promise<TeamMember[]> => listUsers(db),

    /** A new staff member with a generated password, returned once (staff change it with the CLI). */
    async add(payload: unknown, by: SessionUser): Promise<{ member: TeamMember; password: string }> {
      const { username, displayName } = parseInput(newMemberSchema, payload);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        if (await findUserByUsername(trx, username)) throw new AppError(409, ACCOUNT_TEXT.taken(username));
        // a password handed out: changed at the first sign-in (decision 0201)
        const id = await insertUser(
          trx,
          { username, displayName, passwordHash, role: 'staff', mustChangePassword: true },
          at,
        );
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'user_added',
            subject: `user:${id}`,
            after: { username, displayName, role: 'staff' },
          },
          at,
        );
        return id;
      });
      const { passwordHash: _, mustChangePassword: _m, lastSignInAt: _l, ...user } = await member(id);
      return { member: { ...user, createdAt: at.toISOString() }, password };
    },

    /** Disables an account (its sessions end at once) or turns it back on. */
    async setDisabled(id: number, disabled: boolean, by: SessionUser): Promise<void> {
      if (disabled && id === by.id) throw new AppError(409, TEAM_TEXT.notYourself);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const user = await findUserById(trx, id);
        if (!user) throw new AppError(404, TEAM_TEXT.notFound);
        if (Boolean(user.disabledAt) === disabled) return;
        await setUserDisabled(trx, id, disabled, at);
        if (disabled) await deleteSessionsOfUser(trx, id);
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: disabled ? 'user_disabled' : 'user_enabled',
            subject: `user:${id}`,
            before: { disabled: !disabled },
            after: { disabled },
          },
          at,
        );
      });
    },

    /** The owner renames an account (its display name; decision 0201), in the audit log. */
    async rename(id: number, payload: unknown, by: SessionUser): Promise<{ displayName: string }> {
      const { displayName } = parseInput(renameSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const user = await findUserById(trx, id);
        if (!user) throw new AppError(404, TEAM_TEXT.notFound);
        if (user.displayName === displayName) return;
        await updateUserDisplayName(trx, id, displayName, at);
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'user_renamed',
            subject: `user:${id}`,
            before: { displayName: user.displayName },
            after: { displayName },
          },
          at,
        );
      });
      return { displayName };
    },

    /** A new generated password for an account, returned once; its sessions end. */
    async resetPassword(id: number, by: SessionUser): Promise<{ password: string }> {
      await member(id);
      // a password shown on a screen is for someone else; one's own is typed, never shown
      if (id === by.id) throw new AppError(409, TEAM_TEXT.ownPassword);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const at = now();
      await db.transaction().execute(async (trx) => {
        // handed out: changed at the next sign-in (decision 0201)
        await updateUserPassword(trx, id, passwordHash, at, true);
        await deleteSessionsOfUser(trx, id);
        await insertAudit(
          trx,
          { userId: by.id, actor: by.username, action: 'password_reset', subject: `user:${id}` },
          at,
        );
        // a passkey added by whoever had the account must not sign in past the reset (decision 0202)
        for (const removed of await deletePasskeysOfUser(trx, id)) {
          await insertAudit(
            trx,
            {
              userId: by.id,
              actor: by.username,
              action: 'passkey_removed',
              subject: `user:${id}`,
              before: { name: removed.name },
            },
            at,
          );
        }
      });
      return { password };
    },

    /**
     * The audit log, newest first, a hundred at a time: `?actor=` a username, `?action=`,
     * `?from=` and `?until=` calendar days (UTC; until inclusive), `?before=` the
     * last page's oldest entry. 400 for a filter it does not know.
     */
    async audit(query: Record<string, unknown>): Promise<{ entries: AuditRecord[]; next: number | null }> {
      const q = parseInput(
        auditQuerySchema,
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, blank(v)])),
      );
      const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
      const entries = await listAudit(db, {
        actor: q.actor,
        action: q.action,
        from: q.from ? `${q.from}T00:00:00.000Z` : undefined,
        until: q.until ? dayAfter(q.until) : undefined,
        beforeId: q.before,
        limit: AUDIT_PAGE,
      });
      return { entries, next: entries.length === AUDIT_PAGE ? entries.at(-1)!.id : null };
    },
  };
}

export type TeamService = ReturnType<typeof teamService>;
