/**
 * The load of scripts/bench-insights.ts: leads over one year or more, about five events each
 * (created, a note, the quote, the answer, the delivery), two or three quote-button clicks before
 * each.
 */
import { CATEGORIES } from '#app/modules/site/reference.ts';
import { analyze, insertLeadRows, insertRows, linkLeadsByPhone, vacuumAnalyze } from '#server/db/bulk.ts';
import type { Database } from '#server/db/index.ts';
import { refreshCustomers } from '#server/db/repo/customers.ts';
import { CITIES } from '#server/seed/reference-data.ts';

type Event = {
  type: string;
  from_status: string | null;
  to_status: string | null;
  created_at: string;
};

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** `perYear` leads a year over `years` years, 5 events each on average (created, quote, answer, delivery, a note). */
export async function seedInsightsLoad(database: Database, perYear: number, years = 1): Promise<void> {
  const started = performance.now();
  const now = Date.now();
  const count = perYear * years;
  const span = years * 365 * 24 * 60 * MINUTE;
  let events = 0;
  let clicks = 0;
  await database.db.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += 500) {
      const batch = Array.from({ length: Math.min(500, count - from) }, (_, j) => {
        const i = from + j;
        const created = now - span + Math.floor((i / count) * span);
        const quoted = i % 10 !== 9;
        const outcome = !quoted ? 'lost' : i % 3 === 0 ? 'lost' : i % 7 === 0 ? 'ordered' : 'fulfilled';
        return {
          i,
          created,
          quotedAt: quoted ? created + (5 + (i % 40)) * MINUTE : null,
          outcome,
          row: {
            status: outcome,
            urgency: 'flexible',
            source: i % 3 === 0 ? 'sms' : 'web',
            name: `Bench Customer ${i}`,
            phone: `+1204555${String(i % 10_000).padStart(4, '0')}`,
            city: CITIES[i % CITIES.length]!.slug,
            equipment: ['truck', 'trailer', 'ag', 'skidsteer', 'other'][i % 5]!,
            part_category: CATEGORIES[i % CATEGORIES.length]!.slug,
            description: `Generated request ${i}`,
            lost_reason: outcome === 'lost' ? ['Price too high', null, 'Found it locally'][i % 3]! : null,
            cost: quoted ? 10_000 + (i % 500) * 10 : null,
            markup_pct: quoted ? 0.35 : null,
            sell_price: quoted ? Math.round((10_000 + (i % 500) * 10) * 1.35) : null,
            eta_days: quoted ? 3 : null,
            quoted_at: quoted ? iso(created + (5 + (i % 40)) * MINUTE) : null,
            created_at: iso(created),
            updated_at: iso(created),
          },
        };
      });
      const ids = await insertLeadRows(
        trx,
        batch.map((b) => b.row),
      );
      const rows = batch.flatMap((b, k) => {
        const lead_id = ids[k]!;
        const at = (ms: number) => iso(ms);
        const list: Event[] = [
          { type: 'created', from_status: null, to_status: 'new', created_at: at(b.created) },
          { type: 'note', from_status: null, to_status: null, created_at: at(b.created + MINUTE) },
        ];
        if (b.quotedAt) {
          list.push({ type: 'quote', from_status: 'new', to_status: 'quoted', created_at: at(b.quotedAt) });
          if (b.outcome === 'lost')
            list.push({
              type: 'status',
              from_status: 'quoted',
              to_status: 'lost',
              created_at: at(b.quotedAt + 60 * MINUTE),
            });
          else {
            list.push({
              type: 'status',
              from_status: 'quoted',
              to_status: 'ordered',
              created_at: at(b.quotedAt + 60 * MINUTE),
            });
            if (b.outcome === 'fulfilled')
              list.push({
                type: 'status',
                from_status: 'ordered',
                to_status: 'fulfilled',
                created_at: at(b.quotedAt + 3 * 1440 * MINUTE),
              });
          }
        } else {
          list.push({
            type: 'status',
            from_status: 'new',
            to_status: 'lost',
            created_at: at(b.created + 120 * MINUTE),
          });
          list.push({
            type: 'note',
            from_status: null,
            to_status: null,
            created_at: at(b.created + 121 * MINUTE),
          });
        }
        return list.map((e) => ({ ...e, lead_id, actor: 'bench', detail: null }));
      });
      events += rows.length;
      await insertRows(trx, 'lead_events', rows);
      const clickRows = batch.flatMap((b) =>
        Array.from({ length: 2 + (b.i % 2) }, (_, c) => ({
          button_type: 'quote',
          button_location: ['header', 'home-hero', 'parts-sourcing-hero'][(b.i + c) % 3]!,
          button_text: 'Get a Quote',
          created_at: iso(b.created - (c + 1) * MINUTE),
        })),
      );
      clicks += clickRows.length;
      await insertRows(trx, 'click_events', clickRows);
    }
    // each lead's customer, as the app links them when it writes a lead (else every process's
    // minutely pass would link the whole load while the figures are taken, decision 0161)
    await linkLeadsByPhone(trx);
    await refreshCustomers(trx, 'all');
  });
  if (database.engine === 'postgres') await vacuumAnalyze(database.db);
  else await analyze(database.db);
  console.log(
    `Seeded ${count} leads, ${events} events and ${clicks} clicks in ${Math.round(performance.now() - started)} ms.`,
  );
}
