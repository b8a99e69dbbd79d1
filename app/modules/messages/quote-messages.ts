/**
 * The words of the quote link (issue 28): the quote text and e-mail with the link, the request's
 * confirmation with it, the reply to a YES that came too late, and the staff alerts for what a
 * customer did on the page. Texts stay within two SMS segments (306 GSM-7 characters): the part's
 * name is shortened to fit, and characters outside GSM-7 (which would make every segment 67
 * characters) are replaced. Pure.
 */
import { optionLabel, type QuoteOption } from '../quotes/quote.ts';
import { businessDays } from '../quotes/eta.ts';
import { formatMoney } from '../site/money.ts';
import { formatPhone } from '../site/phone.ts';
import { REPLY_PROMISE } from '../site/site.ts';
import { hoursInALine, type WeekHours } from '../site/opening-hours.ts';

type Site = { name: string; phone: string };

/** Two SMS segments of GSM-7 text (153 characters each once split). */
export const MAX_TEXT_CHARS = 306;

// GSM 03.38 basic set; the extension characters (^{}\[~]|€) count twice and are left out here
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
};

/** The text in GSM-7 only: lookalike punctuation replaced, accents dropped, anything else removed. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (GSM7.has(ch)) out += ch;
    else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else {
      const plain = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].filter((c) => GSM7.has(c)).join('');
    }
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Whether a text fits in two GSM-7 segments. */
export function fitsTwoSegments(text: string): boolean {
  return text.length <= MAX_TEXT_CHARS && [...text].every((c) => GSM7.has(c));
}

/** Cuts `text` at a word to at most `max` characters, with '...' when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, Math.max(0, max - 3));
  const space = room.lastIndexOf(' ');
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[ ,]+$/, '')}...`;
}

/** The price and ETA of a one-option quote ('$142.50 CAD, ETA 3 business days'). */
function offer(o: Pick<QuoteOption, 'sellPrice' | 'etaDays'>): string {
  return `${formatMoney(o.sellPrice, { currency: true })}, ETA ${businessDays(o.etaDays)}`;
}

/** Fills `{part}` with the part's name, shortened so the whole text stays within two segments. */
export function withPart(template: string, part: string): string {
  const fixed = toGsm7(template.replace('{part}', ''));
  const room = MAX_TEXT_CHARS - fixed.length;
  return toGsm7(template.replace('{part}', cut(toGsm7(part), Math.max(8, room))));
}

type TextedOption = Pick<QuoteOption, 'label' | 'sellPrice' | 'etaDays'>;

/** 'Reply 1 for New OEM $296.40, 2 for Aftermarket $156.81': each option by its number and price. */
function numbered(options: readonly TextedOption[]): string {
  return `Reply ${options
    .map((o, i) => `${i + 1} for ${optionLabel(o, i)} ${formatMoney(o.sellPrice, { currency: true })}`)
    .join(', ')}`;
}

/**
 * The quote text: the part, the offer, the validity, the link and the answers. One option: YES or
 * NO. Several: each by its number and price, or the link (issue 48 item 1: a YES never guesses).
 */
export function quoteText(input: {
  siteName: string;
  caseNumber: string;
  part: string;
  options: readonly TextedOption[];
  url: string;
}): string {
  return withPart(
    input.options.length === 1
      ? `${input.siteName} quote ${input.caseNumber} for {part}: ${offer(input.options[0]!)}. Valid 48 hours. See it: ${input.url} Reply YES to order or NO to pass.`
      : `${input.siteName} quote ${input.caseNumber} for {part}: ${input.options.length} options. Valid 48 hours. ${numbered(input.options)}, or open the link: ${input.url} Reply NO to pass.`,
    input.part,
  );
}

/**
 * The replies to an answer by text that cannot order without a guess (issue 48 item 1); each says
 * nothing was ordered and what to do instead.
 */
export function quoteQuestionReplies(siteName: string) {
  return {
    /** a YES, or a number beyond the options, on a quote with several options */
    whichOption: (caseNumber: string, options: readonly TextedOption[], url: string) =>
      toGsm7(
        `${siteName}: Quote ${caseNumber} has ${options.length} options. ${numbered(options)}, or choose on the page: ${url} Nothing is ordered yet.`,
      ),
    /** an answer from a number with more than one open quote */
    whichQuote: (quotes: readonly { caseNumber: string; part: string }[]) =>
      withPart(
        `${siteName}: You have ${quotes.length} open quotes: {part}. Please answer on the page of the one you mean (the link in its text). Nothing is ordered yet.`,
        quotes.map((q) => `${q.caseNumber} (${q.part})`).join(', '),
      ),
    /** a YES or number from a customer whose account orders with a PO number */
    needsPo: (caseNumber: string, url: string) =>
      toGsm7(
        `${siteName}: Your account orders with a PO number. Please accept quote ${caseNumber} on its page with your PO: ${url} Nothing is ordered yet.`,
      ),
    /** a number answering a text of a version that was replaced since */
    newerVersion: (caseNumber: string, url: string) =>
      toGsm7(
        `${siteName}: Quote ${caseNumber} was updated after that text. Please look at the new one before you answer: ${url} Nothing is ordered yet.`,
      ),
  };
}

/** The e-mail copy of a quote, with every option and the link. */
export function quoteEmail(input: {
  site: Site;
  name: string;
  caseNumber: string;
  part: string;
  options: readonly QuoteOption[];
  expires: string;
  url: string;
}): { subject: string; body: string } {
  const { site } = input;
  const phone = formatPhone(site.phone);
  return {
    subject: `Your quote ${input.caseNumber} from ${site.name}`,
    body: [
      `Hello ${input.name},`,
      '',
      `Here is your quote for request ${input.caseNumber} (${input.part}):`,
      '',
      ...input.options.flatMap((o, i) => [
        `${optionLabel(o, i)}: ${formatMoney(o.sellPrice, { currency: true })} (all-in), ETA ${businessDays(o.etaDays)}`,
        ...(o.warranty ? [`  Warranty: ${o.warranty}`] : []),
        ...(o.brand || o.partNumber ? [`  Part: ${[o.brand, o.partNumber].filter(Boolean).join(' ')}`] : []),
        ...(o.note ? [`  ${o.note}`] : []),
      ]),
      '',
      `The quote holds until ${input.expires}.`,
      '',
      `See it beside your photos, accept, decline or ask us a question: ${input.url}`,
      input.options.length === 1
        ? `You can also reply YES or NO to our text message, or call us at ${phone}.`
        : `You can also reply to our text message with the option's number (1 to ${input.options.length}) or NO, or call us at ${phone}.`,
      '',
      site.name,
      '',
    ].join('\n'),
  };
}

/** The confirmation of a request, by text: the case number, when we answer, and the link. */
export function requestConfirmationText(input: {
  siteName: string;
  caseNumber: string;
  url: string;
  /** the opening hours in force (the owner's Settings) */
  hours: WeekHours;
}): string {
  return toGsm7(
    `${input.siteName}: Thanks, we got your request ${input.caseNumber}. We reply ${REPLY_PROMISE} (${hoursInALine(input.hours)}). Follow it here: ${input.url} Reply STOP to opt out.`,
  );
}

/** The confirmation of a request, by e-mail. */
export function requestConfirmationEmail(input: {
  site: Site;
  name: string;
  caseNumber: string;
  url: string;
  hours: WeekHours;
}): { subject: string; body: string } {
  return {
    subject: `We got your request ${input.caseNumber} - ${input.site.name}`,
    body: [
      `Hello ${input.name},`,
      '',
      `Thanks, we got your request ${input.caseNumber}. We reply ${REPLY_PROMISE} (${hoursInALine(input.hours)}).`,
      '',
      `Your request, its photos and our quote are on this private page: ${input.url}`,
      '',
      `Questions? Call or text ${formatPhone(input.site.phone)}.`,
      '',
      input.site.name,
      '',
    ].join('\n'),
  };
}

/** The reply to a YES that came after the quote stopped holding. */
export function expiredYesReply(site: Site, caseNumber: string): string {
  return toGsm7(
    `${site.name}: Quote ${caseNumber} was valid 48 hours and has expired, so nothing was ordered. We will check the price and send you a new quote shortly. Questions? Call ${formatPhone(site.phone)}.`,
  );
}

/**
 * The confirmation of an accepted quote, on the page or by a text answering it (issue 48 item 5:
 * one event, one text): the day the part should be here (`expected`, e.g. 'Tuesday, December 1';
 * issue 29) when the option gives one, the part's name and the option when there are any, and
 * the link.
 */
export function acceptedText(
  site: Site,
  input: {
    caseNumber: string;
    part: string | null;
    option: string | null;
    url: string;
    expected: string | null;
  },
): string {
  const expected = input.expected ? `, expected ${input.expected}` : '';
  const named = [input.part, input.option].filter(Boolean).join(', ');
  return withPart(
    `${site.name}: Thank you! Quote ${input.caseNumber} is accepted and your part is being ordered${expected}.${named ? ' Part: {part}.' : ''} Follow it here: ${input.url}`,
    named,
  );
}

export type QuotePageEvent = 'accepted' | 'declined' | 'question' | 'renew' | 'expired_yes';

/** The staff alert for what a customer did about a quote (the page, or a late YES). */
export function quoteAlertEmail(input: {
  kind: QuotePageEvent;
  caseNumber: string;
  detail: string;
  baseUrl: string;
}): { subject: string; body: string } {
  const { caseNumber } = input;
  const subject = {
    accepted: `Quote ${caseNumber} accepted on the quote page: order the part`,
    declined: `Quote ${caseNumber} declined on the quote page`,
    question: `Question about quote ${caseNumber}`,
    renew: `New quote asked for ${caseNumber}: the last one expired`,
    expired_yes: `Late YES for ${caseNumber}: the quote had expired, send a new one`,
  }[input.kind];
  return {
    subject,
    body: [subject, '', input.detail, '', `Open the leads board: ${input.baseUrl}/admin/leads`, ''].join(
      '\n',
    ),
  };
}
