/**
 * GET /metrics: figures an operator's Prometheus scrapes (issue 49 item 6, decision 0199), in its
 * text format (prom-client), behind the bearer token METRICS_TOKEN. Without the token set this
 * module is never loaded: no route (/metrics is the not-found page), no timing, no memory spent.
 *
 * - Answer durations, a histogram by method, status class and the route's PATTERN (`/q/:token`,
 *   `/api/leads/:id`): the Express route that answered, else the page route of the React Router
 *   table the path matches. Labels come only from those tables, never from the URL, so no token,
 *   id or slug is ever in a label; a path no route names (the not-found page) is `(unmatched)`.
 *   Timed around the whole listener, so the pages the page cache answers count too.
 * - The database's figures (the outbox by channel: queued, waiting as due and not sent, failed,
 *   the oldest due one's age; the leads by source), read at the scrape by the gauges' `collect`,
 *   once for all of them, within FIGURES_TIMEOUT_MS (services/figures.ts); `database_figures_up` 0
 *   when they could not be read.
 * - The process: memory, event-loop delay (monitorEventLoopDelay: `nodejs_eventloop_lag_*`),
 *   garbage collection (prom-client's default metrics), and its database connections.
 * With several worker processes (WEB_CONCURRENCY), whichever worker is asked answers for all of
 * them: the primary sums the process figures of every worker (server/cluster.ts); the database's
 * figures are read once, by the worker that answers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import client from 'prom-client';
import { matchRoutes, type RouteObject } from 'react-router';
import type { DatabaseFigures, PoolUse } from '../services/figures.ts';
import type { Services } from '../services/index.ts';
import type { RouteTable } from './page-cache.ts';

/** The label of every path no route names: one series, whatever was asked. */
export const UNMATCHED = '(unmatched)';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: a cached page (~1 ms) to a photo upload (several seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The channels and sources shown even at zero, so a dashboard's series exist from the start. */
const CHANNELS = ['sms', 'email'];
const SOURCES = ['web', 'sms', 'phone'];

export type Metrics = {
  /** `listener` with every answer timed by its route's pattern. */
  timed(listener: RequestListener): RequestListener;
  /** GET /metrics: 401 without the token, else the figures. */
  handler: RequestHandler;
  /** The page routes (a React Router build's `routes`) whose patterns label the pages. */
  setRoutes(table: RouteTable): void;
};

export type MetricsOptions = {
  token: string;
  services: Services;
  logger: Logger;
  /**
   * In a cluster's worker: every worker's process figures, summed by the primary
   * (server/cluster.ts). Alone: this process's own.
   */
  allWorkers?: () => Promise<string>;
};

/** The route tree React Router matches, from a build's flat table. */
export function routeTree(table: RouteTable, parentId?: string): RouteObject[] {
  return Object.values(table)
    .filter((r) => r !== undefined && r.parentId === parentId)
    .map(
      (r) =>
        ({ id: r!.id, path: r!.path, index: r!.index, children: routeTree(table, r!.id) }) as RouteObject,
    );
}

/**
 * Keeps, on `req`, the pattern of each Express route that takes it as Express hands it over: the
 * router's mount path (`req.baseUrl`, `/api`) and the route's path (`/leads/:id`), read when
 * Express sets `req.route`, since Express puts `req.baseUrl` back when an error leaves the router.
 */
function watchRoutes(req: IncomingMessage): { pattern?: string } {
  const seen: { pattern?: string } = {};
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (typeof value?.path === 'string') {
        const pattern = `${(req as { baseUrl?: string }).baseUrl ?? ''}${value.path}`;
        seen.pattern = pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern || '/';
      }
    },
  });
  return seen;
}

/** The route pattern a request was answered by (see the file's comment); never the path itself. */
export function routePattern(
  req: IncomingMessage,
  express: string | undefined,
  routes: RouteObject[] | undefined,
): string {
  if (express) return express;
  let pathname: string;
  try {
    pathname = new URL((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/', 'http://x').pathname;
  } catch {
    return UNMATCHED;
  }
  if (pathname.startsWith('/assets/')) return '/assets/*';
  if (pathname.startsWith('/uploads/')) return '/uploads/*';
  if (!routes) return UNMATCHED;
  // a page's data request (`/admin/leads/12.data`) is the page's
  const matches = matchRoutes(routes, pathname.replace(/\.data$/, '')) ?? [];
  const paths = matches.map((m) => m.route.path ?? '').filter(Boolean);
  if (!matches.length || paths.some((p) => p.includes('*'))) return UNMATCHED;
  return `/${paths.join('/')}`.replace(/\/{2,}/g, '/');
}

/** Whether the Authorization header carries the token; compared in constant time. */
function bearerMatches(header: string | undefined, tokenDigest: Buffer): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  // digests: equal lengths for timingSafeEqual, and no hint of the token's length
  return timingSafeEqual(createHash('sha256').update(given).digest(), tokenDigest);
}

export function createMetrics(options: MetricsOptions): Metrics {
  const { services, logger } = options;
  const tokenDigest = createHash('sha256').update(options.token).digest();
  let routes: RouteObject[] | undefined;

  // the process's figures: in a cluster, the primary sums them over the workers
  const own = new client.Registry();
  client.collectDefaultMetrics({ register: own });
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [own],
  });
  // the database's connections: how many may open, how many are open, and on PostgreSQL how many
  // of those are idle and how many queries wait for one (SQLite has its one and no such counts)
  const poolFigures = (name: string, help: string, read: (use: PoolUse) => number | undefined) =>
    new client.Gauge({
      name,
      help,
      registers: [own],
      collect() {
        const value = read(services.figures.pool() ?? { max: 0, open: 0 });
        this.set(value ?? 0);
      },
    });
  poolFigures(
    'db_pool_max_connections',
    'Database connections this process may open (SQLite: its one)',
    (u) => u.max,
  );
  poolFigures('db_pool_open_connections', 'Database connections open now', (u) => u.open);
  if (services.figures.pool()?.idle !== undefined) {
    poolFigures('db_pool_idle_connections', 'Open database connections not in use', (u) => u.idle);
    poolFigures(
      'db_pool_waiting_queries',
      'Queries waiting for a free database connection',
      (u) => u.waiting,
    );
  }
  if (options.allWorkers) {
    // a worker answers the primary's requests for its figures with this registry's
    new client.AggregatorRegistry();
    client.AggregatorRegistry.setRegistries([own]);
  }

  // the database's figures: read once per scrape, by the process that answers it
  const shared = new client.Registry();
  let reading: Promise<DatabaseFigures | undefined> | undefined;
  const current = () =>
    (reading ??= services.figures
      .read()
      .catch((err: unknown) => {
        logger.warn({ err }, 'metrics: the database figures could not be read');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  new client.Gauge({
    name: 'database_figures_up',
    help: '1 when the database figures below were read for this scrape, 0 when the database did not answer in time',
    registers: [shared],
    async collect() {
      this.set((await current()) ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'outbox_messages',
    help: 'Outgoing messages by channel (sms: texts) and state: queued (all not sent yet, due now or later), waiting (due and not sent yet), failed (given up)',
    labelNames: ['channel', 'state'],
    registers: [shared],
    async collect() {
      const figures = await current();
      this.reset();
      if (!figures) return;
      for (const channel of new Set([...CHANNELS, ...figures.outbox.map((o) => o.channel)])) {
        const f = figures.outbox.find((o) => o.channel === channel);
        this.set({ channel, state: 'queued' }, f?.queued ?? 0);
        this.set({ channel, state: 'waiting' }, f?.due ?? 0);
        this.set({ channel, state: 'failed' }, f?.failed ?? 0);
      }
    },
  });
  new client.Gauge({
    name: 'outbox_oldest_due_seconds',
    help: 'How long the longest-waiting due message of each channel has waited to be sent (0: none waits)',
    labelNames: ['channel'],
    registers: [shared],
    async collect() {
      const figures = await current();
      this.reset();
      if (!figures) return;
      for (const channel of new Set([...CHANNELS, ...figures.outbox.map((o) => o.channel)])) {
        this.set({ channel }, figures.outbox.find((o) => o.channel === channel)?.oldestDueSeconds ?? 0);
      }
    },
  });
  new client.Gauge({
    name: 'leads_by_source',
    help: 'Leads received, every status counted, by how they came (web form, text, taken by phone)',
    labelNames: ['source'],
    registers: [shared],
    async collect() {
      const figures = await current();
      this.reset();
      if (!figures) return;
      for (const source of new Set([...SOURCES, ...figures.leadsBySource.map((l) => l.source)])) {
        this.set({ source }, figures.leadsBySource.find((l) => l.source === source)?.count ?? 0);
      }
    },
  });

  const handler: RequestHandler = async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!bearerMatches(req.get('authorization'), tokenDigest)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .type('text/plain')
        .send('The figures need the bearer token METRICS_TOKEN.\n');
      return;
    }
    try {
      const [processes, database] = await Promise.all([
        options.allWorkers ? options.allWorkers() : own.metrics(),
        shared.metrics(),
      ]);
      res.type(own.contentType).send(`${processes.trimEnd()}\n\n${database}`);
    } catch (err) {
      next(err);
    }
  };

  return {
    handler,
    setRoutes(table) {
      routes = routeTree(table);
    },
    timed(listener) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const started = process.hrtime.bigint();
        const routed = watchRoutes(req);
        res.once('finish', () => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
          const status = `${Math.floor(res.statusCode / 100)}xx`;
          durations.observe({ method, route: routePattern(req, routed.pattern, routes), status }, seconds);
        });
        listener(req, res);
      };
    },
  };
}
