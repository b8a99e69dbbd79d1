import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ command }) => ({
  // React Router's plugin takes over the build; under Vitest it must stay out.
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  build: {
    assetsInlineLimit: 0,
    // `npm start` builds with --logLevel warn to keep its output short; a slow or busy machine
    // would still get Rolldown's plugin-timing report, which is only for people tuning the build
    rolldownOptions: { checks: { bundlerTimings: false } },
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
