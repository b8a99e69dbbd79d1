import { describe, expect, it } from 'vitest';
import {
  checkNewPhotos,
  CONSENT_TEXT,
  displayFileName,
  EMPTY_LEAD_REQUEST,
  EQUIPMENT_TYPES,
  leadRequestFromForm,
  leadRequestToFormEntries,
  PART_CATEGORIES,
  PHOTO_RULES,
  stepOneComplete,
} from './lead-request.ts';
import { URGENCY_OPTIONS } from './urgency.ts';
import { leadRequestSchema, type LeadRequestInput } from './lead-request.schema.ts';

/** The empty form is a state of the schema's form: the compiler checks the types here. */
const EMPTY: LeadRequestInput = EMPTY_LEAD_REQUEST;

const valid = {
  ...EMPTY,
  equipment: 'trailer',
  description: 'Leaf spring snapped on the rear axle',
  name: 'Dana Friesen',
  phone: '(204) 555-0123',
  consent: true,
};

/** The messages of a failed parse, by field, in rule order. */
function messagesOf(input: unknown): Record<string, string[]> {
  const result = leadRequestSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('quote request schema (product.md §5)', () => {
  it('accepts a complete request, trims text and turns empty optional fields into undefined', () => {
    const parsed = leadRequestSchema.parse({
      ...valid,
      name: '  Dana Friesen ',
      make: ' Dexter ',
      email: '',
    });
    expect(parsed).toEqual({
      equipment: 'trailer',
      make: 'Dexter',
      model: undefined,
      year: undefined,
      partCategory: undefined,
      partNumber: undefined,
      description: 'Leaf spring snapped on the rear axle',
      urgency: 'flexible',
      name: 'Dana Friesen',
      phone: '(204) 555-0123',
      email: undefined,
      city: undefined,
      consent: true,
    });
  });

  it('urgency defaults to flexible and must be one of today, 48h, flexible', () => {
    const { urgency: _omit, ...withoutUrgency } = valid;
    expect(leadRequestSchema.parse(withoutUrgency).urgency).toBe('flexible');
    for (const urgency of ['today', '48h', 'flexible']) {
      expect(leadRequestSchema.parse({ ...valid, urgency }).urgency).toBe(urgency);
    }
    expect(messagesOf({ ...valid, urgency: 'tomorrow' })).toHaveProperty('urgency');
  });

  it.each([
    ['equipment', '', 'Equipment type is required'],
    ['equipment', 'boat', 'Equipment type is required'],
    ['description', '   ', 'Part description is required'],
    ['name', '', 'Name is required'],
    ['phone', '', 'Phone number is required'],
    ['email', 'not-an-address', 'Invalid email address'],
    ['email', 'dana@', 'Invalid email address'],
    ['consent', false, 'You must agree to be contacted'],
  ])('%s = %j fails with "%s"', (field, value, message) => {
    expect(messagesOf({ ...valid, [field]: value })[field]?.[0]).toBe(message);
  });

  it('reports a missing required field with its own message, not a type error', () => {
    const messages = messagesOf({});
    expect(messages).toEqual({
      equipment: ['Equipment type is required'],
      description: ['Part description is required'],
      name: ['Name is required'],
      phone: ['Phone number is required'],
      consent: ['You must agree to be contacted'],
    });
  });

  it('keeps make, model, year, part category, part number, city and email optional', () => {
    expect(leadRequestSchema.safeParse(valid).success).toBe(true);
    const full = leadRequestSchema.parse({
      ...valid,
      make: 'John Deere',
      model: '7230R',
      year: '2012',
      partCategory: 'hydraulics-fittings',
      partNumber: 'RE12345',
      email: 'dana@example.com',
      city: 'steinbach',
    });
    expect(full).toMatchObject({ partCategory: 'hydraulics-fittings', city: 'steinbach', year: '2012' });
  });

  it('takes e-mail addresses in any script as typed (trimmed, never rewritten)', () => {
    for (const email of ['zoë@exämple.com', 'zoe@exämple.com', 'zoe@xn--exmple-cua.com', 'пример@пример.рф'])
      expect(leadRequestSchema.parse({ ...valid, email: ` ${email} ` }).email).toBe(email);
  });

  it('refuses values outside the lists and text beyond the bounds', () => {
    expect(messagesOf({ ...valid, partCategory: 'boats' }).partCategory).toEqual([
      'Choose a part category from the list',
    ]);
    expect(messagesOf({ ...valid, city: '../etc' }).city).toEqual(['Choose a city from the list']);
    expect(messagesOf({ ...valid, description: 'x'.repeat(4001) }).description).toEqual([
      'Part description is too long (max 4000 characters)',
    ]);
    expect(messagesOf({ ...valid, name: 'x'.repeat(101) }).name).toEqual([
      'Name is too long (max 100 characters)',
    ]);
    expect(messagesOf({ ...valid, phone: 'call me' }).phone).toEqual([
      'Enter a phone number we can call or text',
    ]);
  });

  it('lists the spec option labels and the consent wording word for word', () => {
    expect(URGENCY_OPTIONS).toEqual([
      { value: 'today', label: 'Emergency repair' },
      { value: '48h', label: 'Soon as possible' },
      { value: 'flexible', label: 'When convenient' },
    ]);
    expect(EQUIPMENT_TYPES.map((e) => e.value)).toEqual(['truck', 'trailer', 'ag', 'skidsteer', 'other']);
    expect(EQUIPMENT_TYPES.find((e) => e.value === 'ag')?.label).toBe('Agricultural Equipment');
    expect(PART_CATEGORIES.map((c) => c.slug)).toEqual([
      'trailer-parts',
      'truck-upfit',
      'snow-ice',
      'lighting-electrical',
      'hydraulics-fittings',
      'cargo-control',
      'ag-heavy-equipment',
      'safety-compliance',
    ]);
    expect(CONSENT_TEXT).toBe('I agree to be contacted by phone, email, or SMS regarding my parts request.');
  });
});

describe('step 1 Continue check (product.md §4)', () => {
  it.each([
    [{ equipment: 'truck', description: 'Mirror', urgency: 'today' }, true],
    [{ equipment: '', description: 'Mirror', urgency: 'today' }, false],
    [{ equipment: 'truck', description: '  ', urgency: 'today' }, false],
    [{ equipment: 'truck', description: 'Mirror', urgency: '' }, false],
    [{ equipment: 'truck', description: 'Mirror' }, false],
  ])('%j → %s', (values, expected) => {
    expect(stepOneComplete(values)).toBe(expected);
  });
});

describe('multipart fields (product.md §7)', () => {
  it('the empty form has one entry per field of the schema, no more', () => {
    expect(Object.keys(EMPTY_LEAD_REQUEST).sort()).toEqual(Object.keys(leadRequestSchema.shape).sort());
  });

  it('sends every non-empty field as text and consent as "true"', () => {
    expect(leadRequestToFormEntries({ ...valid, make: '  ', email: 'dana@example.com' })).toEqual([
      ['equipment', 'trailer'],
      ['description', 'Leaf spring snapped on the rear axle'],
      ['urgency', 'flexible'],
      ['name', 'Dana Friesen'],
      ['phone', '(204) 555-0123'],
      ['email', 'dana@example.com'],
      ['consent', 'true'],
    ]);
  });

  it('reads them back into schema input: known fields only, consent from its text', () => {
    const entries = Object.fromEntries(leadRequestToFormEntries(valid));
    const input = leadRequestFromForm({ ...entries, isAdmin: 'true', status: 'fulfilled' });
    expect(input).not.toHaveProperty('isAdmin');
    expect(input).not.toHaveProperty('status');
    expect(leadRequestSchema.parse(input)).toMatchObject({ consent: true, name: 'Dana Friesen' });
    expect(leadRequestFromForm({ consent: 'on' }).consent).toBe(true);
    expect(leadRequestFromForm({ consent: 'false' }).consent).toBe(false);
    expect(leadRequestFromForm({}).consent).toBe(false);
    // a repeated field arrives as a list and is refused by the schema, not silently joined
    expect(leadRequestSchema.safeParse(leadRequestFromForm({ ...entries, name: ['a', 'b'] })).success).toBe(
      false,
    );
  });
});

describe('photo rules (product.md §5)', () => {
  const jpeg = (name: string, size = 1000) => ({ name, type: 'image/jpeg', size });

  it('refuses the whole batch when it would make more than six', () => {
    expect(checkNewPhotos(4, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')])).toEqual({
      accepted: [],
      alerts: ['Maximum 6 photos allowed'],
    });
    expect(
      checkNewPhotos(
        0,
        Array.from({ length: 7 }, (_, i) => jpeg(`${i}.jpg`)),
      ).alerts,
    ).toEqual(['Maximum 6 photos allowed']);
    expect(checkNewPhotos(5, [jpeg('f.jpg')]).accepted).toHaveLength(1);
  });

  it('refuses non-images and files over 10 MB one by one, keeping the rest', () => {
    const result = checkNewPhotos(0, [
      jpeg('tag.jpg'),
      { name: 'notes.txt', type: 'text/plain', size: 10 },
      jpeg('huge.jpg', PHOTO_RULES.maxBytes + 1),
      jpeg('exact.jpg', PHOTO_RULES.maxBytes),
    ]);
    expect(result.accepted.map((f) => f.name)).toEqual(['tag.jpg', 'exact.jpg']);
    expect(result.alerts).toEqual(['notes.txt is not an image file', 'huge.jpg is too large (max 10MB)']);
  });

  it('shows file names safely', () => {
    expect(displayFileName('C:\\Users\\me\\IMG_0001.JPG')).toBe('IMG_0001.JPG');
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('a\u0000b\nc.jpg')).toBe('abc.jpg');
    expect(displayFileName('')).toBe('The file');
    expect(displayFileName(`${'x'.repeat(100)}.jpg`)).toHaveLength(80);
  });
});
