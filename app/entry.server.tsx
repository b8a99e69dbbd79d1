/**
 * Server rendering. Every page waits for all its content (onAllReady): the HTML a phone or a
 * crawler receives is complete. The CSP nonce from the Express server goes to every inline script.
 * A page without React (no Suspense, nothing to stream: its loaders have already answered) is
 * rendered in one synchronous call, which builds the same HTML in a third of the stream's time
 * (decision 0118); its chrome and its pure pieces (catalog cards, the city grid) come from memos
 * of their HTML (decisions 0115, 0121).
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { FragmentMemoContext } from '#app/components/site/html-fragment.tsx';
import { MobileBottomBarContent } from '#app/components/site/mobile-bottom-bar.tsx';
import { NonceContext } from '#app/components/site/nonce.tsx';
import { SiteFooterContent } from '#app/components/site/site-footer.tsx';
import { SiteHeaderContent } from '#app/components/site/site-header.tsx';
import { StaticChromeContext, type StaticChrome } from '#app/components/site/static-chrome.tsx';
import { getAppContext } from '#app/load-context.ts';
import { needsHydration } from '#app/modules/marketing/hydration.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import { RETRY_AFTER_SECONDS } from '#app/modules/site/unavailable.ts';
import { fragmentMemo } from './fragment-memo.server.tsx';
import { utf8 } from './utf8.server.ts';

/** The chrome's HTML per site (one per process), rendered at its first page without React. */
const chromes = new WeakMap<SiteInfo, StaticChrome>();

function staticChrome(site: SiteInfo): StaticChrome {
  let chrome = chromes.get(site);
  if (!chrome) {
    // its links are absolute paths, so a memory router gives them the hrefs the page's router would
    const html = (element: React.ReactElement) =>
      renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
    chrome = {
      header: html(<SiteHeaderContent site={site} />),
      footer: html(<SiteFooterContent site={site} />),
      bottomBar: html(<MobileBottomBarContent site={site} />),
    };
    chromes.set(site, chrome);
  }
  return chrome;
}

/** Whether the page ships React (decision 0013): the same rule the layout applies. */
function hydrates(context: EntryContext): boolean {
  return needsHydration(
    context.staticHandlerContext.matches.map((m) => ({
      id: m.route.id,
      handle: context.routeModules[m.route.id]?.handle,
    })),
  );
}

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
  const app = getAppContext(loadContext);
  // empty for the page cache (server/http/page-cache.ts): no nonce attribute at all then
  const nonce = app.cspNonce || undefined;
  // a page without React gets the chrome as HTML rendered once (decision 0115)
  const chrome = hydrates(routerContext) ? null : staticChrome(app.site);

  const page = (
    <StaticChromeContext.Provider value={chrome}>
      <FragmentMemoContext.Provider value={chrome && fragmentMemo(chrome)}>
        <NonceContext.Provider value={nonce ?? ''}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext.Provider>
      </FragmentMemoContext.Provider>
    </StaticChromeContext.Provider>
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (chrome) {
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
        // Everything is ready, so the page is written out at once: collected into one buffer and
        // answered whole, which costs far less than a Node stream turned into a web stream turned
        // back into writes (decision 0114 measured it).
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
