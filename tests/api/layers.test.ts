/**
 * The layer rules of eslint.config.js bite (docs/ARCHITECTURE.md, issue 13): for every layer, an import that
 * breaks the dependency direction is an error and one that follows it is not. Runs ESLint's own
 * API on one-line files placed (by name only) in each layer.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // loading the config and its plugins takes seconds: here, under the hook's longer timeout
  await eslint.lintText('export {};\n', { filePath: 'server/probe.ts' });
});

/** The no-restricted-imports messages for a file at `filePath` importing `source`. */
async function importProblems(filePath: string, source: string, kind: 'value' | 'type' = 'value') {
  const code =
    kind === 'type'
      ? `import type { X } from '${source}';\nexport type Y = X;\n`
      : `import { x } from '${source}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  if (result!.messages.some((m) => m.fatal)) throw new Error(JSON.stringify(result!.messages));
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

type Case = [file: string, source: string];

const FORBIDDEN: Record<string, Case[]> = {
  'app/modules: no React, components, routes or server code': [
    ['app/modules/leads/probe.ts', 'react'],
    ['app/modules/leads/probe.ts', 'react-router'],
    ['app/modules/leads/probe.ts', '#app/components/ui/button.tsx'],
    ['app/modules/leads/probe.ts', '#app/routes/home.tsx'],
    ['app/modules/leads/probe.ts', '#server/errors.ts'],
    ['app/modules/leads/probe.ts', '../../../server/db/index.ts'],
  ],
  'app/components: no routes or server code': [
    ['app/components/leads/probe.tsx', '#app/routes/admin/leads.tsx'],
    ['app/components/leads/probe.tsx', '#server/services/index.ts'],
    ['app/components/leads/probe.tsx', 'app/x.server.ts'],
  ],
  'server: app/modules only from the app': [
    ['server/config.ts', '#app/components/ui/button.tsx'],
    ['server/http/render.ts', '#app/routes/home.tsx'],
    ['server/http/api/probe.ts', '#app/components/ui/button.tsx'],
    ['server/services/probe.ts', '../../app/components/site/site-header.tsx'],
  ],
  'server/http: no db': [
    ['server/http/probe.ts', '#server/db/index.ts'],
    ['server/http/api/probe.ts', '../../db/repo/leads.ts'],
  ],
  'below the HTTP edge: no HTTP packages (requests, client keys, bot detection)': [
    ['server/services/probe.ts', 'isbot'],
    ['server/services/probe.ts', 'express-rate-limit'],
    ['server/services/probe.ts', 'express'],
    ['server/changes/probe.ts', 'express'],
    ['server/db/repo/probe.ts', 'isbot'],
    ['server/messaging/probe.ts', 'express-rate-limit'],
  ],
  'server/services: no http': [
    ['server/services/probe.ts', '../http/errors.ts'],
    ['server/services/probe.ts', '#server/http/auth.ts'],
    ['server/services/probe.ts', '../cli/admin.ts'],
  ],
  'server/db: no services, messaging, storage or http': [
    ['server/db/repo/probe.ts', '../../services/context.ts'],
    ['server/db/repo/probe.ts', '#server/messaging/outbox.ts'],
    ['server/db/probe.ts', '../storage/index.ts'],
    ['server/db/migrations/probe.ts', '#server/http/api.ts'],
    ['server/db/repo/probe.ts', '../../seed/index.ts'],
  ],
  'server/messaging: no services or http': [
    ['server/messaging/probe.ts', '../services/messaging.ts'],
    ['server/messaging/probe.ts', '#server/services/index.ts'],
    ['server/messaging/probe.ts', '../http/errors.ts'],
  ],
  'server/seed: no http': [
    ['server/seed/probe.ts', '../http/api.ts'],
    ['server/seed/probe.ts', '#server/http/errors.ts'],
  ],
  'server/db: the seed is not under db (it would break the db rule)': [
    ['server/db/seed/probe.ts', '../../services/context.ts'],
  ],
  'server root files (config, errors, logger, validation, cluster): no server folder, no composer': [
    ['server/config.ts', './db/index.ts'],
    ['server/errors.ts', './http/errors.ts'],
    ['server/logger.ts', '#server/services/index.ts'],
    ['server/validation.ts', './changes/index.ts'],
    ['server/cluster.ts', './storage/index.ts'],
    ['server/probe.ts', './messaging/worker.ts'],
    ['server/probe.ts', './seed/index.ts'],
    ['server/probe.ts', './cli/admin.ts'],
    ['server/probe.ts', './app.ts'],
    ['server/probe.ts', './index.ts'],
  ],
  'server/app.ts: HTTP composition, no repositories': [
    ['server/app.ts', './db/repo/lead-links.ts'],
    ['server/app.ts', '#server/db/index.ts'],
    ['server/app.ts', './seed/index.ts'],
    ['server/app.ts', './messaging/worker.ts'],
    ['server/app.ts', './cli/admin.ts'],
  ],
  'server/index.ts: not the command line': [['server/index.ts', './cli/admin.ts']],
  'server/changes: only services below it': [
    ['server/changes/probe.ts', '../http/errors.ts'],
    ['server/changes/probe.ts', '../db/repo/leads.ts'],
    ['server/changes/probe.ts', '#server/db/index.ts'],
    ['server/changes/probe.ts', '../storage/index.ts'],
    ['server/changes/probe.ts', '../messaging/worker.ts'],
    ['server/changes/probe.ts', '../seed/index.ts'],
  ],
  'server/cli: a command, not a request': [
    ['server/cli/probe.ts', '../http/api.ts'],
    ['server/cli/probe.ts', '../changes/index.ts'],
    ['server/cli/probe.ts', '#server/seed/index.ts'],
  ],
  'server/services, messaging: not the changes above them, not the seed': [
    ['server/services/probe.ts', '../changes/index.ts'],
    ['server/services/probe.ts', '../seed/index.ts'],
    ['server/messaging/probe.ts', '#server/changes/index.ts'],
    ['server/http/probe.ts', '../seed/index.ts'],
  ],
  'server/storage: nothing above it': [
    ['server/storage/probe.ts', '../services/context.ts'],
    ['server/storage/probe.ts', '../db/index.ts'],
    ['server/storage/probe.ts', '#server/db/repo/leads.ts'],
    ['server/storage/probe.ts', '../messaging/outbox.ts'],
    ['server/storage/probe.ts', '#server/http/api.ts'],
  ],
};

const ALLOWED: Record<string, Case[]> = {
  'app/modules': [
    ['app/modules/leads/probe.ts', './leads.ts'],
    ['app/modules/leads/probe.ts', '#app/modules/site/site.ts'],
    ['app/modules/leads/probe.ts', 'zod'],
  ],
  'app/components': [
    ['app/components/leads/probe.tsx', '#app/modules/leads/leads.ts'],
    ['app/components/leads/probe.tsx', 'react'],
  ],
  'server/http': [
    ['server/http/api/probe.ts', '../../services/index.ts'],
    ['server/http/probe.ts', '#app/modules/site/site.ts'],
    ['server/http/probe.ts', 'node:http'],
    ['server/http/probe.ts', 'isbot'],
    ['server/http/probe.ts', 'express-rate-limit'],
  ],
  'server/services': [
    ['server/services/probe.ts', '../db/repo/leads.ts'],
    ['server/services/probe.ts', '../storage/index.ts'],
    ['server/services/probe.ts', '#server/messaging/email.ts'],
    ['server/services/probe.ts', '../errors.ts'],
  ],
  'server/db': [
    ['server/db/repo/probe.ts', '../schema.ts'],
    ['server/db/repo/probe.ts', '#app/modules/leads/search.ts'],
    ['server/db/repo/probe.ts', '../../errors.ts'],
  ],
  'server/messaging': [
    ['server/messaging/probe.ts', '../db/schema.ts'],
    ['server/messaging/probe.ts', '../config.ts'],
  ],
  'server/storage': [
    ['server/storage/probe.ts', './images.ts'],
    ['server/storage/probe.ts', 'sharp'],
  ],
  'server root files': [
    ['server/config.ts', '#app/modules/site/phone.ts'],
    ['server/validation.ts', './errors.ts'],
    ['server/logger.ts', 'pino'],
  ],
  'server/app.ts': [
    ['server/app.ts', './http/api.ts'],
    ['server/app.ts', './services/index.ts'],
    ['server/app.ts', './storage/index.ts'],
    ['server/app.ts', './config.ts'],
  ],
  'server/index.ts composes everything': [
    ['server/index.ts', './db/index.ts'],
    ['server/index.ts', './seed/index.ts'],
    ['server/index.ts', './app.ts'],
    ['server/index.ts', './http/render.ts'],
  ],
  'server/changes': [
    ['server/changes/probe.ts', '../services/index.ts'],
    ['server/changes/probe.ts', '../validation.ts'],
    ['server/changes/probe.ts', './change.ts'],
  ],
  'server/cli': [
    ['server/cli/probe.ts', '../db/index.ts'],
    ['server/cli/probe.ts', '../services/admin-account.ts'],
    ['server/cli/probe.ts', '../config.ts'],
  ],
  // beside index.ts: the seed composes repositories, storage and service types
  'server/seed': [
    ['server/seed/probe.ts', '../services/context.ts'],
    ['server/seed/probe.ts', '../storage/index.ts'],
    ['server/seed/probe.ts', '../db/repo/leads.ts'],
  ],
};

describe('layer rules: a forbidden import is an error', () => {
  for (const [rule, cases] of Object.entries(FORBIDDEN)) {
    it.each(cases)(`${rule}: %s importing %s`, async (file, source) => {
      expect(await importProblems(file, source)).toHaveLength(1);
    });
  }

  it('type-only imports count too (a type is a dependency)', async () => {
    expect(await importProblems('server/db/repo/probe.ts', '../../services/context.ts', 'type')).toHaveLength(
      1,
    );
    expect(await importProblems('server/storage/probe.ts', '../db/index.ts', 'type')).toHaveLength(1);
  });
});

describe('layer rules: an import in the right direction passes', () => {
  for (const [layer, cases] of Object.entries(ALLOWED)) {
    it.each(cases)(`${layer}: %s importing %s`, async (file, source) => {
      expect(await importProblems(file, source)).toEqual([]);
    });
  }
});

/** The messages of `ruleId` for `code` linted as the file at `filePath`. */
async function problems(filePath: string, code: string, ruleId: string) {
  const [result] = await eslint.lintText(code, { filePath });
  if (result!.messages.some((m) => m.fatal)) throw new Error(JSON.stringify(result!.messages));
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

describe('SQL is built in server/db only (issue 50 item 5)', () => {
  const KYSELY_VALUE = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
  const KYSELY_TYPE = "import type { Kysely } from 'kysely';\nexport type K = Kysely<object>;\n";
  const BUILDS = [
    'export const q = (db: any) => db.selectFrom("leads").selectAll().execute();\n',
    'export const q = (trx: any) => trx.insertInto("leads").values({}).execute();\n',
    'export const q = (db: any) => db.updateTable("leads").set({}).execute();\n',
    'export const q = (db: any) => db.deleteFrom("leads").execute();\n',
    'export const q = (db: any) => db.selectNoFrom((eb: any) => eb.val(1)).execute();\n',
  ];
  const OUTSIDE = [
    'server/services/probe.ts',
    'server/seed/probe.ts',
    'server/messaging/probe.ts',
    'server/http/api/probe.ts',
    'server/probe.ts',
    'scripts/probe.ts',
    'scripts/bench/probe.ts',
    'app/routes/probe.tsx',
  ];

  it.each(OUTSIDE)('%s may not import kysely, values or types', async (file) => {
    expect(await problems(file, KYSELY_VALUE, 'no-restricted-imports')).toHaveLength(1);
    expect(await problems(file, KYSELY_TYPE, 'no-restricted-imports')).toHaveLength(1);
  });

  it.each(OUTSIDE)('%s may not build a query', async (file) => {
    for (const code of BUILDS) expect(await problems(file, code, 'no-restricted-syntax')).toHaveLength(1);
  });

  it.each(['server/db/repo/probe.ts', 'server/db/probe.ts', 'server/db/migrations/probe.ts'])(
    '%s imports kysely and builds queries',
    async (file) => {
      expect(await problems(file, KYSELY_VALUE, 'no-restricted-imports')).toEqual([]);
      for (const code of BUILDS) expect(await problems(file, code, 'no-restricted-syntax')).toEqual([]);
    },
  );

  it('elsewhere the database is reached by its types and a transaction, not a builder', async () => {
    const code =
      "import type { Db, Tx } from '../db/schema.ts';\n" +
      'export const q = (db: Db, f: (trx: Tx) => Promise<void>) => db.transaction().execute(f);\n';
    expect(await problems('server/services/probe.ts', code, 'no-restricted-imports')).toEqual([]);
    expect(await problems('server/services/probe.ts', code, 'no-restricted-syntax')).toEqual([]);
  });

  it('tests read and arm the database directly (decision 0184)', async () => {
    for (const file of [
      'tests/api/probe.test.ts',
      'tests/support/probe.ts',
      'server/services/probe.test.ts',
    ]) {
      expect(await problems(file, KYSELY_VALUE, 'no-restricted-imports')).toEqual([]);
      expect(await problems(file, BUILDS[0]!, 'no-restricted-syntax')).toEqual([]);
    }
  });

  it('enums stay refused in server/db and in tests, beside the builders', async () => {
    const code = 'export enum E { A }\n';
    for (const file of ['server/db/probe.ts', 'tests/api/probe.test.ts', 'server/services/probe.ts'])
      expect(await problems(file, code, 'no-restricted-syntax')).toHaveLength(1);
  });
});

describe('files hold at most 450 lines (issue 50 item 5)', () => {
  /** A file of `n` lines as `wc -l` counts them (each ends in a newline). */
  const lines = (n: number) => 'export const a = 1;\n' + '// a line\n'.repeat(n - 1);

  it.each([
    'server/services/probe.ts',
    'app/components/probe.tsx',
    'scripts/probe.ts',
    'server/seed/demo.ts',
  ])('%s: 450 pass, 451 do not (comments count)', async (file) => {
    expect(await problems(file, lines(450), 'max-lines')).toEqual([]);
    expect(await problems(file, lines(451), 'max-lines')).toHaveLength(1);
  });

  it('blank lines count too', async () => {
    const code = 'export const a = 1;\n' + '\n'.repeat(450);
    expect(await problems('server/services/probe.ts', code, 'max-lines')).toHaveLength(1);
  });

  it.each([
    'tests/api/probe.test.ts',
    'tests/support/probe.ts',
    'server/services/probe.test.ts',
    'app/modules/probe.test.ts',
    'server/seed/demo-catalog.ts',
    'server/seed/demo-leads.ts',
  ])('%s (a test, or data-only seed) is not counted', async (file) => {
    expect(await problems(file, lines(800), 'max-lines')).toEqual([]);
  });
});

describe('React hooks rules: where React is', () => {
  const code = 'export function useThing(on: boolean) {\n  if (on) useOther();\n}\nfunction useOther() {}\n';
  it.each(['app/components/probe.tsx', 'app/routes/probe.tsx', 'app/probe.ts'])(
    'apply in %s',
    async (file) => {
      expect(await problems(file, code, 'react-hooks/rules-of-hooks')).toHaveLength(1);
    },
  );
  it.each([
    'server/services/probe.ts',
    'scripts/probe.ts',
    'tests/api/probe.test.ts',
    'app/modules/probe.ts',
  ])('not in %s (no React there, or none allowed)', async (file) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    expect(result!.messages.filter((m) => m.ruleId?.startsWith('react-hooks/'))).toEqual([]);
  });
});
