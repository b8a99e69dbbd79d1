/**
 * Backups that restore (issue 49 item 5, decisions 0197 and 0198), through the backups service on
 * both engines: a backup holds the database and every stored file with a manifest; Settings is told
 * when it was made, how big it is, and warned when there is none or it is older than 36 hours; a
 * restore fills an empty data folder or database (a new PostgreSQL database here) and finds every
 * lead and photo; it refuses a target that is not empty; it finds a missing file and a count that
 * does not match; and of several processes asking at 03:05 Winnipeg time, one makes the night's.
 * The same with real servers while leads arrive: tests/server/backups.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import * as settingsRoute from '#app/routes/admin-settings.tsx';
import { loadConfig } from '#server/config.ts';
import { countRows } from '#server/db/backup.ts';
import { openDatabase, type Engine } from '#server/db/index.ts';
import { seedReference } from '#server/seed/index.ts';
import { BackupError, backupsService, restoreBackup, type Manifest } from '#server/services/backups.ts';
import { createFileStore } from '#server/storage/index.ts';
import { eachEngine } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';
import { VALID_FIELDS } from './leads-fixtures.ts';

const photo = (r: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();

/** An empty place to restore into: a fresh data folder, and on PostgreSQL a new database. */
async function emptyTarget(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-restore-'));
  let url: string | undefined;
  let name: string | undefined;
  if (engine === 'postgres') {
    const base = inject('postgresUrl')!;
    name = `restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(base);
    target.pathname = `/${name}`;
    url = target.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.database);
  const files = createFileStore({ dataDir });
  return {
    config,
    database,
    files,
    async drop() {
      await database.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (name) {
        const admin = new pg.Client({ connectionString: inject('postgresUrl')! });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  };
}

eachEngine('backups', (ctx, engine) => {
  let made: Manifest;
  let caseNumbers: string[];
  const targets: { drop(): Promise<void> }[] = [];
  const backupDir = () => path.join(ctx().t.dataDir, 'backups', made.name);

  beforeAll(async () => {
    const { deps, services } = ctx();
    await seedReference(deps);
    caseNumbers = [];
    for (const [i, shade] of [40, 160].entries()) {
      const photos = [await deps.files.prepareImage(await photo(shade), {})];
      const lead = await services.leads.submitLead({ ...VALID_FIELDS, name: `Backup ${i}` }, photos);
      caseNumbers.push(lead.caseNumber);
    }
    await deps.files.put('public', 'catalog/part.jpg', await photo(220));
  });
  afterAll(async () => {
    for (const target of targets) await target.drop();
  });

  it('warns Settings when no backup has been made, then says when the last was made and its size', async () => {
    const { services } = ctx();
    expect(await services.backups.status()).toMatchObject({ last: null, stale: true });
    made = await services.backups.make();
    expect(made.counts).toMatchObject({ leads: 2, leadPhotos: 2 });
    expect(made.engine).toBe(engine);
    expect(made.files.map((f) => `${f.area}/${f.key.split('/')[0]}`).sort()).toEqual([
      'private/leads',
      'private/leads',
      'public/catalog',
    ]);
    expect(fs.existsSync(path.join(backupDir(), engine === 'sqlite' ? 'app.db' : 'database.pgdump'))).toBe(
      true,
    );
    const status = await services.backups.status();
    expect(status).toMatchObject({
      last: { name: made.name, at: made.createdAt, bytes: made.bytes },
      stale: false,
    });
    // the time in the server's words, for the screen (decision 0192)
    expect(Object.keys(status.times)).toEqual([made.createdAt]);
    // 36 hours later the same backup is too old
    const later = new Date(Date.parse(made.createdAt) + 36 * 3_600_000 + 60_000);
    expect(await backupsService({ ...ctx().deps, now: () => later }).status()).toMatchObject({ stale: true });
  });

  it("gives the owner's Settings the last backup, its time in the server's words", async () => {
    const { services, deps } = ctx();
    const session = {
      user: { id: 1, username: 'admin', displayName: 'Owner', role: 'owner' as const },
      csrfToken: 'token',
    };
    const loaded = await settingsRoute.loader({
      request: new Request('http://localhost/admin/settings'),
      params: {},
      context: routeContext(services, deps, session),
    } as unknown as Parameters<typeof settingsRoute.loader>[0]);
    expect(loaded.backup).toEqual({
      last: { name: made.name, at: made.createdAt, bytes: made.bytes },
      stale: false,
      place: `the folder ${path.join(ctx().t.dataDir, 'backups')}`,
      times: {
        [made.createdAt]: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\.$/),
      },
    });
  });

  it('restores into an empty place and finds every lead and photo, then refuses to restore over it', async () => {
    const target = await emptyTarget(engine);
    targets.push(target);
    const restored = await restoreBackup(target, backupDir());
    expect(restored.name).toBe(made.name);
    const reopened = engine === 'sqlite' ? openDatabase(target.config.database) : target.database;
    try {
      expect(await countRows(reopened.db)).toEqual(made.counts);
      const rows = await reopened.db.selectFrom('leads').select('case_number').execute();
      expect(rows.map((r) => r.case_number).sort()).toEqual([...caseNumbers].sort());
    } finally {
      if (reopened !== target.database) await reopened.close();
    }
    for (const file of made.files)
      expect((await target.files.read(file.area, file.key))?.length).toBe(file.bytes);

    const again =
      engine === 'sqlite' ? { ...target, database: openDatabase(target.config.database) } : target;
    try {
      const refused = await restoreBackup(again, backupDir()).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as BackupError).message).toMatch(
        /^A restore fills an empty data folder and database only/,
      );
    } finally {
      if (again !== target) await again.database.close();
    }
  });

  it('says which file is missing and which count differs, and does not say done', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-tampered-'));
    fs.cpSync(backupDir(), copy, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as Manifest;
    manifest.counts.leads += 1;
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
    const gone = manifest.files.find((f) => f.area === 'private')!;
    fs.rmSync(path.join(copy, 'files', gone.area, gone.key));
    const target = await emptyTarget(engine);
    targets.push(target);
    try {
      const failed = await restoreBackup(target, copy).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(BackupError);
      expect((failed as BackupError).problems).toEqual(
        expect.arrayContaining([
          'The restored database has 2 leads; the backup recorded 3.',
          `The backup lacks the file private/${gone.key} its manifest lists.`,
        ]),
      );
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('makes the night’s backup once, from 03:00 Winnipeg time, whichever process asks first', async () => {
    const at = (time: string) => () => new Date(`2030-01-15T${time}:00-06:00`);
    const early = backupsService({ ...ctx().deps, now: at('02:59') });
    expect(await early.nightly()).toBeUndefined();
    const processes = [1, 2, 3].map(() => backupsService({ ...ctx().deps, now: at('03:05') }));
    const results = await Promise.all(processes.map((p) => p.nightly()));
    expect(results.filter(Boolean)).toHaveLength(1);
    // made: a minute later nobody makes another
    expect(await backupsService({ ...ctx().deps, now: at('03:06') }).nightly()).toBeUndefined();
  });
});
