/**
 * Home (product.md §2 'Home'): hero with three benefits and the tracked 'Get Quote' text button, the
 * statistics strip, the city grid, the closing call to text, and the business's structured data.
 * A content page: no React in the browser (decision 0013).
 */
import { Clock3, FileText, Truck, UserCheck } from 'lucide-react';
import type { Route } from './+types/home';
import { ClosingCta, Figures, Hours, PageHero, Section } from '#app/components/marketing/blocks.tsx';
import { CityGrid } from '#app/components/marketing/city-grid.tsx';
import { buttonClass, DeskQuoteHint, SmsButton } from '#app/components/marketing/sms-button.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { displayStats } from '#app/modules/marketing/stats.ts';
import { localBusinessJsonLd } from '#app/modules/seo/json-ld.ts';
import { formatPhone } from '#app/modules/site/phone.ts';
import { REPLY_PROMISE, siteHours, smsHref, TEXTING_HOURS } from '#app/modules/site/site.ts';

const COPY = {
  eyebrow: 'Parts sourcing & quoting for Manitoba',
  title: 'Heavy Duty Parts Across Manitoba',
  // the promise, beside the live average of the figures below (decision 0140)
  lead: `Text us a photo of the part you need. A real person replies with an all-in price and an ETA ${REPLY_PROMISE}.`,
  benefits: [
    {
      icon: Clock3,
      title: 'Same-Day Quoting',
      text: 'Quotes the same day, anywhere in Manitoba. Every quote is good for 48 hours.',
    },
    {
      icon: Truck,
      title: 'Heavy Equipment + Truck, Trailer & Ag',
      text: 'One text for heavy equipment, truck, trailer and agricultural parts.',
    },
    {
      icon: UserCheck,
      title: 'Real Humans, Fast ETAs',
      text: 'A real person hunts down your part, tells you when it will arrive, and takes care of delivery.',
    },
  ],
  areas: {
    title: 'We Serve All of Manitoba',
    intro:
      'Farms, fleets and job sites from Winnipeg to the Parkland get the same fast quotes. Pick your community:',
    anyway: "Don't see your community? We deliver parts anywhere in Manitoba.",
  },
  ready: {
    title: 'Ready to Find Your Part?',
    text: "Send us a photo and we'll get you a quote, fast!",
  },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  const [cities, stats] = await Promise.all([services.reference.listCities(), services.stats.pageStats()]);
  return { cities, stats };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Heavy Duty Parts Across Manitoba',
    description:
      'Same-day quotes on heavy equipment, truck, trailer and ag parts across Manitoba. Text a photo of your part and get a price and an ETA from a real person.',
    keywords: ['heavy duty parts Manitoba', 'truck parts', 'trailer parts', 'ag parts', 'parts sourcing'],
    jsonLd: [localBusinessJsonLd(siteFromMatches(args.matches))],
  });

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const site = siteFromMatches(matches);
  const sms = smsHref(site.phone);
  return (
    <>
      <PageHero
        eyebrow={COPY.eyebrow}
        title={COPY.title}
        lead={COPY.lead}
        aside={
          <ul className="grid gap-4">
            <Benefits />
          </ul>
        }
      >
        <SmsButton href={sms} track={{ location: 'home-hero', text: 'Get Quote' }} size="lg">
          Get Quote
        </SmsButton>
        <a href="/find-my-part" className={buttonClass('outlineLight', 'lg')}>
          <FileText className="h-5 w-5" aria-hidden="true" />
          Use the Request Form
        </a>
        <DeskQuoteHint phone={site.phone} className="sm:basis-full" />
      </PageHero>

      <section aria-label="Our numbers" className="border-b border-slate-200 bg-slate-50 py-8">
        <div className="mx-auto max-w-6xl px-4">
          <Figures items={displayStats(loaderData.stats)} />
        </div>
      </section>

      <Section id="service-areas" title={COPY.areas.title} intro={COPY.areas.intro}>
        <CityGrid cities={loaderData.cities} labelledBy="service-areas-heading" />
        <div className="mt-8 flex flex-col items-start gap-4 rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <QuoteAnyway phone={site.phone} />
        </div>
      </Section>

      <ClosingCta
        title={COPY.ready.title}
        text={COPY.ready.text}
        aside={
          <div className="rounded-xl bg-slate-800 p-6 ring-1 ring-slate-700">
            <HoursAndPhone phone={site.phone} hours={siteHours(site)} />
          </div>
        }
      >
        <SmsButton href={sms} size="lg">
          Submit Request via Text
        </SmsButton>
      </ClosingCta>
    </>
  );
}

/* The page's sections. */
function Benefits() {
  return COPY.benefits.map(({ icon: Icon, title, text }) => (
    <li key={title} className="flex gap-4 rounded-xl bg-slate-800 p-5 ring-1 ring-slate-700">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-accent text-white">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <div>
        <h2 className="font-semibold text-white">{title}</h2>
        <p className="mt-1 text-sm leading-6 text-slate-300">{text}</p>
      </div>
    </li>
  ));
}

function QuoteAnyway({ phone }: { phone: string }) {
  return (
    <>
      <p className="text-lg font-medium text-slate-800">{COPY.areas.anyway}</p>
      <SmsButton href={smsHref(phone)} variant="dark" className="shrink-0">
        Get a Quote Anyway
      </SmsButton>
    </>
  );
}

function HoursAndPhone({ phone, hours }: { phone: string; hours: readonly string[] }) {
  return (
    <>
      <h3 className="font-semibold text-white">Hours</h3>
      <Hours lines={[...hours, TEXTING_HOURS]} className="mt-3 text-slate-200" />
      <p className="mt-4 text-sm text-slate-300">
        Text or call{' '}
        <a href={`tel:${phone}`} className="font-semibold text-white underline underline-offset-2">
          {formatPhone(phone)}
        </a>
      </p>
    </>
  );
}
