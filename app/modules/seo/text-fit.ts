/**
 * What search results show of a page's head (issue 17 item 10, issue 31 item 10; decision 0081):
 * a `<title>` of at most TITLE_MAX characters and a meta description of at most DESCRIPTION_MAX,
 * shortened at a word boundary with '…', never in the middle of a word. Pure; `buildMeta` applies
 * it to every page, so no route has to count characters.
 */

/** What search results show of a title; past it they cut the end, which is where the brand is. */
export const TITLE_MAX = 60;
/** What search results show of a meta description before they cut it themselves. */
export const DESCRIPTION_MAX = 160;

export const ELLIPSIS = '…';

/** 'Parts Quote in…' reads worse than 'Parts Quote…': no dangling little word before the cut. */
const DANGLING = /(?:\s+(?:a|an|and|at|by|for|from|in|of|on|or|the|to|with))+$/i;
/** Punctuation and space that would sit badly before the ellipsis ('parts, …', 'day. …', 'x (…'). */
const TRAILING = /[\s,;:.!?‘“([{&/–—-]+$/;

/** Whitespace runs (line breaks of a template, doubled spaces) as one space, and no space at the ends. */
export function squashSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Where a clause or sentence ends: a cut there reads as a pause, not as words cut short. */
const BREAKS = ['. ', '! ', '? ', '; ', ': ', ', ', ' – ', ' — '];

/** 'Ste. Anne', 'St. Malo', 'e.g. a hub': a full stop that ends no sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:St|Ste|Mt|Mr|Mrs|Ms|Dr|No|Co|Inc|Ltd|approx|vs|e\.g|i\.e)$/i;

/** Index of the last clause or sentence end at or before `limit` (-1 when none). */
function lastBreak(text: string, limit: number): number {
  let best = -1;
  for (const mark of BREAKS) {
    for (let at = text.lastIndexOf(mark, limit); at > best; at = text.lastIndexOf(mark, at - 1)) {
      if (mark !== '. ' || !ABBREVIATION.test(text.slice(0, at))) {
        best = at;
        break;
      }
    }
  }
  return best;
}

/**
 * `text` when it has at most `max` characters; else its longest start that ends at a word boundary
 * and leaves room for '…', without trailing punctuation or a dangling little word, then '…'. When a
 * clause ends in the last third of that room, the cut is made there instead ('…for an all-in price
 * and ETA…' rather than '…with delivery across the…'); when a sentence does, the text ends with
 * that sentence, its full stop kept and no ellipsis. A text whose first word alone runs past half
 * the limit (a pasted URL, a run of letters) has no sensible word to end on and is cut where the
 * limit falls.
 */
export function cutAtWord(text: string, max: number): string {
  const whole = squashSpaces(text);
  if (whole.length <= max) return whole;
  const keep = max - ELLIPSIS.length;
  // a space at index i ends the word before it: whole.slice(0, i) is whole words only
  const space = whole.lastIndexOf(' ', keep);
  if (space < keep / 2) return `${whole.slice(0, keep).trimEnd()}${ELLIPSIS}`;
  const clause = lastBreak(whole, keep);
  // a whole sentence needs no ellipsis: 'Double-eye leaf spring for 3,500 lb axles.'
  if (clause >= (keep * 2) / 3 && /[.!?]/.test(whole.charAt(clause))) return whole.slice(0, clause + 1);
  const end = clause >= (keep * 2) / 3 ? clause : space;
  const words = whole.slice(0, end);
  const tidy = words.replace(TRAILING, '').replace(DANGLING, '').replace(TRAILING, '');
  return `${tidy || words}${ELLIPSIS}`;
}

/** A meta description within DESCRIPTION_MAX characters, cut at a word. */
export function fitDescription(description: string): string {
  return cutAtWord(description, DESCRIPTION_MAX);
}

/**
 * `title | site name` within TITLE_MAX characters, shortening the page's part and never the brand:
 * the first of the title and its shorter forms that fits; else the shortest with its trailing
 * ', detail' parts dropped ('Walterscheid PTO Driveline, 1-3/8 in 6-Spline' → 'Walterscheid PTO
 * Driveline'); else cut at a word boundary with an ellipsis. A site name too long to leave the page
 * a readable part is dropped: the page's own words matter more than the brand.
 */
export function fitTitle(title: string, siteName: string, shorter: readonly string[] = []): string {
  const suffix = ` | ${squashSpaces(siteName)}`;
  const room = TITLE_MAX - suffix.length;
  const forms = [title, ...shorter].map(squashSpaces);
  if (room < TITLE_MAX / 3) return fitExactTitle(forms.find((t) => t.length <= TITLE_MAX) ?? forms[0]!);
  const fits = (t: string) => t.length <= room;
  let candidate = forms.find(fits);
  if (!candidate) {
    candidate = forms.at(-1)!;
    while (!fits(candidate) && candidate.includes(', ')) {
      candidate = candidate.slice(0, candidate.lastIndexOf(', '));
    }
    candidate = cutAtWord(candidate, room);
  }
  return `${candidate}${suffix}`;
}

/**
 * A title taken as written (a post's own meta title, the not-found page) within TITLE_MAX
 * characters: as it is when it fits; else without its trailing ' | …' parts, where authors put a
 * brand or a section ('How to Identify a Trailer Axle by Its Tag | Manitoba Trailer Parts' → 'How
 * to Identify a Trailer Axle by Its Tag'); else cut at a word.
 */
export function fitExactTitle(title: string): string {
  let candidate = squashSpaces(title);
  while (candidate.length > TITLE_MAX && candidate.lastIndexOf(' | ') > 0) {
    candidate = candidate.slice(0, candidate.lastIndexOf(' | ')).trimEnd();
  }
  return cutAtWord(candidate, TITLE_MAX);
}
