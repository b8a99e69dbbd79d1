/**
 * The React Router load context, as routes read it: defined by the server that provides it
 * (server/http/load-context.ts), so the server imports nothing of app/ but app/modules and
 * app/page-handle.ts.
 */
export { appContext, getAppContext, type AppLoadContext } from '#server/http/load-context.ts';
