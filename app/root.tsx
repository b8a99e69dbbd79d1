/**
 * The document shell: head, body and the error boundary. Public pages get the site chrome (header,
 * footer, phone bar) around their <main> from the render layer (app/entry.server.tsx); the back
 * office brings its own shell (app/routes/admin-layout.tsx).
 */
// first: zod must find its browser configuration before any module that uses it loads
import './zod-jitless.ts';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import chromeScript from './chrome.js?url';
import { NotFoundContent } from '#app/components/site/not-found.tsx';
import { useNonce } from '#app/components/site/nonce.tsx';
import { UnavailableContent } from '#app/components/site/unavailable.tsx';
import { Toaster } from '#app/components/ui/toaster.tsx';
import { getAppContext } from '#app/load-context.ts';
import { isBackOffice } from '#app/page-handle.ts';
import { UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';
import { APP_THEME_COLOR, MANIFEST_PATH } from '#app/modules/site/app-manifest.ts';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { site: getAppContext(context).site };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Public pages ship no React (only their own islands): no React Router scripts or module
  // preloads, only chrome.js. The back office brings its own shell (app/routes/admin-layout.tsx)
  // and hydrates. app/page-handle.ts says which is which.
  const backOffice = isBackOffice(useMatches().map((m) => m.handle));
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={APP_THEME_COLOR} />
        <Meta />
        <Links />
        {/* the back office installs as an app that opens at the inbox (decision 0206); public pages do not */}
        {backOffice && <link rel="manifest" href={MANIFEST_PATH} />}
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {backOffice ? (
          <>
            {children}
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <main id="main" className="flex-1">
            {children}
          </main>
        )}
        <script src={chromeScript} defer nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>404 Page Not Found</title>
        <NotFoundContent />
      </>
    );
  }
  // the database is away for a moment (server/http/unavailable.ts): a 503 that says so
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <>
        <title>{UNAVAILABLE_TEXT.title}</title>
        <UnavailableContent />
      </>
    );
  }
  return (
    <>
      <title>Something went wrong</title>
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="mt-4 text-slate-600">
          We could not show this page. Please try again in a moment, or text us your part and we will help
          right away.
        </p>
      </section>
    </>
  );
}
