import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import {
  fieldErrorsOf,
  parseInput,
  UNSTORABLE_TEXT,
  unstorableFields,
  validationError,
  withoutUnstorable,
} from './validation.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.email('Invalid email address').optional(),
  specs: z.array(z.object({ label: z.string().min(1, 'Give the spec a label') })).default([]),
  age: z.coerce.number().int('Age must be a whole number').min(18, 'Too young'),
});

function failure(input: unknown): AppError {
  try {
    parseInput(schema, input);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('parseInput accepted bad input');
}

describe('parseInput', () => {
  it("returns the schema's output for good input (coerced, defaulted, trimmed)", () => {
    expect(parseInput(schema, { name: ' Ann ', age: '40' })).toEqual({ name: 'Ann', specs: [], age: 40 });
  });

  it("throws AppError 400: the first rule's message as is, every message under its field", () => {
    const err = failure({ name: ' ', email: 'nope', specs: [{ label: '' }], age: 10 });
    expect(err.status).toBe(400);
    expect(err.message).toBe('Name is required');
    expect(err.fieldErrors).toEqual({
      name: ['Name is required'],
      email: ['Invalid email address'],
      'specs.0.label': ['Give the spec a label'],
      age: ['Too young'],
    });
  });

  it('never prefixes the message with the path, even for a nested field', () => {
    const err = failure({ name: 'Ann', specs: [{ label: '' }], age: 30 });
    expect(err.message).toBe('Give the spec a label');
    expect(err.fieldErrors).toEqual({ 'specs.0.label': ['Give the spec a label'] });
  });

  it("files a failure of the input as a whole under '_'", () => {
    const err = failure('not an object');
    expect(err.status).toBe(400);
    expect(err.message).toEqual(expect.any(String));
    expect(Object.keys(err.fieldErrors ?? {})).toEqual(['_']);
  });
});

describe('validationError', () => {
  it('converts a thrown ZodError the same way (the error handler uses it as a safety net)', () => {
    const zod = schema.safeParse({ name: '', age: 20 }).error!;
    const err = validationError(zod);
    expect(err).toBeInstanceOf(AppError);
    expect({ status: err.status, message: err.message, fieldErrors: err.fieldErrors }).toEqual({
      status: 400,
      message: 'Name is required',
      fieldErrors: fieldErrorsOf(zod),
    });
    expect(err.fieldErrors).toEqual({ name: ['Name is required'] });
  });
});

describe('U+0000 (decision 0095)', () => {
  it('names every field holding it, nested and in keys, and nothing else', () => {
    expect(
      unstorableFields({
        a: 'ok',
        b: 'x\u0000',
        specs: [{ name: '\u0000' }, { name: 'fine' }],
        ['k\u0000']: 1,
      }),
    ).toEqual({ b: [UNSTORABLE_TEXT], 'specs.0.name': [UNSTORABLE_TEXT], 'k\u0000': [UNSTORABLE_TEXT] });
    expect(unstorableFields('\u0000')).toEqual({ _: [UNSTORABLE_TEXT] });
    expect(unstorableFields({ a: 'ok', n: 1, nothing: null, buf: Buffer.from([0]) })).toEqual({});
  });

  it('is refused by parseInput before the schema runs, in the one error shape', () => {
    const schema = z.object({ name: z.string().min(5, 'Too short') });
    const err = (() => {
      try {
        parseInput(schema, { name: 'a\u0000' });
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect({ status: err.status, message: err.message, fieldErrors: err.fieldErrors }).toEqual({
      status: 400,
      message: UNSTORABLE_TEXT,
      fieldErrors: { name: [UNSTORABLE_TEXT] },
    });
  });

  it('is stripped from every name and value, the rest kept', () => {
    expect(withoutUnstorable({ Body: 'Hi\u0000 there\u0000', ['To\u0000']: ['+1\u0000'], n: 3 })).toEqual({
      Body: 'Hi there',
      To: ['+1'],
      n: 3,
    });
  });
});
