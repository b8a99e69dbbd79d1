import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { rolldown } from 'rolldown';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Islands: forms hydrated on their own on pages without React Router (decisions 0112, 0116). Each
 * has a tiny entry, loaded with the page, and the module that hydrates it, loaded when wanted.
 */
const ISLANDS = {
  requestForm: {
    entry: 'app/components/request/request-form.island.ts',
    hydrate: 'app/components/request/request-form.hydrate.tsx',
  },
};

/** The site's service worker (decision 0208): built on its own, as one classic script, /sw.js. */
const SERVICE_WORKER = 'app/sw/service-worker.ts';

/**
 * Builds each island's entry and hydrating module as chunks of the client build and tells the
 * server build where they went (`virtual:islands`): the entry's URL, the hydrating module's URL
 * and the chunks it imports (for the entry to preload all at once when it is wanted). The entry
 * imports it by that URL, not by a bundled import(): so the entry is one file with no imports of
 * its own (no chain of requests before the first paint) and has no preload helper. The client
 * build runs first, in the same process, so the server build reads what the client build
 * recorded. In dev both are served by Vite, after the React Fast Refresh preamble React Router's
 * <Scripts/> would have set.
 */
function islands(): Plugin {
  const ID = 'virtual:islands';
  type Built = { src: string; hydrate: string; preload: string[]; preamble?: string };
  const built: Record<string, Built> = {};
  const files = Object.entries(ISLANDS).flatMap(([name, { entry, hydrate }]) => [
    { name, role: 'entry' as const, file: path.resolve(entry) },
    { name, role: 'hydrate' as const, file: path.resolve(hydrate) },
  ]);
  return {
    name: 'islands',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return;
      if (this.environment.mode === 'dev') {
        // what React Router's <Scripts/> runs first in dev (its plugin's virtual module; Vite's
        // own '/@react-refresh' is not served under React Router)
        const preamble = `import '/@id/__x00__virtual:react-router/inject-hmr-runtime';`;
        const dev = Object.fromEntries(
          Object.entries(ISLANDS).map(([name, { entry, hydrate }]) => [
            name,
            { src: `/${entry}`, hydrate: `/${hydrate}`, preload: [], preamble } satisfies Built,
          ]),
        );
        return `export default ${JSON.stringify(this.environment.name === 'client' ? {} : dev)};`;
      }
      return `export default ${JSON.stringify(this.environment.name === 'client' ? {} : built)};`;
    },
    buildStart() {
      if (this.environment.name !== 'client' || this.environment.mode !== 'build') return;
      for (const { name, role, file } of files) {
        this.emitFile({ type: 'chunk', id: file, name: `${name}-${role === 'entry' ? 'island' : role}` });
      }
    },
    async generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      // every chunk a module needs before it runs (static imports, transitively)
      const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') return seen;
        for (const f of chunk.imports) if (!seen.has(f)) staticImports(f, seen.add(f));
        return seen;
      };
      const found: Record<string, Partial<Built>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const island = files.find((f) => f.file === chunk.facadeModuleId);
        if (!island) continue;
        const entry = (found[island.name] ??= {});
        if (island.role === 'entry') {
          if (chunk.imports.length || chunk.dynamicImports.length) {
            this.error(
              `The island entry ${chunk.fileName} must import nothing (it imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')})`,
            );
          }
          entry.src = `/${chunk.fileName}`;
        } else {
          entry.hydrate = `/${chunk.fileName}`;
          entry.preload = [...staticImports(chunk.fileName)].map((f) => `/${f}`);
        }
      }
      for (const [name, { src, hydrate, preload }] of Object.entries(found)) {
        if (!src || !hydrate || !preload) this.error(`The island ${name} was not built in full`);
        built[name] = { src, hydrate, preload };
      }
      const form = built.requestForm;
      if (!form) return;
      // the request page's files for the service worker to keep (decision 0208)
      const precache = requestPageFiles(bundle, form);
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: await buildServiceWorker({ version, precache }),
      });
    },
  };
}

/**
 * Everything /find-my-part loads, now or when the customer starts on the form: the site's styles
 * and chrome script, the island's entry, and the hydrating module with every chunk it imports,
 * at once or later (photo handling, step 2, the rules, the toasts). A browser test checks the
 * page's HTML names nothing outside this list.
 */
function requestPageFiles(bundle: Rolldown.OutputBundle, form: { src: string; hydrate: string }): string[] {
  const files = new Set<string>([form.src]);
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(`/${fileName}`)) return;
    files.add(`/${fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
    for (const f of [...chunk.imports, ...chunk.dynamicImports]) visit(f);
  };
  visit(form.hydrate.slice(1));
  for (const item of Object.values(bundle)) {
    if (item.type !== 'asset') continue;
    if (item.fileName.endsWith('.css') || item.originalFileNames.includes('app/chrome.js')) {
      files.add(`/${item.fileName}`);
    }
  }
  return [...files].sort();
}

/** The worker as one classic script (every browser runs those), this build's list written in. */
async function buildServiceWorker(build: { version: string; precache: string[] }): Promise<string> {
  const bundle = await rolldown({
    input: path.resolve(SERVICE_WORKER),
    platform: 'browser',
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    return `var __SW_BUILD__=${JSON.stringify(build)};\n${output[0].code}`;
  } finally {
    await bundle.close();
  }
}

export default defineConfig(({ command }) => ({
  // React Router's plugin takes over the build; under Vitest it must stay out (a test that imports
  // a route module still finds `virtual:islands`).
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter(), islands()],
  build: {
    assetsInlineLimit: 0,
    // `npm start` builds with --logLevel warn to keep its output short; a slow or busy machine
    // would still get Rolldown's plugin-timing report, which is only for people tuning the build
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // React in a chunk of its own: an island (decision 0112) loads it without React Router's code
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  // Production server bundle: lucide's icons are bundled in (only the ones used). Left external,
  // Node loads lucide's CommonJS build with all ~1,600 icons at start: ~20 MB of RSS (decision 0040).
  ssr: command === 'build' ? { noExternal: ['lucide-react'] } : undefined,
  // the blog editor (admin only): pre-bundled in dev so opening the dialog does not reload the page
  optimizeDeps: {
    include: [
      '@tiptap/react',
      '@tiptap/pm/view',
      '@tiptap/starter-kit',
      '@tiptap/extension-text-style',
      '@tiptap/extension-highlight',
      '@tiptap/extension-text-align',
      '@tiptap/extension-image',
      '@tiptap/extensions',
    ],
  },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // a worker per core (vitest's default leaves one core free): the tests wait on PostgreSQL,
    // servers and timers much of the time
    maxWorkers: os.availableParallelism(),
    // the files of a worker share its module cache (each file still gets fresh databases, servers
    // and services from tests/support): a third less processor time than loading the server's
    // modules again for each of the hundred files
    isolate: false,
  },
}));
