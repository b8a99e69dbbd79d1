/** Quote-button click tracking (POST /api/clicks). */
import { clickEventSchema } from '#app/modules/site/click.schema.ts';
import { insertClick } from '../db/repo/clicks.ts';
import type { ServiceDeps } from './context.ts';

export function clicksService({ db, now }: ServiceDeps) {
  return {
    /** Validates and stores one click; throws a ZodError on bad input. */
    async recordClick(input: unknown): Promise<void> {
      const click = clickEventSchema.parse(input);
      await insertClick(db, click, now());
    },
  };
}
