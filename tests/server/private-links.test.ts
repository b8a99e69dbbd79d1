/**
 * The customer's private link on the production build, over raw HTTP (issue 47 items 4 and 5,
 * decision 0177), on a server of its own that logs every request (LOG_LEVEL=info, SMS_PROVIDER=log
 * as by default), once on SQLite and once on PostgreSQL:
 * - only page navigations count as wrong tokens: twenty `<img src="/q/…">` on another site lock
 *   nobody out, and a client over the limit by its own navigations still opens a valid link;
 * - every spelling that opens the page (`/Q/`, `/%71/`, `/q/./`, `/q\`, an absolute-form request
 *   line) opens it, and the token is in no line of the log, nor is the link of the logged text.
 * Requests go through a socket as written, so nothing on the way normalises their spelling.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresSchema, type PostgresSchema } from '../support/postgres-schema.ts';
import { PHONE_USER_AGENT } from '../support/phone.ts';
import { readLog, spawnServer, type SpawnedServer } from '../e2e/support/spawn-server.ts';

const PASSWORD = 'private-links-password-1';
const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})/;
/** Wrong tokens one client may try in a window (server/services/quotes.ts WRONG_LINK_LIMIT). */
const LIMIT = 20;

/** What a browser sends opening a link from a text: a top-level navigation. */
const NAVIGATION = {
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Site': 'none',
  'Sec-Fetch-User': '?1',
};
/** What a browser sends for `<img src="https://shop/q/…">` on another site's page. */
const CROSS_SITE_IMAGE = {
  'Sec-Fetch-Dest': 'image',
  'Sec-Fetch-Mode': 'no-cors',
  'Sec-Fetch-Site': 'cross-site',
};

/** One request with its target exactly as given; answers the status code. */
function raw(
  origin: string,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<number> {
  const { hostname, port, host } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no answer to ${method} ${target}: ${JSON.stringify(answer.slice(0, 200))}`));
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: ${host}`,
      `User-Agent: ${PHONE_USER_AGENT}`,
      'Accept: text/html',
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
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
    name: 'Dana Friesen',
    phone: '(204) 555-0177',
    email: 'private-links@example.com',
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
    body: JSON.stringify({ options: [{ label: 'New OEM', cost: 20_000, etaDays: 5 }] }),
  });
  expect(quoted.status).toBe(200);
  const { messages } = (await quoted.json()) as { messages: { channel: string; body: string }[] };
  const text = messages.filter((m) => m.channel === 'sms' && m.body.includes(' quote ')).at(-1);
  const token = TOKEN_IN.exec(text?.body ?? '')?.[1];
  if (!token) throw new Error(`no link in the quote text of lead ${id}`);
  return token;
}

function probes(server: () => SpawnedServer) {
  let token = '';
  const origin = () => server().origin;
  const wrong = (i: number, fill: string) => `${String(i).padStart(4, '0')}${fill.repeat(20)}`;

  beforeAll(async () => {
    token = await quotedLink(origin());
  });

  it('twenty cross-site image requests for wrong tokens, then the real link: it opens', async () => {
    for (let i = 0; i < LIMIT + 5; i++) {
      expect(await raw(origin(), `/q/${wrong(i, 'i')}`, CROSS_SITE_IMAGE)).toBe(404);
    }
    expect(await raw(origin(), `/q/${token}`, NAVIGATION)).toBe(200);
  });

  it('every spelling that opens the page opens it, and no line of the log holds the token', async () => {
    const { host } = new URL(origin());
    for (const target of [
      `/q/${token}`,
      `/Q/${token}`,
      `/%71/${token}`,
      `/q/./${token}`,
      `/q\\${token}`,
      `/q/${token}?latest=1`,
      // absolute-form request line (RFC 9112 §3.2.2), as a proxy sends it
      `http://${host}/q/${token}`,
    ]) {
      expect({ target, status: await raw(origin(), target, NAVIGATION) }).toEqual({ target, status: 200 });
    }
    // a request target that is no path at all is the client's mistake
    expect(await raw(origin(), '*', {}, 'OPTIONS')).toBe(400);

    const log = readLog(server().logFile);
    expect(log).toContain('"url":"/Q/[token]"');
    expect(log).toContain('"url":"/%71/[token]"');
    // SMS_PROVIDER=log: the texts are logged, each link without its token
    expect(log).toMatch(/"msg":"text not sent \(SMS_PROVIDER=log\)"/);
    expect(log).toMatch(/"body":"[^"]*\/q\/\[token\]/);
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/\/q\/[A-Za-z0-9_-]{24}/);
    expect(log).not.toMatch(/"level":50/);
  });

  it('a client over the wrong-token limit by its own navigations still opens a valid link', async () => {
    // a browser that sends no fetch metadata at all counts as navigating
    for (let i = 0; i < LIMIT - 1; i++) expect(await raw(origin(), `/q/${wrong(i, 'n')}`)).toBe(404);
    expect(await raw(origin(), `/q/${wrong(0, 'm')}`, NAVIGATION)).toBe(429);
    expect(await raw(origin(), `/q/${wrong(1, 'm')}`)).toBe(429);
    expect(await raw(origin(), `/q/${token}`, NAVIGATION)).toBe(200);
    expect(await raw(origin(), `/q/${token}`)).toBe(200);
  });
}

describe('private links [a server of its own, SQLite]', () => {
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    server = await spawnServer({ name: 'links', adminPassword: PASSWORD, env: { LOG_LEVEL: 'info' } });
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
  });

  probes(() => server!);
});

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('private links [a server of its own, PostgreSQL]', () => {
  let schema: PostgresSchema;
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    schema = await createPostgresSchema(postgresUrl!);
    server = await spawnServer({
      name: 'links-pg',
      adminPassword: PASSWORD,
      env: { LOG_LEVEL: 'info', DATABASE_URL: schema.url },
    });
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
    await schema?.drop();
  });

  probes(() => server!);
});
