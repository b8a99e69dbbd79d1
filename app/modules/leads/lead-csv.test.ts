import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../shared/csv.ts';
import { CATEGORIES } from '../site/reference.ts';
import { LEAD_CSV_HEADER, leadCsvRow } from './lead-csv.ts';
import type { Lead } from './leads.ts';

const NAMES = {
  cities: [
    { slug: 'portage-la-prairie', name: 'Portage la Prairie', region: 'Portage Plains' },
    { slug: 'winnipeg', name: 'Winnipeg', region: 'Winnipeg Metro' },
  ],
  categories: CATEGORIES,
};

function lead(over: Partial<Lead> = {}): Lead {
  return {
    id: 7,
    caseNumber: 'Q-10007',
    status: 'quoted',
    urgency: '48h',
    source: 'web',
    name: 'Dana Prairie',
    phone: '204 555 0147',
    email: 'dana@example.com',
    city: 'portage-la-prairie',
    equipment: 'ag',
    make: 'John Deere',
    model: '8R 410',
    year: '2019',
    partCategory: 'safety-compliance',
    partNumber: 'AH169478',
    description: 'Hydraulic pump, leaking.',
    shortPartName: null,
    photos: [],
    consentAt: null,
    notes: null,
    lostReason: null,
    cost: 41_000,
    markupPct: 0.3,
    sellPrice: 53_300,
    etaDays: 3,
    // 19:05 and 20:10 UTC on a winter day: 13:05 and 14:10 in Winnipeg
    quotedAt: '2026-01-15T20:10:00.000Z',
    quoteVersion: 1,
    quoteExpiresAt: null,
    quoteViews: 0,
    quoteFirstViewedAt: null,
    createdAt: '2026-01-15T19:05:00.000Z',
    updatedAt: '2026-01-15T20:10:00.000Z',
    ...over,
  };
}

const rowOf = (l: Lead) =>
  Object.fromEntries(LEAD_CSV_HEADER.map((column, i) => [column, leadCsvRow(l, NAMES)[i]]));

describe('the leads report (issue 31: the names and times staff see)', () => {
  it('writes Winnipeg times, the phone as shown, and names instead of slugs', () => {
    expect(rowOf(lead())).toEqual({
      'Case Number': 'Q-10007',
      Created: '2026-01-15 13:05',
      Quoted: '2026-01-15 14:10',
      Status: 'Quoted',
      Name: 'Dana Prairie',
      Phone: '(204) 555-0147',
      Email: 'dana@example.com',
      City: 'Portage la Prairie',
      Equipment: 'Agricultural Equipment',
      Make: 'John Deere',
      Model: '8R 410',
      Year: '2019',
      'Part Category': 'Safety & Compliance',
      'Part Number': 'AH169478',
      Description: 'Hydraulic pump, leaking.',
      Urgency: 'Soon as possible',
      'Cost (CAD)': '410.00',
      'Markup %': '30.0',
      'Price (CAD)': '533.00',
      'ETA (business days)': 3,
      'Lost Reason': null,
    });
  });

  it('leaves what a lead lacks empty, keeps what names nothing as stored', () => {
    const row = rowOf(
      lead({
        quotedAt: null,
        city: 'atlantis',
        equipment: null,
        partCategory: null,
        cost: null,
        markupPct: null,
        sellPrice: null,
        etaDays: null,
        status: 'lost',
        lostReason: 'Price too high',
        urgency: 'today',
      }),
    );
    expect(row).toMatchObject({
      Quoted: null,
      City: 'atlantis',
      Equipment: null,
      'Part Category': null,
      'Cost (CAD)': null,
      Status: 'Lost',
      'Lost Reason': 'Price too high',
      Urgency: 'Emergency repair',
    });
    expect(rowOf(lead({ city: 'other', equipment: 'skidsteer' }))).toMatchObject({
      City: 'Other',
      Equipment: 'Skid Steer',
    });
  });

  it('a texted lead (E.164) and a number from abroad: shown as staff see them', () => {
    expect(rowOf(lead({ phone: '+12045550147' })).Phone).toBe('(204) 555-0147');
    expect(rowOf(lead({ phone: '+442079460958' })).Phone).toBe('+442079460958');
  });

  it('in the file: no apostrophe before a phone or a time, one before a formula', () => {
    const hostile = lead({ name: '=HYPERLINK("http://evil.example","click")', phone: '+442079460958' });
    const [header, first, second] = parseCsv(
      toCsv([[...LEAD_CSV_HEADER], leadCsvRow(lead(), NAMES), leadCsvRow(hostile, NAMES)]),
    );
    const at = (column: (typeof LEAD_CSV_HEADER)[number]) => header!.indexOf(column);
    expect([first![at('Phone')], first![at('Created')]]).toEqual(['(204) 555-0147', '2026-01-15 13:05']);
    expect(second![at('Name')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    // a spreadsheet would read +44… as a formula: guarded
    expect(second![at('Phone')]).toBe("'+442079460958");
  });
});
