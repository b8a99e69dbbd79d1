/** Quote-button click events. */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type ClickEvent = { buttonType: string; buttonLocation: string; buttonText: string };

export async function insertClick(db: Kysely<DB>, click: ClickEvent, now: Date): Promise<void> {
  await db
    .insertInto('click_events')
    .values({
      button_type: click.buttonType,
      button_location: click.buttonLocation,
      button_text: click.buttonText,
      created_at: now.toISOString(),
    })
    .execute();
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
