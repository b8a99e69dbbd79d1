/**
 * Real databases for tests: a fresh SQLite file, and (when available) a fresh PostgreSQL schema.
 * `eachEngine` runs a suite once per engine, so one test proves identical behaviour on both; its
 * PostgreSQL schema is one the worker migrated once and lends block after block, put back as its
 * migration left it (tests/support/postgres-pool.ts, decision 0185).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { loadConfig, type Config } from '#server/config.ts';
import { migrate, openDatabase, type Database, type Engine } from '#server/db/index.ts';
import { shopDefaults } from '#app/modules/site/shop-settings.ts';
import { createServices, type ServiceDeps, type Services } from '#server/services/index.ts';
import { createFileStore } from '#server/storage/index.ts';
import { acquireSchema, releaseSchema } from './postgres-pool.ts';
import { createPostgresSchema } from './postgres-schema.ts';

export type TestDatabase = { database: Database; config: Config; dataDir: string; drop(): Promise<void> };

function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function postgresBase(): string {
  const base = inject('postgresUrl');
  if (!base) throw new Error('PostgreSQL is not available for this run');
  return base;
}

/**
 * A migrated, empty database on the given engine, with its own data directory: a new PostgreSQL
 * schema, migrated from nothing as the server does on an empty database.
 */
export async function createTestDatabase(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<TestDatabase> {
  if (engine === 'sqlite') return openTestDatabase(engine, {}, env);
  const schema = await createPostgresSchema(postgresBase());
  return openTestDatabase(engine, { postgres: { url: schema.url, release: schema.drop } }, env);
}

const SQLITE_TEMPLATE_KEY = Symbol.for('phmb.test-sqlite-template');

/** A SQLite file this worker migrated once, for eachEngine's blocks to copy (removed at exit). */
function sqliteTemplate(): Promise<string> {
  const worker = globalThis as Record<symbol, Promise<string> | undefined>;
  worker[SQLITE_TEMPLATE_KEY] ??= (async () => {
    const dir = tempDir('phmb-template-');
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.db');
    const database = openDatabase({ kind: 'sqlite', file });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    return file;
  })();
  return worker[SQLITE_TEMPLATE_KEY];
}

/**
 * The same as createTestDatabase, but already migrated once by this worker: on SQLite a copy of a
 * file it migrated, on PostgreSQL a schema migrated for an earlier block when there is one, put
 * back as its migration left it. For `eachEngine`.
 */
async function lendTestDatabase(engine: Engine, env: Record<string, string>): Promise<TestDatabase> {
  if (engine === 'sqlite') return openTestDatabase(engine, { sqliteTemplate: await sqliteTemplate() }, env);
  const base = postgresBase();
  const schema = await acquireSchema(base, inject('testRun'), async (url) => {
    const database = openDatabase({ kind: 'postgres', url }, { poolSize: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  });
  const release = async () => {
    await releaseSchema(base, schema);
  };
  return openTestDatabase(engine, { postgres: { url: schema.url, release }, migrated: true }, env);
}

type Source = {
  /** the schema's URL, and what to do with it once the database is closed */
  postgres?: { url: string; release(): Promise<void> };
  /** a migrated SQLite file to copy */
  sqliteTemplate?: string;
  /** the PostgreSQL schema is migrated already */
  migrated?: boolean;
};

async function openTestDatabase(
  engine: Engine,
  source: Source,
  env: Record<string, string>,
): Promise<TestDatabase> {
  const { postgres, sqliteTemplate } = source;
  const dataDir = tempDir('phmb-test-');
  const file = path.join(dataDir, 'test.db');
  if (engine === 'sqlite' && sqliteTemplate) fs.copyFileSync(sqliteTemplate, file);
  const databaseUrl = engine === 'postgres' ? postgres!.url : `file:${file}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
  const database = openDatabase(config.database, { poolSize: 4, timeoutMs: config.databaseTimeoutMs });
  if (!source.migrated && !(engine === 'sqlite' && sqliteTemplate)) await migrate(database);
  return {
    database,
    config,
    dataDir,
    async drop() {
      await database.close();
      await postgres?.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The engines this run tests: SQLite always, PostgreSQL when global setup found it. */
export function testEngines(): Engine[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Service dependencies over a test database, with a clock the test may set. */
export function testDeps(t: TestDatabase, now: () => Date = () => new Date()): ServiceDeps {
  return {
    db: t.database.db,
    engine: t.database.engine,
    config: t.config,
    logger: pino({ level: 'silent' }),
    files: createFileStore({ dataDir: t.dataDir, now }),
    now,
    // the first values (nothing saved): a test that saves settings uses createServices' own
    shop: { current: () => shopDefaults(t.config) },
  };
}

export type EngineContext = { t: TestDatabase; deps: ServiceDeps; services: Services };

/**
 * Runs `body` once per engine inside `describe(name [engine])`, with a fresh migrated database
 * created before the suite and dropped after it. Read `ctx()` inside tests, not at definition time.
 */
export function eachEngine(
  name: string,
  body: (ctx: () => EngineContext, engine: Engine) => void,
  env: Record<string, string> = {},
) {
  for (const engine of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: EngineContext | undefined;
      beforeAll(async () => {
        const t = await lendTestDatabase(engine, env);
        const base = testDeps(t);
        const services = createServices(base);
        await services.shop.load();
        // the deps the services were built with: the shop's settings as they are in force
        current = { t, deps: { ...base, shop: services.shop }, services };
      });
      afterAll(async () => {
        await current?.t.drop();
      });
      body(() => {
        if (!current) throw new Error('database not ready');
        return current;
      }, engine);
    });
  }
}
