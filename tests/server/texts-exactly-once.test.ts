/**
 * A text is sent exactly once across a SIGKILL of the process sending it (issue 29 item 8;
 * decisions 0060, 0150), with real servers on one PostgreSQL schema and a Twilio stand-in. Every
 * text (a request's confirmation, a quote, an order's ready text, a reminder) leaves through the
 * same outbox worker, so the customer's confirmation stands for them all here.
 *
 * 1. Twilio got the text, but the process died before it heard back: the next process finds the
 *    text still 'sending', asks Twilio, and records it sent with Twilio's sid. Nothing is sent again.
 * 2. The process died before Twilio got it: the next process asks, Twilio has nothing, and the
 *    text goes out once.
 *
 * SEND_INTERRUPTED_AFTER_SECONDS=2 makes a 'sending' row count as cut off after 2 s (10 minutes in
 * production); each process looks for such rows that often on its own, without a request.
 */
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { VALID_FIELDS } from '../api/leads-fixtures.ts';
import { startTwilioStandIn, twilioEnv } from '../api/sms-fixtures.ts';
import { spawnServer, type SpawnedServer } from '../e2e/support/spawn-server.ts';
import { createPostgresSchema, type PostgresSchema } from '../support/postgres-schema.ts';

const postgresUrl = inject('postgresUrl');
const PASSWORD = 'exactly-once-admin-password';
const WAIT_MS = 20_000;

let schema: PostgresSchema;
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
let client: pg.Client;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  schema = await createPostgresSchema(postgresUrl!);
  twilio = await startTwilioStandIn();
  client = new pg.Client({ connectionString: schema.url });
  await client.connect();
});
afterAll(async () => {
  for (const server of servers) await server.dispose();
  await client?.end();
  await twilio?.close();
  await schema?.drop();
});

async function start(name: string) {
  const server = await spawnServer({
    name,
    adminPassword: PASSWORD,
    env: {
      ...twilioEnv(twilio.origin, 'smtp://127.0.0.1:9'),
      DATABASE_URL: schema.url,
      SEND_INTERRUPTED_AFTER_SECONDS: '2',
      TEXT_QUIET_HOURS: 'off',
      TRUST_PROXY: '1',
    },
  });
  servers.push(server);
  return server;
}

/** A quote request from its own address (the rate limit counts per address). */
async function submitRequest(origin: string, phone: string, address: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...VALID_FIELDS, phone })) form.append(key, value);
  const encoded = new Request(origin, { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${origin}/api/leads`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': encoded.headers.get('content-type')!,
          'content-length': body.length,
          'x-forwarded-for': address,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls until `check` gives something (the outbox works in the background); fails after WAIT_MS. */
async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function textTo(e164: string) {
  const { rows } = await client.query<{
    id: number;
    status: string;
    provider_id: string | null;
    attempts: number;
    body: string;
  }>(
    `select id, status, provider_id, attempts, body from outgoing_messages where channel = 'sms' and recipient = $1`,
    [e164],
  );
  return rows;
}

const kill = async (server: SpawnedServer) => {
  server.child.kill('SIGKILL');
  await new Promise((resolve) =>
    server.child.exitCode !== null || server.child.signalCode
      ? resolve(null)
      : server.child.once('exit', resolve),
  );
};

it('Twilio got it, then its sender was killed: the next process records it sent, with its sid, and sends nothing again', async () => {
  const first = await start('exactly-once-1');
  twilio.hangs.push('got it');
  expect(await submitRequest(first.origin, '(204) 555-0181', '203.0.113.81')).toBe(201);
  const [body] = await eventually('the confirmation to reach Twilio', () =>
    twilio.posted.length === 1 ? twilio.posted : undefined,
  );
  expect((await textTo('+12045550181')).map((m) => m.status)).toEqual(['sending']);
  await kill(first);

  await start('exactly-once-2');
  const [row] = await eventually('the text to be settled', async () => {
    const rows = await textTo('+12045550181');
    return rows[0]?.status === 'sending' ? undefined : rows;
  });
  const got = twilio.texts.filter((t) => t.form.get('To') === '+12045550181');
  expect(got).toHaveLength(1);
  expect(row).toMatchObject({ status: 'sent', provider_id: got[0]!.sid, attempts: 1, body });
  expect(twilio.posted).toEqual([body]);
});

it('its sender was killed before Twilio got it: the next process sends it, once', async () => {
  // the second process is the sender now; a third comes after it
  const second = servers.at(-1)!;
  twilio.hangs.push('lost');
  expect(await submitRequest(second.origin, '(204) 555-0182', '203.0.113.82')).toBe(201);
  await eventually('the confirmation to be posted', () => (twilio.posted.length === 2 ? true : undefined));
  expect(twilio.texts.filter((t) => t.form.get('To') === '+12045550182')).toEqual([]);
  await kill(second);

  await start('exactly-once-3');
  const [row] = await eventually('the text to be sent', async () => {
    const rows = await textTo('+12045550182');
    return rows[0]?.status === 'sent' ? rows : undefined;
  });
  const got = twilio.texts.filter((t) => t.form.get('To') === '+12045550182');
  expect(got).toHaveLength(1);
  expect(row).toMatchObject({ provider_id: got[0]!.sid, attempts: 2, body: got[0]!.form.get('Body') });
  // posted twice (the lost one and the one that went), received once
  expect(twilio.posted.filter((b) => b === row!.body)).toHaveLength(2);
});
