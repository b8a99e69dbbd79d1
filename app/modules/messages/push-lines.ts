/**
 * Staff push notifications (issue 51 item 4, decision 0205): the kinds of event that send one, the
 * four choices a person makes (new requests, customers' questions and replies, acceptances,
 * messages that failed to send), and each notification's one line, in this one place. The alert
 * e-mails keep their own subjects and bodies (messages.ts, quote-messages.ts); a notification is
 * the line a phone's lock screen shows: what happened, the case number, the customer's name and
 * the part (`partName`, decision 0194), and where tapping it goes. Pure.
 */
import { partName, type NamedPart } from './part-name.ts';

/** What happened: each staff alert's event, and a message that failed after its last attempt. */
export type StaffEvent =
  | 'request'
  | 'text'
  | 'question'
  | 'declined'
  | 'renew'
  | 'expired_yes'
  | 'accepted'
  | 'failed_text'
  | 'failed_email';

/** The choices on 'Your account', in the order they are shown. */
export const PUSH_KINDS = ['requests', 'replies', 'acceptances', 'failures'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Which choice lets each event through. */
export const KIND_OF_EVENT: Record<StaffEvent, PushKind> = {
  request: 'requests',
  text: 'replies',
  question: 'replies',
  declined: 'replies',
  renew: 'replies',
  expired_yes: 'replies',
  accepted: 'acceptances',
  failed_text: 'failures',
  failed_email: 'failures',
};

/** What the service worker receives and shows (app/sw/push.ts). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The lead an event is about, as the line names it. */
export type PushLead = NamedPart & {
  id: number;
  caseNumber: string | null;
  name: string;
  /** the customer whose conversation the inbox shows, when the lead has one */
  customerId: number | null;
};

/** The one line of each event: what happened, the case number, the name and the part. */
const LINES: Record<StaffEvent, (l: { caseNumber: string; name: string; part: string }) => string> = {
  request: (l) => `New request ${l.caseNumber} from ${l.name}: ${l.part}`,
  text: (l) => `Text from ${l.name} on ${l.caseNumber}: ${l.part}`,
  question: (l) => `Question from ${l.name} on ${l.caseNumber}: ${l.part}`,
  declined: (l) => `${l.name} declined quote ${l.caseNumber}: ${l.part}`,
  renew: (l) => `${l.name} asks for a new quote on ${l.caseNumber}: ${l.part}`,
  expired_yes: (l) => `Late YES from ${l.name} on ${l.caseNumber}: ${l.part}`,
  accepted: (l) => `${l.name} accepted quote ${l.caseNumber}: ${l.part}`,
  failed_text: (l) => `Text to ${l.name} not sent on ${l.caseNumber}: ${l.part}`,
  failed_email: (l) => `E-mail to ${l.name} not sent on ${l.caseNumber}: ${l.part}`,
};

/** Events whose notification opens the customer's conversation in the inbox rather than the lead. */
const OPENS_CONVERSATION: ReadonlySet<StaffEvent> = new Set(['text', 'question']);

/**
 * The notification of `event` about `lead`: the site's name as its title, the one line as its body,
 * the back-office address tapping it opens (the lead's dialog, or for a customer's text or
 * question their conversation), and a tag per lead and event so a second one replaces the first.
 */
export function pushPayload(event: StaffEvent, lead: PushLead, siteName: string): PushPayload {
  const line = LINES[event]({
    caseNumber: lead.caseNumber ?? `#${lead.id}`,
    name: lead.name.trim() || 'a customer',
    part: partName(lead),
  });
  const url =
    OPENS_CONVERSATION.has(event) && lead.customerId !== null
      ? `/admin/inbox/${lead.customerId}`
      : `/admin/leads/${lead.id}`;
  return { title: siteName, body: line, url, tag: `${event}:${lead.id}` };
}
