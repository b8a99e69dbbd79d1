/**
 * Where backups are kept, and the stored files' part of one (issue 49 item 5, decision 0197).
 *
 * A backup is one dated folder, `backup-<UTC time>`: `manifest.json` (what it holds, with every
 * file's size and SHA-256), the database (`app.db`, or `database.pgdump` from pg_dump) and
 * `files/<area>/<key>`, the stored photos and pictures. It is assembled in a staging folder and
 * becomes a backup in one step: on the folder shelf (DATA_DIR/backups) a rename; in the bucket
 * (STORAGE_URL=s3://…, under `<prefix>/backups/sets/`) its manifest is written last, and a set
 * without one is no backup. `latest.json` beside them names the newest, for Settings.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageConfig } from '../config.ts';
import type { StorageBackend } from './backend.ts';
import type { FileStore } from './index.ts';

/** A backup's name: `backup-2026-12-07T09-00-00-123Z` (UTC, sortable). */
export const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
export const MANIFEST = 'manifest.json';
const LATEST = 'latest.json';

export const backupName = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, '-')}`;

/** A file of a backup, as its manifest lists it. */
export type BackedUpFile = { area: 'public' | 'private'; key: string; bytes: number; sha256: string };

/** What `latest.json` says of the newest backup. */
export type LatestBackup = { name: string; createdAt: string; bytes: number };

export type BackupShelf = {
  /** where backups are kept, in words for Settings */
  place: string;
  /** A new, empty staging folder for the backup `name`. */
  stage(name: string): Promise<string>;
  /** Makes the staged folder the backup `name` (its manifest already in it). */
  publish(staging: string, name: string): Promise<void>;
  /** The complete backups' names, oldest first. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** A local folder holding the backup (the bucket's copied down), and how to let it go. */
  fetch(name: string): Promise<{ dir: string; done(): Promise<void> }>;
  latest(): Promise<LatestBackup | undefined>;
  setLatest(latest: LatestBackup): Promise<void>;
};

/** Every regular file under `dir`, as '/'-separated paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** DATA_DIR/backups on this machine's disk. */
export function folderShelf(dataDir: string): BackupShelf {
  const root = path.join(dataDir, 'backups');
  return {
    place: `the folder ${root}`,
    async stage(name) {
      const dir = path.join(root, `.partial-${name}`);
      await fs.rm(dir, { recursive: true, force: true });
      await fs.mkdir(dir, { recursive: true });
      return dir;
    },
    async publish(staging, name) {
      await fs.rename(staging, path.join(root, name));
    },
    async list() {
      const names = await fs.readdir(root).catch(() => [] as string[]);
      const complete = [];
      for (const name of names.filter((n) => BACKUP_NAME.test(n)).sort()) {
        if (await fs.stat(path.join(root, name, MANIFEST)).catch(() => undefined)) complete.push(name);
      }
      return complete;
    },
    async remove(name) {
      await fs.rm(path.join(root, name), { recursive: true, force: true });
    },
    async fetch(name) {
      return { dir: path.join(root, name), done: async () => {} };
    },
    async latest() {
      const text = await fs.readFile(path.join(root, LATEST), 'utf8').catch(() => undefined);
      return text ? (JSON.parse(text) as LatestBackup) : undefined;
    },
    async setLatest(latest) {
      const file = path.join(root, LATEST);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(latest));
      await fs.rename(`${file}.tmp`, file);
    },
  };
}

/** The bucket's `backups` area: `sets/<name>/…` and `latest.json`. */
export function bucketShelf(backend: StorageBackend, storage: StorageConfig & { kind: 's3' }): BackupShelf {
  const setKey = (name: string, file = '') => `sets/${name}${file ? `/${file}` : ''}`;
  return {
    place: `the bucket ${storage.bucket}${storage.prefix ? `/${storage.prefix}` : ''}/backups`,
    async stage(name) {
      return fs.mkdtemp(path.join(os.tmpdir(), `${name}-`));
    },
    async publish(staging, name) {
      const files = (await filesUnder(staging)).filter((f) => f !== MANIFEST);
      // streamed where the backend can; the manifest last: until it is there, the set is no backup
      for (const file of [...files, MANIFEST]) {
        const from = path.join(staging, file);
        if (backend.putFile) await backend.putFile('backups', setKey(name, file), from);
        else await backend.put('backups', setKey(name, file), await fs.readFile(from));
      }
      await fs.rm(staging, { recursive: true, force: true });
    },
    async list() {
      const names = new Set<string>();
      for await (const object of backend.list('backups', 'sets')) {
        const [, name, file] = object.key.split('/');
        if (name && BACKUP_NAME.test(name) && file === MANIFEST) names.add(name);
      }
      return [...names].sort();
    },
    async remove(name) {
      for await (const object of backend.list('backups', setKey(name)))
        await backend.delete('backups', object.key);
    },
    async fetch(name) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-`));
      const prefix = `${setKey(name)}/`;
      for await (const object of backend.list('backups', setKey(name))) {
        const opened = await backend.open('backups', object.key);
        if (!opened) continue;
        const to = path.join(dir, object.key.slice(prefix.length));
        await fs.mkdir(path.dirname(to), { recursive: true });
        await pipeline(opened.stream, createWriteStream(to));
      }
      return { dir, done: () => fs.rm(dir, { recursive: true, force: true }) };
    },
    async latest() {
      const data = await backend.get('backups', LATEST);
      return data ? (JSON.parse(data.toString('utf8')) as LatestBackup) : undefined;
    },
    async setLatest(latest) {
      await backend.put('backups', LATEST, Buffer.from(JSON.stringify(latest)));
    },
  };
}

/** The shelf the configuration names: the bucket when files are kept in one, else DATA_DIR/backups. */
export async function backupShelf(config: { dataDir: string; storage: StorageConfig }): Promise<BackupShelf> {
  if (config.storage.kind === 'folder') return folderShelf(config.dataDir);
  const { s3Backend } = await import('./s3.ts');
  return bucketShelf(s3Backend(config.storage), config.storage);
}

/** Writes a stream to `to`, returning its size and SHA-256. */
export async function copyHashed(from: Readable, to: string): Promise<{ bytes: number; sha256: string }> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(from, count, createWriteStream(to));
  return { bytes, sha256: hash.digest('hex') };
}

/** The size and SHA-256 of a local file. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const { createReadStream } = await import('node:fs');
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Copies every stored file (both areas) into `<staging>/files/<area>/<key>`. A file removed while
 * the copy runs is left out; one added is taken if the listing saw it.
 */
export async function copyStoredFiles(files: FileStore, staging: string): Promise<BackedUpFile[]> {
  const copied: BackedUpFile[] = [];
  for (const area of ['public', 'private'] as const) {
    for await (const file of files.stored(area)) {
      const stream = await files.openStored(area, file.key);
      if (!stream) continue;
      const { bytes, sha256 } = await copyHashed(stream, path.join(staging, 'files', area, file.key));
      copied.push({ area, key: file.key, bytes, sha256 });
    }
  }
  return copied;
}

/** Whether the file store holds no file at all (a restore fills only an empty one). */
export async function storeIsEmpty(files: FileStore): Promise<boolean> {
  for (const area of ['public', 'private'] as const) {
    for await (const _file of files.stored(area)) return false;
  }
  return true;
}

/**
 * Puts a backup's files back in the file store, then reads each back and compares its size and
 * SHA-256 with the manifest's. Returns the problems found (none: every file is there, whole).
 */
export async function restoreStoredFiles(files: FileStore, dir: string, listed: BackedUpFile[]) {
  const problems: string[] = [];
  for (const file of listed) {
    const from = path.join(dir, 'files', file.area, file.key);
    const data = await fs.readFile(from).catch(() => undefined);
    if (!data) {
      problems.push(`The backup lacks the file ${file.area}/${file.key} its manifest lists.`);
      continue;
    }
    await files.put(file.area, file.key, data);
  }
  for (const file of listed) {
    const stream = await files.openStored(file.area, file.key);
    if (!stream) {
      if (!problems.some((p) => p.includes(`${file.area}/${file.key} `)))
        problems.push(`The file ${file.area}/${file.key} is missing after the restore.`);
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    if (bytes !== file.bytes || hash.digest('hex') !== file.sha256)
      problems.push(
        `The file ${file.area}/${file.key} differs from the backup's manifest (${bytes} bytes, expected ${file.bytes}).`,
      );
  }
  return problems;
}
