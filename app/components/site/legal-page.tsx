/**
 * The layout of the Privacy Policy and Terms of Service pages: a short dark hero with the date of
 * the last change, then numbered sections of plain text in a readable column. Server-rendered
 * only (decision 0013): nothing here needs React in the browser.
 */
export type LegalSection = { id: string; title: string; body: React.ReactNode };

/** Paragraphs and lists inside a section get the page's spacing and link style. */
const PROSE =
  'mt-4 space-y-4 leading-7 text-slate-700 [&_a]:font-semibold [&_a]:text-orange-800 [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-2 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6';

export function LegalPage({
  eyebrow,
  title,
  updated,
  intro,
  sections,
}: {
  eyebrow: string;
  title: string;
  /** When the page last changed */
  updated: { iso: string; text: string };
  intro: React.ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-orange-400">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 text-slate-300">
            Last updated: <time dateTime={updated.iso}>{updated.text}</time>
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <div className={`${PROSE} mt-0 text-lg`}>{intro}</div>
        <nav
          aria-labelledby="legal-contents"
          className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5"
        >
          <h2 id="legal-contents" className="text-sm font-semibold uppercase tracking-wider text-slate-700">
            On this page
          </h2>
          <ol className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="inline-flex min-h-11 items-center text-slate-800 underline-offset-2 hover:text-orange-800 hover:underline sm:min-h-8"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-12">
            <h2 id={`${s.id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
              {i + 1}. {s.title}
            </h2>
            <div className={PROSE}>{s.body}</div>
          </section>
        ))}
      </div>
    </>
  );
}
