/**
 * zod without runtime code generation in the browser (issue 17 item 11; decision 0083). zod 4
 * compiles fast object parsers with `new Function`, first probing whether it may; under our
 * Content-Security-Policy (no 'unsafe-eval') even the probe is reported as a violation on every
 * page that builds a schema (/find-my-part, the back office), which browsers log as an error.
 *
 * zod reads `globalThis.__zod_globalConfig` once, when it loads, so this must run before zod does:
 * root.tsx imports this module first, and it imports nothing, so no chunk holding zod can be
 * evaluated ahead of it (the route modules that use zod are imported after root). The server keeps
 * zod's faster compiled parsers.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

if (typeof document !== 'undefined') {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
}

export {};
