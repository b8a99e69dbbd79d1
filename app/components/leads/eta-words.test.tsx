// @vitest-environment node
/**
 * Words that mean one thing (issue 48 item 7, decision 0195): an ETA is a number of business days,
 * and reads so wherever it is read. Staff type it in 'ETA (business days)'; the lead's history, its
 * current quote, the customer's page, the customer's card, the quote text and e-mail say '1 business
 * day' or '3 business days' from the one formatter (app/modules/quotes/eta.ts); never '1 days'.
 */
import { leadDetails } from '../../../tests/support/lead-details.ts';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT } from '#app/modules/customers/customers.ts';
import { emptyQuoteOption, type LeadDetails, type LeadEvent } from '#app/modules/leads/lead-admin.ts';
import { quoteEmail, quoteText } from '#app/modules/messages/quote-messages.ts';
import { businessDays, ETA_FIELD_LABEL } from '#app/modules/quotes/eta.ts';
import type { QuotePageData } from '#app/modules/quotes/quote-page.ts';
import type { QuoteOption } from '#app/modules/quotes/quote.ts';
import { Options } from '#app/components/quotes/quote-answers.tsx';
import { timelineEntries } from './lead-timeline.tsx';
import { QuoteOptionFields } from './quote-option-fields.tsx';
import { QuoteVersions } from './quote-versions.tsx';

const NOW = new Date('2026-11-26T18:00:00.000Z');
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const event = (id: number, fields: Partial<LeadEvent>): LeadEvent => ({
  id,
  type: 'quote',
  fromStatus: 'qualified',
  toStatus: 'quoted',
  actor: 'sam',
  detail: null,
  createdAt: NOW.toISOString(),
  ...fields,
});

/** A quoted lead (its figures are what the ETA words read). */
const lead = (fields: Partial<LeadDetails>): LeadDetails =>
  leadDetails({
    status: 'quoted',
    cost: 10_000,
    markupPct: 0.3,
    sellPrice: 13_000,
    etaDays: 1,
    quotedAt: NOW.toISOString(),
    createdAt: NOW.toISOString(),
    ...fields,
  });

const option = (etaDays: number): QuoteOption =>
  ({
    label: 'Option 1',
    difficulty: 'moderate',
    cost: 10_000,
    markupPct: 0.3,
    sellPrice: 13_000,
    calculatedPrice: 13_000,
    priceReason: null,
    etaDays,
    warranty: null,
    brand: null,
    partNumber: null,
    note: null,
  }) as QuoteOption;

describe('an ETA in business days (issue 48 item 7)', () => {
  it('one formatter: one business day, or several', () => {
    expect(businessDays(1)).toBe('1 business day');
    expect(businessDays(3)).toBe('3 business days');
    expect(ETA_FIELD_LABEL).toBe('ETA (business days)');
  });

  it('staff type it in a field that says business days', () => {
    const html = renderToStaticMarkup(
      <QuoteOptionFields
        prefix="q"
        index={0}
        several={false}
        option={emptyQuoteOption(3)}
        urgency="flexible"
        markup={DEFAULT_MARKUP}
        errors={{}}
        detailsOpen={false}
        onDetailsToggle={() => {}}
        onChange={() => {}}
      />,
    );
    expect(text(html)).toContain('ETA (business days)');
    expect(html).not.toContain('ETA (Days)');
  });

  it('the history and the current quote say it in words, never "1 days"', () => {
    const history = timelineEntries(
      lead({
        events: [
          event(1, {
            detail: { version: 1, options: [{ label: 'Option 1', sellPrice: 13_000, etaDays: 1 }] },
          }),
          event(2, {
            detail: {
              version: 2,
              options: [
                { label: 'New OEM', sellPrice: 20_000, etaDays: 1 },
                { label: 'Used', sellPrice: 9_000, etaDays: 4 },
              ],
            },
          }),
          // a quote sent before quote versions: its figures on the event
          event(3, { detail: { sellPrice: 13_000, markupPct: 0.3, etaDays: 1 } }),
        ],
      }),
    )
      .map((e) => e.detail ?? '')
      .join(' | ');
    expect(history).toContain('ETA 1 business day · by sam');
    expect(history).toContain('New OEM: ETA 1 business day · Used: ETA 4 business days');
    expect(history).toContain('markup 30.0% · ETA 1 business day');
    expect(history).not.toMatch(/\b1 days\b/);
    const current = text(renderToStaticMarkup(<QuoteVersions lead={lead({})} now={NOW} />));
    expect(current).toContain('ETA 1 business day');
  });

  it("the customer's page and card, and the quote text and e-mail, say business days", () => {
    const page = {
      state: 'open',
      quote: {
        version: 1,
        options: [
          {
            label: 'Option 1',
            price: '$130.00',
            etaDays: 1,
            etaDate: 'Friday, November 27',
            warranty: null,
            brand: null,
            partNumber: null,
            note: null,
          },
        ],
        expires: 'Saturday, November 28',
        timeLeft: '47 hours',
        acceptedOption: null,
      },
      poRequired: false,
      staffView: false,
    } as unknown as QuotePageData;
    expect(text(renderToStaticMarkup(<Options page={page} refused={undefined} />))).toContain(
      'ETA 1 business day: Friday, November 27 if you accept today.',
    );
    expect(CUSTOMER_TEXT.eta(1)).toBe('1 business day');
    expect(CUSTOMER_TEXT.eta(5)).toBe('5 business days');
    const sms = quoteText({
      siteName: 'Parts Hunters MB',
      caseNumber: 'Q-10007',
      part: 'hub',
      options: [option(1)],
      url: 'https://parts.example/q/abc',
    });
    expect(sms).toContain('$130.00 CAD, ETA 1 business day. Valid 48 hours.');
    const mail = quoteEmail({
      site: { name: 'Parts Hunters MB', phone: '+12045550147', email: 'quotes@example.com' } as never,
      name: 'Dana',
      caseNumber: 'Q-10007',
      part: 'hub',
      options: [option(3)],
      expires: 'Saturday, November 28',
      url: 'https://parts.example/q/abc',
    });
    expect(mail.body).toContain('$130.00 CAD (all-in), ETA 3 business days');
  });
});
