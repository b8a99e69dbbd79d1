/**
 * Reading server-rendered HTML as a crawler does: plain HTTP, no JavaScript. Small helpers that pull
 * the head's tags and count elements out of the raw markup React renders.
 */
import { urlOf } from './server.ts';

export type RawPage = { status: number; contentType: string; html: string };

/** GET a path with plain HTTP, the way a crawler or a phone without JavaScript sees it. */
export async function fetchPage(path: string): Promise<RawPage> {
  const res = await fetch(urlOf(path), { headers: { Accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', html: await res.text() };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return String.fromCodePoint(n);
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z:_-]+)="([^"]*)"/g))
    attrs[m[1]!.toLowerCase()] = decodeEntities(m[2]!);
  return attrs;
}

/** Every <tagName ...> start tag in the markup, as attribute maps. */
export function tagsOf(html: string, tagName: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tagName}\\b([^>]*)>`, 'gi'))].map((m) => attributesOf(m[1]!));
}

/** The document's <head> section. */
export function headOf(html: string): string {
  return /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
}

/** Text content of the first <title> in the head. */
export function titleOf(html: string): string | undefined {
  const m = /<title>([\s\S]*?)<\/title>/i.exec(headOf(html));
  return m ? decodeEntities(m[1]!) : undefined;
}

/** content of every <meta name=…> or <meta property=…> with that key, in order. */
export function metaContents(html: string, key: string): string[] {
  return tagsOf(headOf(html), 'meta')
    .filter((a) => a.name === key || a.property === key)
    .map((a) => a.content ?? '');
}

/** href of every <link rel=…> with that rel in the head. */
export function linkHrefs(html: string, rel: string): string[] {
  return tagsOf(headOf(html), 'link')
    .filter((a) => a.rel === rel)
    .map((a) => a.href ?? '');
}

/** How many elements of that name open in the markup. */
export function countElements(html: string, tagName: string): number {
  return [...html.matchAll(new RegExp(`<${tagName}[\\s>]`, 'gi'))].length;
}

/** The markup's text with tags removed and entities decoded (for checking visible copy). */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
