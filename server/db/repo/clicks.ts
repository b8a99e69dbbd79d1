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
