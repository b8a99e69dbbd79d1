import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address.ts';

describe('isEmailAddress', () => {
  it.each([
    'amelie@example.com',
    'first.last+parts@farm.example.ca',
    "o'brien@example.ie",
    'zoë@exämple.com',
    'zoe@exämple.com',
    'zoe@xn--exmple-cua.com',
    'amélie.gagnon@coopérative.ca',
    'пример@пример.рф',
    'test@xn--e1afmkfd.xn--p1ai',
    'user@例え.jp',
    '用户@例子.广告',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    '',
    'amelie@',
    '@example.com',
    'amelie',
    'a@b',
    'a@b.c',
    'a b@example.com',
    '.amelie@example.com',
    'amelie.@example.com',
    'ame..lie@example.com',
    'amelie@example..com',
    'amelie@-example.com',
    'amelie@example-.com',
    'amelie@example.com.',
    'amelie@@example.com',
    '"quoted"@example.com',
    'amelie@[192.0.2.1]',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`,
  ])('refuses %j', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
