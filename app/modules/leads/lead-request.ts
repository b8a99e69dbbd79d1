/**
 * The quote request's words, option lists, limits and form helpers (product.md §2 'Request form', §5, §9)
 * without zod: what the /find-my-part form needs before it validates anything, so the browser loads
 * the schema (lead-request.schema.ts, built from these lists and words) only when it is needed
 * (decision 0112). The form's types come from the schema. Pure: no React, no I/O.
 */
import { CATEGORIES } from '../site/reference.ts';
import type { Urgency } from './leads.ts';

export const DEFAULT_URGENCY: Urgency = 'flexible';

export const EQUIPMENT_TYPES = [
  { value: 'truck', label: 'Truck' },
  { value: 'trailer', label: 'Trailer' },
  { value: 'ag', label: 'Agricultural Equipment' },
  { value: 'skidsteer', label: 'Skid Steer' },
  { value: 'other', label: 'Other' },
] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number]['value'];

/** The part categories of product.md §9, with their display names. */
export const PART_CATEGORIES = CATEGORIES;

/** The city choice is the city list plus this entry (product.md §9). */
export const OTHER_CITY = { slug: 'other', name: 'Other' } as const;

/** Stored with every web lead, next to the time it was given. */
export const CONSENT_TEXT = 'I agree to be contacted by phone, email, or SMS regarding my parts request.';

/** The hidden field only robots fill in (decision 0040). */
export const HONEYPOT_FIELD = 'website';

export const LEAD_MESSAGES = {
  equipment: 'Equipment type is required',
  description: 'Part description is required',
  name: 'Name is required',
  phone: 'Phone number is required',
  email: 'Invalid email address',
  consent: 'You must agree to be contacted',
  missingTitle: 'Missing Information',
  missingText: 'Please fill in all required fields',
  // not in the spec: bounds and sanity checks the spec is silent on (decision 0040)
  phoneDigits: 'Enter a phone number we can call or text',
  partCategory: 'Choose a part category from the list',
  city: 'Choose a city from the list',
} as const;

/** Limits of the stored text fields (decision 0040): long enough for any real request. */
export const FIELD_MAX = {
  name: 100,
  phone: 30,
  email: 254,
  city: 60,
  make: 60,
  model: 60,
  year: 20,
  partNumber: 80,
  description: 4000,
} as const;

/**
 * The empty form (product.md §5: urgency defaults to flexible, consent to false): one key per field of
 * the schema (lead-request.schema.test.ts holds the two together).
 */
export const EMPTY_LEAD_REQUEST = {
  equipment: '',
  make: '',
  model: '',
  year: '',
  partCategory: '',
  partNumber: '',
  description: '',
  urgency: DEFAULT_URGENCY,
  name: '',
  phone: '',
  email: '',
  city: '',
  consent: false,
};

export const STEP_ONE_FIELDS = ['equipment', 'description', 'urgency'] as const;
export const STEP_TWO_FIELDS = ['name', 'phone', 'email', 'city', 'consent'] as const;

/** product.md §4: Continue moves to step 2 only when equipment, description and urgency are non-empty. */
export function stepOneComplete(values: Partial<Record<(typeof STEP_ONE_FIELDS)[number], unknown>>): boolean {
  return STEP_ONE_FIELDS.every((field) => {
    const value = values[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

const TRUE_WORDS = new Set(['true', 'on', '1', 'yes']);
const TEXT_FIELDS = Object.keys(EMPTY_LEAD_REQUEST).filter((k) => k !== 'consent');

/**
 * The multipart body of POST /api/leads (every non-empty field as text, product.md §7) as schema input:
 * known fields only, consent 'true'/'on' as a boolean. Anything else is left for the schema to refuse.
 */
export function leadRequestFromForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  const consent = fields.consent;
  out.consent = typeof consent === 'string' ? TRUE_WORDS.has(consent.trim().toLowerCase()) : consent === true;
  return out;
}

/** The form values as product.md §7 sends them: every non-empty field as text (consent as 'true'). */
export function leadRequestToFormEntries(values: Readonly<Record<string, unknown>>): [string, string][] {
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'boolean') {
      if (value) entries.push([key, 'true']);
    } else if (typeof value === 'string' && value.trim() !== '') {
      entries.push([key, value]);
    }
  }
  return entries;
}

/** product.md §5 'Photo rules' and §9: the limits and the exact alert messages. */
export const PHOTO_RULES = { maxCount: 6, maxBytes: 10 * 1024 * 1024 } as const;
export const PHOTO_MESSAGES = {
  tooMany: 'Maximum 6 photos allowed',
  notImage: (file: string) => `${file} is not an image file`,
  tooLarge: (file: string) => `${file} is too large (max 10MB)`,
  /** not product copy: the photos of one request together past 150 megapixels (decision 0096) */
  tooManyPixels: (file: string) =>
    `${file} is too large in pixels together with the other photos. Send fewer photos, or smaller ones.`,
} as const;

export type PhotoCandidate = { name: string; type: string; size: number };

/**
 * The picture types the server's image pipeline takes (server/storage/images.ts): a camera's or a
 * screenshot's. An SVG, a PDF or a document is refused when picked, naming it (issue 31 item 9),
 * not after the upload. A file the browser gives no type (some phones' HEIC) is judged by its name.
 */
const PHOTO_TYPES = /^image\/(jpeg|jpg|pjpeg|png|webp|gif|tiff|heic|heif|avif)$/i;
const PHOTO_NAMES = /\.(jpe?g|png|webp|gif|tiff?|heic|heif|avif)$/i;
export function isPhotoFile(file: Pick<PhotoCandidate, 'name' | 'type'>): boolean {
  const untyped = !file.type || file.type === 'application/octet-stream';
  return untyped ? PHOTO_NAMES.test(file.name) : PHOTO_TYPES.test(file.type);
}

/**
 * Checks files the customer just picked or dropped against the photo rules, in the spec's order:
 * more than six in total refuses the whole batch; otherwise each non-image or over-10 MB file is
 * refused with its own message and the others are kept.
 */
export function checkNewPhotos<T extends PhotoCandidate>(
  alreadyChosen: number,
  files: readonly T[],
): { accepted: T[]; alerts: string[] } {
  if (alreadyChosen + files.length > PHOTO_RULES.maxCount) {
    return { accepted: [], alerts: [PHOTO_MESSAGES.tooMany] };
  }
  const accepted: T[] = [];
  const alerts: string[] = [];
  for (const file of files) {
    if (!isPhotoFile(file)) alerts.push(PHOTO_MESSAGES.notImage(file.name));
    else if (file.size > PHOTO_RULES.maxBytes) alerts.push(PHOTO_MESSAGES.tooLarge(file.name));
    else accepted.push(file);
  }
  return { accepted, alerts };
}

/** A file name fit to repeat in a message: no folders, no control characters, not endless. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean) return 'The file';
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
