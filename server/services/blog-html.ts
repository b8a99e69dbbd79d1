/**
 * The two blog sanitizers (product.md §5; decision 0030), server side only (sanitize-html):
 * - `sanitizeForSave` runs on every save and keeps what the editor produces: paragraphs, headings
 *   1-3, lists, quotes, bold/italic/underline/strike, links, images (src, alt, title, width,
 *   height), highlight, and inline styles limited to colour, background colour, font family, font
 *   size, line height and text alignment. Only http, https and mailto URLs (or site-relative ones).
 * - `renderPostBody` runs when a public page is built: product.md §5's strict list (paragraph, line
 *   break, bold, italic, underline, link, list and heading tags; only href, target and rel) after
 *   turning plain text with blank lines into paragraphs. The HTML a crawler gets is already clean.
 * Scripts, event handlers, javascript:/data: URLs never survive either.
 */
import sanitizeHtml from 'sanitize-html';

const SAFE_SCHEMES = ['http', 'https', 'mailto'];

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s%,]+\)|hsla?\(\s*[\d.\s%,deg]+\)|[a-z]{3,20})$/i;
const FONT_FAMILY = /^[a-z0-9 ,'"-]{1,100}$/i;
const LENGTH = /^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/;
const LINE_HEIGHT = /^(\d(\.\d{1,2})?|\d{1,3}(\.\d{1,2})?(px|em|rem|%))$/;
const ALIGN = /^(left|center|right|justify)$/;

const SPAN_STYLES = {
  color: [COLOR],
  'background-color': [COLOR],
  'font-family': [FONT_FAMILY],
  'font-size': [LENGTH],
  'line-height': [LINE_HEIGHT],
};
const BLOCK_STYLES = { 'text-align': [ALIGN], 'line-height': [LINE_HEIGHT] };

/** Only URLs of our own site (one leading slash) or of the safe schemes. */
function safeUrl(value: string | undefined): boolean {
  if (!value) return false;
  const v = value.trim();
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
  if (v.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  return scheme !== undefined && SAFE_SCHEMES.includes(scheme);
}

const SAVE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'span',
    'mark',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'],
    mark: ['style', 'data-color'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
  },
  allowedStyles: {
    span: SPAN_STYLES,
    mark: { 'background-color': [COLOR], color: [COLOR] },
    p: BLOCK_STYLES,
    h1: BLOCK_STYLES,
    h2: BLOCK_STYLES,
    h3: BLOCK_STYLES,
  },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // h4-h6 from pasted documents become the nearest heading the editor has
  transformTags: {
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href && safeUrl(attribs.href)) out.href = attribs.href.trim();
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer nofollow';
      } else if (attribs.rel) out.rel = attribs.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.src && safeUrl(attribs.src) && !attribs.src.trim().startsWith('#'))
        out.src = attribs.src.trim();
      for (const key of ['alt', 'title'] as const)
        if (attribs[key] !== undefined) out[key] = attribs[key].slice(0, 300);
      for (const key of ['width', 'height'] as const)
        if (/^\d{1,5}$/.test(attribs[key] ?? '')) out[key] = attribs[key]!;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Editor HTML as it may be stored: the editor's formatting kept, anything active removed. */
export function sanitizeForSave(html: string): string {
  return sanitizeHtml(html, SAVE_OPTIONS).trim();
}

const RENDER_OPTIONS: sanitizeHtml.IOptions = {
  // product.md §5 'Blog body sanitizing (public post page)'
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: SAFE_SCHEMES,
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href && safeUrl(attribs.href)) out.href = attribs.href.trim();
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer nofollow';
      } else if (attribs.rel) out.rel = attribs.rel;
      return { tagName, attribs: out };
    },
    // block elements the strict list drops still separate their text into paragraphs
    blockquote: 'p',
    div: 'p',
  },
};

const BLOCK_TAG = /<\/?(p|h[1-6]|ul|ol|li|blockquote|div|br|img)\b/i;

/**
 * product.md §3: content is text with blank-line paragraphs or HTML. Plain text becomes paragraphs
 * (a single line break inside one becomes <br>; inline tags are left for the sanitizer that always
 * follows); HTML with block tags is kept as it is.
 */
export function textToHtml(content: string): string {
  if (BLOCK_TAG.test(content)) return content;
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').join('<br />')}</p>`)
    .join('\n');
}

/** The body of a public post page: paragraphs from plain text, then product.md §5's strict list. */
export function renderPostBody(content: string): string {
  return sanitizeHtml(textToHtml(content), RENDER_OPTIONS).trim();
}

/** The URLs of uploaded blog images a post's HTML refers to (for clean-up on delete). */
export function uploadedImageUrls(html: string): string[] {
  return [...new Set(html.match(/\/uploads\/blog\/[a-z0-9]+\.(?:webp|jpe?g|png)/gi) ?? [])];
}

/** Words in the post, for an estimated read time (about 200 words a minute). */
export function estimateReadMinutes(html: string): number {
  const words = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/**
 * How deeply the HTML's elements nest, in one pass over its tags (linear, whatever it holds: a
 * body of 40,000 nested tags is measured in a millisecond, where sanitizing it takes seconds).
 * Unclosed tags count as open; stray closing tags never go below zero.
 */
export function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (closing) depth = Math.max(0, depth - 1);
    else if (!selfClosing && !VOID_ELEMENTS.has(name!.toLowerCase())) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}
