/**
 * Parts Logistics (product.md §2 'Service pages'): the four delivery options, a 5-step process, the
 * eight regions (with the communities of each, from live data, and each region's standard delivery
 * time: the catalog's, decision 0140) and the 99.8% / 24/7 figures. No React in the browser.
 */
import { Clock, MapPin, Package, Siren, Truck, Zap } from 'lucide-react';
import type { Route } from './+types/logistics';
import {
  ClosingCta,
  FeatureGrid,
  Figures,
  PageHero,
  Section,
  Steps,
} from '#app/components/marketing/blocks.tsx';
import { SmsButton } from '#app/components/marketing/sms-button.tsx';
import { cityPagePath } from '#app/components/site/nav-links.ts';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import {
  EXPRESS_DELIVERY,
  regionDeliveryLine,
  RUSH_DELIVERY,
  STANDARD_DELIVERY,
} from '#app/modules/marketing/delivery.ts';
import { serviceJsonLd } from '#app/modules/seo/json-ld.ts';
import { REGIONS } from '#app/modules/site/reference.ts';
import { smsHref } from '#app/modules/site/site.ts';

const COPY = {
  eyebrow: 'Parts Logistics',
  title: 'Parts Delivered Where the Work Is',
  lead: 'From a yard in Winnipeg to a field outside Swan River, we take responsibility for getting your part there, on the schedule you need.',
  options: {
    title: 'Delivery Options',
    items: [
      {
        icon: Package,
        title: 'Standard',
        badge: STANDARD_DELIVERY,
        text: 'The best price for parts you can plan ahead for. The days for your region are below.',
      },
      {
        icon: Zap,
        title: 'Express',
        badge: EXPRESS_DELIVERY,
        text: 'Expedited shipping when the job cannot wait a week.',
      },
      {
        icon: Siren,
        title: 'Emergency Rush',
        badge: RUSH_DELIVERY,
        text: 'For machines down right now: the fastest route we can find. A rush costs more, and the quote says so.',
      },
      {
        icon: Truck,
        title: 'Personal Delivery',
        badge: 'Direct to site',
        text: 'We bring the part to your farm, shop or job site ourselves.',
      },
    ],
  },
  steps: {
    title: 'From Order to Your Door',
    items: [
      { title: 'Order Confirmed', text: 'You text YES and we lock in the part and the delivery option.' },
      { title: 'Picked Up', text: 'We collect the part from the supplier or arrange the fastest carrier.' },
      { title: 'Checked & Packed', text: 'We check it against your order and pack it for the trip.' },
      { title: 'On the Way', text: 'We keep you posted with an ETA you can plan around.' },
      { title: 'Delivered', text: 'It arrives at your door, yard or site, and we confirm it is right.' },
    ],
  },
  regions: {
    title: 'Eight Regions, One Province',
    intro: 'We deliver across Manitoba, organised in eight service regions:',
  },
  figures: [
    { value: '99.8%', label: 'On-Time Delivery' },
    // texts are taken at any hour; replies come in business hours (decision 0140)
    { value: '24/7', label: 'Emergency Requests by Text' },
  ],
  closing: {
    title: 'Need It There Fast?',
    text: 'Text us the part and where it needs to go. We will quote the price and the fastest way to get it to you.',
  },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  return { cities: await getAppContext(context).services.reference.listCities() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Parts Logistics',
    description:
      'Standard, express, emergency rush and personal delivery of parts to job sites and farms across Manitoba, in eight service regions.',
    keywords: [
      'parts delivery Manitoba',
      'emergency parts delivery',
      'rush truck parts',
      'farm parts delivery',
    ],
    jsonLd: [serviceJsonLd(siteFromMatches(args.matches), 'Parts Logistics')],
  });

export default function Logistics({ loaderData, matches }: Route.ComponentProps) {
  const sms = smsHref(siteFromMatches(matches).phone);
  return (
    <>
      <PageHero eyebrow={COPY.eyebrow} title={COPY.title} lead={COPY.lead}>
        <SmsButton href={sms} size="lg">
          Text Us Your Delivery
        </SmsButton>
      </PageHero>

      <Section id="delivery-options" title={COPY.options.title}>
        <FeatureGrid items={COPY.options.items} columns={4} />
        <div className="mt-10">
          <Figures items={COPY.figures} tone="dark" />
        </div>
      </Section>

      <Section id="process" title={COPY.steps.title} tone="muted">
        <Steps steps={COPY.steps.items} />
      </Section>

      <Section id="regions" title={COPY.regions.title} intro={COPY.regions.intro}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {REGIONS.map((region) => {
            const towns = loaderData.cities.filter((c) => c.region === region);
            return (
              <li key={region} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                  <MapPin className="h-5 w-5 text-accent" aria-hidden="true" />
                  {region}
                </h3>
                <p className="mt-2 text-sm text-slate-600">{regionDeliveryLine(region)}</p>
                {towns.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-x-1 gap-y-1 text-sm">
                    {towns.map((town) => (
                      <li key={town.slug}>
                        <a
                          href={cityPagePath(town.slug)}
                          className="inline-flex min-h-11 items-center rounded-md px-2 text-slate-700 underline decoration-slate-300 underline-offset-4 hover:bg-slate-100 hover:text-accent hover:decoration-current"
                        >
                          {town.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </Section>

      <ClosingCta
        title={COPY.closing.title}
        text={COPY.closing.text}
        aside={
          <p className="flex items-center gap-3 rounded-xl bg-slate-800 p-5 text-slate-200 ring-1 ring-slate-700">
            <Clock className="h-6 w-6 shrink-0 text-orange-400" aria-hidden="true" />
            Text an emergency any time, day or night. Outside business hours it is the first thing we answer
            when we open.
          </p>
        }
      >
        <SmsButton href={sms} size="lg">
          Text Us Now
        </SmsButton>
      </ClosingCta>
    </>
  );
}
