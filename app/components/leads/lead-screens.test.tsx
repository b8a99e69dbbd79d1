// @vitest-environment node
/**
 * What staff see of issue 31 in the leads screens, rendered as the server renders them: the
 * history of a reopened lead, of a request taken by phone and of a price set by hand; the
 * calculator saying how the markup is made and showing a price set by hand beside the engine's;
 * the lost leads with their reasons; the status switcher of a phone with its counts. The browser's
 * side (layout at 390 px, focus, the dialog staying open): tests/e2e/leads-admin.e2e.test.ts.
 */
import { leadDetails } from '../../../tests/support/lead-details.ts';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  emptyQuoteOption,
  type LeadDetails,
  type LeadEvent,
  type LostLeadCard,
  type QuoteOptionForm,
} from '#app/modules/leads/lead-admin.ts';
import { StatusSwitcher } from './lead-board.tsx';
import { timelineEntries } from './lead-timeline.tsx';
import { LostLeads } from './lost-leads.tsx';
import { QuoteOptionFields } from './quote-option-fields.tsx';

const NOW = new Date('2026-11-26T18:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

/** The text a reader gets: tags gone, entities decoded, white space as one space. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

let eventId = 0;
const event = (fields: Partial<LeadEvent>): LeadEvent => ({
  id: ++eventId,
  type: 'status',
  fromStatus: null,
  toStatus: null,
  actor: 'sam',
  detail: null,
  createdAt: at(eventId),
  ...fields,
});

/** A new emergency request made ten hours ago. */
const lead = (fields: Partial<LeadDetails>): LeadDetails =>
  leadDetails({ urgency: 'today', createdAt: at(-600), updatedAt: at(0), ...fields });

describe('the history (issue 31)', () => {
  it('tells a reopened lead, a request taken by phone, a price set by hand, and a text to a number', () => {
    const entries = timelineEntries(
      lead({
        events: [
          event({ type: 'created', toStatus: 'new', actor: 'sam', detail: { source: 'phone', photos: 0 } }),
          event({
            type: 'quote',
            fromStatus: 'new',
            toStatus: 'quoted',
            detail: {
              version: 1,
              options: [
                {
                  label: 'Option 1',
                  sellPrice: 15_000,
                  etaDays: 3,
                  calculatedPrice: 16_250,
                  priceReason: 'Matched the dealer',
                },
              ],
            },
          }),
          event({ fromStatus: 'quoted', toStatus: 'lost', detail: { reason: 'No answer' } }),
          event({
            type: 'reopened',
            fromStatus: 'lost',
            toStatus: 'quoted',
            detail: { lostReason: 'No answer' },
          }),
        ],
        messages: [
          {
            id: 1,
            channel: 'sms',
            recipient: '+12045550123',
            body: 'Your case number is Q-10007.',
            status: 'logged',
            createdAt: at(100),
            sentAt: null,
          },
        ],
      }),
    );
    const shown = entries.map((e) => [e.title, e.detail ?? '']);
    expect(shown).toEqual([
      ['Request received by phone, entered by sam', ''],
      [
        'Quote sent (version 1: Option 1 $150.00)',
        'ETA 3 business days · by sam · Price set by hand: $150.00 instead of $162.50 (Matched the dealer)',
      ],
      ['Quoted → Lost by sam', 'Reason: No answer'],
      ['Reopened: Lost → Quoted by sam', 'It was lost: No answer'],
      // a number is shown the one way (formatPhone)
      ['Text to (204) 555-0123 (logged)', 'Your case number is Q-10007.'],
    ]);
  });
});

describe('the calculator: how the markup is made, and a price set by hand (issue 31)', () => {
  const render = (option: Partial<QuoteOptionForm>, urgency: 'today' | 'flexible' = 'today') =>
    text(
      renderToStaticMarkup(
        <QuoteOptionFields
          prefix="q"
          index={0}
          several={false}
          option={{ ...emptyQuoteOption(3), ...option }}
          urgency={urgency}
          markup={DEFAULT_MARKUP}
          errors={{}}
          detailsOpen={false}
          onDetailsToggle={() => {}}
          onChange={() => {}}
        />,
      ),
    );

  it('shows the middle of the chosen range, the urgency uplift and the markup they make', () => {
    expect(render({ difficulty: 'moderate' })).toContain(
      'Moderate: middle of 35%–50% 42.5% Urgency uplift (Emergency repair) +20.0% Markup 62.5%',
    );
    expect(render({ difficulty: 'hard' }, 'flexible')).toContain(
      'Hard: middle of 50%–80% 65.0% Urgency uplift (When convenient) +0.0% Markup 65.0%',
    );
  });

  it("prices with the engine until staff set a price; then theirs, with the engine's beside it", () => {
    const engine = render({ cost: '100' });
    expect(engine).toContain('Calculated Pricing Cost $100.00 Markup 62.5% Sell Price $162.50');
    expect(engine).not.toContain('set by hand)');
    const byHand = render({ cost: '100', priceOverride: '150', priceReason: 'Matched the dealer' });
    expect(byHand).toContain(
      'Cost $100.00 Calculated price $162.50 Markup (from your price) 50.0% Sell Price (set by hand) $150.00',
    );
    expect(byHand).not.toContain('below the cost');
    // the price and its reason, asked for once a price is set by hand (the box ticked)
    expect(byHand).toMatch(/Set the price by hand Your price \(\$\) \* Reason for this price \*/);
    expect(engine).not.toContain('Your price');
    expect(render({ cost: '100', priceOverride: '90', priceReason: 'Goodwill' })).toContain(
      'This price is below the cost.',
    );
  });
});

describe('the lost leads (issue 31)', () => {
  const card = (fields: Partial<LostLeadCard>): LostLeadCard => ({
    id: 1,
    caseNumber: 'Q-10001',
    status: 'lost',
    urgency: 'flexible',
    name: 'Raymond Bouchard',
    phone: '+12045550189',
    equipment: 'other',
    description: 'Plow mount kit',
    sellPrice: null,
    quoteViews: 0,
    quoteExpiresAt: null,
    photoCount: 0,
    createdAt: at(-900),
    lostReason: 'Found a used kit locally.',
    lostAt: at(-60),
    lostBy: 'ann',
    leftStatus: 'quoted',
    ...fields,
  });

  it('shows each with its reason (or none), when, by whom and the status it left', () => {
    const html = text(
      renderToStaticMarkup(
        <LostLeads
          lost={{
            total: 3,
            leads: [
              card({}),
              card({
                id: 2,
                name: 'Tyler Wiebe',
                lostReason: null,
                leftStatus: 'ordered',
                sellPrice: 14_250,
              }),
            ],
            nextBefore: 'x',
          }}
          loadingMore={false}
          opening={null}
          onOpen={() => {}}
          onLoadMore={() => {}}
        />,
      ),
    );
    expect(html).toMatch(/^Lost leads Count: 3 /);
    expect(html).toMatch(/Raymond Bouchard Reason: Found a used kit locally\. Lost .* by ann · was Quoted/);
    expect(html).toMatch(/Tyler Wiebe Reason: No reason given Lost .* by ann · was Ordered \$142\.50/);
    expect(html).toContain('Load more (1 older)');
    const empty = text(
      renderToStaticMarkup(
        <LostLeads
          lost={{ total: 0, leads: [], nextBefore: null }}
          loadingMore={false}
          opening={null}
          onOpen={() => {}}
          onLoadMore={() => {}}
        />,
      ),
    );
    expect(empty).toBe('Lost leads Count: 0 No lost leads');
  });
});

describe("a phone's status switcher (issue 31)", () => {
  it('links each status and Lost with its count, the one shown marked current', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <StatusSwitcher
          counts={{ new: 3, qualified: 1, quoted: 4, ordered: 0, fulfilled: 12, lost: 7 }}
          shown="quoted"
          hrefOf={(view) => `/admin/leads?q=kyle&show=${view}`}
        />
      </MemoryRouter>,
    );
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([tag, href, inner]) => [
      href!.replace(/&amp;/g, '&'),
      text(inner!),
      tag!.includes('aria-current="true"'),
    ]);
    expect(links).toEqual([
      ['/admin/leads?q=kyle&show=new', 'New , count 3', false],
      ['/admin/leads?q=kyle&show=qualified', 'Qualified , count 1', false],
      ['/admin/leads?q=kyle&show=quoted', 'Quoted , count 4', true],
      ['/admin/leads?q=kyle&show=ordered', 'Ordered , count 0', false],
      ['/admin/leads?q=kyle&show=fulfilled', 'Fulfilled , count 12', false],
      ['/admin/leads?q=kyle&show=lost', 'Lost , count 7', false],
    ]);
  });
});

describe('the history of an order (issue 29)', () => {
  it("tells each part's moves, an undone step, changed details and the texts switch", () => {
    const part = 'Hydraulic pump, 2015 John Deere 6120';
    const entries = timelineEntries(
      lead({
        events: [
          event({ type: 'line_added', detail: { line: 1, part: 'Seal kit' } }),
          event({
            type: 'line_step',
            detail: { line: 2, part, from: 'to_order', to: 'ordered', handover: 'pickup' },
          }),
          event({
            type: 'line_step',
            detail: { line: 2, part, from: 'arrived', to: 'ready', handover: 'delivery' },
          }),
          event({
            type: 'line_undo',
            detail: { line: 2, part, from: 'ready', to: 'arrived', handover: 'delivery' },
          }),
          event({
            type: 'line_changed',
            detail: { line: 2, part, changes: ['promised date', 'carrier'], why: 'supplier backorder' },
          }),
          event({ type: 'auto_texts', actor: 'kim', detail: { on: false } }),
        ],
      }),
    );
    expect(entries.map((e) => [e.title, e.detail ?? ''])).toEqual([
      ['Part added: Seal kit by sam', ''],
      [`${part}: Accepted, to order → Ordered from supplier by sam`, ''],
      [`${part}: Arrived → Out for delivery by sam`, ''],
      [`${part}: step undone, back to Arrived by sam`, ''],
      [`${part}: details changed by sam`, 'Changed: promised date, carrier · Why: supplier backorder'],
      ['Automatic texts switched off by kim', ''],
    ]);
  });
});
