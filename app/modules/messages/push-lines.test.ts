/**
 * The notifications' one line per event (decision 0205): what happened, the case number, the name
 * and the part, short; the address tapping opens; the choice each event belongs to.
 */
import { describe, expect, it } from 'vitest';
import { KIND_OF_EVENT, PUSH_KINDS, pushPayload, type PushLead, type StaffEvent } from './push-lines.ts';

const LEAD: PushLead = {
  id: 12,
  caseNumber: 'Q-10012',
  name: 'Jane Doe',
  customerId: 7,
  shortPartName: 'hydraulic pump',
  description: 'Hydraulic pump for the loader, the one with the cracked housing.',
};

const CASES: [StaffEvent, string, string][] = [
  ['request', 'New request Q-10012 from Jane Doe: hydraulic pump', '/admin/leads/12'],
  ['text', 'Text from Jane Doe on Q-10012: hydraulic pump', '/admin/inbox/7'],
  ['question', 'Question from Jane Doe on Q-10012: hydraulic pump', '/admin/inbox/7'],
  ['declined', 'Jane Doe declined quote Q-10012: hydraulic pump', '/admin/leads/12'],
  ['renew', 'Jane Doe asks for a new quote on Q-10012: hydraulic pump', '/admin/leads/12'],
  ['expired_yes', 'Late YES from Jane Doe on Q-10012: hydraulic pump', '/admin/leads/12'],
  ['accepted', 'Jane Doe accepted quote Q-10012: hydraulic pump', '/admin/leads/12'],
  ['failed_text', 'Text to Jane Doe not sent on Q-10012: hydraulic pump', '/admin/leads/12'],
  ['failed_email', 'E-mail to Jane Doe not sent on Q-10012: hydraulic pump', '/admin/leads/12'],
];

describe('pushPayload', () => {
  it.each(CASES)('%s: one line and where it opens', (event, body, url) => {
    expect(pushPayload(event, LEAD, 'Parts Hunters MB')).toEqual({
      title: 'Parts Hunters MB',
      body,
      url,
      tag: `${event}:12`,
    });
  });

  it('names the part by the customer’s words, shortened, when staff gave it no name', () => {
    const line = pushPayload('request', { ...LEAD, shortPartName: null }, 'X').body;
    expect(line).toBe('New request Q-10012 from Jane Doe: Hydraulic pump for the loader, the one...');
  });

  it('opens the lead when the customer has no conversation yet', () => {
    expect(pushPayload('text', { ...LEAD, customerId: null }, 'X').url).toBe('/admin/leads/12');
  });

  it('puts every event under one of the four choices, and every choice has an event', () => {
    expect(new Set(Object.values(KIND_OF_EVENT))).toEqual(new Set(PUSH_KINDS));
  });
});
