/** The one reading of an answer to POST /api/leads, for the form's first try and a kept request's later ones. */
import { describe, expect, it } from 'vitest';
import { readAnswer } from './saved-requests.ts';

describe('readAnswer', () => {
  it('is sent with a case number, and the reply when the server gave one', () => {
    expect(readAnswer(201, { caseNumber: 'Q-10001', reply: 'within 20 minutes' })).toEqual({
      outcome: 'sent',
      caseNumber: 'Q-10001',
      reply: 'within 20 minutes',
    });
    expect(readAnswer(201, { caseNumber: 'Q-10001' })).toEqual({
      outcome: 'sent',
      caseNumber: 'Q-10001',
      reply: undefined,
    });
  });

  it("is refused as it is by the server's own 4xx, with its words (none: empty)", () => {
    expect(readAnswer(400, { message: 'Please enter a valid phone number' })).toEqual({
      outcome: 'refused',
      message: 'Please enter a valid phone number',
    });
    expect(readAnswer(422, { message: 'This Idempotency-Key was already used' })).toMatchObject({
      outcome: 'refused',
    });
  });

  it("is for later with no answer, a timeout, 'being answered', too many at once, a failing server, a network's own page, or a success without a case number", () => {
    for (const [status, body] of [
      [0, undefined],
      [408, {}],
      [409, { message: 'This request is being answered. Try again.' }],
      [429, { message: 'Too many requests' }],
      [401, undefined],
      [403, '<html>Sign in to the Wi-Fi</html>'],
      [407, {}],
      [404, { error: 'not found' }],
      [500, { message: 'Something went wrong on our side. Please try again.' }],
      [503, 'not json'],
      [200, {}],
    ] as const) {
      expect(readAnswer(status, body)).toEqual({ outcome: 'later' });
    }
  });
});
