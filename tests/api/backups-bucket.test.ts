/**
 * Backups kept in the bucket (issue 49 item 5, decision 0197) when files live in one
 * (STORAGE_URL=s3://…; s3rver here): the backup's folder goes to `<prefix>/backups/sets/<name>/`,
 * its manifest last, and nothing to DATA_DIR/backups; Settings names the bucket. A restore by the
 * backup's name refuses while the bucket still holds files, and once they are gone (and the
 * database is new) brings back the lead and its photo. SQLite: the database's part is the same
 * as in tests/api/backups.test.ts, which runs on both engines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { seedReference } from '#server/seed/index.ts';
import { BackupError, backupsService, restoreBackup } from '#server/services/backups.ts';
import { backupShelf } from '#server/storage/backups.ts';
import { createFileStore, storageBackend, type FileStore } from '#server/storage/index.ts';
import { createServices } from '#server/services/index.ts';
import { createTestDatabase, testDeps, type TestDatabase } from '../support/databases.ts';
import { localBucket } from '../support/s3-bucket.ts';
import { VALID_FIELDS } from './leads-fixtures.ts';

const s3 = localBucket('shop');
const bucketEnv = () => ({
  STORAGE_URL: 's3://shop/site',
  AWS_ENDPOINT_URL: s3.endpoint(),
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});

let t: TestDatabase;
let files: FileStore;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestDatabase('sqlite', bucketEnv());
  files = createFileStore({ dataDir: t.dataDir, backend: await storageBackend(t.config) });
});
afterAll(async () => {
  await t?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps the backup in the bucket and restores it by name once the bucket has lost its files', async () => {
  const deps = { ...testDeps(t), files };
  await seedReference(deps);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a4' } })
    .jpeg()
    .toBuffer();
  const { caseNumber } = await createServices(deps).leads.submitLead(VALID_FIELDS, [
    await files.prepareImage(jpeg, {}),
  ]);
  const backups = backupsService(deps);
  const made = await backups.make();
  expect(made.files).toHaveLength(1);
  expect(fs.existsSync(path.join(t.dataDir, 'backups'))).toBe(false);
  expect(await backups.status()).toMatchObject({ place: 'the bucket shop/site/backups', stale: false });
  const shelf = await backupShelf(t.config);
  expect(await shelf.list()).toEqual([made.name]);

  // a new machine: an empty data folder, the same bucket
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-restore-bucket-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...bucketEnv() });
  const bucketFiles = createFileStore({ dataDir, backend: await storageBackend(config) });
  const target = () => ({ config, database: openDatabase(config.database), files: bucketFiles });
  const fetched = await shelf.fetch(made.name);
  try {
    const first = target();
    const refused = await restoreBackup(first, fetched.dir).catch((err: unknown) => err);
    await first.database.close();
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as BackupError).message).toContain('the bucket has files');

    // the bucket's photos are lost; its backups are not
    for (const file of made.files) await bucketFiles.remove(file.area, file.key);
    const second = target();
    expect((await restoreBackup(second, fetched.dir)).name).toBe(made.name);
    await second.database.close();
  } finally {
    await fetched.done();
  }
  const restored = openDatabase(config.database);
  try {
    const lead = await restored.db
      .selectFrom('leads')
      .innerJoin('lead_photos', 'lead_photos.lead_id', 'leads.id')
      .select(['leads.case_number', 'lead_photos.storage_key'])
      .executeTakeFirstOrThrow();
    expect(lead.case_number).toBe(caseNumber);
    expect(await bucketFiles.size('private', lead.storage_key)).toBe(made.files[0]!.bytes);
  } finally {
    await restored.close();
  }
});
