/**
 * Backups that restore (issue 49 item 5, decisions 0197 and 0198). `make` copies the database
 * while the site runs (SQLite's online backup, or pg_dump) and then every stored file into one
 * dated backup with its manifest, kept on the shelf (DATA_DIR/backups, or the bucket), then drops
 * the backups the retention rule no longer keeps. `nightly` makes the night's one from 03:00
 * Winnipeg time in whichever process asks first: every process asks each minute, and a lease row
 * (a shared counter, decision 0092) lets one of them at a time make it. `restore` fills an empty
 * database and file store from a backup and checks what it wrote before it says done.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { backupsToKeep, nightlyDue, STALE_AFTER_MS, type BackupStatus } from '#app/modules/shared/backups.ts';
import { timeWords, type TimeWords } from '#app/modules/shared/time-words.ts';
import type { Config } from '../config.ts';
import {
  copySqlite,
  dumpPostgres,
  isEmpty,
  leadPhotoKeys,
  restorePostgres,
  countRows,
  schemaVersion,
  sqliteFacts,
  type DatabaseCounts,
  type DatabaseFacts,
} from '../db/backup.ts';
import type { Database } from '../db/index.ts';
import { hitCounter } from '../db/repo/rate-limits.ts';
import {
  backupName,
  backupShelf,
  copyStoredFiles,
  hashFile,
  MANIFEST,
  restoreStoredFiles,
  storeIsEmpty,
  type BackedUpFile,
  type BackupShelf,
} from '../storage/backups.ts';
import type { FileStore } from '../storage/index.ts';
import type { ServiceDeps } from './context.ts';

/** What a backup holds: read by a restore, which checks the restored database and files against it. */
export type Manifest = {
  format: 1;
  name: string;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  /** the last migration applied */
  schemaVersion: string;
  /** PostgreSQL: the schema the dump holds */
  postgresSchema?: string;
  database: { file: string; bytes: number; sha256: string };
  counts: DatabaseCounts;
  files: BackedUpFile[];
  /** the database and every file, in bytes */
  bytes: number;
};

const DATABASE_FILE = { sqlite: 'app.db', postgres: 'database.pgdump' } as const;
/** A process that took the night's lease and died leaves it to another after this. */
const LEASE_MS = 60 * 60_000;

/** A backup or restore that cannot go on, in words for the person running it. */
export class BackupError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/**
 * `shelf`: where backups are kept; by default the configuration's (backupShelf), opened when first
 * needed, so a process that never makes or shows a backup never loads the bucket's client for it.
 */
export function backupsService(deps: Omit<ServiceDeps, 'shop'>, chosen?: BackupShelf) {
  const { db, engine, config, files, logger, now } = deps;
  let opened: Promise<BackupShelf> | undefined;
  const shelfOf = () => (opened ??= chosen ? Promise.resolve(chosen) : backupShelf(config));

  async function make(): Promise<Manifest> {
    const shelf = await shelfOf();
    const createdAt = now();
    const name = backupName(createdAt);
    const staging = await shelf.stage(name);
    try {
      const databaseFile = path.join(staging, DATABASE_FILE[engine]);
      // the database first, then the files: every photo a copied lead names was stored before its
      // lead was written, so it is on disk (or in the bucket) by the time the files are copied
      let facts: DatabaseFacts;
      if (config.database.kind === 'sqlite') {
        await copySqlite(config.database.file, databaseFile);
        const { integrity, ...rest } = sqliteFacts(databaseFile);
        if (integrity !== 'ok')
          throw new BackupError([`The database copy failed its integrity check: ${integrity}`]);
        facts = rest;
      } else {
        facts = await dumpPostgres(db, config.database.url, databaseFile);
      }
      const copied = await copyStoredFiles(files, staging);
      const database = { file: DATABASE_FILE[engine], ...(await hashFile(databaseFile)) };
      const manifest: Manifest = {
        format: 1,
        name,
        createdAt: createdAt.toISOString(),
        engine,
        ...facts,
        database,
        files: copied,
        bytes: database.bytes + copied.reduce((sum, f) => sum + f.bytes, 0),
      };
      await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
      await shelf.publish(staging, name);
      await shelf.setLatest({ name, createdAt: manifest.createdAt, bytes: manifest.bytes });
      logger.info({ backup: name, bytes: manifest.bytes, files: copied.length }, 'backup made');
      await prune();
      return manifest;
    } catch (err) {
      await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
      throw err;
    }
  }

  /** Removes the backups the retention rule no longer keeps (7 daily, 4 weekly); returns their names. */
  async function prune(): Promise<string[]> {
    const shelf = await shelfOf();
    const names = await shelf.list();
    const keep = backupsToKeep(names.map(createdOf));
    const gone = names.filter((_, i) => !keep.has(i));
    for (const name of gone) await shelf.remove(name);
    if (gone.length) logger.info({ removed: gone }, 'old backups removed');
    return gone;
  }

  return {
    make,
    prune,
    /** The night's backup, when it is due and no other process is making it; undefined otherwise. */
    async nightly(): Promise<Manifest | undefined> {
      const at = now();
      // outside the night's hours nothing is read
      if (!nightlyDue(at, undefined)) return undefined;
      const latest = await (await shelfOf()).latest();
      if (!nightlyDue(at, latest ? new Date(latest.createdAt) : undefined)) return undefined;
      // the first process to count the lease makes it; the rest see it made a minute later
      const lease = await hitCounter(db, 'backup:nightly', LEASE_MS, at.getTime());
      if (lease.hits !== 1) return undefined;
      return make();
    },
    /** The last backup for Settings: when, how big, and whether it is too old. */
    async status(): Promise<BackupStatus & { times: TimeWords }> {
      const shelf = await shelfOf();
      const latest = await shelf.latest();
      const last = latest ? { name: latest.name, at: latest.createdAt, bytes: latest.bytes } : null;
      const stale = !last || now().getTime() - new Date(last.at).getTime() > STALE_AFTER_MS;
      return { last, stale, place: shelf.place, times: timeWords(last) };
    },
  };
}

/** When a backup was made, from its name (`backup-2026-12-07T09-00-00-123Z`). */
export function createdOf(name: string): Date {
  const [date, time] = name.slice('backup-'.length).split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  return new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
}

export type Backups = ReturnType<typeof backupsService>;

type RestoreTarget = { config: Config; database: Database; files: FileStore };

/** Every difference between the counts a backup recorded and those found. */
function countProblems(expected: DatabaseCounts, found: DatabaseCounts): string[] {
  return (Object.keys(expected) as (keyof DatabaseCounts)[]).flatMap((key) =>
    expected[key] === found[key]
      ? []
      : [`The restored database has ${found[key]} ${key}; the backup recorded ${expected[key]}.`],
  );
}

/**
 * Fills an empty database and file store from the backup in the folder `dir`, then checks them:
 * SQLite's integrity check, the counts of leads, customers and messages (and texts received, lead
 * photos), the schema version, and every file, present with its size and SHA-256, and every photo a
 * lead names. Throws BackupError listing what is wrong; resolves with the manifest when all is well.
 */
export async function restoreBackup(
  { config, database, files }: RestoreTarget,
  dir: string,
): Promise<Manifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST), 'utf8').catch(() => undefined);
  if (text === undefined) throw new BackupError([`${dir} is not a backup: it has no ${MANIFEST}.`]);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError([`The backup's ${MANIFEST} is not readable JSON.`]);
  }
  if (manifest.format !== 1 || !manifest.database || !Array.isArray(manifest.files) || !manifest.counts)
    throw new BackupError([`The backup's ${MANIFEST} is not one this version reads.`]);
  if (manifest.engine !== database.engine)
    throw new BackupError([
      `The backup holds a ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database; DATABASE_URL names a ${
        database.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'
      } one.`,
    ]);

  const databaseFile = path.join(dir, manifest.database.file);
  const copy = await hashFile(databaseFile).catch(() => undefined);
  if (!copy) throw new BackupError([`The backup lacks its database file ${manifest.database.file}.`]);
  if (copy.sha256 !== manifest.database.sha256 || copy.bytes !== manifest.database.bytes)
    throw new BackupError([
      `The backup's database file ${manifest.database.file} differs from its manifest.`,
    ]);

  const occupied: string[] = [];
  const sqliteFile = config.database.kind === 'sqlite' ? config.database.file : undefined;
  if (!(await isEmpty(database))) occupied.push(`the database (${sqliteFile ?? 'DATABASE_URL'}) has tables`);
  if (!(await storeIsEmpty(files)))
    occupied.push(
      config.storage.kind === 'folder'
        ? `${path.join(config.dataDir, 'uploads')} has files`
        : 'the bucket has files',
    );
  if (occupied.length)
    throw new BackupError([
      `A restore fills an empty data folder and database only, and ${occupied.join(' and ')}.`,
      'Point DATA_DIR (and DATABASE_URL) at an empty place, or remove what is there first.',
    ]);

  const problems: string[] = [];
  let found: DatabaseCounts;
  let version: string;
  if (sqliteFile) {
    await database.close();
    await fs.mkdir(path.dirname(sqliteFile), { recursive: true });
    for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`])
      await fs.rm(file, { force: true });
    await fs.copyFile(databaseFile, `${sqliteFile}.restoring`);
    await fs.rename(`${sqliteFile}.restoring`, sqliteFile);
    const facts = sqliteFacts(sqliteFile);
    if (facts.integrity !== 'ok')
      problems.push(`The restored database failed its integrity check: ${facts.integrity}`);
    found = facts.counts;
    version = facts.schemaVersion;
  } else {
    await restorePostgres(
      database,
      config.database.kind === 'postgres' ? config.database.url : '',
      databaseFile,
      manifest.postgresSchema ?? 'public',
    );
    found = await countRows(database.db);
    version = await schemaVersion(database.db);
  }
  problems.push(...countProblems(manifest.counts, found));
  if (version !== manifest.schemaVersion)
    problems.push(
      `The restored database is at ${version || 'no'} migration; the backup recorded ${manifest.schemaVersion}.`,
    );

  problems.push(...(await restoreStoredFiles(files, dir, manifest.files)));
  const backedUp = new Set(manifest.files.filter((f) => f.area === 'private').map((f) => f.key));
  for (const key of await photoKeysOf(config, database, sqliteFile)) {
    if (!backedUp.has(key) && !(await files.exists('private', key)))
      problems.push(`The photo ${key} a lead names is not in the backup.`);
  }
  if (problems.length)
    throw new BackupError([
      ...problems,
      'What was restored stays where it was put: empty the data folder (and the database) before trying again.',
    ]);
  return manifest;
}

/** The lead photos' keys of the restored database (SQLite: opened afresh, the restore closed it). */
async function photoKeysOf(config: Config, database: Database, sqliteFile: string | undefined) {
  if (!sqliteFile) return leadPhotoKeys(database.db);
  const { openDatabase } = await import('../db/index.ts');
  const reopened = openDatabase(config.database);
  try {
    return await leadPhotoKeys(reopened.db);
  } finally {
    await reopened.close();
  }
}
