/**
 * The shop's own numbers in force (issue 49 item 1, decision 0204): hours, markup rules, pickup
 * place, quiet hours and what staff may see and do, as the owner saved them on the Settings screen
 * over the first values (product.md's and the environment's: PICKUP_ADDRESS, TEXT_QUIET_HOURS).
 *
 * Every process holds the settings in memory and reads them without waiting (`current()`, `site()`):
 * loaded before the process serves (`load`), set at once by the process that saves a change, and
 * read again by every other when the "content changed" signal moves (decision 0097: within a
 * second). A read that fails (the database away) is tried again each second until it succeeds, so
 * no process keeps an old value for long. Listeners (the page cache) run after a new value is in.
 */
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import {
  allowed,
  SHOP_FORMS,
  sectionWords,
  shopDefaults,
  shopWithDefaults,
  type ShopSection,
  type ShopSettings,
  type StaffAccess,
} from '#app/modules/site/shop-settings.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { lockSetting, readSetting, writeSetting } from '../db/repo/settings.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { SessionUser } from './auth.ts';
import type { ContentChanges } from './changes.ts';
import type { ServiceDeps } from './context.ts';

const KEY = 'shop';
const RETRY_MS = 1_000;

export function shopService(
  { db, engine, now, config, logger }: Pick<ServiceDeps, 'db' | 'engine' | 'now' | 'config' | 'logger'>,
  { changes }: { changes: Pick<ContentChanges, 'onChange' | 'publish'> },
) {
  const defaults = shopDefaults({ pickupAddress: config.pickupAddress, quietHours: config.quietHours });
  let settings = defaults;
  let site: SiteInfo = { ...config.site, baseUrl: config.baseUrl, hours: settings.hours };
  const listeners = new Set<() => void>();
  let retry: NodeJS.Timeout | undefined;

  function adopt(next: ShopSettings) {
    const same = JSON.stringify(next) === JSON.stringify(settings);
    settings = next;
    if (next.hours !== site.hours) site = { ...site, hours: next.hours };
    if (same) return;
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        logger.error({ err }, 'a shop-settings listener failed');
      }
    }
  }

  /** Reads started, in order: only the latest read's answer is adopted (an older one may end later). */
  let reads = 0;
  async function load(): Promise<void> {
    clearTimeout(retry);
    retry = undefined;
    const read = ++reads;
    try {
      const stored = await readSetting(db, KEY);
      if (read === reads) adopt(shopWithDefaults(stored, defaults));
    } catch (err) {
      if (read !== reads) return;
      logger.warn({ err }, 'shop settings: cannot read them now; trying again in a second');
      retry = setTimeout(() => void load(), RETRY_MS);
      retry.unref();
    }
  }

  changes.onChange(() => void load());

  return {
    /** The settings in force in this process. */
    current: (): ShopSettings => settings,
    /** Whether `user` may see or do what is the owner's unless the owner allows staff. */
    may: (user: Pick<SessionUser, 'role'>, what: keyof StaffAccess): boolean => allowed(settings, user, what),
    /** The site's facts with the hours in force: one object until they change. */
    site: (): SiteInfo => site,
    /** Runs after a new value is in force here (the page cache drops its pages). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Reads the stored settings (a process, once its database is migrated and before it serves;
     * afterwards the change signal does it). Never throws: a failed read is tried again each second.
     */
    load,

    /**
     * The owner saves one section (the Settings screen's `shop-<section>` forms): read by the
     * section's form (refusals under each field's path), stored, in the audit log in words, in
     * force here at once and in every process within a second. 403 for staff.
     */
    async update(section: ShopSection, payload: unknown, by: SessionUser): Promise<ShopSettings> {
      if (by.role !== 'owner') throw new AppError(403, OWNER_ONLY);
      const value = parseInput(SHOP_FORMS[section], payload);
      const at = now();
      const saved = await db.transaction().execute(async (trx) => {
        // two sections saved at once: one after the other, each over the other's value
        await lockSetting(trx, KEY, engine);
        const before = shopWithDefaults(await readSetting(trx, KEY), defaults);
        const after: ShopSettings = { ...before, [section]: value };
        await writeSetting(trx, KEY, after, by.username, at);
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'settings_changed',
            subject: 'settings',
            before: sectionWords(section, before),
            after: sectionWords(section, after),
          },
          at,
        );
        return after;
      });
      // a read begun before this save answers older values: it is not adopted
      reads++;
      adopt(saved);
      // every other process reads them again within a second; the pages that state them go
      await changes.publish().catch((err: unknown) => {
        logger.warn({ err }, 'shop settings saved; other processes read them at the next change signal');
      });
      return saved;
    },
  };
}

export type ShopService = ReturnType<typeof shopService>;
