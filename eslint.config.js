// Lint: TypeScript and React hooks rules, plus the one-way import direction of CONVENTIONS.md:
// routes → components → modules; http → services → db. Pure modules import nothing from React or the server.
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
    ignores: ['server/http/pages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^#app/(components|routes)/|/app/(components|routes)/)',
              message: 'The server uses app/modules only (pure logic and schemas).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^#server/db/|/db/)',
              message: 'HTTP handlers call services; only services touch the database.',
            },
          ],
        },
      ],
    },
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
