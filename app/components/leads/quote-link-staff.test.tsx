// @vitest-environment node
/**
 * What staff see of the quote link (issue 28): the history in words, the card's 'Viewed' and
 * 'Expired' marks, and the versions in the calculator (the accepted one locked, earlier ones
 * collapsed). The browser's side: tests/e2e/quote-link-staff.e2e.test.ts.
 */
import { leadDetails } from '../../../tests/support/lead-details.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeadCard, LeadDetails, LeadEvent } from '#app/modules/leads/lead-admin.ts';
import type { QuoteOption, QuoteVersion } from '#app/modules/quotes/quote.ts';
import { quoteMark } from './lead-card.tsx';
import { businessTime } from '#app/modules/team/team.ts';
import { LeadTimeline, timelineEntries } from './lead-timeline.tsx';
import { QuoteVersions } from './quote-versions.tsx';

const NOW = new Date('2026-11-26T18:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const HASH = 'a'.repeat(64);

const option = (label: string, cost: number, sellPrice: number, etaDays: number): QuoteOption => ({
  label,
  cost,
  markupPct: sellPrice / cost - 1,
  sellPrice,
  difficulty: 'moderate',
  etaDays,
  warranty: label === 'New OEM' ? '1 year' : null,
  brand: null,
  partNumber: null,
  note: label === 'Aftermarket' ? 'Core charge included' : null,
});

const version = (n: number, options: QuoteOption[], sentMinutes: number): QuoteVersion => ({
  version: n,
  options,
  sentAt: at(sentMinutes),
  expiresAt: at(sentMinutes + 48 * 60),
  sentBy: 'sam',
  contentHash: HASH,
  acceptedOption: null,
  acceptedAt: null,
});

let eventId = 0;
const event = (fields: Partial<LeadEvent>): LeadEvent => ({
  id: ++eventId,
  type: 'status',
  fromStatus: null,
  toStatus: null,
  actor: 'customer (quote page)',
  detail: null,
  createdAt: at(eventId),
  ...fields,
});

/** A lead quoted two hours ago in its second version, its link opened three times. */
const lead = (fields: Partial<LeadDetails>): LeadDetails =>
  leadDetails({
    status: 'quoted',
    phone: '(204) 555-0123',
    cost: 20_000,
    markupPct: 0.7063,
    sellPrice: 34_125,
    etaDays: 3,
    quotedAt: at(-120),
    quoteVersion: 2,
    quoteExpiresAt: at(47 * 60),
    quoteViews: 3,
    quoteFirstViewedAt: at(-30),
    createdAt: at(-600),
    updatedAt: at(0),
    ...fields,
  });

const v1 = version(1, [option('Option 1', 20_000, 28_500, 3)], -300);
const v2 = version(2, [option('New OEM', 20_000, 34_125, 3), option('Aftermarket', 10_000, 14_250, 5)], -60);

describe('the history tells what the customer did on the quote page', () => {
  it('in words, with the acceptance on record', () => {
    const accepted = lead({
      status: 'ordered',
      events: [
        event({
          type: 'quote',
          fromStatus: 'quoted',
          toStatus: 'quoted',
          actor: 'sam',
          detail: {
            cost: 20_000,
            sellPrice: 34_125,
            version: 2,
            options: [
              { label: 'New OEM', sellPrice: 34_125, etaDays: 3 },
              { label: 'Aftermarket', sellPrice: 14_250, etaDays: 5 },
            ],
          },
        }),
        event({ type: 'viewed', detail: { version: 2 } }),
        event({ type: 'question', detail: { body: 'Does it fit a 2019?' } }),
        event({
          fromStatus: 'quoted',
          toStatus: 'ordered',
          detail: {
            version: 2,
            option: 1,
            optionLabel: 'Aftermarket',
            sellPrice: 14_250,
            name: 'Dana Friesen',
            po: '4471',
            ip: '203.0.113.7',
            userAgent: 'Mozilla/5.0 (iPhone)',
            contentHash: HASH,
          },
        }),
      ],
    });
    const entries = timelineEntries(accepted);
    expect(entries.map((e) => e.title)).toEqual([
      'Quote sent (version 2: New OEM $341.25, Aftermarket $142.50)',
      'Viewed by the customer',
      'Question from the quote page',
      'Accepted on the quote page: Aftermarket, by Dana Friesen, PO 4471',
    ]);
    expect(entries[0]!.detail).toBe(
      'New OEM: ETA 3 business days · Aftermarket: ETA 5 business days · by sam',
    );
    expect(entries[1]!.detail).toBe(`Version 2 · 3 views so far, first ${businessTime(at(-30))}`);
    expect(entries[2]!.detail).toBe('Does it fit a 2019?');
    // where and on what in words; the raw address, browser string and hash behind a disclosure
    // (issue 48 item 7, decision 0195)
    expect(entries[3]!.facts).toEqual([
      ['Version', '2'],
      ['Price', '$142.50'],
      ['Where', 'a browser on iPhone at 203.0.113.7'],
    ]);
    expect(entries[3]!.raw).toEqual([
      ['Address', '203.0.113.7'],
      ['Browser', 'Mozilla/5.0 (iPhone)'],
      ['Content hash (SHA-256)', HASH],
    ]);
    const html = renderToStaticMarkup(<LeadTimeline lead={accepted} />);
    const disclosure = /<details[^>]*>(.*?)<\/details>/s.exec(html);
    expect(disclosure, 'the raw record is in a <details>, closed').not.toBeNull();
    expect(disclosure![0]).not.toMatch(/<details[^>]*\bopen\b/);
    expect(disclosure![1]).toContain('<summary');
    for (const raw of ['203.0.113.7', 'Mozilla/5.0 (iPhone)', HASH]) expect(disclosure![1]).toContain(raw);
    // outside the disclosure: the words, never the browser's string or the hash
    const outside = html.replace(disclosure![0], '');
    expect(outside).toContain('a browser on iPhone at 203.0.113.7');
    expect(outside).not.toContain('Mozilla');
    expect(outside).not.toContain(HASH);
  });

  it('a decline with its reason, an expired quote, and the events of before as they were', () => {
    const entries = timelineEntries(
      lead({
        events: [
          event({
            type: 'quote',
            actor: 'sam',
            detail: { cost: 10_000, markupPct: 0.425, sellPrice: 14_250, etaDays: 3, difficulty: 'moderate' },
          }),
          event({ type: 'expired', fromStatus: 'quoted', toStatus: 'qualified', detail: { version: 1 } }),
          event({
            fromStatus: 'quoted',
            toStatus: 'lost',
            detail: { version: 2, reason: 'Price too high', body: 'Found one for less' },
          }),
          event({ fromStatus: 'quoted', toStatus: 'lost', actor: 'sam', detail: { reason: 'No answer' } }),
        ],
      }),
    );
    expect(entries.map((e) => [e.title, e.detail])).toEqual([
      ['Quote sent by sam', '$142.50 · markup 42.5% · ETA 3 business days · moderate difficulty'],
      ['Quote expired: back to qualified', 'Version 1 · by customer (quote page)'],
      ['Declined: Price too high', 'Version 2 on the quote page · Found one for less'],
      ['Quoted → Lost by sam', 'Reason: No answer'],
    ]);
  });
});

describe("the card's quote mark", () => {
  const card = (fields: Partial<LeadCard>): LeadCard => ({
    id: 7,
    caseNumber: 'Q-10007',
    status: 'quoted',
    urgency: 'flexible',
    name: 'Dana Friesen',
    phone: '(204) 555-0123',
    equipment: null,
    description: null,
    sellPrice: 34_125,
    quoteViews: 0,
    quoteExpiresAt: at(60),
    photoCount: 0,
    createdAt: at(-600),
    ...fields,
  });

  it('Viewed once the customer opened it, Expired once it stopped holding, nothing otherwise', () => {
    expect(quoteMark(card({}), NOW)).toBeNull();
    expect(quoteMark(card({ quoteViews: 2 }), NOW)).toBe('Viewed');
    expect(quoteMark(card({ quoteViews: 2, quoteExpiresAt: at(0) }), NOW)).toBe('Expired');
    expect(quoteMark(card({ quoteExpiresAt: at(-1) }), NOW)).toBe('Expired');
    // only a quoted lead: an ordered one's quote was answered
    expect(quoteMark(card({ status: 'ordered', quoteViews: 2, quoteExpiresAt: at(-1) }), NOW)).toBeNull();
  });
});

describe('the versions in the calculator', () => {
  const html = (details: LeadDetails, now = NOW) =>
    renderToStaticMarkup(<QuoteVersions lead={details} now={now} />).replace(/<[^>]+>/g, '');

  it('the current version with its options and views; the earlier ones collapsed', () => {
    const text = html(lead({ quoteVersions: [v1, v2] }));
    expect(text).toContain('Current Quote');
    expect(text).toContain(`Version 2 · sent ${businessTime(v2.sentAt)} by sam`);
    expect(text).toContain(`Holds until ${businessTime(v2.expiresAt)}`);
    expect(text).toContain(`Viewed by the customer 3 times, first ${businessTime(at(-30))}`);
    expect(text).toMatch(/New OEM\$341\.25.*Aftermarket\$142\.50/);
    expect(text).toContain('Note to the customer: Core charge included');
    expect(text).toContain('Earlier versions (1)');
    expect(text).not.toContain('Locked');
    expect(
      renderToStaticMarkup(<QuoteVersions lead={lead({ quoteVersions: [v1, v2] })} now={NOW} />),
    ).toMatch(/<details[^>]*>(?:(?!open).)*<summary/);
    // 48 hours later
    expect(html(lead({ quoteVersions: [v1, v2] }), new Date(Date.parse(v2.expiresAt)))).toContain(
      `Expired ${businessTime(v2.expiresAt)}`,
    );
  });

  it('an accepted version: which option, by whom, PO, when, locked', () => {
    const accepted = { ...v2, acceptedOption: 1, acceptedAt: at(-5) };
    const text = html(
      lead({
        status: 'ordered',
        quoteVersions: [v1, accepted],
        events: [
          event({
            toStatus: 'ordered',
            detail: { version: 2, option: 1, optionLabel: 'Aftermarket', name: 'Dana Friesen', po: '4471' },
          }),
        ],
      }),
    );
    expect(text).toContain(
      `Accepted on the quote page: Aftermarket, by Dana Friesen, PO 4471 · ${businessTime(at(-5))}Locked: this version can no longer be changed.`,
    );
    expect(text).toMatch(/Aftermarket\s*Accepted\$142\.50/);
    expect(text).not.toContain('Holds until');
  });

  it('a version accepted by a YES by text: option 1, said so', () => {
    const accepted = { ...v2, acceptedOption: 0, acceptedAt: at(-5) };
    const text = html(
      lead({
        status: 'ordered',
        quoteVersions: [v1, accepted],
        events: [event({ toStatus: 'ordered', actor: 'customer (SMS)', detail: { body: 'yes' } })],
      }),
    );
    expect(text).toContain(`Accepted by text (YES): New OEM · ${businessTime(at(-5))}Locked`);
  });

  it('a lead priced before versions: its own figures, as the spec showed them', () => {
    const text = html(lead({ quoteVersion: null, quoteVersions: [] }));
    expect(text).toContain('Current Quote');
    expect(text).toMatch(/Price\$341\.25/);
    expect(html(lead({ quoteVersion: null, sellPrice: null, quoteVersions: [] }))).toBe('');
  });
});
