/**
 * Quote Service (product.md §2 'Service pages'): pricing pain points; the four benefits (the live average
 * response, all-in price, good for 48 hours, text YES or NO); six quoted categories; four steps.
 * No React in the browser.
 */
import {
  Cable,
  CalendarClock,
  Droplets,
  MessageSquareReply,
  Receipt,
  Snowflake,
  Timer,
  Tractor,
  Truck,
  Container,
} from 'lucide-react';
import type { Route } from './+types/quote-service';
import {
  ClosingCta,
  FeatureGrid,
  PageHero,
  PainPoints,
  Section,
  Steps,
} from '#app/components/marketing/blocks.tsx';
import { buttonClass, SmsButton } from '#app/components/marketing/sms-button.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { averageResponseMinutes } from '#app/modules/marketing/stats.ts';
import { serviceJsonLd } from '#app/modules/seo/json-ld.ts';
import { REPLY_PROMISE, smsHref } from '#app/modules/site/site.ts';

const COPY = {
  eyebrow: 'Quote Service',
  title: 'Fast, All-In Parts Quotes',
  lead: `Text us what you need and get one clear price with an ETA ${REPLY_PROMISE}. No hidden fees, no haggling, no pressure.`,
  pains: {
    title: 'Tired of Parts Pricing Games?',
    items: [
      {
        title: 'Prices that change at the counter',
        text: 'The number on the phone is never the number on the bill.',
      },
      { title: 'Surprise fees', text: 'Shipping, handling and "core" charges you only see after you order.' },
      {
        title: 'Quotes that take days',
        text: 'By the time a price comes back, you have already lost the week.',
      },
      { title: 'No ETA', text: 'A price without a delivery date is no help when a machine is down.' },
    ],
  },
  benefits: {
    title: 'What You Get With Every Quote',
    items: [
      {
        icon: Timer,
        // the live average of the site's figures (the product's 18 is its default)
        title: (minutes: number) => `${minutes} Minute Response`,
        text: 'Our average time from your text to your quote, with a real person on the other end.',
      },
      {
        icon: Receipt,
        title: 'All-In Price',
        text: 'Part, shipping and handling in one number. A rush costs more, and the quote says so up front. No hidden fees.',
      },
      {
        icon: CalendarClock,
        title: 'Good for 48 Hours',
        text: 'Your quoted price holds for 48 hours, so you can check with the boss or the bank.',
      },
      {
        icon: MessageSquareReply,
        title: 'Text YES or NO',
        text: 'Text YES to order or NO to pass. That is all it takes.',
      },
    ],
  },
  categories: {
    title: 'What We Quote',
    intro: 'New, hard-to-find and obsolete parts in six main categories:',
    items: [
      {
        icon: Tractor,
        title: 'Ag & Heavy Equipment',
        text: 'PTO drivelines, belts, bearings and wear parts for farm and construction equipment.',
      },
      {
        icon: Truck,
        title: 'Truck Parts & Upfit',
        text: 'Truck boxes, warning lights, towing gear and parts for medium and heavy trucks.',
      },
      {
        icon: Container,
        title: 'Trailer Parts',
        text: 'Axles, springs, hubs, brakes and everything under a flatdeck, gooseneck or stock trailer.',
      },
      {
        icon: Droplets,
        title: 'Hydraulics & Fittings',
        text: 'Cylinders, hoses, couplers and valves, matched to your machine.',
      },
      {
        icon: Cable,
        title: 'Lighting & Electrical',
        text: 'LED lights, harnesses, connectors and switches for trucks, trailers and equipment.',
      },
      {
        icon: Snowflake,
        title: 'Snow & Ice',
        text: 'Plow cutting edges, plow hydraulics and spreader parts before and during the season.',
      },
    ],
  },
  steps: {
    title: 'How Quoting Works',
    items: [
      { title: 'Send Your Request', text: 'Text a photo and a few details, or use the request form.' },
      { title: 'We Price It', text: 'We find the part, confirm the fit and work out the all-in price.' },
      { title: 'You Decide', text: 'Get the price and ETA. Text YES to order or NO to pass.' },
      { title: 'We Deliver', text: 'Your part ships the way you choose, and we track it to your door.' },
    ],
  },
  closing: {
    title: 'Get Your Quote in Minutes',
    text: 'Text us a photo of the part. We will reply with an all-in price and an ETA.',
  },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  return { stats: await getAppContext(context).services.stats.pageStats() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Quote Service',
    description: `All-in parts quotes ${REPLY_PROMISE}, good for 48 hours, with no hidden fees. Text YES to order or NO to pass.`,
    keywords: ['parts quote Manitoba', 'truck parts price', 'ag parts quote', 'trailer parts quote'],
    jsonLd: [serviceJsonLd(siteFromMatches(args.matches), 'Quote Service')],
  });

export default function QuoteService({ loaderData, matches }: Route.ComponentProps) {
  const sms = smsHref(siteFromMatches(matches).phone);
  const minutes = averageResponseMinutes(loaderData.stats);
  const benefits = COPY.benefits.items.map((b) => ({
    ...b,
    title: typeof b.title === 'function' ? b.title(minutes) : b.title,
  }));
  return (
    <>
      <PageHero eyebrow={COPY.eyebrow} title={COPY.title} lead={COPY.lead}>
        <SmsButton href={sms} size="lg">
          Text for a Quote
        </SmsButton>
        <a href="/find-my-part" className={buttonClass('outlineLight', 'lg')}>
          Use the Request Form
        </a>
      </PageHero>

      <Section id="pricing-problems" title={COPY.pains.title}>
        <PainPoints items={COPY.pains.items} />
      </Section>

      <Section id="benefits" title={COPY.benefits.title} tone="muted">
        <FeatureGrid items={benefits} columns={4} />
      </Section>

      <Section id="categories" title={COPY.categories.title} intro={COPY.categories.intro}>
        <FeatureGrid items={COPY.categories.items} />
        <p className="mt-8">
          <a
            href="/catalog"
            className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4 hover:text-accent-hover"
          >
            Browse the parts catalog
          </a>
        </p>
      </Section>

      <Section id="how-it-works" title={COPY.steps.title} tone="muted">
        <Steps steps={COPY.steps.items} />
      </Section>

      <ClosingCta title={COPY.closing.title} text={COPY.closing.text}>
        <SmsButton href={sms} size="lg">
          Text Us Now
        </SmsButton>
      </ClosingCta>
    </>
  );
}
