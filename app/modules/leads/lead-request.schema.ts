/**
 * The quote request (product.md §2 'Request form', §5 'Quote request form' and 'Photo rules', §9): one
 * zod schema for the /find-my-part form and for POST /api/leads, and the form's types. The option
 * lists with their labels, the consent wording, the photo rules and their messages are in
 * lead-request.ts (no zod), imported from there by whoever needs them. Pure: no React, no I/O.
 */
import { z } from 'zod';
import { isEmailAddress } from '../site/email-address.ts';
import { phoneDigits } from '../site/phone.ts';
import {
  DEFAULT_URGENCY,
  EQUIPMENT_TYPES,
  FIELD_MAX,
  LEAD_MESSAGES,
  PART_CATEGORIES,
  type EquipmentType,
} from './lead-request.ts';
import { URGENCIES } from './leads.ts';

const EQUIPMENT_VALUES = EQUIPMENT_TYPES.map((e) => e.value) as [EquipmentType, ...EquipmentType[]];

const tooLong = (label: string, max: number) => `${label} is too long (max ${max} characters)`;

/** An optional single-line text: trimmed, '' means not given. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .transform((v) => (v ? v : undefined));

const CATEGORY_SLUGS = new Set(PART_CATEGORIES.map((c) => c.slug));

export const leadRequestSchema = z.object({
  equipment: z
    .string({ error: LEAD_MESSAGES.equipment })
    .trim()
    .min(1, LEAD_MESSAGES.equipment)
    .pipe(z.enum(EQUIPMENT_VALUES, { error: LEAD_MESSAGES.equipment })),
  make: optionalText('Make', FIELD_MAX.make),
  model: optionalText('Model', FIELD_MAX.model),
  year: optionalText('Year', FIELD_MAX.year),
  partCategory: optionalText('Part category', 60).refine((v) => v === undefined || CATEGORY_SLUGS.has(v), {
    message: LEAD_MESSAGES.partCategory,
  }),
  partNumber: optionalText('Part number', FIELD_MAX.partNumber),
  description: z
    .string({ error: LEAD_MESSAGES.description })
    .trim()
    .min(1, LEAD_MESSAGES.description)
    .max(FIELD_MAX.description, tooLong('Part description', FIELD_MAX.description)),
  urgency: z.enum(URGENCIES).default(DEFAULT_URGENCY),
  name: z
    .string({ error: LEAD_MESSAGES.name })
    .trim()
    .min(1, LEAD_MESSAGES.name)
    .max(FIELD_MAX.name, tooLong('Name', FIELD_MAX.name)),
  phone: z
    .string({ error: LEAD_MESSAGES.phone })
    .trim()
    .min(1, LEAD_MESSAGES.phone)
    .max(FIELD_MAX.phone, tooLong('Phone number', FIELD_MAX.phone))
    .refine((v) => phoneDigits(v).length >= 7, LEAD_MESSAGES.phoneDigits),
  email: z
    .string()
    .trim()
    .max(FIELD_MAX.email, LEAD_MESSAGES.email)
    // any script, as typed: 'zoë@exämple.com' is stored and sent as it is (decision 0082)
    .refine((v) => v === '' || isEmailAddress(v), LEAD_MESSAGES.email)
    .optional()
    .transform((v) => (v ? v : undefined)),
  city: optionalText('City', FIELD_MAX.city).refine((v) => v === undefined || /^[a-z0-9-]+$/.test(v), {
    message: LEAD_MESSAGES.city,
  }),
  consent: z.boolean({ error: LEAD_MESSAGES.consent }).refine((v) => v, LEAD_MESSAGES.consent),
});
/** What the form holds while the customer types. */
export type LeadRequestInput = z.input<typeof leadRequestSchema>;
/** A valid request, as the server stores it. */
export type LeadRequest = z.output<typeof leadRequestSchema>;
export type LeadRequestField = keyof LeadRequestInput;
