/**
 * A back-office screen that could not be shown, inside the back office's shell (its menu stays):
 * what the back office's one ErrorBoundary shows (app/routes/admin-layout.tsx, decision 0183). A
 * 403 from `ownerContext` (a staff member on one of the owner's screens) says 'Only the owner can
 * do this.' with the way back; the database away for a moment is the site's 503 page; anything
 * else says so with the server's words.
 */
import { isRouteErrorResponse, Link } from 'react-router';
import { failureMessage } from '#app/components/admin/staff-fetcher.ts';
import { UnavailableContent } from '#app/components/site/unavailable.tsx';

export const SCREEN_ERROR_TEXT = {
  forbiddenHint: 'This screen is the owner’s. Ask them if you need something from it.',
  failed: 'This screen could not be shown',
  back: 'Back to Leads',
} as const;

export function ScreenError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailableContent />;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <section className="mx-auto max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-bold">{forbidden ? failureMessage(error) : SCREEN_ERROR_TEXT.failed}</h1>
      <p className="mt-4 text-slate-600">
        {forbidden ? SCREEN_ERROR_TEXT.forbiddenHint : failureMessage(error)}
      </p>
      <Link
        to="/admin/leads"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
      >
        {SCREEN_ERROR_TEXT.back}
      </Link>
    </section>
  );
}
