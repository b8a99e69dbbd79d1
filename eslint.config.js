// Lint: TypeScript rules, React hooks rules where React is (app/), plus the one-way import direction
// of docs/ARCHITECTURE.md (Layers): routes → components → modules; http → changes → services →
// db | storage | messaging, for every server file. Pure modules import nothing from React or the
// server; queries are built in server/db only; a file holds at most 450 lines (decision 0184).
// tests/api/layers.test.ts proves each rule bites.
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
/** Every folder of server/ (a layer each, docs/ARCHITECTURE.md "Layers"). */
const FOLDERS = ['http', 'changes', 'services', 'db', 'storage', 'messaging', 'seed', 'cli'];
/** Imports of a folder of server/ by alias or by a relative path that climbs to it. */
const serverDirs = (dirs) => `^(#server/|(\\.\\./)+)(${dirs.join('|')})(/|\\.ts$)`;
const layer = (name, above, why) => ({
  regex: serverDirs(above),
  message: `server/${name} must not import server/{${above.join(',')}}: ${why}`,
});
/** HTTP's own packages: the edge (server/http) reads a request into plain facts (http/client.ts). */
const httpEdge = {
  regex: '^(express|express-rate-limit|isbot)(/.*)?$',
  message:
    'HTTP concerns (requests, client keys, bot detection) stay at the HTTP edge: server/http/client.ts hands the services plain facts.',
};
/** The layers below the HTTP edge, which know no request (file storage serves its files: it may). */
const BELOW_HTTP = ['changes', 'services', 'db', 'messaging'];
/** For each server layer, the server/ folders it must not import: those above it (docs/ARCHITECTURE.md). */
const LAYERS = {
  http: layer(
    'http',
    ['db', 'seed', 'cli'],
    'HTTP handlers call services; only services touch the database.',
  ),
  changes: layer(
    'changes',
    ['http', 'db', 'storage', 'messaging', 'seed', 'cli'],
    'a change is declared over the services, below the doors that serve it.',
  ),
  services: layer(
    'services',
    ['http', 'changes', 'seed', 'cli'],
    'services are called by http and the changes, never the other way.',
  ),
  db: layer(
    'db',
    ['services', 'changes', 'messaging', 'storage', 'http', 'cli', 'seed'],
    'the database layer is the bottom: SQL only.',
  ),
  messaging: layer(
    'messaging',
    ['services', 'changes', 'http', 'seed', 'cli'],
    'the outbox worker and provider adapters are driven by services.',
  ),
  storage: layer(
    'storage',
    ['services', 'changes', 'db', 'messaging', 'http', 'seed', 'cli'],
    'file storage is the bottom: it knows no rows, services or requests.',
  ),
  // the seed sits beside index.ts: it composes repositories, storage and service types at start
  seed: layer(
    'seed',
    ['http', 'changes', 'cli'],
    'the seed runs at start-up, beside the HTTP layer, not through it.',
  ),
  // a command of its own, beside index.ts: it opens the database and calls a service
  cli: layer('cli', ['http', 'changes', 'seed'], 'a command is not a request.'),
};
/** Imports of a folder or a file of server/ from a file at server/'s root (`./x`, or by alias). */
const fromRoot = (name, names, why) => ({
  regex: `^(#server/|\\./)(${names.join('|')})(/|\\.ts$)`,
  message: `server/${name} must not import server/{${names.join(',')}}: ${why}`,
});
/** The root files of server/: the two that compose, and the rest, which everything may use. */
const ROOT = {
  'index.ts': fromRoot('index.ts', ['cli'], 'the server and the command line are two entry points.'),
  'app.ts': fromRoot(
    'app.ts',
    ['db', 'seed', 'messaging', 'cli'],
    'app.ts composes the HTTP layer over the services it is given; it touches no rows.',
  ),
  // config, errors, logger, validation, cluster: the foundation every layer imports
  '*.ts': fromRoot(
    '*.ts',
    [...FOLDERS, 'app', 'index'],
    'a root file is what every layer may use, so it uses none of them.',
  ),
};

/** Kysely, values and types alike, is server/db's (issue 50 item 5, decision 0184). */
const noKysely = {
  group: ['kysely', 'kysely/*'],
  message:
    'Queries and `sql` are built in server/db: call a repository (types: Db and Tx of server/db/schema.ts).',
};
const noEnums = {
  selector: 'TSEnumDeclaration',
  message: 'Use a union of string literals (Node strips types; enums are not erasable).',
};
/** Kysely's query builders, wherever a database handle came from (decision 0184). */
const noQueryBuilding = {
  selector:
    'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
  message: 'Queries are built in server/db: call a repository function there.',
};
/**
 * One clock (decision 0192): a screen shows the server's words for a date or time, never the
 * browser's (its time-zone data may put Winnipeg an hour off): app/components/admin/time-words.tsx.
 */
const noBrowserClock = {
  selector:
    'MemberExpression[object.name="Intl"][property.name="DateTimeFormat"], CallExpression > MemberExpression.callee > Identifier.property[name=/^toLocale(Date|Time)String$/]',
  message:
    'Dates and times are written on the server (decision 0192): send them from the loader, or use <When> / useWhen() of app/components/admin/time-words.tsx.',
};
/** Tests read the rows the app wrote and arm faults in the database directly (decision 0184). */
const TESTS = ['tests/**', 'server/**/*.test.ts'];
/**
 * One no-restricted-imports setting per file: ESLint does not merge a rule's options across config
 * blocks (a later block replaces an earlier one), so every block repeats the patterns it keeps.
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Files under max-lines' 450 by name: the tests, and the seed files that are data only. */
const LONG_BY_NAME = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'tests/**',
  'server/seed/demo-catalog.ts',
  'server/seed/demo-leads.ts',
];

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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', noEnums, noQueryBuilding],
      ...restrict(noKysely),
    },
  },
  // React lives in app/ only (the server's react-router imports are its server API, no hooks), and
  // not in app/modules, which may not import it (below): the hooks rules, compiler-based and the
  // slowest by far, run where React is and nowhere else (issue 50 item 7, decision 0184)
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/modules/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: LONG_BY_NAME,
    rules: { 'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['app/modules/**'],
    rules: restrict(noKysely, serverOnly, routes, components, react),
  },
  {
    files: ['app/components/**'],
    ignores: ['**/*.test.tsx', '**/*.test.ts'],
    rules: {
      ...restrict(noKysely, serverOnly, routes),
      'no-restricted-syntax': ['error', noEnums, noQueryBuilding, noBrowserClock],
    },
  },
  {
    files: ['server/**'],
    rules: restrict(noKysely, appUi),
  },
  ...Object.entries(ROOT).map(([name, pattern]) => ({
    files: [`server/${name}`],
    ignores: name === '*.ts' ? ['server/index.ts', 'server/app.ts', '**/*.test.ts'] : [],
    rules: restrict(noKysely, appUi, pattern),
  })),
  ...Object.entries(LAYERS).map(([name, pattern]) => ({
    files: [`server/${name}/**`],
    // a test composes whatever layers it needs as fixtures (a seeded database, a file store)
    ignores: ['**/*.test.ts'],
    rules: restrict(
      ...(name === 'db' ? [] : [noKysely]),
      ...(BELOW_HTTP.includes(name) ? [httpEdge] : []),
      appUi,
      pattern,
    ),
  })),
  // server/db builds the queries; tests read and arm the database as they need
  {
    files: ['server/db/**', ...TESTS],
    rules: { 'no-restricted-syntax': ['error', noEnums] },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: restrict(appUi),
  },
  {
    files: ['tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
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
