/**
 * A year of demo history (SEED_DEMO) for the insights charts: requests from around Manitoba by web
 * form and by text, most quoted within business hours, most of those ordered and fulfilled, some
 * lost with the reasons staff give, and the quote-button clicks around them. Generated from a
 * fixed seed, so every first start draws the same business; it ends ten days before the seed time,
 * where the hand-written week of DEMO_LEADS begins, so the board still shows those first.
 *
 * The shape follows a rural parts business: weekdays busier than weekends, ag parts in spring
 * and harvest, snow and ice gear in winter, Winnipeg first, and a business that grows and answers
 * a little faster as the year goes on. Phone numbers stay in the fictitious 555-01xx range.
 */
import { addBusinessMinutes } from '#app/modules/shared/business-hours.ts';
import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import { startOfZonedDay, wallClock } from '#app/modules/shared/calendar.ts';
import type { LeadSource, LeadStatus, Urgency } from '#app/modules/leads/leads.ts';
import { DECLINED_REASON } from '#app/modules/messages/messages.ts';
import { DEMO_LEADS, type DemoLead } from './demo-leads.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The history covers these days before the seed time. */
export const HISTORY_DAYS = { from: 365, to: 10 };

export type HistoryEvent = { type: 'quote' | 'status'; to: LeadStatus; at: Date; reason?: string };
export type HistoryLead = Omit<DemoLead, 'minutesAgo' | 'quote' | 'photo' | 'lostReason' | 'status'> & {
  createdAt: Date;
  /** the lead's moves after it came in, oldest first; the last one is its status */
  events: HistoryEvent[];
  quote: { cost: number; markupPct: number; etaDays: number; at: Date } | null;
};
export type HistoryClick = { at: Date; location: string; text: string };

/** mulberry32: a small, fast, seeded generator; the same seed gives the same year. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = readonly (readonly [T, number])[];
function pick<T>(rnd: () => number, options: Weighted<T>): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [value, weight] of options) {
    r -= weight;
    if (r < 0) return value;
  }
  return options[options.length - 1]![0];
}
/** Poisson-distributed count with mean `mean` (Knuth; the means here are small). */
function poisson(rnd: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rnd();
  while (p > limit) {
    k++;
    p *= rnd();
  }
  return k;
}

const CITIES: Weighted<string> = [
  ['winnipeg', 30],
  ['brandon', 12],
  ['steinbach', 10],
  ['selkirk', 7],
  ['winkler', 6],
  ['portage-la-prairie', 6],
  ['morden', 4],
  ['dauphin', 4],
  ['altona', 3],
  ['stonewall', 3],
  ['niverville', 3],
  ['neepawa', 2],
  ['gimli', 2],
  ['virden', 2],
  ['carman', 2],
  ['swan-river', 1],
];

type Category = {
  slug: string;
  equipment: Weighted<DemoLead['equipment']>;
  /** weight by month, January first */
  season: readonly number[];
  /** supplier cost range in dollars */
  cost: readonly [number, number];
  parts: readonly string[];
};
const CATEGORIES: readonly Category[] = [
  {
    slug: 'ag-heavy-equipment',
    equipment: [
      ['ag', 8],
      ['skidsteer', 2],
    ],
    season: [1, 1, 2, 5, 6, 3, 2, 4, 6, 5, 2, 1],
    cost: [80, 2400],
    parts: [
      'PTO shaft yoke',
      'combine feeder chain',
      'seeder opener disc',
      'baler pickup tooth',
      'swather canvas',
    ],
  },
  {
    slug: 'hydraulics-fittings',
    equipment: [
      ['ag', 4],
      ['skidsteer', 4],
      ['truck', 2],
    ],
    season: [3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 3, 3],
    cost: [30, 900],
    parts: ['hydraulic cylinder seal kit', 'quick coupler', 'hydraulic hose assembly', 'control valve'],
  },
  {
    slug: 'trailer-parts',
    equipment: [
      ['trailer', 9],
      ['other', 1],
    ],
    season: [2, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 2],
    cost: [40, 1200],
    parts: [
      'leaf spring hanger',
      'electric brake assembly',
      'trailer jack',
      'hub and bearing kit',
      'gooseneck coupler',
    ],
  },
  {
    slug: 'lighting-electrical',
    equipment: [
      ['truck', 6],
      ['trailer', 3],
      ['ag', 1],
    ],
    season: [4, 4, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
    cost: [25, 450],
    parts: ['LED headlight assembly', 'wiring harness', '7-way trailer plug', 'alternator', 'work light bar'],
  },
  {
    slug: 'truck-upfit',
    equipment: [['truck', 10]],
    season: [2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2],
    cost: [150, 2500],
    parts: ['service body toolbox', 'headache rack', 'hitch receiver', 'ladder rack'],
  },
  {
    slug: 'snow-ice',
    equipment: [
      ['truck', 6],
      ['skidsteer', 4],
    ],
    season: [7, 6, 3, 1, 0, 0, 0, 0, 1, 3, 6, 7],
    cost: [60, 1800],
    parts: [
      'plow cutting edge',
      'salt spreader spinner motor',
      'plow angle cylinder',
      'snow pusher wear bar',
    ],
  },
  {
    slug: 'cargo-control',
    equipment: [
      ['trailer', 7],
      ['truck', 3],
    ],
    season: [2, 2, 2, 3, 3, 3, 3, 3, 3, 2, 2, 2],
    cost: [20, 350],
    parts: ['ratchet strap set', 'E-track rail', 'load bar', 'winch and strap'],
  },
  {
    slug: 'safety-compliance',
    equipment: [
      ['truck', 7],
      ['trailer', 3],
    ],
    season: [2, 2, 2, 3, 3, 2, 2, 2, 2, 2, 2, 2],
    cost: [15, 300],
    parts: ['DOT reflective tape', 'fire extinguisher mount', 'mud flap bracket', 'backup alarm'],
  },
];

const MAKES: Record<DemoLead['equipment'], readonly string[]> = {
  truck: ['Freightliner', 'Kenworth', 'Ford', 'Ram', 'International', 'Peterbilt'],
  trailer: ['Doepker', 'Load Trail', 'Wilson', 'Big Tex', 'Midland'],
  ag: ['John Deere', 'Case IH', 'MacDon', 'New Holland', 'Bourgault', 'Versatile'],
  skidsteer: ['Bobcat', 'Kubota', 'CAT', 'Gehl'],
  other: ['Honda', 'Generac', 'Lincoln'],
};

const FIRST = [
  'Brent',
  'Carla',
  'Dale',
  'Erin',
  'Garth',
  'Heather',
  'Ian',
  'Janelle',
  'Kevin',
  'Lorne',
  'Marnie',
  'Nolan',
  'Olga',
  'Pat',
  'Rhonda',
  'Shane',
  'Tanis',
  'Wade',
  'Yvette',
  'Cole',
];
const LAST = [
  'Penner',
  'Dueck',
  'Hiebert',
  'Ginter',
  'Martens',
  'Rempel',
  'Toews',
  'Harder',
  'Hrynkiw',
  'Lavallee',
  'Kozak',
  'Olafson',
  'Dyck',
  'Enns',
  'Sawatzky',
  'Boychuk',
  'Fehr',
  'Loewen',
  'Petkau',
  'Unger',
];

type Person = { name: string; phone: string; email: string | null };

/**
 * The history's customers: each with one name, number and (mostly) e-mail, so matching by phone
 * or e-mail (decision 0161) finds real repeat customers. The numbers are the fictional
 * 555-0100–0199 ones, less the business's own and those of the week's demo leads.
 */
function demoPeople(first: readonly string[], last: readonly string[]): Person[] {
  const taken = new Set(['+12045550100', '+12045550147', ...DEMO_LEADS.map((l) => l.phone)]);
  const numbers = Array.from({ length: 100 }, (_, i) => `+120455501${String(i).padStart(2, '0')}`).filter(
    (n) => !taken.has(n),
  );
  return numbers.map((phone, i) => {
    const name = `${first[i % first.length]} ${last[(i * 7 + Math.floor(i / first.length)) % last.length]}`;
    return { name, phone, email: i % 5 === 4 ? null : `${name.toLowerCase().replace(' ', '.')}@example.com` };
  });
}

/** A person for a request: the first dozen (fleets, big farms) ask far more often than the rest. */
function pickPerson(people: readonly Person[], r1: number, r2: number): Person {
  const regulars = 12;
  return r1 < 0.45
    ? people[Math.floor(r2 * regulars)]!
    : people[regulars + Math.floor(r2 * (people.length - regulars))]!;
}

const LOST_BEFORE_QUOTE: Weighted<string | null> = [
  ['Part no longer made and no used one found', 3],
  ['Customer found it locally', 3],
  ['No reply from customer', 2],
  [null, 2],
];
const LOST_AFTER_QUOTE: Weighted<string | null> = [
  [DECLINED_REASON, 4],
  ['Price too high', 3],
  ['ETA too long', 2],
  ['Customer found it locally', 2],
  [null, 1],
];
const CLICK_LOCATIONS: Weighted<readonly [string, string]> = [
  [['header', 'Get a Quote'], 5],
  [['home-hero', 'Get Quote'], 4],
  [['parts-sourcing-hero', 'Text Us Your Part'], 2],
];

/** A local time of day in minutes for a request: most in business hours, texts also at night. */
function minuteOfDay(rnd: () => number, source: LeadSource): number {
  const when = pick(
    rnd,
    source === 'sms'
      ? ([
          ['day', 6],
          ['evening', 3],
          ['night', 1],
        ] as const)
      : ([
          ['day', 8],
          ['evening', 2],
          ['night', 0.3],
        ] as const),
  );
  if (when === 'day') return 7 * 60 + Math.floor(rnd() * 11 * 60);
  if (when === 'evening') return 18 * 60 + Math.floor(rnd() * 4 * 60);
  return Math.floor(rnd() * 6 * 60);
}

/** Business minutes to a quote: around 20 at the start of the year, around 12 at its end. */
function responseMinutes(rnd: () => number, progress: number): number {
  const median = 20 - 8 * progress;
  // a log-normal spread: most close to the median, one in ten two or three times as long
  const gaussian = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  return Math.max(2, Math.round(median * Math.exp(0.6 * gaussian)));
}

/**
 * The history up to `now`: leads (oldest first) with their events, and clicks. Pure; the same
 * `now` and seed give the same history.
 */
export function demoHistory(now: Date, seed = 2026): { leads: HistoryLead[]; clicks: HistoryClick[] } {
  const rnd = random(seed);
  const reserved = new Set(DEMO_LEADS.flatMap((l) => l.name.split(' ')));
  const first = FIRST.filter((n) => !reserved.has(n));
  const last = LAST.filter((n) => !reserved.has(n));
  const people = demoPeople(first, last);
  const leads: HistoryLead[] = [];
  const clicks: HistoryClick[] = [];
  const end = now.getTime() - HISTORY_DAYS.to * DAY;

  for (let daysAgo = HISTORY_DAYS.from; daysAgo > HISTORY_DAYS.to; daysAgo--) {
    const day = startOfZonedDay(new Date(now.getTime() - daysAgo * DAY));
    const wall = wallClock(day);
    const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay(); // 0 Sunday
    const month = wall.month - 1;
    const progress = 1 - (daysAgo - HISTORY_DAYS.to) / (HISTORY_DAYS.from - HISTORY_DAYS.to);
    const dayWeight = weekday === 0 ? 0.25 : weekday === 6 ? 0.55 : 1;
    const seasonal = 0.8 + (0.08 * CATEGORIES.reduce((s, c) => s + c.season[month]!, 0)) / CATEGORIES.length;
    const mean = 1.4 * dayWeight * seasonal * (0.7 + 0.6 * progress);
    const localMidnight = day.getTime();

    const requests = poisson(rnd, mean);
    for (let n = 0; n < requests; n++) {
      const source: LeadSource = rnd() < 0.35 ? 'sms' : 'web';
      const createdAt = new Date(
        localMidnight + minuteOfDay(rnd, source) * MINUTE + Math.floor(rnd() * 60) * 1000,
      );
      if (createdAt.getTime() >= end) continue;
      const category = pick(
        rnd,
        CATEGORIES.map((c) => [c, c.season[month]! + 0.2] as const),
      );
      const equipment = pick(rnd, category.equipment);
      const makes = MAKES[equipment];
      const part = category.parts[Math.floor(rnd() * category.parts.length)]!;
      // the same draws as before people were kept (so the rest of the history is unchanged)
      const person = pickPerson(people, rnd(), rnd());
      const name = person.name;
      const urgency = pick<Urgency>(rnd, [
        ['today', 25],
        ['48h', 35],
        ['flexible', 40],
      ]);
      const events: HistoryEvent[] = [];
      let quote: HistoryLead['quote'] = null;
      const age = now.getTime() - createdAt.getTime();

      if (rnd() < 0.1)
        events.push({ type: 'status', to: 'qualified', at: addBusinessMinutes(DEFAULT_HOURS, createdAt, 3) });
      if (rnd() < 0.9) {
        const at = addBusinessMinutes(DEFAULT_HOURS, createdAt, responseMinutes(rnd, progress));
        const [low, high] = category.cost;
        const cost = Math.round((low + (high - low) * rnd() ** 2) * 100);
        const markupPct = Math.round((0.25 + rnd() * 0.2 + (urgency === 'today' ? 0.1 : 0)) * 100) / 100;
        quote = { cost, markupPct, etaDays: 1 + Math.floor(rnd() * 6), at };
        events.push({ type: 'quote', to: 'quoted', at });
        const answer = rnd();
        const answeredAt = new Date(at.getTime() + (1 + rnd() * 30) * 60 * MINUTE);
        if (answer < 0.6 + 0.15 * progress) {
          events.push({ type: 'status', to: 'ordered', at: answeredAt });
          const fulfilledAt = new Date(answeredAt.getTime() + quote.etaDays * DAY + rnd() * DAY);
          if (fulfilledAt.getTime() < now.getTime() - DAY)
            events.push({ type: 'status', to: 'fulfilled', at: fulfilledAt });
        } else if (answer < 0.95 || age > 40 * DAY) {
          events.push({
            type: 'status',
            to: 'lost',
            at: answeredAt,
            reason: pick(rnd, LOST_AFTER_QUOTE) ?? undefined,
          });
        }
      } else {
        const at = new Date(createdAt.getTime() + (2 + rnd() * 48) * 60 * MINUTE);
        events.push({ type: 'status', to: 'lost', at, reason: pick(rnd, LOST_BEFORE_QUOTE) ?? undefined });
      }

      rnd(); // the draw that once chose a random number: kept, so the rest of the history is unchanged
      leads.push({
        urgency,
        source,
        name,
        phone: person.phone,
        email: source === 'web' && rnd() < 0.8 ? person.email : null,
        city: pick(rnd, CITIES),
        equipment,
        make: makes[Math.floor(rnd() * makes.length)]!,
        model: null,
        year: equipment === 'other' ? null : String(2004 + Math.floor(rnd() * 21)),
        partCategory: category.slug,
        partNumber: rnd() < 0.3 ? `${Math.floor(100000 + rnd() * 899999)}` : null,
        description: `Need a ${part}${urgency === 'today' ? ', machine is down' : ''}. Photo of the old one available.`,
        notes: null,
        createdAt,
        events,
        quote,
      });

      // the visitor usually clicked a quote button before asking, sometimes twice
      const before = poisson(rnd, 1.6);
      for (let c = 0; c < before; c++) {
        const [location, text] = pick(rnd, CLICK_LOCATIONS);
        clicks.push({ at: new Date(createdAt.getTime() - rnd() * 30 * MINUTE), location, text });
      }
    }
    // and some clicked without sending anything
    const idle = poisson(rnd, 1.2 * dayWeight * (0.7 + 0.6 * progress));
    for (let c = 0; c < idle; c++) {
      const [location, text] = pick(rnd, CLICK_LOCATIONS);
      const at = new Date(localMidnight + (7 * 60 + rnd() * 14 * 60) * MINUTE);
      if (at.getTime() < end) clicks.push({ at, location, text });
    }
  }
  leads.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { leads, clicks };
}
