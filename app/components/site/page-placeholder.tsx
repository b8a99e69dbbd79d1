/** A page whose screen is still being built: its title and a way forward, inside the real chrome. */

export function PagePlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-4 space-y-4 text-lg text-slate-600">
        {children ?? (
          <p>This page is being prepared. In the meantime, text us a photo of your part for a fast quote.</p>
        )}
      </div>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
      >
        Back to Home
      </a>
    </section>
  );
}
