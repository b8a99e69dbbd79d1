/** Quote-button click events. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

export type ClickEvent = { buttonType: string; buttonLocation: string; buttonText: string };

export async function insertClick(db: Kysely<DB>, click: ClickEvent, now: Date): Promise<void> {
  await insertClicks(db, [{ ...click, at: now }]);
}

/** Rows per statement: well under SQLite's limit on bound parameters. */
const CLICKS_PER_INSERT = 200;

/** Clicks that happened at their own times (the demo seed's year of history), a few hundred at a time. */
export async function insertClicks(
  db: Kysely<DB> | Transaction<DB>,
  clicks: readonly (ClickEvent & { at: Date })[],
): Promise<void> {
  for (let i = 0; i < clicks.length; i += CLICKS_PER_INSERT) {
    await db
      .insertInto('click_events')
      .values(
        clicks.slice(i, i + CLICKS_PER_INSERT).map((click) => ({
          button_type: click.buttonType,
          button_location: click.buttonLocation,
          button_text: click.buttonText,
          created_at: click.at.toISOString(),
        })),
      )
      .execute();
  }
}

export type ClickCounts = { total: number; since: number; byLocation: Record<string, number> };

/** All clicks, clicks at or after `since`, and all clicks per button location. */
export async function countClicks(db: Kysely<DB>, since: Date): Promise<ClickCounts> {
  const [totals, byLocation] = await Promise.all([
    db
      .selectFrom('click_events')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('created_at', '>=', since.toISOString()).then(1).else(0).end())
          .as('since'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('click_events')
      .select((eb) => ['button_location', eb.fn.countAll<number>().as('count')])
      .groupBy('button_location')
      .orderBy('button_location')
      .execute(),
  ]);
  return {
    total: Number(totals.total),
    since: Number(totals.since ?? 0),
    byLocation: Object.fromEntries(byLocation.map((r) => [r.button_location, Number(r.count)])),
  };
}
