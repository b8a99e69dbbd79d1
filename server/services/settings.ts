/**
 * The owner's settings (issue 30 items 3 and 4, decision 0161): the follow-up texts and review
 * requests, each on or off with its wording. Read by the follow-up pass each time it runs (so every
 * process uses a change at once); changed only by the owner, in the audit log with before and after.
 */
import { settingsSchema, withDefaults, type Settings } from '#app/modules/customers/follow-ups.ts';
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { readSetting, writeSetting } from '../db/repo/settings.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { SessionUser } from './auth.ts';
import type { ServiceDeps } from './context.ts';

const KEY = 'customer_texts';

export function settingsService({ db, now }: Pick<ServiceDeps, 'db' | 'now'>) {
  const service = {
    /** The settings in force: as the owner saved them, or the defaults (follow-ups on, reviews off). */
    async get(): Promise<Settings> {
      return withDefaults(await readSetting(db, KEY));
    },

    /** The owner saves the settings (the Settings screen: `settings.update`); 403 for staff; audited. */
    async update(payload: unknown, by: SessionUser): Promise<Settings> {
      if (by.role !== 'owner') throw new AppError(403, OWNER_ONLY);
      const next = parseInput(settingsSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = withDefaults(await readSetting(trx, KEY));
        await writeSetting(trx, KEY, next, by.username, at);
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'settings_changed',
            subject: 'settings',
            before,
            after: next,
          },
          at,
        );
      });
      return next;
    },
  };
  return service;
}

export type SettingsService = ReturnType<typeof settingsService>;
