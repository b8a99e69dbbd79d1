/**
 * The reminders pass (issue 29, decision 0150): each part ready and not collected gets its 'still
 * waiting for you' text at 3 and at 14 days, once each (the outbox key), however often the pass
 * runs and in however many processes. The server runs it each minute (server/index.ts); the texts
 * themselves are order-texts.ts.
 */
import { DAY_MS, dueReminder, REMINDER_DAYS } from '#app/modules/orders/order-timing.ts';
import { lockLeads } from '../db/repo/leads.ts';
import { findLines, listRemindableLines, markReminded } from '../db/repo/orders.ts';
import type { ServiceDeps } from './context.ts';
import type { OrderTexts } from './order-texts.ts';

const REMINDERS_PER_TRANSACTION = 100;

export function orderRemindersService(deps: ServiceDeps, parts: { texts: OrderTexts }) {
  const { db, engine, now } = deps;
  const { texts } = parts;
  return {
    /** Writes the reminders due now; returns how many it wrote. */
    async sendReminders(): Promise<number> {
      const at = now();
      const due = (await listRemindableLines(db, new Date(at.getTime() - REMINDER_DAYS[0] * DAY_MS))).filter(
        (row) => dueReminder(row.readyAt, at, row.remindedDays ? [row.remindedDays] : []) !== undefined,
      );
      let written = 0;
      // a hundred at a time, each batch one transaction of a handful of statements, its leads
      // locked in id order (no deadlock with another process's pass); each line read again under
      // its lead's lock, so a part collected meanwhile is not reminded
      for (let start = 0; start < due.length; start += REMINDERS_PER_TRANSACTION) {
        const batch = due.slice(start, start + REMINDERS_PER_TRANSACTION);
        written += await db.transaction().execute(async (trx) => {
          const leads = new Map(
            (await lockLeads(trx, [...new Set(batch.map((row) => row.leadId))], engine)).map((l) => [
              l.id,
              l,
            ]),
          );
          const reminders = (
            await findLines(
              trx,
              batch.map((row) => row.id),
            )
          ).flatMap((line) => {
            const lead = leads.get(line.leadId);
            const days =
              line.step === 'ready' && line.readyAt
                ? dueReminder(new Date(line.readyAt), at, [line.remindedDays ?? 0])
                : undefined;
            return lead && days ? [{ lead, line, days }] : [];
          });
          for (const days of REMINDER_DAYS) {
            const ids = reminders.filter((r) => r.days === days).map((r) => r.line.id);
            await markReminded(trx, ids, days, at);
          }
          await texts.reminders(trx, reminders, at);
          return reminders.length;
        });
      }
      if (written) texts.kick();
      return written;
    },
  };
}
