import { describe, expect, it } from 'vitest';
import {
  betterName,
  contactKeys,
  customerEditSchema,
  customerSearchTerm,
  customerSearchText,
  firstNameOf,
  matchCustomer,
} from './customers.ts';

describe('matching a lead to its customer', () => {
  const dale = { id: 1, phone: '+12045550147', email: 'dale@farm.ca' };
  const shop = { id: 2, phone: null, email: 'parts@shop.ca' };

  it('compares phones as E.164 and e-mails in lower case; nothing that is neither', () => {
    expect(contactKeys({ phone: '(204) 555-0147', email: ' Dale@Farm.CA ' })).toEqual({
      phone: '+12045550147',
      email: 'dale@farm.ca',
    });
    expect(contactKeys({ phone: '555', email: 'not an address' })).toEqual({ phone: null, email: null });
  });

  it.each([
    ['the phone first', { phone: '+12045550147', email: 'parts@shop.ca' }, dale, shop, 1, {}],
    [
      'else the e-mail, learning the phone',
      { phone: '+12045550999', email: 'parts@shop.ca' },
      undefined,
      shop,
      2,
      { phone: '+12045550999' },
    ],
    [
      'the phone, learning an e-mail nobody holds',
      { phone: '+12045550147', email: 'new@farm.ca' },
      { ...dale, email: null },
      undefined,
      1,
      { email: 'new@farm.ca' },
    ],
    [
      'never an e-mail another customer holds',
      { phone: '+12045550147', email: 'parts@shop.ca' },
      { ...dale, email: null },
      shop,
      1,
      {},
    ],
    [
      'a new customer when neither matches',
      { phone: '+12045550999', email: null },
      undefined,
      undefined,
      null,
      {},
    ],
  ] as const)('%s', (_why, keys, byPhone, byEmail, customerId, learn) => {
    expect(matchCustomer(keys, byPhone, byEmail)).toEqual({ customerId, learn });
  });

  it('keeps a real name; a name that is a phone number gives way to a real one', () => {
    expect(betterName('(204) 555-0147', 'Dale Friesen')).toBe('Dale Friesen');
    expect(betterName('Dale Friesen', 'D. F.')).toBe('Dale Friesen');
    expect(betterName('Dale Friesen', '(204) 555-0147')).toBe('Dale Friesen');
  });

  it('searches name, company, e-mail and phone digits; a typed phone as its digits', () => {
    expect(
      customerSearchText({
        name: 'Dale Friesen',
        company: 'Friesen Farms',
        email: 'Dale@farm.ca',
        phone: '+12045550147',
      }),
    ).toBe('dale friesen friesen farms dale@farm.ca 12045550147');
    expect(customerSearchTerm('(204) 555-0147')).toBe('2045550147');
    expect(customerSearchTerm('1 204 555 0147')).toBe('2045550147');
    expect(customerSearchTerm('  Friesen ')).toBe('friesen');
  });

  it('takes the first word that is a name', () => {
    expect(firstNameOf('Dale Friesen')).toBe('Dale');
    expect(firstNameOf('(204) 555-0147')).toBe('');
  });

  it('edits with the messages staff read', () => {
    expect(customerEditSchema.safeParse({ name: ' ', fleet: 'on' }).error?.issues[0]?.message).toBe(
      'Please enter the customer’s name',
    );
    expect(
      customerEditSchema.parse({ name: 'Dale', company: '', fleet: 'on', noReviews: undefined }),
    ).toEqual({
      name: 'Dale',
      company: null,
      notes: null,
      fleet: true,
      noReviews: false,
    });
  });
});
