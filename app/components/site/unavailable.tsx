/** The page body shown (with status 503) when a page could not be built because the database is away. */
import { useLocation } from 'react-router';
import { UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';

export function UnavailableContent() {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{UNAVAILABLE_TEXT.heading}</h1>
      <p className="mt-4 text-slate-600">{UNAVAILABLE_TEXT.body}</p>
      {/* a plain link to this very page: retrying works even where React never loaded */}
      <a
        href={`${location.pathname}${location.search}`}
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
      >
        {UNAVAILABLE_TEXT.retry}
      </a>
    </section>
  );
}
