/** The not-found page body (SPEC §2: any other path). */

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
      >
        Back to Home
      </a>
    </section>
  );
}
