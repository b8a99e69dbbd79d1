/**
 * The not-found page body (product.md §2: any other path). The title stays the spec's; the sentence under
 * it is help for a customer (the owner's decision on product.md §2's developer placeholder, issue 31 item
 * 4): where to go from here: home, the catalog, the request form, or a text to the business.
 */
import { useRouteLoaderData } from 'react-router';
import { formatPhone } from '#app/modules/site/phone.ts';
import { smsHref, type SiteInfo } from '#app/modules/site/site.ts';

export const NOT_FOUND_TITLE = '404 Page Not Found';
export const NOT_FOUND_TEXT =
  'We could not find that page. It may have moved, or the address may have a typo. Here is where to go next:';

const link =
  'inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2';

export function NotFoundContent() {
  // the site's phone, from the root loader (absent only when the root itself failed)
  const site = useRouteLoaderData<{ site?: SiteInfo }>('root')?.site;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-slate-700">{NOT_FOUND_TEXT}</p>
      <nav aria-label="Where to go next" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-3">
          <li>
            <a href="/" className={`${link} bg-slate-900 text-white hover:bg-slate-700`}>
              Back to Home
            </a>
          </li>
          <li>
            <a
              href="/catalog"
              className={`${link} border border-slate-300 text-slate-900 hover:bg-slate-100`}
            >
              Browse the parts catalog
            </a>
          </li>
          <li>
            <a
              href="/find-my-part"
              className={`${link} border border-slate-300 text-slate-900 hover:bg-slate-100`}
            >
              Find my part
            </a>
          </li>
        </ul>
      </nav>
      {site && (
        <p className="mt-6 text-slate-700">
          Or text a photo of your part to{' '}
          <a
            href={smsHref(site.phone)}
            className="whitespace-nowrap font-semibold text-slate-900 underline underline-offset-2"
          >
            {formatPhone(site.phone)}
          </a>{' '}
          and we will find it for you.
        </p>
      )}
    </section>
  );
}
