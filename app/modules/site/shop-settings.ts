/**
 * The shop's own numbers, which the owner sets on the Settings screen (issue 49 item 1, decision
 * 0204): its opening hours per weekday, the markup rules of the pricing calculator, where customers
 * pick up their parts, the quiet hours of texts, and what staff may see and do. One stored value
 * (`settings` key 'shop'); every process holds the one in force (server/services/shop.ts) and each
 * place that states or uses one of them reads it from there. The environment variables that set
 * some of them before (PICKUP_ADDRESS, TEXT_QUIET_HOURS) give the first values. Pure.
 */
import { z } from 'zod';
import { DEFAULT_MARKUP, type MarkupRules } from '#app/modules/pricing/pricing.ts';
import { QUIET_FROM_HOURS, QUIET_UNTIL_HOURS, type QuietHours } from '#app/modules/shared/quiet-hours.ts';
import {
  DEFAULT_HOURS,
  hoursInALine,
  hoursLines,
  WEEKDAYS,
  type DayHours,
  type WeekHours,
} from './opening-hours.ts';

export type Pickup = { address: string; hours: string };

/** What staff (not the owner) may see and do; each the owner's alone until the owner allows it. */
export type StaffAccess = { seeMoney: boolean; mergeCustomers: boolean };

export type ShopSettings = {
  hours: WeekHours;
  markup: MarkupRules;
  /** null until the owner sets it: no text or page names a pickup place then */
  pickup: Pickup | null;
  quietHours: QuietHours | null;
  staff: StaffAccess;
};

/** Whether a person may see or do what is the owner's unless the owner allows staff. */
export function allowed(
  settings: Pick<ShopSettings, 'staff'>,
  user: { role: 'owner' | 'staff' },
  what: keyof StaffAccess,
): boolean {
  return user.role === 'owner' || settings.staff[what];
}

export const SHOP_SECTIONS = ['hours', 'markup', 'pickup', 'quietHours', 'staff'] as const;
export type ShopSection = (typeof SHOP_SECTIONS)[number];

/** The settings before the owner saved any: product.md's values and the environment's. */
export function shopDefaults(firsts: {
  pickupAddress?: string;
  quietHours: QuietHours | null;
}): ShopSettings {
  return {
    hours: DEFAULT_HOURS,
    markup: DEFAULT_MARKUP,
    pickup: firsts.pickupAddress ? { address: firsts.pickupAddress, hours: '' } : null,
    quietHours: firsts.quietHours,
    staff: { seeMoney: false, mergeCustomers: false },
  };
}

// ---------------------------------------------------------------------------------------------
// The owner's forms: what each section's form sends, read into the stored shape with clear words

export const SHOP_MESSAGES = {
  time: 'Enter a time such as 07:00.',
  closeAfterOpen: 'The closing time must be after the opening time.',
  oneDayOpen: 'Open at least one day a week.',
  percent: (max: number) => `Enter a percent from 0 to ${max}.`,
  lowAboveHigh: 'The lowest markup must not be above the highest.',
  address: 'Enter the pickup address, up to 200 characters.',
  pickupHours: 'Keep the pickup hours to 200 characters.',
  quietFrom: 'Choose an evening hour, from 6 PM to 11 PM.',
  quietUntil: 'Choose a morning hour, from 5 AM to 11 AM.',
} as const;

/** A group of fields a form left out reads as empty fields (each then says what it needs). */
const group = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'object' && v !== null ? v : {}), schema);

const checked = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean());
const text = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().catch(''));

/** '07:00' → seconds after midnight; '24:00' is not a time of day. */
const timeOfDay = z
  .string({ message: SHOP_MESSAGES.time })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SHOP_MESSAGES.time)
  .transform((v) => Number(v.slice(0, 2)) * 3600 + Number(v.slice(3, 5)) * 60);

const dayForm = group(
  z.object({ open: checked, from: z.unknown().optional(), until: z.unknown().optional() }),
).transform((day, ctx): DayHours | null => {
  if (!day.open) return null;
  const from = timeOfDay.safeParse(day.from);
  const until = timeOfDay.safeParse(day.until);
  if (!from.success) ctx.addIssue({ code: 'custom', path: ['from'], message: SHOP_MESSAGES.time });
  if (!until.success) ctx.addIssue({ code: 'custom', path: ['until'], message: SHOP_MESSAGES.time });
  if (!from.success || !until.success) return z.NEVER;
  if (until.data <= from.data) {
    ctx.addIssue({ code: 'custom', path: ['until'], message: SHOP_MESSAGES.closeAfterOpen });
    return z.NEVER;
  }
  return { open: from.data, close: until.data };
});

const hoursForm = z
  .object({ hours: group(z.object(Object.fromEntries(WEEKDAYS.map((_, i) => [String(i), dayForm])))) })
  .transform(({ hours }, ctx): WeekHours => {
    const week = WEEKDAYS.map((_, i) => (hours as Record<string, DayHours | null>)[String(i)] ?? null);
    if (week.every((d) => d === null)) {
      ctx.addIssue({ code: 'custom', path: ['hours', '0', 'open'], message: SHOP_MESSAGES.oneDayOpen });
      return z.NEVER;
    }
    return week;
  });

/** A percent typed by the owner ('35', '12.5') → a fraction (0.35), at most `max` percent. */
const percent = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(/%$/, '')) : v),
    z
      .number({ message: SHOP_MESSAGES.percent(max) })
      .min(0, SHOP_MESSAGES.percent(max))
      .max(max, SHOP_MESSAGES.percent(max))
      .transform((p) => Math.round(p * 100) / 10_000),
  );

const range = group(
  z
    .object({ min: percent(85), max: percent(85) })
    .refine((r) => r.min <= r.max, { path: ['max'], message: SHOP_MESSAGES.lowAboveHigh }),
);

const markupForm = z
  .object({
    markup: group(
      z.object({
        difficulty: group(z.object({ easy: range, moderate: range, hard: range })),
        urgency: group(z.object({ flexible: percent(50), '48h': percent(50), today: percent(50) })),
      }),
    ),
  })
  .transform(({ markup }): MarkupRules => markup);

const pickupForm = z
  .object({
    pickup: group(
      z.object({
        address: text.pipe(z.string().max(200, SHOP_MESSAGES.address)),
        hours: text.pipe(z.string().max(200, SHOP_MESSAGES.pickupHours)),
      }),
    ),
  })
  .transform(({ pickup }): Pickup | null => (pickup.address ? pickup : null));

const hour = (hours: readonly number[], message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ message }).refine((h) => hours.includes(h), message),
  );

const quietForm = z
  .object({
    quietHours: group(z.object({ on: checked, from: z.unknown().optional(), until: z.unknown().optional() })),
  })
  .transform(({ quietHours: q }, ctx): QuietHours | null => {
    if (!q.on) return null;
    const from = hour(QUIET_FROM_HOURS, SHOP_MESSAGES.quietFrom).safeParse(q.from);
    const until = hour(QUIET_UNTIL_HOURS, SHOP_MESSAGES.quietUntil).safeParse(q.until);
    if (!from.success)
      ctx.addIssue({ code: 'custom', path: ['quietHours', 'from'], message: SHOP_MESSAGES.quietFrom });
    if (!until.success)
      ctx.addIssue({ code: 'custom', path: ['quietHours', 'until'], message: SHOP_MESSAGES.quietUntil });
    if (!from.success || !until.success) return z.NEVER;
    return { from: from.data, until: until.data };
  });

const staffForm = z
  .object({ staff: group(z.object({ seeMoney: checked, mergeCustomers: checked })) })
  .transform(({ staff }): StaffAccess => staff);

/** Each section's form, read into its stored value (refusals under the field's path). */
export const SHOP_FORMS = {
  hours: hoursForm,
  markup: markupForm,
  pickup: pickupForm,
  quietHours: quietForm,
  staff: staffForm,
} satisfies Record<ShopSection, z.ZodType>;

/** What is stored, read back leniently: a section that does not read keeps the default's. */
const storedSchema = z.object({
  hours: z
    .array(z.object({ open: z.number(), close: z.number() }).nullable())
    .length(7)
    .refine((w) => w.some((d) => d !== null))
    .optional()
    .catch(undefined),
  markup: z
    .object({
      difficulty: z.object({
        easy: z.object({ min: z.number(), max: z.number() }),
        moderate: z.object({ min: z.number(), max: z.number() }),
        hard: z.object({ min: z.number(), max: z.number() }),
      }),
      urgency: z.object({ flexible: z.number(), '48h': z.number(), today: z.number() }),
    })
    .optional()
    .catch(undefined),
  pickup: z.object({ address: z.string(), hours: z.string() }).nullable().optional().catch(undefined),
  quietHours: z.object({ from: z.number(), until: z.number() }).nullable().optional().catch(undefined),
  staff: z.object({ seeMoney: z.boolean(), mergeCustomers: z.boolean() }).optional().catch(undefined),
});

/** The settings in force: what the owner saved, section by section, over the defaults. */
export function shopWithDefaults(stored: unknown, defaults: ShopSettings): ShopSettings {
  const read = storedSchema.safeParse(stored ?? {});
  if (!read.success) return defaults;
  const s = read.data;
  return {
    hours: s.hours ?? defaults.hours,
    markup: s.markup ?? defaults.markup,
    pickup: s.pickup === undefined ? defaults.pickup : s.pickup,
    quietHours: s.quietHours === undefined ? defaults.quietHours : s.quietHours,
    staff: s.staff ?? defaults.staff,
  };
}

// ---------------------------------------------------------------------------------------------
// Words

/** A margin as the owner types it: 0.35 → '35', 0.125 → '12.5'. */
export function percentField(fraction: number): string {
  return String(Math.round(fraction * 10_000) / 100);
}

/** What the audit log says of a section's value, in words (before and after). */
export function sectionWords(section: ShopSection, s: ShopSettings): Record<string, string> {
  switch (section) {
    case 'hours':
      return { hours: hoursInALine(s.hours) };
    case 'markup':
      return Object.fromEntries([
        ...Object.entries(s.markup.difficulty).map(([d, r]) => [
          d,
          `${percentField(r.min)}%–${percentField(r.max)}%`,
        ]),
        ...Object.entries(s.markup.urgency).map(([u, p]) => [`uplift ${u}`, `${percentField(p)}%`]),
      ]);
    case 'pickup':
      return s.pickup
        ? { pickup: s.pickup.address, 'pickup hours': s.pickup.hours || 'the business hours' }
        : { pickup: 'not set' };
    case 'quietHours':
      return { 'quiet hours': s.quietHours ? `${s.quietHours.from}:00–${s.quietHours.until}:00` : 'off' };
    case 'staff':
      return {
        'staff see money': s.staff.seeMoney ? 'yes' : 'no',
        'staff merge customers': s.staff.mergeCustomers ? 'yes' : 'no',
      };
  }
}

/** The pickup hours customers read: the owner's words, else the opening hours. */
export function pickupHours(s: Pick<ShopSettings, 'pickup' | 'hours'>): string[] {
  return s.pickup?.hours ? [s.pickup.hours] : hoursLines(s.hours);
}

/** The Settings screen's words for these sections (issue 49 item 1). */
export const SHOP_TEXT = {
  saved: 'Saved. Every page and text uses it now.',
  notSaved: 'Not saved',
  hours: {
    title: 'Opening hours',
    intro:
      'When the shop is open, Winnipeg time. The footer, the home page, the texts customers get, the "we open at" message and the response-time figures all use these hours.',
    open: (day: string) => `Open on ${day}`,
    opens: 'Opens',
    closes: 'Closes',
    save: 'Save opening hours',
  },
  markup: {
    title: 'Markup',
    intro:
      "The pricing calculator starts from the middle of a difficulty's range and adds the urgency's uplift, never below 22% or above 85%. A quote already sent keeps its price.",
    difficulty: 'Markup by difficulty',
    lowest: 'Lowest %',
    highest: 'Highest %',
    urgency: 'Uplift by urgency',
    uplift: (urgency: string) => `${urgency} uplift %`,
    save: 'Save markup',
  },
  pickup: {
    title: 'Pickup',
    intro: 'Where customers collect their parts, as their order page shows it once a part is ready.',
    missing:
      'No pickup address yet: customers with a part ready are told we will text them where to pick it up.',
    address: 'Pickup address',
    addressHint: 'Street, town. Leave empty to name no place.',
    hours: 'Pickup hours (optional)',
    hoursHint: 'Leave empty to show the opening hours.',
    save: 'Save pickup',
  },
  quietHours: {
    title: 'Quiet hours for texts',
    intro:
      'Texts that are not an immediate answer to the customer wait for the morning in these hours, Winnipeg time.',
    on: 'Hold texts overnight',
    from: 'From',
    until: 'Until',
    save: 'Save quiet hours',
  },
  staff: {
    title: 'What staff may see and do',
    intro: 'You always can. Staff can only what you allow here.',
    seeMoney: 'Staff see revenue, profit and margins on Insights and the leads board',
    mergeCustomers: 'Staff may merge customers',
    save: 'Save what staff may do',
  },
} as const;

/** The board's and Settings' notice while no pickup place is set. */
export const PICKUP_MISSING = {
  board:
    'No pickup address is set: customers with a part ready are told we will text them where to pick it up.',
  settingsLink: 'Set it in Settings',
} as const;
