// Lint: TypeScript and React hooks rules, plus the one-way import direction of docs/ARCHITECTURE.md (Layers):
// routes → components → modules; http → services → db | storage | messaging. Pure
// modules import nothing from React or the server. tests/api/layers.test.ts proves each rule bites.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverOnly = {
  regex: '(^#server/|/server/|\\.server(\\.tsx?)?$)',
  message: 'Server code stays on the server: reach it from a route loader or action.',
};
const routes = {
  regex: '(^#app/routes/|/routes/)',
  message: 'Routes depend on components, never the other way.',
};
const components = {
  regex: '(^#app/components/|/components/)',
  message: 'app/modules is pure: no components.',
};
const react = { regex: '^react(-dom|-router)?(/.*)?$', message: 'app/modules is pure: no React.' };

// ---- server layers ----
const appUi = {
  regex: '(^#app/(components|routes)/|/app/(components|routes)/)',
  message: 'The server uses app/modules only (pure logic and schemas).',
};
/** Imports of a folder of server/ by alias or by a relative path that climbs to it. */
const serverDirs = (dirs) => `^(#server/|(\\.\\./)+)(${dirs.join('|')})(/|\\.ts$)`;
const layer = (name, above, why) => ({
  regex: serverDirs(above),
  message: `server/${name} must not import server/{${above.join(',')}}: ${why}`,
});
/** For each server layer, the server/ folders it must not import: those above it (docs/ARCHITECTURE.md). */
const LAYERS = {
  http: layer('http', ['db', 'cli'], 'HTTP handlers call services; only services touch the database.'),
  services: layer('services', ['http', 'cli'], 'services are called by http, never the other way.'),
  db: layer(
    'db',
    ['services', 'messaging', 'storage', 'http', 'cli', 'seed'],
    'the database layer is the bottom: SQL only.',
  ),
  messaging: layer(
    'messaging',
    ['services', 'http', 'cli'],
    'the outbox worker and provider adapters are driven by services.',
  ),
  storage: layer(
    'storage',
    ['services', 'db', 'messaging', 'http', 'cli'],
    'file storage is the bottom: it knows no rows, services or requests.',
  ),
  // the seed sits beside index.ts: it composes repositories, storage and service types at start
  seed: layer('seed', ['http', 'cli'], 'the seed runs at start-up, beside the HTTP layer, not through it.'),
};
/**
 * One no-restricted-imports setting per file: ESLint does not merge a rule's options across config
 * blocks (a later block replaces an earlier one), so every block repeats the patterns it keeps.
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      'bench-results/**',
      'data/**',
      'node_modules/**',
      '.react-router/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use a union of string literals (Node strips types; enums are not erasable).',
        },
      ],
    },
  },
  {
    files: ['app/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnly, routes, components, react] }] },
  },
  {
    files: ['app/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnly, routes] }] },
  },
  {
    files: ['server/**'],
    rules: restrict(appUi),
  },
  ...Object.entries(LAYERS).map(([name, pattern]) => ({
    files: [`server/${name}/**`],
    // a test composes whatever layers it needs as fixtures (a seeded database, a file store)
    ignores: ['**/*.test.ts'],
    rules: restrict(appUi, pattern),
  })),
  {
    files: ['**/*.js'],
    languageOptions: {
      globals: {
        document: 'readonly',
        window: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        Element: 'readonly',
        HTMLImageElement: 'readonly',
        process: 'readonly',
      },
    },
  },
);
