/**
 * Terms of Service (footer link; issue 17): how quotes, orders, delivery and texts work, in plain
 * words and in line with what the site promises (product.md §1: quotes valid 48 hours, no hidden fees,
 * delivery responsibility; §3 payment methods). No React in the browser (decision 0013).
 */
import type { Route } from './+types/terms-of-service';
import { LegalPage, type LegalSection } from '#app/components/site/legal-page.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { PAYMENT_METHODS } from '#app/modules/seo/json-ld.ts';
import { LEGAL_UPDATED, PRIVACY_PATH } from '#app/modules/site/legal.ts';
import { formatPhone } from '#app/modules/site/phone.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';

const COPY = {
  eyebrow: 'How we work',
  title: 'Terms of Service',
  description:
    'How parts quotes, orders, delivery and text messages work with us: quotes valid 48 hours, prices in CAD, no hidden fees.',
} as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: COPY.title, description: COPY.description });

function sections(site: SiteInfo): LegalSection[] {
  const phone = formatPhone(site.phone);
  return [
    {
      id: 'using-this-site',
      title: 'Using this website',
      body: (
        <p>
          Anyone can browse this website and ask us for a quote; no account is needed. Please give us
          information that is true and yours to give, and do not use the site or our phone number to send
          anything unlawful or harmful. Parts descriptions, pictures and stock shown in the catalog are our
          best information at the time and can change.
        </p>
      ),
    },
    {
      id: 'quotes',
      title: 'Quotes',
      body: (
        <ul>
          <li>Quotes are free and you are under no obligation to order.</li>
          <li>
            A quote gives the price in Canadian dollars and an estimated delivery time (ETA), with no hidden
            fees: what we quote is what we ask you to pay, plus any tax the law requires.
          </li>
          <li>
            A quote is valid for 48 hours. After that, prices and availability may change and we will quote
            again.
          </li>
          <li>
            We rely on the details and photos you send to identify the part. If something is unclear, we ask
            before we quote.
          </li>
        </ul>
      ),
    },
    {
      id: 'orders',
      title: 'Orders and payment',
      body: (
        <>
          <p>
            To order, reply YES to our quote text, or the option's number when it offers several (or tell us
            by phone or e-mail); reply NO to pass. An order is placed once we confirm it. We accept{' '}
            {PAYMENT_METHODS.join(', ').toLowerCase()}.
          </p>
          <p>
            If a part turns out not to be available after all, we tell you right away and you do not pay for
            it.
          </p>
        </>
      ),
    },
    {
      id: 'delivery',
      title: 'Delivery',
      body: (
        <p>
          We arrange delivery across Manitoba and take responsibility for getting your part to you. An ETA is
          our honest estimate, not a guarantee: suppliers and carriers can be delayed, and if that happens we
          let you know and keep working on it.
        </p>
      ),
    },
    {
      id: 'texts',
      title: 'Text messages',
      body: (
        <p>
          When you text us or agree to be contacted on the request form, we send texts about your requests:
          questions about the part, quotes, order and delivery updates. Your carrier&apos;s message and data
          rates may apply. Reply STOP to stop our texts, START to receive them again, and HELP for our contact
          details.
        </p>
      ),
    },
    {
      id: 'responsibility',
      title: 'Our responsibility',
      body: (
        <>
          <p>
            Parts come with the warranty of their manufacturer or supplier, which we help you use. Nothing in
            these terms limits the rights you have under Manitoba&apos;s consumer protection laws.
          </p>
          <p>
            These terms are governed by the laws of Manitoba and of Canada. We may update them; the date at
            the top says when they last changed. How we handle your information is explained in our{' '}
            <a href={PRIVACY_PATH}>Privacy Policy</a>.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms or an order: e-mail <a href={`mailto:${site.email}`}>{site.email}</a> or
          call or text <a href={`tel:${site.phone}`}>{phone}</a>.
        </p>
      ),
    },
  ];
}

export default function TermsOfService({ matches }: Route.ComponentProps) {
  const site = siteFromMatches(matches);
  return (
    <LegalPage
      eyebrow={COPY.eyebrow}
      title={COPY.title}
      updated={LEGAL_UPDATED}
      intro={
        <p>
          These terms explain how it works when you ask {site.name} for a parts quote, order a part and get it
          delivered. They are written to be read: if anything is unclear, ask us.
        </p>
      }
      sections={sections(site)}
    />
  );
}
