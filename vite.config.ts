import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Browser entries hydrated on their own on pages without React Router (decision 0112). */
const ISLANDS = { requestForm: 'app/components/request/request-form.island.ts' };

/**
 * Builds each island as an entry chunk of the client build and tells the server build where it
 * went (`virtual:islands`: its URL and the chunks to preload). The client build runs first, in
 * the same process, so the server build reads what the client build recorded. In dev the entry is
 * served by Vite, after the React Fast Refresh preamble React Router's <Scripts/> would have set.
 */
function islands(): Plugin {
  const ID = 'virtual:islands';
  const built: Record<string, { src: string; imports: string[] }> = {};
  const absolute = Object.fromEntries(Object.entries(ISLANDS).map(([n, f]) => [path.resolve(f), n]));
  return {
    name: 'islands',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return;
      if (this.environment.mode === 'dev') {
        const preamble = `import RefreshRuntime from '/@react-refresh'; RefreshRuntime.injectIntoGlobalHook(window); window.$RefreshReg$ = () => {}; window.$RefreshSig$ = () => (type) => type; window.__vite_plugin_react_preamble_installed__ = true;`;
        const dev = Object.fromEntries(
          Object.entries(ISLANDS).map(([name, file]) => [name, { src: `/${file}`, imports: [], preamble }]),
        );
        return `export default ${JSON.stringify(this.environment.name === 'client' ? {} : dev)};`;
      }
      return `export default ${JSON.stringify(this.environment.name === 'client' ? {} : built)};`;
    },
    buildStart() {
      if (this.environment.name !== 'client' || this.environment.mode !== 'build') return;
      for (const [name, file] of Object.entries(ISLANDS)) {
        this.emitFile({ type: 'chunk', id: path.resolve(file), name: `${name}-island` });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      // every chunk the entry needs before it runs (static imports, transitively): all preloaded
      const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') return seen;
        for (const f of chunk.imports) if (!seen.has(f)) staticImports(f, seen.add(f));
        return seen;
      };
      for (const chunk of Object.values(bundle)) {
        const name =
          chunk.type === 'chunk' && chunk.facadeModuleId ? absolute[chunk.facadeModuleId] : undefined;
        if (chunk.type !== 'chunk' || !name) continue;
        built[name] = {
          src: `/${chunk.fileName}`,
          imports: [...staticImports(chunk.fileName)].map((f) => `/${f}`),
        };
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // React Router's plugin takes over the build; under Vitest it must stay out.
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter(), !process.env.VITEST && islands()],
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
  },
}));
