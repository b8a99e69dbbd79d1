/** Leads (customer requests) as staff see them (product.md §3, §4). Money in integer cents. */
export const LEAD_STATUSES = ['new', 'qualified', 'quoted', 'ordered', 'fulfilled', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const URGENCIES = ['today', '48h', 'flexible'] as const;
export type Urgency = (typeof URGENCIES)[number];
/** How the request came in: the web form, a text, or a call that staff entered by hand (issue 31). */
export type LeadSource = 'web' | 'sms' | 'phone';

export type Lead = {
  id: number;
  caseNumber: string;
  status: LeadStatus;
  urgency: Urgency;
  source: LeadSource;
  name: string;
  phone: string;
  email: string | null;
  city: string | null;
  equipment: string | null;
  make: string | null;
  model: string | null;
  year: string | null;
  partCategory: string | null;
  partNumber: string | null;
  description: string | null;
  /** what texts and the customer's page call the part, when staff set it (part-name.ts) */
  shortPartName: string | null;
  photos: string[];
  consentAt: string | null;
  notes: string | null;
  lostReason: string | null;
  cost: number | null;
  markupPct: number | null;
  sellPrice: number | null;
  etaDays: number | null;
  quotedAt: string | null;
  /** the quote version the customer sees now, when it stops holding, and the customer's views of it (issue 28) */
  quoteVersion: number | null;
  quoteExpiresAt: string | null;
  quoteViews: number;
  quoteFirstViewedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Case numbers are Q- and a number from 10001 up (decision 0005): easy to read over the phone. */
export function caseNumberFor(id: number): string {
  return `Q-${10000 + id}`;
}
