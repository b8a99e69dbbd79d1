/**
 * The Lead Management benchmark's data (scripts/bench-leads.ts): `count` generated leads written
 * through the repository's insertLead in one transaction, spread over a year (one every 53
 * minutes), every status, one in ten with a photo.
 *
 * Also a command, so that an earlier build's server gets the same leads written by its own code
 * (bench-leads.ts --against copies this file into the earlier build's worktree and runs it there,
 * where `#server/…` is that build's):
 *
 *   node scripts/bench/leads-data.ts <count> <SQLite file | postgres://… URL>
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEAD_STATUSES, URGENCIES } from '#app/modules/leads/leads.ts';
import { vacuumAnalyze } from '#server/db/bulk.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';

export async function seedLeads(database: Database, count: number): Promise<void> {
  const now = Date.now();
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const status = LEAD_STATUSES[i % 7 === 6 ? 5 : i % 5]!;
      await insertLead(
        trx,
        {
          status,
          urgency: URGENCIES[i % 3]!,
          source: 'web',
          name: `Bench Customer ${i}`,
          phone: `+1204555${String(i % 10_000).padStart(4, '0')}`,
          equipment: ['truck', 'trailer', 'ag', 'skidsteer', 'other'][i % 5]!,
          description: `Generated request ${i}: replacement part needed, photos to follow. `.repeat(3),
          sellPrice: status === 'new' || status === 'qualified' ? null : 10_000 + i,
        },
        i % 10 === 0
          ? [
              {
                storageKey: `leads/bench-${i}.webp`,
                contentType: 'image/webp',
                width: 1600,
                height: 1200,
                sizeBytes: 200_000,
              },
            ]
          : [],
        { now: new Date(now), actor: 'bench', createdAt: new Date(now - i * 53 * 60_000) },
      );
    }
  });
  // what autovacuum does on its own shortly after such a load in production
  if (database.engine === 'postgres') await vacuumAnalyze(database.db);
}

// run as a command (not imported by bench-leads.ts)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [count, target] = process.argv.slice(2);
  if (!count || !/^\d+$/.test(count) || !target) {
    console.error('Usage: node scripts/bench/leads-data.ts <count> <SQLite file | postgres://… URL>');
    process.exit(2);
  }
  // a bulk load on a connection of its own, with no statement timeout: not a web request
  const database = openDatabase(
    target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'sqlite', file: target },
    { poolSize: 1, statementTimeoutMs: 0 },
  );
  try {
    await seedLeads(database, Number(count));
  } finally {
    await database.close();
  }
}
