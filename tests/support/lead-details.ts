/**
 * A lead as the lead dialog reads it (`LeadDetails`), for the component tests: a new web request
 * with nothing priced, every field present. Each test gives what its assertions read.
 */
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';

export function leadDetails(fields: Partial<LeadDetails> & Pick<LeadDetails, 'createdAt'>): LeadDetails {
  return {
    id: 7,
    caseNumber: 'Q-10007',
    status: 'new',
    urgency: 'flexible',
    source: 'web',
    name: 'Dana Friesen',
    phone: '204-555-0123',
    email: null,
    city: null,
    equipment: 'truck',
    make: null,
    model: null,
    year: null,
    partCategory: null,
    partNumber: null,
    description: null,
    shortPartName: null,
    photos: [],
    consentAt: null,
    notes: null,
    lostReason: null,
    cost: null,
    markupPct: null,
    sellPrice: null,
    etaDays: null,
    quotedAt: null,
    quoteVersion: null,
    quoteExpiresAt: null,
    quoteViews: 0,
    quoteFirstViewedAt: null,
    updatedAt: fields.createdAt,
    events: [],
    messages: [],
    conversation: [],
    smsOptedOut: false,
    quoteVersions: [],
    nameCheck: null,
    ...fields,
  };
}
