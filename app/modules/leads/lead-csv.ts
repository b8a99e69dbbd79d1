/**
 * The leads as a spreadsheet ('Export Report', decision 0005; issue 31, decision 0136): one row per
 * lead, written the way staff see leads on the board and in the Lead Details dialog. Times in
 * America/Winnipeg, the phone as (204) 555-0147, the city, category, equipment and status by their
 * names; money in dollars. The CSV writer (../shared/csv.ts) guards cells against formulas. Pure.
 */
import type { CsvCell } from '../shared/csv.ts';
import { csvDateTime } from '../shared/csv.ts';
import type { Category, City } from '../site/reference.ts';
import { centsToDollarText } from '../site/money.ts';
import { formatPhone, toE164 } from '../site/phone.ts';
import { EQUIPMENT_TYPES, OTHER_CITY } from './lead-request.ts';
import type { Lead } from './leads.ts';
import { STATUS_LABELS } from './status.ts';
import { urgencyWord } from './urgency.ts';

/** Columns of the report. */
export const LEAD_CSV_HEADER = [
  'Case Number',
  'Created',
  'Quoted',
  'Status',
  'Name',
  'Phone',
  'Email',
  'City',
  'Equipment',
  'Make',
  'Model',
  'Year',
  'Part Category',
  'Part Number',
  'Description',
  'Urgency',
  'Cost (CAD)',
  'Markup %',
  'Price (CAD)',
  'ETA (business days)',
  'Lost Reason',
] as const;

/** The names the report writes for slugs: the cities and categories the site has now. */
export type LeadCsvNames = { cities: readonly City[]; categories: readonly Category[] };

/** A stored value by its name, or as stored when it names nothing (a city since removed). */
function named(value: string | null, list: readonly { slug: string; name: string }[]): string | null {
  if (value === null) return null;
  return list.find((entry) => entry.slug === value)?.name ?? value;
}

/** One lead as a row of the report, in the order of LEAD_CSV_HEADER. */
export function leadCsvRow(lead: Lead, names: LeadCsvNames): CsvCell[] {
  return [
    lead.caseNumber,
    csvDateTime(lead.createdAt),
    csvDateTime(lead.quotedAt),
    STATUS_LABELS[lead.status],
    lead.name,
    // web leads keep the number as typed: shown like every other once it is one
    formatPhone(toE164(lead.phone) ?? lead.phone),
    lead.email,
    named(lead.city, [...names.cities, OTHER_CITY]),
    named(
      lead.equipment,
      EQUIPMENT_TYPES.map((e) => ({ slug: e.value, name: e.label })),
    ),
    lead.make,
    lead.model,
    lead.year,
    named(lead.partCategory, names.categories),
    lead.partNumber,
    lead.description,
    urgencyWord(lead.urgency),
    lead.cost === null ? null : centsToDollarText(lead.cost),
    lead.markupPct === null ? null : (Math.round(lead.markupPct * 1000) / 10).toFixed(1),
    lead.sellPrice === null ? null : centsToDollarText(lead.sellPrice),
    lead.etaDays,
    lead.lostReason,
  ];
}
