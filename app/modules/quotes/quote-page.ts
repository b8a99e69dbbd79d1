/**
 * What the customer's private page shows (issue 28 item 4): the shape the quote-link service gives
 * the route, and the page's words. Nothing personal beyond the first name and the last four digits
 * of the phone: links get forwarded. Pure.
 */
import type { CustomerOrder } from '../orders/tracker.ts';
import { REPLY_PROMISE } from '../site/site.ts';

export type QuotePageState =
  /** no quote yet (or a new one is being prepared): the request and 'We're on it' */
  | 'request'
  /** a quote that holds: options, Accept, Decline, a question */
  | 'open'
  /** the 48 hours are over: 'Ask for a new quote' */
  | 'expired'
  /** this link's version was replaced by a newer one */
  | 'replaced'
  /** accepted (here, by text or by staff) */
  | 'accepted'
  /** declined, or closed by staff */
  | 'declined';

export type CustomerOption = {
  label: string;
  /** '$1,234.50' */
  price: string;
  etaDays: number;
  /** the day the part is expected if ordered now, in business days: 'Tuesday, December 1' */
  etaDate: string;
  warranty: string | null;
  brand: string | null;
  partNumber: string | null;
  note: string | null;
};

export type QuotePageData = {
  state: QuotePageState;
  business: { name: string; phone: string; phoneHref: string };
  caseNumber: string;
  firstName: string;
  phoneLast4: string;
  request: {
    equipment: string | null;
    make: string | null;
    model: string | null;
    year: string | null;
    partNumber: string | null;
    description: string | null;
  };
  /** each photo as stored (the tile's link) and its small copy (the tile) */
  photos: { full: string; preview: string }[];
  /** the business is open now, or when it opens next ('Monday at 7 AM') */
  reply: { open: true } | { open: false; when: string };
  /** a new quote is being prepared after an expired one */
  renewing: boolean;
  quote: {
    version: number;
    options: CustomerOption[];
    expires: string;
    timeLeft: string;
    acceptedOption: number | null;
  } | null;
  /** where the current quote is, for a replaced one */
  currentHref: string | null;
  accepted: { option: string; name: string | null; po: string | null; at: string } | null;
  lostReason: string | null;
  /** a fleet account's quotes ask for a PO number (issue 30) */
  poRequired: boolean;
  /** questions the customer sent from this page, oldest first */
  questions: { body: string; at: string }[];
  /** an accepted quote's order as it goes, part by part (issue 29) */
  order: CustomerOrder | null;
  /** a signed-in staff member is looking: the page as the customer sees it, its answers off (decision 0169) */
  staffView: boolean;
};

export const QUOTE_PAGE_TEXT = {
  title: (caseNumber: string) => `Your request ${caseNumber}`,
  description: 'Your private quote page: the request, its photos and our quote.',
  onIt: "We're on it",
  replyOpen: `We reply ${REPLY_PROMISE}.`,
  replyClosed: (when: string) => `We're closed right now; we open ${when} and reply first thing.`,
  renewing: 'We are preparing a new quote for you. You will get a text when it is ready.',
  yourPart: 'Is this your part?',
  yourPhotos: 'Your photos',
  noPhotos: 'No photos were sent with this request.',
  options: 'Our quote',
  timeLeft: (timeLeft: string) => `${timeLeft} left to accept`,
  holds: (expires: string) => `Prices and stock change, so this quote holds 48 hours: until ${expires}.`,
  accept: 'Accept quote',
  decline: 'Decline',
  terms: 'I agree to the terms',
  replaced: 'This quote was replaced',
  replacedLink: 'See the current quote',
  expired: 'This quote has expired',
  expiredBody: 'Prices and stock change, so a quote holds 48 hours. Ask us for a new one: it is free.',
  renew: 'Ask for a new quote',
  accepted: 'Quote accepted',
  acceptedBody:
    'Thank you! We are ordering your part now and will text you when it ships and when it is ready for pickup.',
  declined: 'Quote declined',
  declinedBody: 'Thanks for letting us know. Text us a photo any time you need another part.',
  ask: 'Ask a question',
  askHint: `We answer by text, usually ${REPLY_PROMISE}.`,
  send: 'Send question',
  sent: 'Question sent',
  staffView: 'You are looking as staff',
  staffViewBody:
    "This is the page as the customer sees it. Its answers are the customer's own, so its buttons are off while you are signed in: record an answer they gave you on the lead, in Leads.",
} as const;
