import { describe, expect, it } from 'vitest';
import { leadSearchName, leadSearchTerms, type LeadSearchTerms } from './search.ts';

describe('leadSearchName: a name as search compares it', () => {
  it.each([
    ['Émile Bérubé', 'emile berube'],
    ['  Dana   MacLeod ', 'dana macleod'],
    ['Zoë\tO’Brien', 'zoe o’brien'],
    ['ＦＵＬＬ Width', 'full width'],
    ['Łukasz', 'łukasz'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(leadSearchName(name)).toBe(expected);
  });
});

describe('leadSearchTerms: what a search text asks for', () => {
  const terms = (t: Partial<LeadSearchTerms>): LeadSearchTerms => ({
    name: null,
    caseNumber: null,
    digits: null,
    ...t,
  });

  it.each<[string | undefined, LeadSearchTerms | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    // a case number with its prefix is only a case number
    ['Q-10005', terms({ caseNumber: 'Q-10005' })],
    ['q10005', terms({ caseNumber: 'Q-10005' })],
    [' q-123456 ', terms({ caseNumber: 'Q-123456' })],
    // bare digits: a case number, a name fragment and a phone fragment
    ['10005', terms({ name: '10005', caseNumber: 'Q-10005', digits: '10005' })],
    // too short for a case number
    ['1000', terms({ name: '1000', digits: '1000' })],
    ['Q-100', terms({ name: 'q-100' })],
    // phone punctuation: the digits are compared
    ['(204) 555-0147', terms({ name: '(204) 555-0147', digits: '2045550147' })],
    ['+1 204.555', terms({ name: '+1 204.555', digits: '1204555' })],
    // fewer than three digits is not a phone search
    ['20', terms({ name: '20' })],
    // letters make it a name search only
    ['Émile', terms({ name: 'emile' })],
    ['  Dana  Mac ', terms({ name: 'dana mac' })],
    ['Unit 204', terms({ name: 'unit 204' })],
    ['Quinn', terms({ name: 'quinn' })],
    // LIKE wildcards stay text here (the repository escapes them)
    ['50%_off', terms({ name: '50%_off' })],
  ])('%j', (search, expected) => {
    expect(leadSearchTerms(search)).toEqual(expected);
  });
});
