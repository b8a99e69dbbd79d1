/**
 * `npm run backup`: one backup now, while the site runs (issue 49 item 5, decision 0197): the
 * database (SQLite's online backup, or pg_dump) and every stored photo and picture, in one dated
 * backup in DATA_DIR/backups (or the bucket, with STORAGE_URL=s3://…). Old backups beyond 7 daily
 * and 4 weekly are removed. The work is the backups service's; this file only talks to the terminal.
 */
import fs from 'node:fs';
import { configOrFail, fail } from './terminal.ts';
import { openDatabase } from '../db/index.ts';
import { createLogger } from '../logger.ts';
import { BackupError, backupsService } from '../services/backups.ts';
import { backupShelf } from '../storage/backups.ts';
import { createFileStore, storageBackend } from '../storage/index.ts';
import { byteWords } from '#app/modules/shared/backups.ts';

async function main() {
  if (process.argv.length > 2) fail('Usage: npm run backup');
  const config = configOrFail();
  if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file))
    fail(`There is no database at ${config.database.file} to back up: check DATA_DIR or DATABASE_URL.`);
  const database = openDatabase(config.database, { timeoutMs: config.databaseTimeoutMs });
  const now = () => new Date();
  const files = createFileStore({ dataDir: config.dataDir, now, backend: await storageBackend(config) });
  const shelf = await backupShelf(config);
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const backups = backupsService(
    { db: database.db, engine: database.engine, config, logger, files, now },
    shelf,
  );
  let problem: string | undefined;
  try {
    const manifest = await backups.make();
    const c = manifest.counts;
    console.log(
      [
        `Backup ${manifest.name} made in ${shelf.place}: ${byteWords(manifest.bytes)},`,
        `${c.leads} leads, ${c.customers} customers, ${c.messages} messages, ${manifest.files.length} stored files.`,
      ].join(' '),
    );
  } catch (err) {
    if (err instanceof BackupError) problem = err.message;
    else problem = `The backup failed: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    await database.close();
  }
  if (problem) fail(problem);
}

await main();
