/**
 * Every word the business sends or shows about messages, in one place (issue 8, decisions 0060,
 * 0072): the keywords customers text, the automatic SMS replies (the quote link's words are in
 * quote-messages.ts), the e-mail copy of a staff text, the staff alert e-mails (a new web request, a text), and
 * why a text did not go out in words staff understand (Twilio errors, opt-outs, interruptions).
 * Pure: no I/O; the server's services and the Twilio adapter import it.
 */
import { CONVERSATION_TEXT } from '../leads/lead-admin.ts';
import { EQUIPMENT_TYPES, PART_CATEGORIES } from '../leads/lead-request.ts';
import { urgencyWord } from '../leads/urgency.ts';
import type { LeadRequest } from '../leads/lead-request.schema.ts';
import { formatPhone } from '../site/phone.ts';
import { REPLY_PROMISE } from '../site/site.ts';
import { hoursInALine, type WeekHours } from '../site/opening-hours.ts';

/** The actor of lead events a customer causes by text. */
export const SMS_ACTOR = 'customer (SMS)';
/** The lost reason of a quote declined with NO. */
export const DECLINED_REASON = 'Declined by SMS';
/** Stored as the consent of a lead created by a text: the customer wrote first. */
export const SMS_CONSENT =
  'The customer texted the business asking for a quote; replies come by text (STOP opts out).';

/** Standard carrier and Twilio opt-out words (Twilio also accepts OPTOUT and REVOKE). */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'];
/**
 * Opt back in. Not YES: YES orders a quote here, which is why the Messaging Service's default YES
 * opt-in keyword must be removed (docs/sms.md).
 */
export const OPT_IN_WORDS = ['START', 'UNSTOP'];
export const HELP_WORDS = ['HELP', 'INFO'];

export type Keyword = 'stop' | 'start' | 'help' | 'yes' | 'no';

/**
 * What a text means: a keyword when the whole text is that one word (any case, surrounding space
 * and trailing . ! ? ignored), else undefined (a message for staff). `optOutType` is Twilio's own
 * reading (Advanced Opt-Out: STOP, START, HELP, including custom keywords); its STOP always wins
 * (Twilio has blocked the number), but YES and NO stay order answers even if Twilio still treats
 * YES as an opt-in word.
 */
export function keywordOf(body: string, optOutType?: string): Keyword | undefined {
  const word = body
    .trim()
    .replace(/[.!?]+$/, '')
    .toUpperCase();
  const twilio = optOutType?.trim().toUpperCase();
  if (twilio === 'STOP' || OPT_OUT_WORDS.includes(word)) return 'stop';
  if (word === 'YES') return 'yes';
  if (word === 'NO') return 'no';
  if (twilio === 'START' || OPT_IN_WORDS.includes(word)) return 'start';
  if (twilio === 'HELP' || HELP_WORDS.includes(word)) return 'help';
  return undefined;
}

/**
 * The option a text chooses, 1 to 9 ('2', 'Option 2', '#2', '2.'), or undefined when it is not
 * only a number (issue 48 item 1: a quote with several options is answered by its number).
 */
export function optionNumberOf(body: string): number | undefined {
  const match = /^(?:option\s*|#\s*)?([1-9])$/i.exec(body.trim().replace(/[.!?]+$/, ''));
  return match ? Number(match[1]) : undefined;
}

type Site = { name: string; phone: string };

/** The automatic replies (sent in the TwiML answer to the customer's text). */
export function smsReplies(site: Site) {
  const phone = formatPhone(site.phone);
  return {
    /** `hours`: the opening hours in force (the owner's Settings) */
    newRequest: (caseNumber: string, url: string, hours: WeekHours) =>
      `${site.name}: Thanks, we got your request. Your case number is ${caseNumber}. We will contact you ${REPLY_PROMISE} (${hoursInALine(hours)}). Follow it here: ${url} Reply STOP to opt out.`,
    declined: (caseNumber: string) =>
      `${site.name}: No problem, quote ${caseNumber} is closed. Text us a photo any time you need another part.`,
    noOpenQuote: () =>
      `${site.name}: We could not find an open quote for this number. Text us a photo and description of the part you need, or call ${phone}.`,
    help: () =>
      `${site.name}: heavy duty, truck, trailer and ag parts quotes by text. Text a photo of your part or call ${phone}. Reply STOP to opt out.`,
    optedIn: () =>
      `${site.name}: You will receive texts from us again. Text a photo of your part for a quote. Reply STOP to opt out.`,
  };
}

/**
 * A text staff write (the lead dialog's, the inbox's reply) as it goes out: beginning with the
 * business's name like every other text (issue 48 item 5), unless staff turned that off for this
 * message or began it with the name themselves.
 */
export function staffText(siteName: string, body: string, withName: boolean): string {
  return withName && !body.startsWith(siteName) ? `${siteName}: ${body}` : body;
}

/** The e-mail copy of a text staff sent from the Lead Details dialog. */
export function staffReplyEmail(input: { site: Site; name: string; caseNumber: string; body: string }): {
  subject: string;
  body: string;
} {
  const phone = formatPhone(input.site.phone);
  return {
    subject: `About your request ${input.caseNumber} - ${input.site.name}`,
    body: [
      `Hello ${input.name},`,
      '',
      input.body,
      '',
      `To answer, text us at ${phone} or call.`,
      '',
      input.site.name,
      '',
    ].join('\n'),
  };
}

/** Why a text did not go out, in staff's words (the conversation shows these). */
export const SMS_ERRORS = {
  optedOut: CONVERSATION_TEXT.optedOut,
  notTextable: 'This phone number cannot receive texts (not a valid mobile number).',
  noAnswer:
    'Twilio did not answer in time; the text may or may not have been sent. Check with the customer or send it again.',
  uncertain:
    'The connection to Twilio broke while sending; the text may or may not have been sent. Check with the customer or send it again.',
} as const;

/** How many texts the public can cause to one number (decision 0175). */
export const PUBLIC_TEXTS_PER_NUMBER = { count: 3, windowMs: 24 * 60 * 60_000 } as const;

/**
 * Why a text the public caused (a web request's confirmation, a reply to a number with no request)
 * did not go, or not yet, in staff's words (decision 0175); the lead's conversation and history
 * show it, and the leads board the notice.
 */
export const TEXT_LIMIT_WORDS = {
  country: (countries: string) =>
    `Not sent: automatic texts go only to numbers in ${countries} (TEXT_COUNTRIES). Text or call the customer yourself if the request is real.`,
  perNumber: `Not sent: this number already got ${PUBLIC_TEXTS_PER_NUMBER.count} automatic texts in 24 hours. Text the customer yourself if needed.`,
  off: 'Not sent: automatic texts to new customers are off (TEXT_DAILY_LIMIT=0).',
  full: (limit: number, days: number) =>
    `Not sent: the limit of ${limit} automatic texts a day (TEXT_DAILY_LIMIT) is reached for the next ${days} days.`,
  waiting: (limit: number) =>
    `Waiting: the limit of ${limit} automatic texts a day (TEXT_DAILY_LIMIT) was reached. It goes out the next morning.`,
  noticeTitle: 'Automatic texts are waiting',
  notice: (limit: number, waiting: number) =>
    `Today's limit of ${limit} automatic texts to new customers (TEXT_DAILY_LIMIT) was reached: ${waiting === 1 ? '1 text waits' : `${waiting} texts wait`} for the next morning. Requests are all on the board; texts you send yourself are not limited.`,
} as const;

/** What staff read on a text the worker found half-sent after a crash (it is not sent again). */
export const INTERRUPTED_SMS =
  'Sending was interrupted by a server restart; the text may or may not have reached the customer. Check with them or send it again.';

/** Twilio error codes staff may meet (Messages API and status callbacks). */
const TWILIO_ERRORS: Record<string, string> = {
  '20003': 'Twilio rejected the account credentials',
  '21211': 'Not a valid phone number',
  '21408': 'Texting this country or region is not enabled on the Twilio account',
  '21606': 'The sending number cannot send texts',
  '21610': SMS_ERRORS.optedOut,
  '21612': 'Twilio cannot reach this number',
  '21614': 'Not a mobile number (a landline cannot receive texts)',
  '30001': 'Twilio was too busy; the text was dropped',
  '30002': 'The Twilio account is suspended',
  '30003': 'The phone is switched off or out of reach',
  '30004': 'The text was blocked by the carrier or the customer',
  '30005': 'Unknown or deactivated phone number',
  '30006': 'A landline or a carrier that cannot receive texts',
  '30007': 'The carrier filtered the text as spam',
  '30008': 'The carrier could not deliver the text (unknown error)',
  '30034': 'The sending number is not registered for business texting (A2P 10DLC)',
};

/** An error code (and Twilio's own message) as one line staff can read. */
export function twilioErrorText(code: string | number | undefined | null, fallback?: string): string {
  const key = code === undefined || code === null ? '' : String(code).trim();
  const text = TWILIO_ERRORS[key] ?? fallback ?? 'Twilio could not deliver the text';
  return key ? `${text} (Twilio error ${key})` : text;
}

/** What the staff alert for a new web request is written from. */
export type LeadAlertInput = {
  caseNumber: string;
  request: LeadRequest;
  cityName?: string;
  photoCount: number;
  /** Public origin, for the link to the leads board */
  baseUrl: string;
};

const labelOf = <T extends { value: string; label: string }>(list: readonly T[], value: string | undefined) =>
  list.find((o) => o.value === value)?.label ?? value ?? '';

/** The staff alert for a new web request: subject and plain-text body (no customer photos in mail). */
export function leadAlertEmail({ caseNumber, request, cityName, photoCount, baseUrl }: LeadAlertInput): {
  subject: string;
  body: string;
} {
  const urgency = urgencyWord(request.urgency);
  const equipment = labelOf(EQUIPMENT_TYPES, request.equipment);
  const category = PART_CATEGORIES.find((c) => c.slug === request.partCategory)?.name;
  const machine = [request.make, request.model, request.year].filter(Boolean).join(' ');
  const line = (label: string, value: string | undefined) => (value ? [`${label}: ${value}`] : []);
  const body = [
    `New quote request ${caseNumber} from the website.`,
    '',
    ...line('Urgency', urgency),
    ...line('Name', request.name),
    ...line('Phone', request.phone),
    ...line('Email', request.email),
    ...line('City', cityName ?? request.city),
    ...line('Equipment', equipment),
    ...line('Make / model / year', machine),
    ...line('Part category', category),
    ...line('Part number', request.partNumber),
    `Photos: ${photoCount}`,
    '',
    'Description:',
    request.description,
    '',
    `Open the leads board: ${baseUrl}/admin/leads`,
    '',
  ].join('\n');
  return { subject: `New quote request ${caseNumber}: ${equipment} (${urgency})`, body };
}

/** The staff alert for texts (issue 8): a new request by text, a quote accepted by YES, a customer's message. */
export function smsAlertEmail(input: {
  kind: 'new_request' | 'ordered' | 'message';
  caseNumber: string;
  phone: string;
  body: string;
  photoCount: number;
  skippedPhotos: number;
  baseUrl: string;
}): { subject: string; body: string } {
  const { caseNumber, phone } = input;
  const subject = {
    new_request: `New quote request ${caseNumber} by text from ${phone}`,
    ordered: `Quote ${caseNumber} accepted by text: order the part`,
    message: `New text from the customer of ${caseNumber}`,
  }[input.kind];
  const opening = {
    new_request: `New quote request ${caseNumber} by text.`,
    ordered: `The customer of ${caseNumber} replied YES: the lead is now ordered.`,
    message: `The customer of ${caseNumber} sent a text.`,
  }[input.kind];
  const body = [
    opening,
    '',
    `Phone: ${phone}`,
    `Photos: ${input.photoCount}${input.skippedPhotos ? ` (${input.skippedPhotos} could not be saved)` : ''}`,
    '',
    'Text:',
    input.body || '(no text)',
    '',
    `Open the leads board: ${input.baseUrl}/admin/leads`,
    '',
  ].join('\n');
  return { subject, body };
}
