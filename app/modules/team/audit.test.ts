/** The audit log in the owner's words (app/modules/team/audit.ts) and Winnipeg times (team.ts). */
import { describe, expect, it } from 'vitest';
import { actionLabel, auditHref, auditQueryOf, auditRow, changeOf, rawRecordOf, subjectOf } from './audit.ts';
import { businessDay, businessTime, teamRow } from './team.ts';

const PAT = { id: 3, username: 'pat', displayName: 'Pat Parts' };

describe('the audit log in words', () => {
  it('names every action the log writes, and any other by its words', () => {
    expect(
      [
        'sign_in',
        'sign_in_failed',
        'lead_status',
        'quote_price',
        'catalog_price',
        'user_added',
        'user_disabled',
        'user_enabled',
        'password_reset',
        'customer_changed',
      ].map(actionLabel),
    ).toEqual([
      'Signed in',
      'Failed sign-in',
      'Lead status',
      'Quote price',
      'Catalog price',
      'Staff member added',
      'Disabled',
      'Turned back on',
      'Password reset',
      'Customer changed',
    ]);
    // a name of Object.prototype is not an action the list knows
    expect(actionLabel('constructor')).toBe('Constructor');
  });

  it('says what each entry was done to, the lead by its case number as every screen does, as a link', () => {
    expect(subjectOf('lead:12', [PAT])).toEqual({ text: 'Q-10012', href: '/admin/leads/12' });
    expect(subjectOf('lead:412', [])).toEqual({ text: 'Q-10412', href: '/admin/leads/412' });
    expect(subjectOf('user:3', [PAT])).toEqual({ text: 'Pat Parts (pat)' });
    expect(subjectOf('user:9', [PAT])).toEqual({ text: 'Account 9' });
    expect(subjectOf('catalog:7', [])).toEqual({ text: 'Catalog item 7' });
    expect(subjectOf('customer:4', [])).toEqual({ text: 'Customer 4', href: '/admin/customers/4' });
    expect(subjectOf('odd thing', [])).toEqual({ text: 'odd thing' });
    expect(subjectOf(null, [])).toBeNull();
  });

  it('writes before and after readably', () => {
    expect(changeOf({ action: 'sign_in', before: null, after: { client: '10.0.0.7' } })).toBe(
      'From 10.0.0.7',
    );
    expect(
      changeOf({
        action: 'lead_status',
        before: { status: 'new' },
        after: { status: 'lost', reason: 'Too far' },
      }),
    ).toBe('New → Lost (Too far)');
    expect(
      changeOf({
        action: 'quote_price',
        before: { sellPrice: 12000 },
        after: {
          version: 2,
          options: [
            { label: 'Used', sellPrice: 15000 },
            { label: 'New', sellPrice: 123456 },
          ],
        },
      }),
    ).toBe('$120.00 → Version 2: Used $150.00; New $1,234.56');
    expect(
      changeOf({
        action: 'quote_price',
        before: null,
        after: { version: 1, options: [{ label: 'A', sellPrice: 100 }] },
      }),
    ).toBe('No quote → Version 1: A $1.00');
    expect(changeOf({ action: 'catalog_price', before: { price: 10000 }, after: { price: null } })).toBe(
      '$100.00 → No price',
    );
    expect(
      changeOf({
        action: 'user_added',
        before: null,
        after: { username: 'pat', displayName: 'Pat Parts', role: 'staff' },
      }),
    ).toBe('Pat Parts (pat), Staff');
    expect(
      changeOf({ action: 'user_disabled', before: { disabled: false }, after: { disabled: true } }),
    ).toBe('Active → Disabled');
    expect(changeOf({ action: 'user_enabled', before: { disabled: true }, after: { disabled: false } })).toBe(
      'Disabled → Active',
    );
    expect(changeOf({ action: 'password_reset', before: null, after: null })).toBe('');
    // issue 30: customers, merges, assignments and settings
    expect(
      changeOf({
        action: 'customer_updated',
        before: { name: 'Dale', company: null, fleet: false, notes: null },
        after: { name: 'Dale Friesen', company: 'Friesen Farms', fleet: true, notes: 'x'.repeat(60) },
      }),
    ).toBe('name: Dale → Dale Friesen; company: — → Friesen Farms; fleet: false → true; notes changed');
    expect(
      changeOf({
        action: 'customer_merged',
        before: { merged: { name: 'Ana B.' }, kept: { name: 'Ana' } },
        after: { customer: 3, leads: 4 },
      }),
    ).toBe('Ana B. merged in (4 requests in all)');
    expect(
      changeOf({
        action: 'conversation_assigned',
        before: { userId: null, name: null },
        after: { userId: 3, name: 'Pat Parts' },
      }),
    ).toBe('Nobody → Pat Parts');
    expect(
      changeOf({
        action: 'settings_changed',
        before: { followUps: { viewed: { on: true, text: 'a {link}' } } },
        after: { followUps: { viewed: { on: false, text: 'b {link}' } } },
      }),
    ).toBe('followUps.viewed.on: true → false; followUps.viewed.text: a {link} → b {link}');
    expect(
      changeOf({ action: 'settings', before: { hours: '9-5' }, after: { hours: '8-4', open: true } }),
    ).toBe('hours: 9-5 → hours: 8-4, open: true');
  });

  it('tells times and days in Winnipeg, the same characters everywhere', () => {
    // 03:05 UTC on Nov 27 is 9:05 p.m. on Nov 26 in Winnipeg (CST, UTC-6)
    expect(businessTime('2026-11-27T03:05:00.000Z')).toBe('Nov 26, 2026, 9:05 p.m.');
    expect(businessTime('2026-07-01T17:00:00.000Z')).toBe('Jul 1, 2026, 12:00 p.m.');
    expect(businessTime('2026-07-01T05:30:00.000Z')).toBe('Jul 1, 2026, 12:30 a.m.');
    expect(businessDay('2026-11-27T03:05:00.000Z')).toBe('Nov 26, 2026');
  });

  it('gives the screens their times and days in words, written where the loader runs', () => {
    const entry = { id: 1, at: '2026-11-27T03:05:00.000Z', userId: null, actor: 'admin', action: 'sign_in' };
    expect(auditRow({ ...entry, subject: null, before: null, after: null }).when).toBe(
      'Nov 26, 2026, 9:05 p.m.',
    );
    const member = { ...PAT, role: 'staff' as const, createdAt: '2026-11-02T12:00:00.000Z' };
    expect(teamRow({ ...member, disabledAt: null })).toMatchObject({
      added: 'Nov 2, 2026',
      disabledSince: null,
    });
    expect(teamRow({ ...member, disabledAt: '2026-11-27T03:05:00.000Z' }).disabledSince).toBe('Nov 26, 2026');
  });
});

describe('the filters in the address', () => {
  it('reads only the filters there are, and where the page starts', () => {
    expect(auditQueryOf(new URLSearchParams('actor=pat&action=&from=2026-11-01&before=40&x=1'))).toEqual({
      filters: { actor: 'pat', from: '2026-11-01' },
      before: '40',
    });
    expect(auditQueryOf(new URLSearchParams(''))).toEqual({ filters: {}, before: null });
  });

  it('writes an address with the filters that filter, in one order', () => {
    expect(auditHref({})).toBe('/admin/audit');
    expect(auditHref({ until: '2026-11-30', actor: ' pat ', action: '' })).toBe(
      '/admin/audit?actor=pat&until=2026-11-30',
    );
    expect(auditHref({ action: 'sign_in' }, 41)).toBe('/admin/audit?action=sign_in&before=41');
    expect(auditHref({ actor: 'customer (quote page)' })).toBe(
      '/admin/audit?actor=customer+%28quote+page%29',
    );
  });

  it('says where and on what a sign-in was made in words, the raw address and browser kept apart (issue 48 item 7)', () => {
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0';
    const local = { action: 'sign_in', before: null, after: { client: '::/56', ip: '::1', userAgent: edge } };
    expect(changeOf(local)).toBe('From Edge on Windows on this computer');
    expect(rawRecordOf(local)).toEqual([
      ['Address', '::1'],
      ['Browser', edge],
    ]);
    const away = {
      action: 'sign_in_failed',
      before: null,
      after: {
        client: '203.0.113.77',
        ip: '203.0.113.77',
        userAgent: 'Mozilla/5.0 (Linux; Android 15) Firefox/140.0',
      },
    };
    expect(changeOf(away)).toBe('From Firefox on Android at 203.0.113.77');
    // an entry of before: only the client's key, which may be this computer's own
    const before = { action: 'sign_in', before: null, after: { client: '::1' } };
    expect(changeOf(before)).toBe('From this computer');
    expect(rawRecordOf(before)).toEqual([['Address', '::1']]);
    expect(rawRecordOf({ action: 'lead_status', after: { status: 'qualified' } })).toBeNull();
  });
});
