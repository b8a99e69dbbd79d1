/**
 * Privacy Policy (footer link, the request form's consent text; issue 17): what personal
 * information the business collects, why, how long it keeps it (decision 0080), who sees it and
 * how to ask for access or deletion, in plain words under PIPEDA, the federal private-sector
 * privacy law that applies to businesses in Manitoba. No React in the browser (decision 0013).
 */
import type { Route } from './+types/privacy-policy';
import { LegalPage, type LegalSection } from '#app/components/site/legal-page.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { LEGAL_UPDATED, RETENTION, TERMS_PATH } from '#app/modules/site/legal.ts';
import { formatPhone } from '#app/modules/site/phone.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';

const COPY = {
  eyebrow: 'Your information',
  title: 'Privacy Policy',
  description:
    'What we collect when you ask for a parts quote, why, how long we keep it, who sees it, and how to see or delete it.',
} as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: COPY.title, description: COPY.description });

function contact(site: SiteInfo) {
  return (
    <>
      e-mail <a href={`mailto:${site.email}`}>{site.email}</a> or call or text{' '}
      <a href={`tel:${site.phone}`}>{formatPhone(site.phone)}</a>
    </>
  );
}

function sections(site: SiteInfo): LegalSection[] {
  return [
    {
      id: 'what-we-collect',
      title: 'What we collect',
      body: (
        <>
          <p>Only what we need to find your part and get it to you:</p>
          <ul>
            <li>
              <strong>When you fill in the request form:</strong> your name, phone number, e-mail address (if
              you give one) and city; the equipment and part you need (make, model, year, part number,
              description, urgency); and the photos you add. We also record that you agreed to be contacted,
              and when.
            </li>
            <li>
              <strong>When you text us:</strong> your phone number, your messages and the photos you send.
            </li>
            <li>
              <strong>When we answer:</strong> the quotes, texts and e-mails we send you, and the notes our
              staff keep while sourcing your part.
            </li>
            <li>
              <strong>On your private quote page:</strong> when you open it, your questions, and when you
              accept or decline a quote: the option, the name and PO number you type, the time, and the
              address and browser of your device, as the record of your order. The page shows only your first
              name and the last four digits of your phone, since links get forwarded.
            </li>
            <li>
              <strong>When you visit the website:</strong> our server notes the address of your device (IP
              address), the page asked for and the time, to keep the site running and safe. We count clicks on
              our quote buttons without recording who clicked. We use no advertising or analytics cookies.
            </li>
          </ul>
          <p>
            Photos: we remove the location and other hidden details a phone stores in a picture as soon as we
            receive it. While you fill in the request form, what you type is kept on your own device, so a
            dropped connection does not lose it; it is removed once your request has gone through.
          </p>
        </>
      ),
    },
    {
      id: 'why',
      title: 'Why we collect it',
      body: (
        <>
          <ul>
            <li>to find your part, price it and reply with a quote and an estimated delivery time;</li>
            <li>to contact you about your request by phone, text or e-mail;</li>
            <li>to take your order, arrange delivery and help if something goes wrong;</li>
            <li>to keep the business records the law requires.</li>
          </ul>
          <p>
            We do not sell your information and do not use it for advertising. We text you only about your own
            requests; reply STOP at any time and we stop.
          </p>
        </>
      ),
    },
    {
      id: 'how-long',
      title: 'How long we keep it',
      body: (
        <>
          <ul>
            {RETENTION.map((r) => (
              <li key={r.what}>
                <strong>{r.what}:</strong> {r.period}.
              </li>
            ))}
          </ul>
          <p>When a period ends, we delete the information or remove what identifies you.</p>
        </>
      ),
    },
    {
      id: 'who-sees-it',
      title: 'Who sees it',
      body: (
        <>
          <ul>
            <li>
              <strong>Our staff</strong> who answer requests and handle orders, signed in to our office
              system. Customer photos are never public.
            </li>
            <li>
              <strong>Our text-message provider</strong>, which carries texts and photos between your phone
              and us.
            </li>
            <li>
              <strong>Our e-mail provider</strong>, which delivers our e-mails to you and our alerts to staff.
            </li>
            <li>
              <strong>The company that hosts our website and database</strong>, which stores the information
              for us.
            </li>
          </ul>
          <p>
            These providers work for us and may use the information only to provide their service. Some of
            them store or process it outside Canada, for example in the United States, where the law of that
            country may allow authorities to access it. When we look for your part we may show suppliers the
            part details and photos, never your name or contact details. We share information with others only
            when the law requires it.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Seeing, correcting or deleting your information',
      body: (
        <>
          <p>You can ask us at any time to:</p>
          <ul>
            <li>give you a copy of the personal information we hold about you;</li>
            <li>correct anything that is wrong;</li>
            <li>
              delete it. We will, unless the law makes us keep part of it (for example the record of an order
              for tax purposes); then we keep only that part and tell you so;
            </li>
            <li>stop contacting you (you can also reply STOP to any of our texts).</li>
          </ul>
          <p>
            To ask, {contact(site)}. It costs nothing. We may first check that it is really you, for example
            by texting the phone number on your request. We answer within 30 days.
          </p>
        </>
      ),
    },
    {
      id: 'questions',
      title: 'Questions and complaints',
      body: (
        <>
          <p>
            Our privacy officer is responsible for this policy and for how we handle your information:{' '}
            {contact(site)}.
          </p>
          <p>
            If we cannot settle a concern, you can complain to the Office of the Privacy Commissioner of
            Canada at <a href="https://www.priv.gc.ca">www.priv.gc.ca</a> or 1-800-282-1376.
          </p>
          <p>
            When we change this policy, we update this page and the date at the top. Our{' '}
            <a href={TERMS_PATH}>Terms of Service</a> cover quotes and orders.
          </p>
        </>
      ),
    },
  ];
}

export default function PrivacyPolicy({ matches }: Route.ComponentProps) {
  const site = siteFromMatches(matches);
  return (
    <LegalPage
      eyebrow={COPY.eyebrow}
      title={COPY.title}
      updated={LEGAL_UPDATED}
      intro={
        <p>
          {site.name} is a Manitoba business that finds and quotes heavy duty, truck, trailer and agricultural
          parts. This page explains in plain words what personal information we collect when you ask us for a
          quote, why, how long we keep it, who sees it, and how you can see or delete it. We follow
          Canada&apos;s private-sector privacy law, the Personal Information Protection and Electronic
          Documents Act (PIPEDA), which applies to businesses in Manitoba.
        </p>
      }
      sections={sections(site)}
    />
  );
}
