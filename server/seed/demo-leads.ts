/**
 * Demo leads (SEED_DEMO): a week of requests from around Manitoba, one or more in every status,
 * so the admin board, stats and pricing calculator have something to show. Phone numbers are
 * in the fictitious 555-01xx range.
 */
import type { LeadSource, LeadStatus, Urgency } from '#app/modules/leads/leads.ts';
import type { ArtKind } from './demo-art.ts';

export const DEMO_CONSENT_TEXT =
  'I agree to be contacted by phone, email, or SMS regarding my parts request.';

export type DemoLead = {
  status: LeadStatus;
  urgency: Urgency;
  source: LeadSource;
  name: string;
  phone: string;
  email: string | null;
  city: string;
  equipment: 'truck' | 'trailer' | 'ag' | 'skidsteer' | 'other';
  make: string | null;
  model: string | null;
  year: string | null;
  partCategory: string | null;
  partNumber: string | null;
  description: string;
  notes: string | null;
  lostReason: string | null;
  /** Minutes before the seed time. */
  minutesAgo: number;
  /** Quoted leads: supplier cost in cents, margin, ETA and minutes from request to quote. */
  quote?: { cost: number; markupPct: number; etaDays: number; afterMinutes: number };
  /** A photo the customer sent, drawn like the catalog pictures. */
  photo?: { art: ArtKind; category: string };
};

const HOUR = 60;
const DAY = 24 * HOUR;

export const DEMO_LEADS: readonly DemoLead[] = [
  {
    status: 'new',
    urgency: 'today',
    source: 'web',
    name: 'Darren Klassen',
    phone: '+12045550123',
    email: 'darren.klassen@example.com',
    city: 'steinbach',
    equipment: 'truck',
    make: 'Freightliner',
    model: 'M2 106',
    year: '2016',
    partCategory: 'lighting-electrical',
    partNumber: null,
    description:
      'Driver-side headlight assembly cracked after hitting a deer on Highway 12. Truck has a run Monday morning and needs to pass a roadside check.',
    notes: null,
    lostReason: null,
    minutesAgo: 25,
    photo: { art: 'lamp', category: 'lighting-electrical' },
  },
  {
    status: 'new',
    urgency: '48h',
    source: 'web',
    name: 'Amélie Gagnon',
    phone: '+12045550131',
    email: null,
    city: 'ste-anne',
    equipment: 'ag',
    make: 'John Deere',
    model: '7230R',
    year: '2012',
    partCategory: 'hydraulics-fittings',
    partNumber: null,
    description:
      'Left rear remote coupler leaks whenever the drill is hooked up. Looks like a 1/2 in ISO-A, would like both halves replaced.',
    notes: null,
    lostReason: null,
    minutesAgo: 3 * HOUR,
  },
  {
    status: 'new',
    urgency: 'flexible',
    source: 'sms',
    name: 'Gord Thiessen',
    phone: '+12045550158',
    email: null,
    city: 'morden',
    equipment: 'trailer',
    make: null,
    model: null,
    year: null,
    partCategory: null,
    partNumber: null,
    description:
      '7 way plug on my stock trailer is all corroded. Need the socket on the truck end too. No rush.',
    notes: null,
    lostReason: null,
    minutesAgo: 9 * HOUR,
  },
  {
    status: 'qualified',
    urgency: '48h',
    source: 'web',
    name: 'Kyle Friesen',
    phone: '+12045550112',
    email: 'kyle@friesenfarms.example.com',
    city: 'winkler',
    equipment: 'trailer',
    make: 'Load Trail',
    model: '32 ft Gooseneck',
    year: '2014',
    partCategory: 'trailer-parts',
    partNumber: null,
    description:
      'Both springs on the rear axle are flattened and one main leaf is cracked. 7,000 lb axles with double-eye springs, photos of the axle tag attached.',
    notes: 'Axle tag confirms Dexter 7k. Needs 4 springs and 2 U-bolt kits; checking stock at two suppliers.',
    lostReason: null,
    minutesAgo: DAY + 2 * HOUR,
    photo: { art: 'spring', category: 'trailer-parts' },
  },
  {
    status: 'quoted',
    urgency: 'flexible',
    source: 'web',
    name: 'Priya Sandhu',
    phone: '+12045550145',
    email: 'priya.sandhu@example.com',
    city: 'brandon',
    equipment: 'skidsteer',
    make: 'Bobcat',
    model: 'S650',
    year: '2018',
    partCategory: 'ag-heavy-equipment',
    partNumber: null,
    description:
      'Bolt-on cutting edge for a 74 in low-profile bucket. The old edge is worn right through in the middle.',
    notes: 'Quoted reversible edge with hardware.',
    lostReason: null,
    minutesAgo: 2 * DAY + 5 * HOUR,
    quote: { cost: 38500, markupPct: 0.425, etaDays: 3, afterMinutes: 40 },
  },
  {
    status: 'ordered',
    urgency: 'today',
    source: 'web',
    name: 'Tyler Wiebe',
    phone: '+12045550167',
    email: 'dispatch@wiebehauling.example.com',
    city: 'portage-la-prairie',
    equipment: 'truck',
    make: 'Kenworth',
    model: 'T880',
    year: '2019',
    partCategory: 'snow-ice',
    partNumber: null,
    description: 'Angle cylinder on the Meyer plow blew a seal mid-storm. Truck is parked until it is fixed.',
    notes: 'Customer replied YES. Shipping express to the yard on Saskatchewan Ave.',
    lostReason: null,
    minutesAgo: 3 * DAY + 7 * HOUR,
    quote: { cost: 11900, markupPct: 0.625, etaDays: 1, afterMinutes: 15 },
  },
  {
    status: 'fulfilled',
    urgency: '48h',
    source: 'web',
    name: 'Jenna Kowalchuk',
    phone: '+12045550176',
    email: 'jenna.kowalchuk@example.com',
    city: 'dauphin',
    equipment: 'ag',
    make: 'Schulte',
    model: 'XH1500 rotary cutter',
    year: '2015',
    partCategory: 'ag-heavy-equipment',
    partNumber: null,
    description: 'PTO shaft guard is shattered and the inner tube is twisted. Need a complete driveline.',
    notes: 'Delivered to the farm. Customer confirmed fit.',
    lostReason: null,
    minutesAgo: 9 * DAY + 3 * HOUR,
    quote: { cost: 42500, markupPct: 0.525, etaDays: 4, afterMinutes: 55 },
  },
  {
    status: 'lost',
    urgency: 'flexible',
    source: 'web',
    name: 'Raymond Bouchard',
    phone: '+12045550189',
    email: null,
    city: 'winnipeg',
    equipment: 'other',
    make: 'Polaris',
    model: 'Ranger 570',
    year: '2020',
    partCategory: 'snow-ice',
    partNumber: null,
    description: 'Looking for a plow mount kit and a 60 in blade for a side-by-side.',
    notes: null,
    lostReason: 'Found a used kit locally.',
    minutesAgo: 6 * DAY + 4 * HOUR,
  },
];
