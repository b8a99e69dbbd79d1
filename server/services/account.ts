/**
 * A person's own account (issue 49 item 2, decision 0201): their display name, their password
 * (the current one required, unless it was handed out and is being replaced at first sign-in) and
 * 'Sign out everywhere else'. Every change is in the audit log, never a password. The owner's
 * renaming of others is the team's (server/services/team.ts).
 */
import {
  ACCOUNT_TEXT,
  passwordChangeSchema,
  renameSchema,
  type PasskeyRow,
} from '#app/modules/team/account.ts';
import { businessDay } from '#app/modules/team/team.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { listPasskeys } from '../db/repo/passkeys.ts';
import { deleteOtherSessionsOfUser } from '../db/repo/sessions.ts';
import { findUserById, updateUserDisplayName, updateUserPassword } from '../db/repo/users.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { AuthService, SessionUser } from './auth.ts';
import type { ServiceDeps } from './context.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { TEAM_TEXT } from './team.ts';

/** What 'Your account' shows. */
export type OwnAccount = {
  username: string;
  displayName: string;
  role: SessionUser['role'];
  mustChangePassword: boolean;
  passkeys: PasskeyRow[];
};

export function accountService(
  { db, now }: Pick<ServiceDeps, 'db' | 'now'>,
  { auth }: { auth: Pick<AuthService, 'attempt' | 'succeeded'> },
) {
  async function me(user: SessionUser) {
    const record = await findUserById(db, user.id);
    if (!record || record.disabledAt) throw new AppError(404, TEAM_TEXT.notFound);
    return record;
  }

  return {
    async get(user: SessionUser): Promise<OwnAccount> {
      const record = await me(user);
      const passkeys = await listPasskeys(db, user.id);
      return {
        username: record.username,
        displayName: record.displayName,
        role: record.role,
        mustChangePassword: record.mustChangePassword,
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          added: businessDay(p.createdAt),
          lastUsed: p.lastUsedAt ? businessDay(p.lastUsedAt) : null,
        })),
      };
    },

    /** Their own display name (1-80 characters), in the audit log. */
    async rename(user: SessionUser, payload: unknown): Promise<{ displayName: string }> {
      const { displayName } = parseInput(renameSchema, payload);
      const record = await me(user);
      if (record.displayName === displayName) return { displayName };
      const at = now();
      await db.transaction().execute(async (trx) => {
        await updateUserDisplayName(trx, user.id, displayName, at);
        await insertAudit(
          trx,
          {
            userId: user.id,
            actor: user.username,
            action: 'display_name_changed',
            subject: `user:${user.id}`,
            before: { displayName: record.displayName },
            after: { displayName },
          },
          at,
        );
      });
      return { displayName };
    },

    /**
     * Their own password: the current one checked (400 on its field when wrong) unless the password
     * was handed out (then the form asks only for the new one, twice, and it must differ); every
     * other session of theirs ends (`keepIdHash` is this one), in the audit log without a password.
     */
    async changePassword(
      user: SessionUser,
      payload: unknown,
      keepIdHash: string,
    ): Promise<{ sessionsEnded: number }> {
      const record = await me(user);
      const mustChange = record.mustChangePassword;
      const input = parseInput(passwordChangeSchema(mustChange), payload);
      if (!mustChange) {
        // the current password is a guess like a sign-in's: counted by the same throttle (decision
        // 0176), for this account from this session, so a session left open cannot be used to try
        // passwords one after another
        const client = `session:${keepIdHash}`;
        await auth.attempt(user.username, client, now());
        if (!(await verifyPassword(input.currentPassword ?? '', record.passwordHash)))
          throw new AppError(400, ACCOUNT_TEXT.wrongCurrent, {
            fieldErrors: { currentPassword: [ACCOUNT_TEXT.wrongCurrent] },
          });
        await auth.succeeded(user.username, client);
      }
      if (mustChange && (await verifyPassword(input.newPassword, record.passwordHash)))
        throw new AppError(400, ACCOUNT_TEXT.sameAsOld, {
          fieldErrors: { newPassword: [ACCOUNT_TEXT.sameAsOld] },
        });
      const passwordHash = await hashPassword(input.newPassword);
      const at = now();
      return db.transaction().execute(async (trx) => {
        await updateUserPassword(trx, user.id, passwordHash, at);
        const sessionsEnded = await deleteOtherSessionsOfUser(trx, user.id, keepIdHash);
        await insertAudit(
          trx,
          {
            userId: user.id,
            actor: user.username,
            action: 'password_changed',
            subject: `user:${user.id}`,
            after: { sessionsEnded, ...(mustChange && { handedOut: true }) },
          },
          at,
        );
        return { sessionsEnded };
      });
    },

    /** 'Sign out everywhere else': every session of theirs but `keepIdHash` ends; in the audit log. */
    async signOutOthers(user: SessionUser, keepIdHash: string): Promise<{ sessionsEnded: number }> {
      await me(user);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const sessionsEnded = await deleteOtherSessionsOfUser(trx, user.id, keepIdHash);
        await insertAudit(
          trx,
          {
            userId: user.id,
            actor: user.username,
            action: 'signed_out_elsewhere',
            subject: `user:${user.id}`,
            after: { sessionsEnded },
          },
          at,
        );
        return { sessionsEnded };
      });
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
