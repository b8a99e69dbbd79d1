/**
 * Process entry. `node server/index.ts` serves the production build (run `npm run build` first);
 * `node server/index.ts --dev` serves the app through Vite with hot reload.
 * Order: configuration → database (migrate, seed, admin) → HTTP → graceful shutdown on SIGTERM/SIGINT,
 * over within 10 s (decision 0145).
 * With WEB_CONCURRENCY > 1 this process becomes the cluster's primary (server/cluster.ts), and each
 * worker runs the rest of this file; only the first worker prepares the database.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { PageCache } from './http/page-cache.ts';

const dev = process.argv.includes('--dev');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error('Invalid configuration:');
    for (const problem of err.problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  throw err;
}

// React and React Router pick their production builds from NODE_ENV; SEED_DEMO's default was already
// read from the NODE_ENV the user gave, so `npm start` serves the production build with demo data.
process.env.NODE_ENV = dev ? 'development' : 'production';

/** On SIGTERM the process is gone within this, whatever hangs (decision 0145)… */
const SHUTDOWN_MS = 10_000;
/** …of which the requests in flight get this long; the rest is for the database and the last logs. */
const GRACE_MS = 8_000;
/** Where a generated admin password is kept for its owner (README.md, Configuration), beside the database. */
const INITIAL_PASSWORD_FILE = 'initial-admin-password';
const { createLogger } = await import('./logger.ts');
const logger = createLogger(config.logLevel);
const { PREPARE_ENV, PREPARED_MESSAGE, runPrimary, metricsOfAllWorkers } = await import('./cluster.ts');
if (config.webConcurrency > 1 && cluster.isPrimary) {
  // Vite's dev server (hot reload, its websocket) belongs to one process
  if (dev) logger.warn('WEB_CONCURRENCY is ignored with --dev: one process serves the app through Vite');
  // the primary serves nothing; it never gets past this line (it ends with its workers)
  else
    await runPrimary({
      workers: config.webConcurrency,
      logger,
      graceMs: SHUTDOWN_MS,
      metrics: Boolean(config.metricsToken),
    });
}

const { openDatabase, migrate } = await import('./db/index.ts');
const { withStartupLock } = await import('./db/startup-lock.ts');
const { seed } = await import('./seed/index.ts');
const { createFileStore, storageBackend } = await import('./storage/index.ts');
const { createServices } = await import('./services/index.ts');
const { createApp } = await import('./app.ts');
const { renderPages } = await import('./http/render.ts');
const { createPageCache, servedFrom } = await import('./http/page-cache.ts');
const { sessionCookieName } = await import('./http/auth.ts');
const { shutDown } = await import('./http/shutdown.ts');

// alone, or the cluster's first worker: the one process that prepares the database
const prepares = !cluster.isWorker || process.env[PREPARE_ENV] === '1';
if (!dev && prepares) {
  const missing = missingMemorySettings();
  if (missing.length) {
    logger.warn(
      { missing },
      'started without the memory settings of `npm start`: accepting photos will need much more memory (six 10 MB photos: ~480 instead of ~230 MiB at peak without any of them; docs/decisions/0040-lead-intake.md)',
    );
  }
}
const database = openDatabase(config.database, { logger, timeoutMs: config.databaseTimeoutMs });
const now = () => new Date();
// uploaded files: the local folder, or the bucket STORAGE_URL names (decision 0094)
const files = createFileStore({ dataDir: config.dataDir, now, backend: await storageBackend(config) });
const deps = { db: database.db, engine: database.engine, config, logger, files, now };
const services = createServices(deps);

/** Asks the first owner's display name on the terminal until one fits (Enter keeps the username). */
async function askOwnersName(): Promise<void> {
  const { createInterface } = await import('node:readline/promises');
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (;;) {
      const name = (
        await terminal.question(
          `  Your name, as the back office shows it (Enter to keep "${config.admin.username}"): `,
        )
      ).trim();
      if (!name) return;
      try {
        await services.adminAccount.setDisplayName(config.admin.username, name);
        console.log(`  Saved: the back office calls you ${name}.\n`);
        return;
      } catch (err) {
        if (!(err instanceof Error && err.name === 'AppError')) throw err;
        console.log(`  ${err.message}`);
      }
    }
  } finally {
    terminal.close();
  }
}

try {
  // Migrations, seed and admin account under the start-up lock: processes or machines started
  // together on an empty database take turns, so each is made once (decision 0092).
  const admin = prepares
    ? await withStartupLock(database, async () => {
        const applied = await migrate(database);
        if (applied.length) logger.info({ applied }, 'migrations applied');
        await seed({ ...deps, shop: services.shop });
        return services.adminAccount.ensureAdmin();
      })
    : undefined;
  if (admin?.generatedPassword) {
    // the one file this process writes outside storage: the password, readable only by its owner
    const passwordFile = path.join(config.dataDir, INITIAL_PASSWORD_FILE);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(passwordFile, `${admin.generatedPassword}\n`, { mode: 0o600 });
    fs.chmodSync(passwordFile, 0o600);
    // a newcomer's first start: where to sign in, as whom, with what (README.md, Run it)
    console.log(
      [
        '',
        `  Admin account created. Sign in at ${signInUrl(config.port)}`,
        `    username: ${config.admin.username}`,
        `    password: ${admin.generatedPassword}`,
        `  (shown once; also saved to ${passwordFile}, readable only by you)`,
        '',
      ].join('\n'),
    );
  }
  // the owner's name on the back office's screens and in the audit log (decision 0201): asked
  // here on a terminal, else set later on 'Your account'; until then it is the username
  if (admin?.created && process.stdin.isTTY && process.stdout.isTTY) await askOwnersName();
} catch (err) {
  logger.fatal({ err }, 'could not prepare the database');
  await database.close().catch(() => {});
  process.exit(1);
}
// the owner's hours, prices and pickup place in force before the first request (decision 0204)
await services.shop.load();
// the push notifications' VAPID keys, made at the first start (insert if absent, then read: one
// pair however many processes start together); notifications a stopped process left are sent
// (decision 0205)
try {
  await services.push.publicKey();
  services.push.kick();
} catch (err) {
  logger.error({ err }, 'push notification keys could not be read; asked again at the first use');
}
// the cluster's primary starts the other workers now
if (prepares && cluster.isWorker) process.send?.(PREPARED_MESSAGE);

// GET /metrics and the answers' timing, only with METRICS_TOKEN set (decision 0199)
const metrics = config.metricsToken
  ? (await import('./http/metrics.ts')).createMetrics({
      token: config.metricsToken,
      services,
      logger,
      allWorkers: cluster.isWorker ? metricsOfAllWorkers : undefined,
    })
  : undefined;

let app;
let pageCache: PageCache | undefined;
let closeVite: (() => Promise<void>) | undefined;
if (dev) {
  const vite = await import('vite');
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  closeVite = () => viteServer.close();
  // the page routes as they were at start: enough to label the answers' timing
  if (metrics) {
    const devBuild = (await viteServer.ssrLoadModule('virtual:react-router/server-build')) as {
      routes: Parameters<typeof metrics.setRoutes>[0];
    };
    metrics.setRoutes(devBuild.routes);
  }
  app = createApp({
    config,
    services,
    logger,
    files,
    metrics: metrics?.handler,
    devMiddleware: viteServer.middlewares,
    pageHandler: renderPages({
      build: () => viteServer.ssrLoadModule('virtual:react-router/server-build') as never,
      services,
      mode: 'development',
    }),
  });
} else {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  const serverBuild = path.join(buildDir, 'server/index.js');
  if (!fs.existsSync(serverBuild)) {
    logger.fatal(
      `No production build found at ${serverBuild}. Run \`npm run build\` first (or \`npm run dev\`).`,
    );
    process.exit(1);
  }
  const build = await import(serverBuild);
  const cache = createPageCache({
    cookieNames: [sessionCookieName(config)],
    routes: build.routes,
    maxBytes: config.pageCacheBytes,
  });
  // staff changed what pages show, here or in another process: every kept page goes (decision 0097)
  services.changes.onChange(() => cache.clear());
  // and once the owner's hours, read again after such a change, are in force here
  services.shop.onChange(() => cache.clear());
  pageCache = cache;
  metrics?.setRoutes(build.routes);
  app = createApp({
    config,
    services,
    logger,
    files,
    metrics: metrics?.handler,
    clientDir: path.join(buildDir, 'client'),
    pageHandler: renderPages({ build, services, mode: 'production', pageCache }),
  });
}

// watch for changes other processes make (catalog, blog) to drop this one's memoized content
services.changes.start();

// the 'still waiting for you' texts of parts ready and not collected (issue 29), once an hour in
// every process: each reminder is written once whoever runs the pass (decision 0150)
const REMINDERS_EVERY_MS = 60 * 60_000;
const reminders = setInterval(() => {
  services.orders.sendReminders().catch((err: unknown) => logger.error({ err }, 'reminders pass failed'));
}, REMINDERS_EVERY_MS);
reminders.unref();

// each minute in every process (decision 0161): leads written before customers existed (or by a
// process of the build before) linked to theirs, a batch at a time; then the follow-ups and review
// requests due, each written once whoever runs the pass; then the insights' days whose rows
// changed (decision 0163: a view recomputes them anyway; this keeps the first view quick); then
// the retry keys whose keep has ended (a day, or 30 days for a quote request: decisions 0179, 0207)
const everyMinute = async () => {
  await services.customers
    .linkWaiting()
    .catch((err: unknown) => logger.error({ err }, 'linking leads to customers failed'));
  await services.followUps.run().catch((err: unknown) => logger.error({ err }, 'follow-up pass failed'));
  await services.insights.refresh().catch((err: unknown) => logger.error({ err }, 'insights refresh failed'));
  await services.idempotency
    .sweep()
    .catch((err: unknown) => logger.error({ err }, 'sweeping retry keys failed'));
};
void everyMinute();
const minutely = setInterval(() => void everyMinute(), 60_000);
minutely.unref();

// the night's backup, from 03:00 Winnipeg time (issue 49 item 5, decision 0198): every process asks
// each minute, and one of them makes it; beside the minute's passes, which it never holds up
const nightlyBackup = setInterval(() => {
  if (!config.backupNightly) return;
  services.backups.nightly().catch((err: unknown) => logger.error({ err }, 'nightly backup failed'));
}, 60_000);
nightlyBackup.unref();

// a public page already in the page cache is sent before Express runs at all (decision 0114)
const listener = pageCache ? servedFrom(pageCache, app) : app;
const server = http.createServer(metrics ? metrics.timed(listener) : listener).listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { port, database: database.engine, dev },
    `listening on http://localhost:${port}; staff sign in at ${signInUrl(port)}`,
  );
});
server.keepAliveTimeout = 65_000;

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  void shutDown({
    server,
    logger,
    graceMs: GRACE_MS,
    deadlineMs: SHUTDOWN_MS,
    cleanup: async () => {
      clearInterval(reminders);
      clearInterval(minutely);
      clearInterval(nightlyBackup);
      services.changes.stop();
      await closeVite?.();
      await database.close();
    },
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

/** The back office's sign-in page: on BASE_URL, or on this machine when the port was chosen at listen (PORT=0). */
function signInUrl(port: number): string {
  return `${config.port === 0 ? `http://localhost:${port}` : config.baseUrl}/admin/login`;
}

/**
 * The process settings `npm start` applies (decisions 0040, 0165): glibc malloc (fewer arenas, big
 * blocks handed back to the system), a small V8 young generation, and an old generation that grows
 * by 30% of its live size between full collections. Returns the ones this process lacks,
 * so an operator who starts `node server/index.ts` some other way is told.
 */
function missingMemorySettings(): string[] {
  const missing: string[] = [];
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  if (header?.glibcVersionRuntime) {
    for (const name of ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'])
      if (!process.env[name]) missing.push(name);
  }
  const nodeArgs = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  for (const flag of ['--max-semi-space-size', '--heap-growing-percent']) {
    if (!nodeArgs.some((arg) => arg.startsWith(flag))) missing.push(flag);
  }
  return missing;
}
