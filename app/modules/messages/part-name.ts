/**
 * The part's name in every text and on the customer's page (issue 48 item 5, decision 0194): a
 * short form of what the customer wrote, or the short name staff set on the lead. Cut at a word,
 * never inside one, with '...' only when cut; brackets flattened, so a text that puts the name in
 * brackets never nests them. Pure.
 */

/** The most characters of the customer's words a short part name keeps (before any '...'). */
export const PART_NAME_CHARS = 40;

const OPENING = /[([{<]/g;
const CLOSING = /[)\]}>]/g;

/** The text with its brackets taken out: '(' becomes a space, ')' nothing; spaces tidied. */
function flatten(text: string): string {
  return text
    .replace(OPENING, ' ')
    .replace(CLOSING, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
}

/**
 * A short form of `text`: its first sentence, brackets flattened, cut after the last whole word
 * within PART_NAME_CHARS characters with '...' (a first word longer than that is kept whole: a
 * word is never cut). '' when there are no words.
 */
export function shortPartName(text: string | null | undefined): string {
  const first = flatten((text ?? '').split(/[\n.;!?]/)[0] ?? '');
  if (first.length <= PART_NAME_CHARS) return first;
  const words = first.split(' ');
  let kept = words[0]!;
  for (const word of words.slice(1)) {
    if (kept.length + 1 + word.length > PART_NAME_CHARS) break;
    kept += ` ${word}`;
  }
  if (kept === first) return first;
  return `${kept.replace(/[ ,:\-–—]+$/, '')}...`;
}

/** The part's name when the request names none (no words, no part number). */
export const UNNAMED_PART = 'your part';

/** What a lead's part is called: the short name staff set, else a short form of the request. */
export type NamedPart = {
  /** the name staff set on the lead, when they did */
  shortPartName?: string | null;
  description: string | null;
  partNumber?: string | null;
};

/**
 * The part's name in a text or on the page: the name staff set on the lead when there is one, else
 * the short form of the customer's description, else the part number, else 'your part'.
 */
export function partName(lead: NamedPart): string {
  return (
    shortPartName(lead.shortPartName) ||
    shortPartName(lead.description) ||
    shortPartName(lead.partNumber) ||
    UNNAMED_PART
  );
}

/**
 * The name of a purchase line to the customer: the order's first line is the part they asked for
 * (`partName` of the lead); a line staff added is named by its own words, shortened.
 */
export function linePartName(line: { id: number; part: string }, firstLineId: number, lead: NamedPart) {
  return line.id === firstLineId ? partName(lead) : shortPartName(line.part) || partName(lead);
}
