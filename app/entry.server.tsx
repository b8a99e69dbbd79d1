/**
 * Server rendering. Every page waits for all its content: the HTML a phone or a crawler receives is
 * complete. The CSP nonce from the Express server goes to every inline script (none for a page the
 * page cache keeps: its scripts are allowed by hash, server/http/page-cache.ts).
 *
 * A public page ships no React (app/page-handle.ts) and suspends on nothing (its loaders have
 * answered), so it is rendered in one synchronous call, which builds the same HTML in a third of a
 * stream's time, and the site chrome around its <main> (header, footer, phone bar: a third of the
 * elements of most pages, the same on every page) is written in from HTML rendered once per process;
 * a page rendered again with the same data is not rendered at all (app/rendered-pages.server.ts;
 * docs/performance.md). A back-office screen is streamed and answered once all of it is ready.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { MobileBottomBar } from '#app/components/site/mobile-bottom-bar.tsx';
import { NonceContext } from '#app/components/site/nonce.tsx';
import { SiteFooter } from '#app/components/site/site-footer.tsx';
import { SiteHeader } from '#app/components/site/site-header.tsx';
import { getAppContext } from '#app/load-context.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import { RETRY_AFTER_SECONDS } from '#app/modules/site/unavailable.ts';
import { wallClock } from '#app/modules/shared/calendar.ts';
import { isBackOffice, isPrivate } from '#app/page-handle.ts';
import { renderedPage, renderKey } from './rendered-pages.server.ts';
import { utf8 } from './utf8.server.ts';

export const streamTimeout = 5_000;

/**
 * The site chrome's HTML, per site (one per process) and year (the footer's copyright runs to the
 * current year): before and after a public page's <main>.
 */
const chromes = new WeakMap<SiteInfo, { year: number; before: string; after: string }>();

/** A public page's HTML with the site chrome around its <main> (root.tsx renders the <main>). */
function withChrome(html: string, site: SiteInfo): string {
  const year = wallClock(new Date()).year;
  let chrome = chromes.get(site);
  if (chrome?.year !== year) {
    chrome = {
      year,
      before: renderToStaticMarkup(<SiteHeader site={site} />),
      after: renderToStaticMarkup(
        <>
          <SiteFooter site={site} year={year} />
          <MobileBottomBar site={site} />
        </>,
      ),
    };
    chromes.set(site, chrome);
  }
  // root's <main> holds the page, so its opening tag is the first and its closing tag the last
  const open = html.indexOf('<main id="main"');
  const close = html.lastIndexOf('</main>') + '</main>'.length;
  if (open === -1 || close < open) return html;
  return html.slice(0, open) + chrome.before + html.slice(open, close) + chrome.after + html.slice(close);
}

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
  const handles = routerContext.staticHandlerContext.matches.map(
    (m) => routerContext.routeModules[m.route.id]?.handle,
  );
  if (isPrivate(handles)) {
    // a customer's own page (the quote link): for this visitor only, kept nowhere (HEAD too)
    responseHeaders.set('Cache-Control', 'private, no-store');
    responseHeaders.set('X-Robots-Tag', 'noindex, nofollow');
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const app = getAppContext(loadContext);
  // empty for the page cache (server/http/page-cache.ts): no nonce attribute at all then
  const nonce = app.cspNonce || undefined;
  const page = (
    <NonceContext.Provider value={nonce ?? ''}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  if (isPrivate(handles)) {
    const html = utf8(`<!DOCTYPE html>${withChrome(renderToString(page), app.site)}`);
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  if (!isBackOffice(handles)) {
    // the same data gives the same page: rendered once (app/rendered-pages.server.ts); React adds
    // the doctype only when it streams; a Buffer body spares the Response a UTF-16 scan
    const html = renderedPage(renderKey(request, routerContext, nonce ?? ''), () =>
      utf8(`<!DOCTYPE html>${withChrome(renderToString(page), app.site)}`),
    );
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
