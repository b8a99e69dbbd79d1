/**
 * The database-fault scenario (issue 14 item 1, decision 0090), shared by tests/api/db-faults,
 * tests/e2e/db-faults and scripts/db-faults.ts:
 * - a TCP proxy between one server and PostgreSQL that can cut the database away (connections
 *   dropped, new ones refused), stall it (connections open, nothing answers) and bring it back,
 *   so an outage hits that server only and never the shared PostgreSQL other tests use;
 * - pg_terminate_backend on every connection of one server, found by its application_name;
 * - a load of quote requests (one photo each) and GETs, recording every answer and its latency.
 */
import net from 'node:net';
import pg from 'pg';

export type TcpProxy = {
  port: number;
  /** the database is gone: every open connection dropped, new ones refused */
  cut(): Promise<void>;
  /** the database went silent: connections stay open, nothing gets through (a failover, a partition) */
  stall(): void;
  /** the database is back: listening again, held bytes delivered */
  restore(): Promise<void>;
  /**
   * After a stall, the database is back at a new place (a failover to a standby): new connections
   * go through, the old ones stay silent for good, as a dead server's connections do.
   */
  failover(): void;
  /**
   * The next statement containing `text` reaches the database, but the connection drops before
   * its answer gets back: the server did the work (e.g. committed) and the client cannot know.
   */
  loseAnswerTo(text: string): void;
  close(): Promise<void>;
};

/** A loopback TCP proxy to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  type Pair = {
    client: net.Socket;
    upstream: net.Socket;
    held: [net.Socket, Buffer][];
    lose: boolean;
    dead: boolean;
  };
  const pairs = new Set<Pair>();
  let stalled = false;
  let loseAnswerTo: string | undefined;

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, held: [], lose: false, dead: false };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (pair.dead) return;
      if (stalled) return void pair.held.push([upstream, chunk]);
      if (loseAnswerTo && chunk.includes(loseAnswerTo)) {
        loseAnswerTo = undefined;
        pair.lose = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.dead) return;
      if (pair.lose) return drop();
      if (stalled) return void pair.held.push([client, chunk]);
      client.write(chunk);
    });
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', drop);
      socket.on('close', drop);
      socket.on('end', drop);
    }
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
    });

  return {
    port,
    async cut() {
      stalled = false;
      await stopListening();
    },
    stall() {
      stalled = true;
    },
    async restore() {
      stalled = false;
      for (const pair of pairs) {
        for (const [to, chunk] of pair.held) if (!to.destroyed) to.write(chunk);
        pair.held = [];
      }
      if (!server.listening) await listen(port);
    },
    failover() {
      for (const pair of pairs) {
        pair.dead = true;
        pair.held = [];
      }
      stalled = false;
    },
    loseAnswerTo(text) {
      loseAnswerTo = text;
    },
    close: stopListening,
  };
}

/** `url` with its host and port replaced by the proxy's, and an application_name to find it by. */
export function proxiedUrl(url: string, proxy: TcpProxy, applicationName: string): string {
  const out = new URL(url);
  out.hostname = '127.0.0.1';
  out.port = String(proxy.port);
  out.searchParams.set('application_name', applicationName);
  return out.toString();
}

/** Host and port of a postgres:// URL (defaults as libpq). */
export function postgresTarget(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

/**
 * Terminates every backend whose application_name is `applicationName` (waiting up to a second
 * for each to be gone) through a direct connection; resolves with how many there were.
 */
export async function terminateConnections(adminUrl: string, applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      `select pg_terminate_backend(pid, 1000) from pg_stat_activity
        where application_name = $1 and pid <> pg_backend_pid()`,
      [applicationName],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

export type Outcome = {
  kind: 'lead' | 'get';
  path: string;
  /** 0: no HTTP answer at all (connection refused or reset: the server is gone; or no answer in 15 s) */
  status: number;
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  /** `message` of a JSON answer */
  message?: string;
  /** the case number of an acknowledged quote request */
  caseNumber?: string;
  error?: string;
};

let clientCounter = 0;
/** A different client address per request (the server runs with TRUST_PROXY=1): no rate limit trips. */
const nextClient = () => {
  clientCounter++;
  return `198.51.${100 + (Math.floor(clientCounter / 250) % 100)}.${(clientCounter % 250) + 1}`;
};

const NO_ANSWER_MS = 15_000;

/** One request, timed; never throws. */
export async function timedRequest(
  origin: string,
  kind: Outcome['kind'],
  path: string,
  init: RequestInit = {},
): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${path}`, {
      ...init,
      headers: {
        'X-Forwarded-For': nextClient(),
        Accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
        ...init.headers,
      },
      signal: AbortSignal.timeout(NO_ANSWER_MS),
    });
    const contentType = res.headers.get('content-type');
    const text = await res.text();
    const outcome: Outcome = {
      kind,
      path,
      status: res.status,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
      contentType,
    };
    if (contentType?.includes('application/json')) {
      try {
        const body = JSON.parse(text) as { message?: unknown; caseNumber?: unknown };
        if (typeof body.message === 'string') outcome.message = body.message;
        if (typeof body.caseNumber === 'string') outcome.caseNumber = body.caseNumber;
      } catch {
        outcome.error = 'invalid JSON';
      }
    }
    return outcome;
  } catch (err) {
    return {
      kind,
      path,
      status: 0,
      ms: performance.now() - started,
      retryAfter: null,
      contentType: null,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    };
  }
}

/** POST /api/leads with `fields` and one photo. */
/** A quote request with one photo; `key`: the phone's Idempotency-Key (decision 0207), if any. */
export function submitLead(
  origin: string,
  fields: Record<string, string>,
  photo: Buffer,
  key?: string,
): Promise<Outcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'part.jpg');
  const headers: Record<string, string> = key ? { 'Idempotency-Key': key } : {};
  return timedRequest(origin, 'lead', '/api/leads', { method: 'POST', body: form, headers });
}

export type Load = {
  /** stops starting requests; resolves with every outcome once the ones in flight have answered */
  stop(): Promise<Outcome[]>;
  /** outcomes so far */
  readonly outcomes: readonly Outcome[];
};

/**
 * `workers` loops, each alternating a quote request with one photo and a GET of the next of
 * `paths`, until stopped.
 */
export function startLoad(options: {
  origin: string;
  workers: number;
  fields: Record<string, string>;
  photo: Buffer;
  paths: readonly string[];
}): Load {
  const outcomes: Outcome[] = [];
  let running = true;
  let turn = 0;
  const worker = async () => {
    while (running) {
      outcomes.push(await submitLead(options.origin, options.fields, options.photo));
      if (!running) break;
      const path = options.paths[turn++ % options.paths.length]!;
      outcomes.push(await timedRequest(options.origin, 'get', path));
    }
  };
  const all = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    outcomes,
    async stop() {
      running = false;
      await all;
      return outcomes;
    },
  };
}

/**
 * Polls until GET /api/health answers 200 and a quote request is acknowledged; resolves with the
 * milliseconds that took, or rejects after `limitMs`.
 */
export async function timeToServe(
  origin: string,
  fields: Record<string, string>,
  photo: Buffer,
  limitMs: number,
): Promise<{ ms: number; caseNumber: string }> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const health = await timedRequest(origin, 'get', '/api/health');
    if (health.status === 200) {
      const lead = await submitLead(origin, fields, photo);
      if (lead.status === 201 && lead.caseNumber)
        return { ms: performance.now() - started, caseNumber: lead.caseNumber };
    }
    // polling a recovering server, not waiting for time: the next try follows at once after a beat
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not serve again within ${limitMs} ms`);
}

/** Outcomes that break the rules: anything but 2xx or a well-formed 503, or an answer after 10 s. */
export function badOutcomes(outcomes: readonly Outcome[], limitMs = 10_000): Outcome[] {
  return outcomes.filter((o) => {
    if (o.ms > limitMs) return true;
    if (o.status >= 200 && o.status < 300) return o.kind === 'lead' ? !o.caseNumber : false;
    if (o.status !== 503) return true;
    if (o.retryAfter === null || !(Number(o.retryAfter) > 0)) return true;
    // an API answer says why in JSON; a page answers with the 'briefly unavailable' page
    return o.path.startsWith('/api/') ? !o.message : !o.contentType?.includes('text/html');
  });
}

/** A one-line summary: requests, answers by status, max latency. */
export function summarize(outcomes: readonly Outcome[]) {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  return {
    requests: outcomes.length,
    byStatus,
    leadsAcknowledged: outcomes.filter((o) => o.kind === 'lead' && o.status === 201).length,
    maxMs: Math.round(Math.max(0, ...outcomes.map((o) => o.ms))),
  };
}
