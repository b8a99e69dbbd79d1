/** The /find-my-part screen: a short dark hero in the site's style, then the request form in a card. */
import { Clock, MessageSquare, ShieldCheck } from 'lucide-react';
import { formatPhone } from '#app/modules/site/phone.ts';
import { smsHref, type SiteInfo } from '#app/modules/site/site.ts';
import type { City } from '#app/modules/site/reference.ts';
import { REQUEST_FORM_ISLAND } from './island.ts';
import { COPY } from './request-copy.ts';
import { RequestForm } from './request-form.tsx';

export function FindMyPartPage({
  cities,
  site,
  urgencyHint,
}: {
  cities: readonly City[];
  site: SiteInfo;
  urgencyHint: string | null;
}) {
  return (
    <>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-3xl px-4 pb-20 pt-10 sm:pb-24 sm:pt-14">
          <p className="text-sm font-semibold uppercase tracking-wider text-orange-400">Quote request</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{COPY.title}</h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-slate-300 sm:text-lg">{COPY.intro}</p>
          <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
            <li className="flex items-center gap-2">
              <Clock className="h-4 w-4 text-orange-400" aria-hidden="true" />
              {COPY.replyBadge}
            </li>
            <li className="flex items-center gap-2">
              <ShieldCheck className="h-4 w-4 text-orange-400" aria-hidden="true" />
              Quotes good for 48 hours
            </li>
          </ul>
        </div>
      </section>
      {/* pb-28 on phones: the fixed bottom bar never covers the form's buttons */}
      <div className="mx-auto -mt-14 max-w-3xl px-4 pb-28 sm:-mt-16 md:pb-16">
        <div className="relative rounded-xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <noscript>
            <p className="mb-6 rounded-md bg-orange-50 p-3 text-sm text-slate-900 ring-1 ring-orange-200">
              {COPY.noScript}{' '}
              <a href={smsHref(site.phone)} className="font-semibold text-orange-800 underline">
                {formatPhone(site.phone)}
              </a>
            </p>
          </noscript>
          {/* hydrated on its own by request-form.island.ts: nothing else here may go inside */}
          <div
            {...{
              [REQUEST_FORM_ISLAND.container]: '',
              [REQUEST_FORM_ISLAND.photosNotReady]: COPY.photos.notReady,
            }}
          >
            <RequestForm cities={cities} site={site} urgencyHint={urgencyHint} />
          </div>
        </div>
        <p className="mt-6 flex items-center justify-center gap-2 text-center text-sm text-slate-600">
          <MessageSquare className="h-4 w-4 text-accent" aria-hidden="true" />
          <span>
            Prefer to text?{' '}
            <a
              href={smsHref(site.phone)}
              className="font-semibold text-orange-800 underline underline-offset-2"
            >
              {formatPhone(site.phone)}
            </a>
          </span>
        </p>
      </div>
    </>
  );
}
