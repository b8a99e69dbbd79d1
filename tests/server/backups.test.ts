/**
 * Backups that restore, with real servers (issue 49 item 5, decision 0197), on SQLite and on
 * PostgreSQL: quote requests with photos arrive without a pause while `npm run backup` runs; the
 * backup is restored with `npm run restore` into a fresh data folder (and, on PostgreSQL, a new
 * database), which checks it and says "Done."; a server started on it has every lead acknowledged
 * before the backup began, each with its photo served. The service-level cases (refusals,
 * tampering, Settings, the nightly lease): tests/api/backups.test.ts.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { VALID_FIELDS } from '../api/leads-fixtures.ts';
import { spawnServer, type SpawnedServer } from '../e2e/support/spawn-server.ts';
import { createPostgresSchema } from '../support/postgres-schema.ts';

const PASSWORD = 'backup-test-password';
const postgresUrl = inject('postgresUrl');

/** Runs a command of ours (`node server/cli/<name>.ts`) with the given environment. */
function command(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [`server/cli/${name}.ts`, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

type Acknowledged = { caseNumber: string; at: number };

/** Quote requests with a photo, four at a time from different addresses, until stopped. */
function submitLeads(origin: string, photo: Buffer) {
  const acknowledged: Acknowledged[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const form = new FormData();
      for (const [key, value] of Object.entries(VALID_FIELDS)) form.append(key, value);
      form.set('name', `Backup Load ${n}`);
      form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'part.jpg');
      const address = `198.51.100.${(n++ % 250) + 1}`;
      const answer = await fetch(`${origin}/api/leads`, {
        method: 'POST',
        body: form,
        headers: { 'x-forwarded-for': address },
      });
      if (answer.status === 201) {
        const { caseNumber } = (await answer.json()) as { caseNumber: string };
        acknowledged.push({ caseNumber, at: Date.now() });
      } else await answer.arrayBuffer();
    }
  };
  const all = Promise.all([worker(), worker(), worker(), worker()]);
  return {
    acknowledged,
    async stop() {
      running = false;
      await all;
    },
  };
}

/** Every lead of `origin` with its photos, as staff read them; and each photo's bytes. */
async function leadsOf(origin: string) {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const answer = await fetch(`${origin}/api/leads?limit=500`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  const leads = (await answer.json()) as { caseNumber: string; photos: string[] }[];
  const photo = async (url: string) => {
    const served = await fetch(`${origin}${url}`, { headers: { cookie } });
    return served.status === 200 ? (await served.arrayBuffer()).byteLength : served.status;
  };
  return { leads, photo };
}

for (const engine of postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  describe(`a backup made while leads arrive restores [${engine}]`, () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it('restores into a fresh place and a server on it has every lead acknowledged before the backup and each photo', async () => {
      let sourceUrl: Record<string, string> = {};
      let targetUrl: Record<string, string> = {};
      if (engine === 'postgres') {
        const schema = await createPostgresSchema(postgresUrl!);
        cleanups.push(() => schema.drop());
        sourceUrl = { DATABASE_URL: schema.url };
        const name = `restore_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgresUrl! });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        cleanups.push(async () => {
          const client = new pg.Client({ connectionString: postgresUrl! });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
          await client.end();
        });
        const url = new URL(postgresUrl!);
        url.pathname = `/${name}`;
        targetUrl = { DATABASE_URL: url.toString() };
      }
      const source: SpawnedServer = await spawnServer({
        name: `backup-${engine}`,
        adminPassword: PASSWORD,
        env: { TRUST_PROXY: '1', ...sourceUrl },
      });
      cleanups.push(() => source.dispose());
      const photo = await sharp({
        create: { width: 96, height: 64, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .jpeg()
        .toBuffer();

      const load = submitLeads(source.origin, photo);
      // some leads in before the backup begins
      while (load.acknowledged.length < 8) await new Promise((r) => setTimeout(r, 50));
      const began = Date.now();
      const backup = await command('backup', [], { DATA_DIR: source.dataDir, ...sourceUrl });
      const before = load.acknowledged.filter((a) => a.at < began);
      // and some after it ends, to show the site kept taking them
      const count = load.acknowledged.length;
      while (load.acknowledged.length < count + 2) await new Promise((r) => setTimeout(r, 50));
      await load.stop();
      expect(backup.out).toMatch(/^Backup backup-\S+ made in the folder /);
      expect(backup.code).toBe(0);
      const name = /^Backup (backup-\S+) made/.exec(backup.out)![1]!;

      const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), `phmb-restored-${engine}-`));
      cleanups.push(async () => fs.rmSync(restoredDir, { recursive: true, force: true }));
      const restore = await command('restore', [path.join(source.dataDir, 'backups', name)], {
        DATA_DIR: restoredDir,
        ...targetUrl,
      });
      expect(restore.out).toMatch(/\nDone\.\n$/);
      expect(restore.code).toBe(0);

      const restored = await spawnServer({
        name: `restored-${engine}`,
        adminPassword: PASSWORD,
        env: { DATA_DIR: restoredDir, ...targetUrl },
      });
      cleanups.push(() => restored.stop());
      const { leads, photo: served } = await leadsOf(restored.origin);
      const byCase = new Map(leads.map((lead) => [lead.caseNumber, lead]));
      expect(before.length).toBeGreaterThanOrEqual(8);
      for (const { caseNumber } of before) {
        const lead = byCase.get(caseNumber);
        expect(lead, caseNumber).toBeDefined();
        expect(lead!.photos).toHaveLength(1);
        expect(await served(lead!.photos[0]!)).toBeGreaterThan(0);
      }
    }, 120_000);
  });
}
