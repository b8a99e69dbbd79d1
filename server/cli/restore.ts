/**
 * `npm run restore <backup>`: fills an empty DATA_DIR (or an empty PostgreSQL database) from a
 * backup, then checks it (issue 49 item 5, decision 0197): SQLite's integrity check, the counts of
 * leads, customers and messages against the backup's manifest, and every stored file present with
 * its size and SHA-256. `<backup>` is a backup's folder, or the name of one kept in the bucket
 * (STORAGE_URL=s3://…). Says "Done" only when every check passed; any problem is printed and the
 * command exits with 1. The work is the backups service's; this file only talks to the terminal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configOrFail, fail } from './terminal.ts';
import { openDatabase } from '../db/index.ts';
import { BackupError, restoreBackup } from '../services/backups.ts';
import { backupShelf, BACKUP_NAME } from '../storage/backups.ts';
import { createFileStore, storageBackend } from '../storage/index.ts';
import { byteWords } from '#app/modules/shared/backups.ts';
import { businessTime } from '#app/modules/team/team.ts';

const USAGE = 'Usage: npm run restore <backup folder, or the name of a backup in the bucket>';

async function main() {
  const [source, ...rest] = process.argv.slice(2);
  if (!source || rest.length) fail(USAGE);
  const config = configOrFail();
  const shelf = await backupShelf(config);
  let fetched: { dir: string; done(): Promise<void> };
  if (fs.existsSync(source) && fs.statSync(source).isDirectory()) {
    fetched = { dir: path.resolve(source), done: async () => {} };
  } else if (
    config.storage.kind === 's3' &&
    BACKUP_NAME.test(source) &&
    (await shelf.list()).includes(source)
  ) {
    fetched = await shelf.fetch(source);
  } else {
    fail(`There is no backup at ${source}. ${USAGE}`);
  }

  const database = openDatabase(config.database, { timeoutMs: config.databaseTimeoutMs });
  const files = createFileStore({ dataDir: config.dataDir, backend: await storageBackend(config) });
  let problem: string | undefined;
  try {
    const manifest = await restoreBackup({ config, database, files }, fetched.dir);
    const c = manifest.counts;
    console.log(
      [
        `Restored ${manifest.name}, made ${businessTime(manifest.createdAt)} (Winnipeg time):`,
        `${c.leads} leads, ${c.customers} customers, ${c.messages} messages and ${manifest.files.length} stored files (${byteWords(manifest.bytes)}).`,
        `Checked: ${config.database.kind === 'sqlite' ? 'integrity ok, ' : ''}counts as recorded, every file present and whole.`,
        'Done.',
      ].join('\n'),
    );
  } catch (err) {
    problem =
      err instanceof BackupError
        ? `The restore did not finish:\n  ${err.problems.join('\n  ')}`
        : `The restore failed: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    await database.close().catch(() => {});
    await fetched.done();
  }
  if (problem) fail(problem);
}

await main();
