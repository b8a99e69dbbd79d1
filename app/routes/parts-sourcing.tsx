/**
 * Parts Sourcing (product.md §2 'Service pages'): hero with the tracked text-us button, pain points,
 * benefits, the 4-step process, the figures and a final call to text. No React in the browser.
 */
import { BadgeCheck, Camera, PackageCheck, Search, ShieldCheck, Timer, Truck, Wrench } from 'lucide-react';
import type { Route } from './+types/parts-sourcing';
import {
  ClosingCta,
  FeatureGrid,
  Figures,
  PageHero,
  PainPoints,
  Section,
  Steps,
} from '#app/components/marketing/blocks.tsx';
import { SmsButton } from '#app/components/marketing/sms-button.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { serviceJsonLd } from '#app/modules/seo/json-ld.ts';
import { ON_HAND_DELIVERY } from '#app/modules/marketing/delivery.ts';
import { averageResponseMinutes, displayStats } from '#app/modules/marketing/stats.ts';
import { smsHref } from '#app/modules/site/site.ts';

const HERO_BUTTON = { location: 'parts-sourcing-hero', text: 'Text Us Your Part' } as const;

const COPY = {
  eyebrow: 'Parts Sourcing',
  title: 'We Hunt Down the Parts You Need',
  lead: 'Heavy equipment, truck, trailer and ag parts, found fast. Text us a photo and we search suppliers across the country so you do not have to.',
  pains: {
    title: 'Sound Familiar?',
    items: [
      {
        title: 'Calling dealer after dealer',
        text: 'A morning on the phone, and every counter says it is not in stock or not their brand.',
      },
      {
        title: 'Waiting on callbacks that never come',
        text: 'You leave messages, the machine sits, and the crew waits with it.',
      },
      {
        title: 'The wrong part shows up',
        text: 'A close match by catalogue number, but it does not fit, and the clock starts again.',
      },
      {
        title: 'No idea when it will arrive',
        text: '"A few days" turns into two weeks, with no one to ask.',
      },
    ],
  },
  benefits: {
    title: 'Why Farms, Fleets and Contractors Text Us',
    items: [
      {
        icon: Search,
        title: 'One Text, Every Supplier',
        text: 'We search dealers, distributors and specialty suppliers for you, and come back with the best option.',
      },
      {
        icon: BadgeCheck,
        title: 'Fitment Checked',
        text: 'We match your photos, serial tags and measurements to the right part before you pay for it.',
      },
      {
        icon: Timer,
        title: 'Same-Day Quotes',
        text: (minutes: number) =>
          `A real person answers, on average in ${minutes} minutes, with an all-in price and an ETA.`,
      },
      {
        icon: ShieldCheck,
        title: 'No Hidden Fees',
        text: 'The price we quote is the price you pay, good for 48 hours.',
      },
      {
        icon: Truck,
        title: 'Delivery Is on Us',
        text: 'We take responsibility for getting the part to your farm, shop or job site.',
      },
      {
        icon: Wrench,
        title: 'Heavy Equipment to Ag',
        text: 'Truck, trailer, skid steer and farm equipment parts, new or hard to find.',
      },
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      {
        title: 'Text a Photo',
        text: 'Send a photo of the part, its serial or part number tag, and what it fits.',
      },
      {
        title: 'We Hunt It Down',
        text: 'Our team searches suppliers and confirms the fit from your details.',
      },
      { title: 'Get Your Quote', text: 'An all-in price and an ETA, good for 48 hours. Text YES to order.' },
      { title: 'We Deliver', text: 'The part comes to you, and we keep you posted until it arrives.' },
    ],
  },
  closing: {
    title: 'Got a Part to Find?',
    text: 'Text us a photo now. A real person will get back to you with a price and an ETA.',
  },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  return { stats: await getAppContext(context).services.stats.pageStats() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Parts Sourcing',
    description:
      'Hard-to-find heavy duty, truck, trailer and ag parts hunted down for Manitoba farms, fleets and contractors. Text a photo, get a price and an ETA.',
    keywords: ['parts sourcing Manitoba', 'hard to find truck parts', 'trailer parts', 'ag parts'],
    jsonLd: [serviceJsonLd(siteFromMatches(args.matches), 'Parts Sourcing')],
  });

/** The closing promises: the reply time and delivery figures the rest of the site states (decision 0140). */
const promises = (minutes: number) =>
  [
    { icon: Camera, text: 'A photo is enough 80% of the time' },
    { icon: PackageCheck, text: `Parts on hand in ${ON_HAND_DELIVERY}` },
    { icon: Timer, text: `${minutes} minute average response` },
    { icon: ShieldCheck, text: 'Quotes good for 48 hours' },
  ] as const;

/** The four figures in the order product.md §2 lists them for this page. */
const FIGURE_ORDER = ['partsSourced', 'citiesServed', 'avgETA', 'avgResponseTime'] as const;

export default function PartsSourcing({ loaderData, matches }: Route.ComponentProps) {
  const sms = smsHref(siteFromMatches(matches).phone);
  const stats = displayStats(loaderData.stats);
  const figures = FIGURE_ORDER.map((key) => stats.find((s) => s.key === key)!);
  // the live average, as the figures show it
  const minutes = averageResponseMinutes(loaderData.stats);
  const benefits = COPY.benefits.items.map((b) => ({
    ...b,
    text: typeof b.text === 'function' ? b.text(minutes) : b.text,
  }));
  return (
    <>
      <PageHero eyebrow={COPY.eyebrow} title={COPY.title} lead={COPY.lead}>
        <SmsButton href={sms} track={HERO_BUTTON} size="lg">
          {HERO_BUTTON.text}
        </SmsButton>
      </PageHero>

      <Section id="pain-points" title={COPY.pains.title}>
        <PainPoints items={COPY.pains.items} />
      </Section>

      <Section id="benefits" title={COPY.benefits.title} tone="muted">
        <FeatureGrid items={benefits} />
      </Section>

      <Section id="how-it-works" title={COPY.steps.title}>
        <Steps steps={COPY.steps.items} />
        <div className="mt-10">
          <Figures items={figures} />
        </div>
      </Section>

      <ClosingCta
        title={COPY.closing.title}
        text={COPY.closing.text}
        aside={
          <ul className="grid grid-cols-2 gap-3 text-sm text-slate-200">
            {promises(minutes).map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="flex items-start gap-2 rounded-lg bg-slate-800 p-3 ring-1 ring-slate-700"
              >
                <Icon className="mt-0.5 h-4 w-4 shrink-0 text-orange-400" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        }
      >
        <SmsButton href={sms} size="lg">
          Text Us Now
        </SmsButton>
      </ClosingCta>
    </>
  );
}
