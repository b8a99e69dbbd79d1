import { describe, expect, it } from 'vitest';
import { E164_PATTERN, formatPhone, lastTenDigits, phoneDigits, phoneLink, toE164 } from './phone.ts';

describe('phone rules', () => {
  it.each([
    ['+12045550123', '+12045550123'],
    ['(204) 555-0123', '+12045550123'],
    ['204.555.0123', '+12045550123'],
    ['204 555 0123', '+12045550123'],
    ['1-204-555-0123', '+12045550123'],
    ['  12045550123 ', '+12045550123'],
    ['+1 (204) 555-0123', '+12045550123'],
    ['+44 20 7183 8750', '+442071838750'],
    ['+4420', null],
    ['+0123456789', null],
    ['+1234567890123456', null],
    ['555-0123', null],
    ['(104) 555-0123', null],
    ['2045550123 ext 4', null],
    ['22045550123', null],
    ['', null],
    ['not a number', null],
  ])('toE164(%j) = %j', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    ['+12045550147', '(204) 555-0147'],
    ['+14315550100', '(431) 555-0100'],
    ['+442071838750', '+442071838750'],
    ['(204) 555-0147', '(204) 555-0147'],
    ['+1204555014', '+1204555014'],
    // a web lead keeps the number as the customer typed it; it is shown the one way all the same
    ['204-555-0147', '(204) 555-0147'],
    ['1 204 555 0147', '(204) 555-0147'],
    ['204.555.0147', '(204) 555-0147'],
    ['+1 (204) 555-0147', '(204) 555-0147'],
    ['+44 20 7183 8750', '+442071838750'],
    [' 555-0147 ', '555-0147'],
  ])('formatPhone(%j) = %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it.each([
    ['tel', '+12045550147', 'tel:+12045550147'],
    ['tel', '(204) 555-0147', 'tel:+12045550147'],
    ['sms', '204-555-0147', 'sms:+12045550147'],
    ['sms', '+44 20 7183 8750', 'sms:+442071838750'],
    ['tel', '555-0147', 'tel:5550147'],
    ['tel', '+1 555', 'tel:+1555'],
  ] as const)('phoneLink(%j, %j) = %j', (scheme, input, expected) => {
    expect(phoneLink(scheme, input)).toBe(expected);
  });

  it.each([
    ['(204) 555-0123', '2045550123'],
    ['+1 204.555.0123', '12045550123'],
    ['204/555/0123 ext. 7', '20455501237'],
    ['no digits', ''],
  ])('phoneDigits(%j) = %j', (input, expected) => {
    expect(phoneDigits(input)).toBe(expected);
  });

  it.each([
    ['+12045550123', '2045550123'],
    ['1-204-555-0123', '2045550123'],
    ['(204) 555-0123', '2045550123'],
    ['555-0123', '5550123'],
  ])('lastTenDigits(%j) = %j', (input, expected) => {
    expect(lastTenDigits(input)).toBe(expected);
  });

  it.each([
    ['+12045550147', true],
    ['+442071838750', true],
    ['12045550147', false],
    ['+02045550147', false],
    ['+1204', false],
  ])('E164_PATTERN on %j is %j', (input, expected) => {
    expect(E164_PATTERN.test(input)).toBe(expected);
  });
});
