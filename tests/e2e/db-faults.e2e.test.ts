/**
 * A server process survives its database going away (issue 14 item 1, decision 0090): the built
 * server (`node server/index.ts`) on its own PostgreSQL schema, reached through a TCP proxy so
 * the outage hits this server only. Under a load of quote requests, pages and API reads, every
 * connection of its pool is terminated three times: the process lives on, every answer is 2xx or
 * a 503 with Retry-After, every acknowledged lead is stored with its photo. With the database
 * gone, a public page answers 503 with the 'briefly unavailable' page (seen in Chromium) and
 * /api/health answers 503; it serves again within 5 s of the database's return, and still stops
 * cleanly on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';
import { VALID_FIELDS } from '../api/leads-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import {
  badOutcomes,
  postgresTarget,
  proxiedUrl,
  startLoad,
  startTcpProxy,
  summarize,
  terminateConnections,
  timedRequest,
  timeToServe,
  type Outcome,
  type TcpProxy,
} from '../support/db-faults.ts';
import { tagPhoto } from './fixtures/images.ts';
import { axeViolations, launchBrowser, openPage } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { readLog, spawnServer, type SpawnedServer } from './support/spawn-server.ts';

const postgresUrl = inject('postgresUrl');

async function answers(outcomes: readonly Outcome[], count: number): Promise<void> {
  const target = outcomes.length + count;
  while (outcomes.length < target) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!postgresUrl)('a server whose database goes away', () => {
  const applicationName = `phmb-e2e-faults-${randomBytes(4).toString('hex')}`;
  let schema: TestDatabase;
  let proxy: TcpProxy;
  let server: SpawnedServer;
  let browser: Browser;
  let photo: Buffer;

  beforeAll(async () => {
    schema = await createTestDatabase('postgres');
    if (schema.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    proxy = await startTcpProxy(postgresTarget(postgresUrl!));
    server = await spawnServer({
      name: 'db-faults',
      adminPassword: E2E_ADMIN_PASSWORD,
      env: {
        DATABASE_URL: proxiedUrl(schema.config.database.url, proxy, applicationName),
        TRUST_PROXY: '1',
      },
    });
    photo = await tagPhoto({ width: 320, height: 240, label: 'SN 4471' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await proxy?.close();
    await schema?.drop();
  });

  const alive = () => server.child.exitCode === null && server.child.signalCode === null;

  it('lives through three rounds of terminated connections under load, losing no acknowledged lead', async () => {
    const load = startLoad({
      origin: server.origin,
      workers: 6,
      fields: VALID_FIELDS,
      photo,
      paths: ['/', '/catalog', '/blog', '/api/catalog', '/api/health'],
    });
    for (let round = 0; round < 3; round++) {
      await answers(load.outcomes, 12);
      expect(await terminateConnections(postgresUrl!, applicationName)).toBeGreaterThan(0);
    }
    await answers(load.outcomes, 12);
    const outcomes = await load.stop();

    expect(alive(), readLog(server.logFile)).toBe(true);
    expect(badOutcomes(outcomes), JSON.stringify(summarize(outcomes))).toEqual([]);
    const acknowledged = outcomes.flatMap((o) => (o.status === 201 && o.caseNumber ? [o.caseNumber] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    const rows = await schema.database.db
      .selectFrom('leads')
      .innerJoin('lead_photos', 'lead_photos.lead_id', 'leads.id')
      .select(['leads.case_number as caseNumber', 'lead_photos.storage_key as storageKey'])
      .where('leads.case_number', 'in', acknowledged)
      .execute();
    expect(new Set(rows.map((r) => r.caseNumber))).toEqual(new Set(acknowledged));
    for (const row of rows) {
      expect(fs.existsSync(path.join(server.dataDir, 'uploads', 'private', row.storageKey))).toBe(true);
    }
  });

  it('shows the briefly-unavailable page with 503 while the database is gone, and serves again within 5 s', async () => {
    await proxy.cut();
    try {
      const health = await timedRequest(server.origin, 'get', '/api/health');
      expect(health.status).toBe(503);
      expect(health.retryAfter).toBe('5');

      const res = await fetch(`${server.origin}/catalog/gone-${randomBytes(3).toString('hex')}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);

      const { context, page, problems } = await openPage(browser, 'phone');
      try {
        const url = `${server.origin}/catalog/gone-${randomBytes(3).toString('hex')}`;
        const response = await page.goto(url, { waitUntil: 'load' });
        expect(response?.status()).toBe(503);
        expect(await page.title()).toBe(UNAVAILABLE_TEXT.title);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: UNAVAILABLE_TEXT.heading }).waitFor();
        expect(await main.getByText(UNAVAILABLE_TEXT.body).isVisible()).toBe(true);
        expect(await main.getByRole('link', { name: UNAVAILABLE_TEXT.retry }).getAttribute('href')).toBe(
          new URL(url).pathname,
        );
        expect(await axeViolations(page)).toEqual([]);
        // the browser notes the document's own 503 status; nothing else may go wrong
        expect(problems.errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await proxy.restore();
    }
    const back = await timeToServe(server.origin, VALID_FIELDS, photo, 5_000);
    expect(back.ms).toBeLessThan(5_000);
    expect((await fetch(`${server.origin}/catalog`)).status).toBe(200);
    expect(alive()).toBe(true);
  });

  it('still stops cleanly on SIGTERM', async () => {
    expect(await server.stop()).toBe(true);
  });
});
