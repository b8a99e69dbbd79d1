/**
 * GET /metrics on the production build as it runs (issue 49 item 6, decision 0199):
 * - without METRICS_TOKEN (the shared server) /metrics is the not-found page, as any unknown path;
 * - on a server of its own with METRICS_TOKEN and two worker processes (WEB_CONCURRENCY=2): a
 *   customer's private link is timed as `/q/:token` (pages the page cache answers too) and its
 *   token is nowhere in the figures; whichever worker is asked answers for both, so every request
 *   counts once whichever worker took it.
 * The database's figures on both engines: tests/api/metrics.test.ts.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLog, spawnServer, type SpawnedServer } from '../e2e/support/spawn-server.ts';
import { urlOf } from '../e2e/support/server.ts';
import { durationSeries, parseScrape, valueOf } from '../support/metrics.ts';

const PASSWORD = 'metrics-server-password-1';
const TOKEN = 'scrape-token-for-the-metrics-test';
const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})/;

type Answer = { status: number; body: string };

/** One request on a connection of its own, so node:cluster hands each to the next worker. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

/** A request through the form, quoted by signed-in staff; answers the token of the quote's link. */
async function quotedLink(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const staff = { Cookie: cookie, 'X-CSRF-Token': ((await login.json()) as { token: string }).token };
  const form = new FormData();
  for (const [key, value] of Object.entries({
    equipment: 'trailer',
    make: 'Dexter',
    model: '7K axle',
    year: '2018',
    partCategory: 'trailer-parts',
    description: 'Rear leaf spring snapped on the curb side, double-eye, 7,000 lb axle.',
    urgency: 'flexible',
    name: 'Lee Wiebe',
    phone: '(204) 555-0188',
    email: 'metrics@example.com',
    city: 'steinbach',
    consent: 'true',
  }))
    form.append(key, value);
  const created = await fetch(`${origin}/api/leads`, { method: 'POST', body: form });
  expect(created.status).toBe(201);
  const { caseNumber } = (await created.json()) as { caseNumber: string };
  const id = Number(caseNumber.slice(2)) - 10_000;
  const quoted = await fetch(`${origin}/api/leads/${id}/quote`, {
    method: 'POST',
    headers: { ...staff, 'Content-Type': 'application/json' },
    body: JSON.stringify({ options: [{ label: 'Rebuilt', cost: 45_000, etaDays: 4 }] }),
  });
  expect(quoted.status).toBe(200);
  const { messages } = (await quoted.json()) as { messages: { channel: string; body: string }[] };
  const token = TOKEN_IN.exec(messages.filter((m) => m.channel === 'sms').at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error(`no link in the quote text of lead ${id}`);
  return token;
}

describe('/metrics without METRICS_TOKEN (the shared server)', () => {
  it('is the not-found page, as any unknown path', async () => {
    const [metrics, unknown] = await Promise.all([
      fetch(urlOf('/metrics')),
      fetch(urlOf('/no-such-page-here')),
    ]);
    expect(metrics.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(metrics.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title(await metrics.text())).toBe(title(await unknown.text()));
  });
});

describe('/metrics with METRICS_TOKEN, two worker processes [SQLite]', () => {
  let server: SpawnedServer | undefined;
  let token = '';
  beforeAll(async () => {
    server = await spawnServer({
      name: 'metrics',
      adminPassword: PASSWORD,
      env: { METRICS_TOKEN: TOKEN, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
    });
    // both workers serving, so that consecutive connections go to one and then the other
    const listening = () => readLog(server!.logFile).split('"msg":"listening on').length - 1;
    for (let waited = 0; listening() < 2 && waited < 60_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    token = await quotedLink(server.origin);
  }, 150_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const scrape = async () => {
    const res = await get(`${server!.origin}/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    return parseScrape(res.body);
  };

  it('says where staff sign in as each worker starts', () => {
    const lines = readLog(server!.logFile).split('\n');
    const listening = lines.filter((l) => l.includes('"msg":"listening on'));
    expect(listening).toHaveLength(2);
    for (const line of listening) expect(line).toContain(`staff sign in at ${server!.origin}/admin/login`);
  });

  it('answers 401 without the token', async () => {
    const res = await get(`${server!.origin}/metrics`);
    expect(res.status).toBe(401);
    expect(res.body).not.toContain('# TYPE');
  });

  it('times pages by their pattern, the private link as /q/:token, and its token is nowhere', async () => {
    const origin = server!.origin;
    expect((await get(`${origin}/q/${token}`)).status).toBe(200);
    // its data request (a refusal here: no browser's fetch metadata) is timed as the page's
    expect((await get(`${origin}/q/${token}.data`)).status).toBeLessThan(500);
    // a public page twice: the second from the page cache, before Express
    for (let i = 0; i < 2; i++) expect((await get(`${origin}/catalog`)).status).toBe(200);
    expect((await get(`${origin}/admin/leads/4321`)).status).toBeLessThan(500);
    expect((await get(`${origin}/no-such-page-at-all`)).status).toBe(404);
    const figures = await scrape();
    const routes = new Set(durationSeries(figures).map((s) => s.labels.route));
    for (const route of ['/q/:token', '/catalog', '/admin/leads/:id', '/api/leads', '/api/leads/:id/quote']) {
      expect(routes, route).toContain(route);
    }
    expect(routes).toContain('(unmatched)');
    expect(figures.text).not.toContain(token);
    expect(figures.text).not.toMatch(/4321|no-such-page/);
    expect(valueOf(figures, 'leads_by_source', { source: 'web' })).toBe(1);
    expect(valueOf(figures, 'database_figures_up')).toBe(1);
  });

  it("counts every worker's answers, whichever worker is asked", async () => {
    const count = async () =>
      durationSeries(await scrape())
        .filter((s) => s.labels.route === '/api/cities')
        .reduce((sum, s) => sum + s.count, 0);
    const before = await count();
    for (let i = 0; i < 6; i++) expect((await get(`${server!.origin}/api/cities`)).status).toBe(200);
    // asked of one worker, then the other: the same sum each time
    expect(await count()).toBe(before + 6);
    expect(await count()).toBe(before + 6);
  });
});
