/**
 * GET /metrics and GET /api/health's 'degraded' (issue 49 item 6, decision 0199), on both engines,
 * over real HTTP: the app as server/index.ts composes it with METRICS_TOKEN set (the figures'
 * handler mounted, every answer timed around the listener), scraped and read by a Prometheus text
 * parser. The page routes' patterns (`/q/:token`) on the production build:
 * tests/server/metrics.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertMessage } from '#server/db/repo/outgoing-messages.ts';
import { createMetrics } from '#server/http/metrics.ts';
import { eachEngine } from '../support/databases.ts';
import { durationSeries, family, parseScrape, valueOf } from '../support/metrics.ts';

const TOKEN = 'metrics-test-token-0123456789';
const MINUTE = 60_000;

eachEngine('GET /metrics', (ctx, engine) => {
  let server: http.Server;
  let origin = '';

  beforeAll(async () => {
    const { deps, services } = ctx();
    const metrics = createMetrics({ token: TOKEN, services, logger: deps.logger });
    const app = createApp({
      config: deps.config,
      services,
      logger: deps.logger,
      files: deps.files,
      metrics: metrics.handler,
    });
    server = http.createServer(metrics.timed(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const scrape = async () => {
    const res = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseScrape(await res.text());
  };
  const health = async () => {
    const res = await fetch(`${origin}/api/health`);
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  /** A text in the outbox, due `dueInMs` from now (negative: overdue), queued or failed. */
  const text = (dueInMs: number, status: 'queued' | 'failed' = 'queued') =>
    insertMessage(
      ctx().deps.db,
      {
        leadId: null,
        channel: 'sms',
        recipient: '+12045550111',
        subject: null,
        body: 'Parts Hunters MB: your part is in.',
        status,
        notBefore: new Date(Date.now() + dueInMs),
      },
      new Date(Date.now() + Math.min(0, dueInMs)),
    );

  it('answers 401 and no figures without the token, with a wrong one, or another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await fetch(`${origin}/metrics`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(body).not.toMatch(/# (HELP|TYPE)|_seconds|outbox/);
    }
  });

  it("shows the process's memory, event-loop delay and database connections", async () => {
    await health();
    const figures = await scrape();
    expect(valueOf(figures, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(valueOf(figures, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(valueOf(figures, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(figures, 'database_figures_up')).toBe(1);
    if (engine === 'sqlite') {
      expect(valueOf(figures, 'db_pool_max_connections')).toBe(1);
      expect(valueOf(figures, 'db_pool_open_connections')).toBe(1);
      expect(figures.families.map((f) => f.name)).not.toContain('db_pool_waiting_queries');
    } else {
      // the test databases' pools (tests/support/databases.ts): at most 4
      expect(valueOf(figures, 'db_pool_max_connections')).toBe(4);
      expect(valueOf(figures, 'db_pool_open_connections')).toBeGreaterThanOrEqual(1);
      expect(valueOf(figures, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(valueOf(figures, 'db_pool_waiting_queries')).toBe(0);
    }
  });

  it('texts queued, waiting and failed, and the oldest due one, move; health says degraded past 10 minutes', async () => {
    const sms = (figures: Awaited<ReturnType<typeof scrape>>) => ({
      queued: valueOf(figures, 'outbox_messages', { channel: 'sms', state: 'queued' }),
      waiting: valueOf(figures, 'outbox_messages', { channel: 'sms', state: 'waiting' }),
      failed: valueOf(figures, 'outbox_messages', { channel: 'sms', state: 'failed' }),
      oldest: valueOf(figures, 'outbox_oldest_due_seconds', { channel: 'sms' }),
    });
    expect(sms(await scrape())).toEqual({ queued: 0, waiting: 0, failed: 0, oldest: 0 });
    expect(valueOf(await scrape(), 'outbox_messages', { channel: 'email', state: 'queued' })).toBe(0);
    expect(await health()).toEqual({ status: 'ok', database: 'ok', texts: 'ok', oldestDueTextSeconds: 0 });

    // one for later, one failed, one due 5 minutes ago: waiting, but not for long
    await text(60 * MINUTE);
    await text(-60 * MINUTE, 'failed');
    await text(-5 * MINUTE);
    let now = sms(await scrape());
    expect(now).toMatchObject({ queued: 2, waiting: 1, failed: 1 });
    expect(now.oldest).toBeGreaterThanOrEqual(300);
    expect(now.oldest).toBeLessThan(330);
    const waiting = await health();
    expect(waiting).toMatchObject({ status: 'ok', texts: 'ok' });
    expect(waiting.oldestDueTextSeconds).toBeGreaterThanOrEqual(300);

    // a text due 11 minutes ago and still not sent: degraded, still a 200
    await text(-11 * MINUTE);
    now = sms(await scrape());
    expect(now).toMatchObject({ queued: 3, waiting: 2, failed: 1 });
    expect(now.oldest).toBeGreaterThanOrEqual(660);
    const degraded = await health();
    expect(degraded).toMatchObject({ status: 'degraded', database: 'ok', texts: 'delayed' });
    expect(degraded.oldestDueTextSeconds).toBeGreaterThanOrEqual(660);
    expect(degraded.oldestDueTextSeconds).toBeLessThan(700);
  });

  it('counts a text being tried again from when it was queued: a provider down reads as degraded', async () => {
    const { db } = ctx().deps;
    // the others of this file's texts are sent; one queued 15 minutes ago, tried twice, next in 25
    await db
      .updateTable('outgoing_messages')
      .set({ status: 'sent' })
      .where('status', '=', 'queued')
      .execute();
    const id = await text(-15 * MINUTE);
    await db
      .updateTable('outgoing_messages')
      .set({ attempts: 2, next_attempt_at: new Date(Date.now() + 25 * MINUTE).toISOString() })
      .where('id', '=', id)
      .execute();
    const degraded = await health();
    expect(degraded).toMatchObject({ status: 'degraded', texts: 'delayed' });
    expect(degraded.oldestDueTextSeconds).toBeGreaterThanOrEqual(900);
    // the figure says the same (one rule: db/repo/operations.ts)
    expect(valueOf(await scrape(), 'outbox_oldest_due_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(
      900,
    );
  });

  it('counts leads by source', async () => {
    const before = await scrape();
    expect(valueOf(before, 'leads_by_source', { source: 'phone' })).toBe(0);
    const { db } = ctx().deps;
    for (const source of ['web', 'web', 'sms'] as const) {
      await insertLead(db, { urgency: 'flexible', source, name: 'Test', phone: '+12045550100' }, [], {
        now: new Date(),
        actor: 'test',
      });
    }
    const after = await scrape();
    expect(valueOf(after, 'leads_by_source', { source: 'web' })).toBe(2);
    expect(valueOf(after, 'leads_by_source', { source: 'sms' })).toBe(1);
    expect(valueOf(after, 'leads_by_source', { source: 'phone' })).toBe(0);
  });

  it('times answers by the route pattern, never the path asked for', async () => {
    for (const path of ['/api/leads/987654', '/api/catalog/secret-slug-abc', '/no-such-place-xyz']) {
      expect((await fetch(`${origin}${path}`)).status, path).toBeGreaterThanOrEqual(400);
    }
    await fetch(`${origin}/api/health`);
    await scrape();
    const figures = await scrape();
    const series = durationSeries(figures);
    const routes = series.map((s) => s.labels.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/leads/:id',
        '/api/catalog/:slug',
        '/api/health',
        '/metrics',
        '(unmatched)',
      ]),
    );
    expect(figures.text).not.toMatch(/987654|secret-slug-abc|no-such-place/);
    expect(family(figures, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    expect(series.filter((s) => s.labels.route === '/api/leads/:id')).toEqual([
      { labels: { method: 'GET', route: '/api/leads/:id', status: '4xx' }, count: 1 },
    ]);
  });
});
