/**
 * Server rendering. Every page waits for all its content: the HTML a phone or a crawler receives is
 * complete. The CSP nonce from the Express server goes to every inline script (none for a page the
 * page cache keeps: its scripts are allowed by hash, server/http/page-cache.ts).
 *
 * A public page ships no React (app/page-handle.ts) and suspends on nothing (its loaders have
 * answered), so it is rendered in one synchronous call, which builds the same HTML in a third of a
 * stream's time (docs/performance.md). A back-office screen is streamed and answered once all of it
 * is ready.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { NonceContext } from '#app/components/site/nonce.tsx';
import { getAppContext } from '#app/load-context.ts';
import { RETRY_AFTER_SECONDS } from '#app/modules/site/unavailable.ts';
import { isBackOffice } from '#app/page-handle.ts';
import { utf8 } from './utf8.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (responseStatusCode === 503) {
    // the database is away for a moment (server/http/unavailable.ts): retry soon, never cache this
    responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS));
    responseHeaders.set('Cache-Control', 'no-store');
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // empty for the page cache (server/http/page-cache.ts): no nonce attribute at all then
  const nonce = getAppContext(loadContext).cspNonce || undefined;
  const page = (
    <NonceContext.Provider value={nonce ?? ''}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  const handles = routerContext.staticHandlerContext.matches.map(
    (m) => routerContext.routeModules[m.route.id]?.handle,
  );
  if (!isBackOffice(handles)) {
    // React adds the doctype only when it streams; a Buffer body spares the Response a UTF-16 scan
    const html = utf8(`<!DOCTYPE html>${renderToString(page)}`);
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        shellRendered = true;
        // answered whole: collected into one buffer, which costs far less than a Node stream turned
        // into a web stream turned back into writes
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            resolve(
              new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
            );
            callback();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
