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
