/**
 * A seeded fuzz of the HTTP API (issue 14 item 2, decision 0098): malformed requests to every
 * endpoint of the app's own router (tests/support/route-table.ts), anonymous and as staff, sent
 * over real HTTP to a listening app. Request `i` of seed `s` is generated from its own random
 * stream, so any one case can be replayed alone. Used by `scripts/fuzz-api.ts` (thousands of
 * requests, a report) and by `tests/api/fuzz.test.ts` (a few hundred, in the suite).
 *
 * A finding is: a 5xx (the fuzz never takes the database down, so a 503 counts too), no answer
 * (the connection dropped before a status), an answer slower than the hang limit, an /api 4xx
 * whose body is not the one error shape's `{ message }` (decision 0074), or a request whose one
 * fault is an id in its body or query that is not one (past 2,147,483,647, 1e30, -1, 1.5, 'abc')
 * answered with anything but 400 (decision 0178).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ServiceDeps, Services } from '#server/services/index.ts';
import { ACCOUNT_SID, AUTH_TOKEN, BASE_URL, TWILIO_FROM, twilioSignature } from '../api/sms-fixtures.ts';
import { createStaff } from './admin.ts';
import { createTestApp } from './http.ts';
import { listEndpoints, type Endpoint } from './route-table.ts';

// ---------------------------------------------------------------------------------------------
// Randomness: mulberry32, one stream per (seed, index)

export type Rng = {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const caseRng = (seed: number, index: number) =>
  createRng(Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));

// ---------------------------------------------------------------------------------------------
// Odd values

/** A JSON token written as is: numbers JSON.stringify cannot write (1e309, -0, 2^63). */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
type Json = string | number | boolean | null | Raw | Json[] | { [key: string]: Json };

const HUGE = [1_001, 5_001, 17_000, 70_000];
const ODD_STRINGS = [
  '',
  ' ',
  '   \t ',
  'a',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\u0008\u000b\u000c\u000e\u001b[31m\u001f\u007f',
  '\r\n\r\n',
  '\u0085\u2028\u2029',
  '\ufeff',
  '\ufffe\uffff',
  '\ud800',
  '\udc00',
  'a\ud83d',
  '\udfff\ud800',
  '🔧🚜👍🏽👨‍👩‍👧',
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301\u0301',
  '１２３',
  '١٢٣',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-1e309',
  '9223372036854775808',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '0x10',
  ' 12 ',
  '1_000',
  'true',
  'false',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  "'; drop table leads; --",
  '<script>alert(1)</script>',
  '<p><b><i><u>',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  'javascript:alert(1)',
  'http://',
  'https://example.com/' + 'a'.repeat(600),
  '2024-02-30T25:61',
  '9999-12-31T23:59',
  '0000-01-01T00:00',
  '+275760-09-13T00:00',
  '2026-12-01T09:00',
  '2026-03-08T02:30',
  '+12045550123',
  '(204) 555-0123',
  '+1204555012345678901234',
  'dana@example.com',
  'a@b',
  'zoë@exämple.com',
  'all',
  'active',
  'archived',
  'draft',
  'published',
  'new',
  'quoted',
  'lost',
  'today',
  'trailer-parts',
  'winnipeg',
  'YES',
  'STOP',
  'START',
];
const ODD_NUMBERS: Json[] = [
  0,
  1,
  -1,
  1.5,
  0.1,
  -0.5,
  3,
  240,
  241,
  365,
  366,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  100_000_000,
  100_000_001,
  Number.MIN_VALUE,
  new Raw('-0'),
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('1e-400'),
  new Raw('9223372036854775808'),
  new Raw('18446744073709551616'),
  new Raw('123456789012345678901234567890'),
  new Raw('0.30000000000000004'),
];

export function oddString(r: Rng): string {
  if (r.chance(0.1)) return r.pick(['x', 'é', '🔧', '\u0000', '\ud800', ' ']).repeat(r.pick(HUGE));
  const s = r.pick(ODD_STRINGS);
  return r.chance(0.15) ? `ok ${s} ok` : s;
}

/** Arrays or objects nested `depth` deep, written as text (a serializer would recurse as deep). */
function deep(r: Rng, depth: number): Json {
  const leaf = r.chance(0.5) ? '"x"' : '1';
  return r.chance(0.5)
    ? new Raw('{"a":'.repeat(depth) + leaf + '}'.repeat(depth))
    : new Raw('['.repeat(depth) + leaf + ']'.repeat(depth));
}

function oddValue(r: Rng): Json {
  switch (r.int(8)) {
    case 0:
    case 1:
    case 2:
      return oddString(r);
    case 3:
      return r.pick(ODD_NUMBERS);
    case 4:
      return r.pick([true, false, null]);
    case 5:
      return r.pick<Json>([[], {}, [1, 2], ['a', 'b'], [null], { a: 1 }, [{}], { '': '' }]);
    case 6:
      return deep(r, r.pick([3, 40, 200, 2_000]));
    default:
      return Array.from({ length: r.pick([10, 100, 1_000]) }, (_, i) => (r.chance(0.5) ? i : `v${i}`));
  }
}

const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'a'.repeat(300),
  '\ud800',
  '🔧',
  'a.b',
  'a[0]',
  'id',
  'status',
  'price',
  'caseNumber',
  'createdAt',
  'ok',
];

/** Sets a key as an own property, even '__proto__'. */
function put(obj: Record<string, Json>, key: string, value: Json) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function toJson(v: Json): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  // JSON.stringify writes lone surrogates as \ud800 escapes (well-formed JSON.stringify)
  return JSON.stringify(v);
}

// ---------------------------------------------------------------------------------------------
// What each endpoint takes: a valid request to start from (so mutations reach deep), and the
// query parameters it reads. An endpoint not named here still gets odd paths, queries and bodies.

export type Known = {
  leadIds: number[];
  customerIds: number[];
  itemIds: number[];
  postIds: number[];
  catalogSlugs: string[];
  blogSlugs: string[];
  photoKeys: string[];
};
export type FuzzFiles = { jpeg: Buffer; png: Buffer };

type FilePart = { field: string; name: string; type: string; data: Buffer };
type Form = { fields: [string, string][]; files: FilePart[] };
type Template =
  | { kind: 'json'; body: (r: Rng) => Record<string, Json> }
  | { kind: 'multipart'; form: (files: FuzzFiles, r: Rng) => Form; json?: boolean }
  | { kind: 'webhook'; params: (r: Rng) => Record<string, string> };

const LEAD_FIELDS: [string, string][] = [
  ['equipment', 'trailer'],
  ['make', 'Dexter'],
  ['model', '7K axle'],
  ['year', '2018'],
  ['partCategory', 'trailer-parts'],
  ['partNumber', '046-126-00'],
  ['description', 'Rear leaf spring snapped, double-eye.'],
  ['urgency', 'today'],
  ['name', 'Dana Friesen'],
  ['phone', '(204) 555-0123'],
  ['email', 'dana@example.com'],
  ['city', 'steinbach'],
  ['consent', 'true'],
];
const POST_FIELDS: [string, string][] = [
  ['title', 'Reading an axle tag'],
  ['slug', 'reading-an-axle-tag'],
  ['excerpt', 'Where the numbers are.'],
  ['content', '<p>Look under the spring seat.</p>'],
  ['categoryId', '1'],
  ['schemaType', 'Article'],
  ['readTimeMinutes', '4'],
  ['isFeatured', 'true'],
  ['allowComments', 'true'],
  ['tags', '["axles","trailers"]'],
  ['authorName', 'Sam'],
  ['metaTitle', 'Axle tags'],
  ['canonicalUrl', 'https://parts.example.ca/blog/axle-tags'],
  ['metaDescription', 'How to read one'],
  ['authorBio', 'Parts hunter'],
  ['cityFocus', 'winnipeg, brandon'],
  ['equipmentFocus', '["trailer"]'],
  ['localKeywords', 'axle'],
];
const CSV =
  'sku,slug,title,brand,category,subcategory,description,supplier_sku,cost,markup_pct,price,stock_qty,status,specs,images\n' +
  'FZ-1,fuzz-plow-edge,Plow Edge,Acme,snow-ice,,A blade,S-1,1200,0.35,,4,active,Width: 10 ft,\n';

const TEMPLATES: Record<string, Template> = {
  'POST /api/admin/login': { kind: 'json', body: () => ({ username: 'admin', password: 'hunter22' }) },
  'POST /api/clicks': {
    kind: 'json',
    body: () => ({ buttonType: 'quote', buttonLocation: 'header', buttonText: 'Get a Quote' }),
  },
  'PATCH /api/leads/:id': { kind: 'json', body: () => ({ status: 'qualified', reason: 'no stock' }) },
  'POST /api/leads/:id/quote': {
    kind: 'json',
    body: () => ({ cost: 12_345, etaDays: 3, notes: 'OEM', difficulty: 'moderate' }),
  },
  'POST /api/catalog': {
    kind: 'json',
    // a fresh slug and SKU most of the time, so a valid item is created, not refused as taken
    body: (r) => ({
      title: 'Plow Edge',
      slug: r.chance(0.8) ? `plow-edge-${r.int(1e9)}` : 'plow-edge-fuzz',
      sku: r.chance(0.8) ? `PE-${r.int(1e9)}` : 'PE-1',
      supplierSku: 'S-1',
      brand: 'Acme',
      category: 'snow-ice',
      subcategory: 'edges',
      description: 'A blade',
      cost: 1_200,
      price: null,
      markupPct: 0.35,
      stockQty: 4,
      status: 'active',
      specs: { Width: '10 ft' },
      images: [],
    }),
  },
  'PATCH /api/catalog/:id': {
    kind: 'json',
    body: (r) => ({ title: 'Plow Edge II', stockQty: 2, cost: 900, status: r.pick(['active', 'draft']) }),
  },
  'POST /api/admin/blog/:id/publish': { kind: 'json', body: () => ({ publishAt: '2026-12-01T09:00' }) },
  'POST /api/leads': {
    kind: 'multipart',
    form: (f) => ({
      fields: [...LEAD_FIELDS],
      files: [{ field: 'photos', name: 'spring.jpg', type: 'image/jpeg', data: f.jpeg }],
    }),
  },
  'POST /api/admin/catalog/import': {
    kind: 'multipart',
    form: () => ({
      fields: [],
      files: [{ field: 'file', name: 'sheet.csv', type: 'text/csv', data: Buffer.from(CSV) }],
    }),
  },
  'POST /api/admin/catalog/images': {
    kind: 'multipart',
    form: (f) => ({
      fields: [],
      files: [{ field: 'images', name: 'edge.png', type: 'image/png', data: f.png }],
    }),
  },
  'POST /api/admin/blog/images': {
    kind: 'multipart',
    form: (f) => ({
      fields: [],
      files: [{ field: 'image', name: 'tag.jpg', type: 'image/jpeg', data: f.jpeg }],
    }),
  },
  'POST /api/admin/blog': {
    kind: 'multipart',
    json: true,
    form: (f, r) => ({
      fields: [
        ...POST_FIELDS.map(([k, v]): [string, string] => [k, k === 'slug' ? `${v}-${r.int(1e9)}` : v]),
      ],
      files: [{ field: 'featuredImage', name: 'tag.jpg', type: 'image/jpeg', data: f.jpeg }],
    }),
  },
  'PATCH /api/admin/blog/:id': {
    kind: 'multipart',
    json: true,
    form: (f) => ({
      fields: [...POST_FIELDS, ['removeFeaturedImage', 'true']],
      files: [{ field: 'featuredImage', name: 'tag.png', type: 'image/png', data: f.png }],
    }),
  },
  'POST /api/sms/inbound': {
    kind: 'webhook',
    params: (r) => {
      const sid = `SM${r
        .int(2 ** 30)
        .toString(16)
        .padStart(32, '0')}`;
      return {
        ToCountry: 'CA',
        SmsMessageSid: sid,
        SmsSid: sid,
        MessageSid: sid,
        NumMedia: '0',
        Body: r.pick(['Need a hitch pin', 'YES', 'NO', 'STOP', 'START', 'HELP', '']),
        To: TWILIO_FROM,
        AccountSid: ACCOUNT_SID,
        From: r.pick(['+12045550123', '+12045550177', '+12045550199']),
        ApiVersion: '2010-04-01',
      };
    },
  },
  'POST /api/sms/status': {
    kind: 'webhook',
    params: (r) => ({
      MessageSid: `SM${r
        .int(2 ** 30)
        .toString(16)
        .padStart(32, '0')}`,
      MessageStatus: r.pick(['delivered', 'failed', 'undelivered', 'sent', 'queued']),
      AccountSid: ACCOUNT_SID,
      ErrorCode: r.pick(['30003', '']),
      To: '+12045550123',
    }),
  },
};

/**
 * The ids each endpoint reads from its body (a JSON template above) or query: a case may put a
 * value that is not an id in one of them, everything else valid, and expects 400 (decision 0178).
 * Such a case's path names rows that exist where the endpoint looks the row up before it reads
 * its body (the inbox); elsewhere the body is read first.
 */
// None is left on /api: the changes whose bodies named rows (a merge's `into`, an assignee, an
// order line's supplier and revision) are the screens' now, fuzzed with their not-an-id cases at
// the screens' doors (./screen-fuzz.ts; decision 0182, "The mirrors removed").
const ID_FIELDS: Record<string, { body?: string[]; query?: string[] }> = {};
/** Values that are not ids: past `integer`, far past it, negative, a fraction, not a number. */
const NOT_IDS: Json[] = [2_147_483_648, '2147483648', new Raw('1e30'), -1, 1.5, 'abc', '9999999999'];

const QUERIES: Record<string, string[]> = {
  'GET /api/catalog': ['category', 'city', 'page', 'perPage'],
  'GET /api/catalog/:slug': ['city'],
  'GET /api/admin/catalog': ['search', 'status', 'category', 'page'],
  'POST /api/admin/catalog/import': ['dryRun'],
  'GET /api/leads': ['status', 'q', 'before', 'limit'],
  'GET /api/leads/board': ['q', 'limit'],
  'GET /api/leads/board/:status': ['q', 'before', 'limit'],
};
const QUERY_VALUES = [
  '1',
  '2',
  '0',
  '-1',
  'all',
  'snow-ice',
  'winnipeg',
  'active',
  'new',
  'quoted',
  '2026-01-01T00:00:00.000Z_5',
  '2026-02-30T00:00:00Z_1',
  '9999-99-99T99:99:99Z_1',
  '2026-01-01T00:00:00Z_999999999999',
  '2026-01-01T00:00:00Z_0',
  '0000-01-01T00:00:00Z_1',
  '2026-01-01T00:00:00Z_2147483648',
  '+275760-09-13T00:00:00.000Z_1',
  '1e309',
  '9223372036854775808',
  '100001',
  '99999',
  '9999',
  'NaN',
  '1.5',
];

// ---------------------------------------------------------------------------------------------
// Percent-encoding, right and wrong

/** Percent-encodes UTF-8 (lone surrogates become U+FFFD, as a browser sends them). */
const enc = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      (b >= 0x30 && b <= 0x39) ||
      (b >= 0x41 && b <= 0x5a) ||
      (b >= 0x61 && b <= 0x7a) ||
      b === 0x2d ||
      b === 0x5f
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Already-encoded oddities: broken escapes, invalid UTF-8, encoded separators, long runs. */
const RAW_URL_BITS = [
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%u0041',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%F0%9F%94%A7',
  '%2F',
  '%2e%2e',
  '..',
  '%5C',
  '%20',
  '+',
  '%01%1F%7F',
  '%0D%0A',
  '%3F',
  '%23',
  '%26',
  '%3D',
  '%00',
  'a%00b',
];

function rawParam(r: Rng): string {
  switch (r.int(5)) {
    case 0:
      return r.pick(RAW_URL_BITS);
    case 1:
      return enc(oddString(r)).slice(0, 6_000);
    case 2:
      return r.pick(['x', '%E0%A4%A', '%FF']).repeat(r.pick([100, 500, 800]));
    case 3:
      return `a${r.pick(RAW_URL_BITS)}b`;
    default:
      return r.pick([
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x1',
        '2147483648',
        '9999999999',
        '99999999999999999999',
        'NaN',
      ]);
  }
}

function pathValue(r: Rng, name: string, known: Known): string {
  if (r.chance(0.45)) {
    // a value that names something, so the request gets past the lookup
    const ids = /post/i.test(name)
      ? known.postIds
      : known.leadIds.concat(known.itemIds, known.postIds, known.customerIds);
    if (/id$/i.test(name)) return String(ids.length ? r.pick(ids) : 1);
    if (name === 'slug') return r.pick([...known.catalogSlugs, ...known.blogSlugs, 'x']);
    if (name === 'city') return r.pick(['winnipeg', 'steinbach', 'brandon']);
    if (name === 'category') return r.pick(['trailer-parts', 'snow-ice', 'hydraulics-fittings']);
    if (name === 'status') return r.pick(['new', 'qualified', 'quoted', 'ordered', 'fulfilled', 'lost']);
    if (name === 'key') return known.photoKeys.length ? r.pick(known.photoKeys) : 'leads/x.jpg';
  }
  return rawParam(r);
}

function buildPath(r: Rng, pattern: string, known: Known, what: string[]): string {
  let path = pattern.replace(/[:*](\w+)/g, (_m, name: string) => pathValue(r, name, known));
  if (r.chance(0.08)) {
    const twist = r.pick(['trailing slash', 'double slash', 'upper case', 'junk after'] as const);
    what.push(`path: ${twist}`);
    if (twist === 'trailing slash') path += '/';
    else if (twist === 'double slash') path = path.replace('/api/', '/api//');
    else if (twist === 'upper case') path = path.toUpperCase();
    else path += `/${rawParam(r)}`;
  }
  return path;
}

function buildQuery(r: Rng, route: string, what: string[]): string {
  const names = QUERIES[route] ?? [];
  if (!r.chance(names.length ? 0.8 : 0.3)) return '';
  const parts: string[] = [];
  const count = 1 + r.int(4);
  for (let i = 0; i < count; i++) {
    const name =
      names.length && r.chance(0.7)
        ? r.pick(names)
        : r.pick([
            'a[]',
            'a[b]',
            'a[0]',
            '__proto__',
            'constructor[prototype]',
            '',
            'q',
            'page',
            rawParam(r),
          ]);
    const value = r.chance(0.5) ? enc(r.pick(QUERY_VALUES)) : rawParam(r);
    parts.push(r.chance(0.05) ? name : `${name}=${value}`);
    // the same key again: Express reads an array
    if (r.chance(0.15)) parts.push(`${name}=${enc(r.pick(QUERY_VALUES))}`);
  }
  if (r.chance(0.03)) parts.push(`pad=${'x'.repeat(7_000)}`);
  what.push('odd query');
  return `?${parts.join(r.chance(0.05) ? ';' : '&')}`;
}

// ---------------------------------------------------------------------------------------------
// Bodies

function mutateObject(r: Rng, obj: Record<string, Json>, what: string[]): Json {
  if (r.chance(0.2)) {
    what.push('valid body');
    return obj;
  }
  if (r.chance(0.08)) {
    what.push('body not an object');
    return r.pick<Json>([null, [], 'x', 42, true, [obj], deep(r, 500)]);
  }
  const count = 1 + r.int(3);
  for (let i = 0; i < count; i++) {
    const keys = Object.keys(obj);
    const op = keys.length ? r.int(4) : 3;
    if (op <= 1) {
      const key = r.pick(keys);
      const value = oddValue(r);
      put(obj, key, value);
      what.push(`${key}: ${describe(value)}`);
    } else if (op === 2) {
      const key = r.pick(keys);
      delete obj[key];
      what.push(`no ${key}`);
    } else {
      const key = r.pick(ODD_KEYS);
      put(obj, key, oddValue(r));
      what.push(`extra ${JSON.stringify(key.slice(0, 20))}`);
    }
  }
  return obj;
}

function describe(value: Json): string {
  const text =
    value instanceof Raw ? value.text : typeof value === 'string' ? JSON.stringify(value) : toJson(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
}

const INVALID_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '\ufeff{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":01}',
  '[1,2',
  '"unterminated',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'application/json; charset=bogus',
  'application/json; charset=',
  'application/json;;',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  '*/*',
  'garbage',
  '',
];

type Body = { contentType?: string; data?: Buffer; encoding?: string };

function jsonBody(r: Rng, template: Record<string, Json> | undefined, what: string[]): Body {
  if (r.chance(0.1)) {
    const text = r.pick(INVALID_JSON);
    what.push(`invalid JSON ${JSON.stringify(text.slice(0, 30))}`);
    return { contentType: 'application/json', data: Buffer.from(text, 'utf8') };
  }
  const value = mutateObject(r, template ?? {}, what);
  let text = toJson(value);
  if (r.chance(0.05)) {
    text = text.slice(0, r.int(text.length + 1));
    what.push('truncated');
  }
  let contentType = 'application/json';
  if (r.chance(0.15)) {
    contentType = r.pick(JSON_TYPES);
    what.push(`Content-Type ${JSON.stringify(contentType)}`);
  }
  const body: Body = { contentType, data: Buffer.from(text, 'utf8') };
  if (contentType.includes('utf-16')) body.data = Buffer.from(text, 'utf16le');
  if (r.chance(0.04)) {
    body.encoding = r.pick(['gzip', 'deflate', 'br', 'identity', 'compress', 'gzip, gzip', 'x-unknown']);
    what.push(`Content-Encoding ${body.encoding} (not encoded)`);
  }
  return body;
}

function oddFile(r: Rng, files: FuzzFiles, field: string): FilePart {
  const kind = r.pick([
    'jpeg',
    'png',
    'text as jpg',
    'empty',
    'truncated jpeg',
    'svg',
    'html',
    'random bytes',
    'jpeg as .exe',
    'gif header',
    'csv',
    'csv odd',
  ] as const);
  const name = r.chance(0.3) ? oddString(r).slice(0, 300) || 'x' : `photo-${kind.replace(/\W/g, '')}.jpg`;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => r.int(256)));
  const data: Record<typeof kind, () => [Buffer, string]> = {
    jpeg: () => [files.jpeg, 'image/jpeg'],
    png: () => [files.png, 'image/png'],
    'text as jpg': () => [Buffer.from('just some text, not a picture'), 'image/jpeg'],
    empty: () => [Buffer.alloc(0), 'image/jpeg'],
    'truncated jpeg': () => [files.jpeg.subarray(0, Math.max(4, r.int(files.jpeg.length))), 'image/jpeg'],
    svg: () => [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
    html: () => [Buffer.from('<html><body>hi</body></html>'), 'text/html'],
    'random bytes': () => [bytes(r.pick([10, 1_000, 50_000])), 'application/octet-stream'],
    'jpeg as .exe': () => [files.jpeg, 'application/x-msdownload'],
    'gif header': () => [Buffer.concat([Buffer.from('GIF89a'), bytes(20)]), 'image/gif'],
    csv: () => [Buffer.from(CSV), 'text/csv'],
    'csv odd': () => [Buffer.from(oddCsv(r)), 'text/csv'],
  };
  const [buffer, type] = data[kind]();
  return { field, name, type: r.chance(0.1) ? oddString(r).slice(0, 100) : type, data: buffer };
}

function oddCsv(r: Rng): string {
  const header = CSV.split('\n')[0]!;
  const cells = header.split(',').map(() => (r.chance(0.4) ? csvCell(oddString(r)) : 'x'));
  const rows = [header, cells.join(',')];
  if (r.chance(0.2)) rows.push('"unterminated,quote');
  if (r.chance(0.2)) rows.push(Array.from({ length: 200 }, () => 'a').join(','));
  if (r.chance(0.2)) rows[0] = `\ufeff${rows[0]}`;
  if (r.chance(0.1)) rows[0] = r.pick(['', 'sku', 'a,b,c', 'title,title,title']);
  return rows.join(r.pick(['\n', '\r\n', '\r']));
}

const csvCell = (s: string) => `"${s.replaceAll('"', '""')}"`;

function mutateForm(r: Rng, form: Form, files: FuzzFiles, what: string[]): Form {
  if (r.chance(0.15)) {
    what.push('valid form');
    return form;
  }
  const count = 1 + r.int(3);
  for (let i = 0; i < count; i++) {
    const op = r.int(7);
    if (op <= 1 && form.fields.length) {
      const i2 = r.int(form.fields.length);
      const value = oddValue(r);
      const text = typeof value === 'string' ? value : toJson(value);
      form.fields[i2] = [form.fields[i2]![0], text];
      what.push(`${form.fields[i2]![0]}: ${describe(value)}`);
    } else if (op === 2 && form.fields.length) {
      const [name] = form.fields.splice(r.int(form.fields.length), 1)[0]!;
      what.push(`no ${name}`);
    } else if (op === 3) {
      const name = r.chance(0.5) && form.fields.length ? r.pick(form.fields)[0] : r.pick(ODD_KEYS);
      form.fields.push([name, oddString(r)]);
      what.push(`extra field ${JSON.stringify(name.slice(0, 20))}`);
    } else if (op === 4 && form.files.length) {
      form.files.splice(r.int(form.files.length), 1);
      what.push('a file less');
    } else if (op === 5) {
      const field =
        r.chance(0.7) && form.files[0] ? form.files[0].field : r.pick(['photo', 'file', 'x', ...ODD_KEYS]);
      const n = r.chance(0.1) ? 7 : 1;
      for (let k = 0; k < n; k++) form.files.push(oddFile(r, files, field));
      what.push(`${n} odd file(s) in ${JSON.stringify(field.slice(0, 20))}`);
    } else if (form.files.length) {
      const file = r.pick(form.files);
      Object.assign(file, oddFile(r, files, file.field));
      what.push(`odd file ${JSON.stringify(file.name.slice(0, 30))} (${file.type.slice(0, 30)})`);
    }
  }
  return form;
}

/** Quotes a multipart header parameter the way browsers do (", CR, LF percent-encoded). */
const quoted = (s: string) => `"${s.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')}"`;

function multipartBody(r: Rng, form: Form, what: string[]): Body {
  const boundary = `----fuzz${r.int(2 ** 30).toString(16)}`;
  const eol = r.chance(0.05) ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  if (r.chance(0.05)) chunks.push(Buffer.from(`preamble garbage${eol}`));
  for (const [name, value] of form.fields) {
    const head = r.chance(0.02)
      ? `Content-Type: text/plain${eol}`
      : `Content-Disposition: form-data; name=${quoted(name)}${eol}`;
    chunks.push(Buffer.from(`--${boundary}${eol}${head}${eol}${value}${eol}`, 'utf8'));
  }
  for (const f of form.files) {
    chunks.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data; name=${quoted(f.field)}; filename=${quoted(f.name)}${eol}` +
          `Content-Type: ${f.type.replace(/[\r\n]/g, ' ')}${eol}${eol}`,
        'utf8',
      ),
      f.data,
      Buffer.from(eol),
    );
  }
  let data = Buffer.concat([...chunks, Buffer.from(`--${boundary}--${eol}`)]);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  const twist = r.chance(0.2)
    ? r.pick([
        'no boundary',
        'other boundary',
        'truncated',
        'no closing boundary',
        'quoted boundary',
        'long boundary',
      ] as const)
    : undefined;
  if (twist) what.push(`multipart: ${twist}`);
  if (twist === 'no boundary') contentType = 'multipart/form-data';
  else if (twist === 'other boundary') contentType = 'multipart/form-data; boundary=nope';
  else if (twist === 'truncated') data = data.subarray(0, r.int(data.length));
  else if (twist === 'no closing boundary') data = Buffer.concat(chunks);
  else if (twist === 'quoted boundary') contentType = `multipart/form-data; boundary="${boundary}"`;
  else if (twist === 'long boundary') {
    const long = 'b'.repeat(200);
    contentType = `multipart/form-data; boundary=${long}`;
    data = Buffer.from(data.toString('latin1').replaceAll(boundary, long), 'latin1');
  }
  return { contentType, data };
}

function webhookBody(r: Rng, path: string, params: Record<string, string>, what: string[]) {
  if (r.chance(0.8)) {
    const count = 1 + r.int(3);
    for (let i = 0; i < count; i++) {
      const op = r.int(5);
      const keys = Object.keys(params);
      if (op <= 1) {
        const key = r.pick(keys);
        params[key] = oddString(r);
        what.push(`${key}: ${describe(params[key])}`);
      } else if (op === 2) {
        const key = r.pick(keys);
        delete params[key];
        what.push(`no ${key}`);
      } else if (op === 3) {
        const n = r.pick(['1', '2', '10', '11', '-1', '1e309', 'NaN', '99999']);
        params.NumMedia = n;
        for (let k = 0; k < 3; k++) {
          params[`MediaUrl${k}`] = r.pick([
            `http://127.0.0.1:9/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM1/Media/ME${k}`,
            'not a url',
            'file:///etc/passwd',
            '',
            'http://127.0.0.1:9/elsewhere',
          ]);
          params[`MediaContentType${k}`] = r.pick(['image/jpeg', 'text/plain', '', 'image/svg+xml']);
        }
        what.push(`NumMedia ${n} with media`);
      } else {
        const key = r.pick(ODD_KEYS);
        params[key] = oddString(r);
        what.push(`extra ${JSON.stringify(key.slice(0, 20))}`);
      }
    }
  }
  const data = Buffer.from(new URLSearchParams(params).toString(), 'utf8');
  const headers: Record<string, string> = {};
  const sign = r.next();
  if (sign < 0.75) headers['X-Twilio-Signature'] = twilioSignature(`${BASE_URL}${path}`, params);
  else if (sign < 0.9) {
    headers['X-Twilio-Signature'] = r.pick([
      '',
      'x',
      'a'.repeat(500),
      '=====',
      twilioSignature(BASE_URL, {}),
    ]);
    what.push('bad signature');
  } else what.push('unsigned');
  let contentType = 'application/x-www-form-urlencoded';
  if (r.chance(0.08)) {
    contentType = r.pick(JSON_TYPES);
    what.push(`Content-Type ${JSON.stringify(contentType)}`);
  }
  return { body: { contentType, data } as Body, headers };
}

// ---------------------------------------------------------------------------------------------
// A case

export type Auth = 'anonymous' | 'staff' | 'staff without CSRF' | 'staff, wrong CSRF' | 'bad cookie';

export type FuzzCase = {
  index: number;
  route: string;
  auth: Auth;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  what: string[];
  /** the one status the answer must have (a case whose one fault is an id that is not one) */
  expect?: number;
};

export type FuzzPlan = { seed: number; endpoints: Endpoint[]; known: Known; files: FuzzFiles };

const XFF_ODD = ['unknown', '::1', '999.1.1.1', 'a'.repeat(300), '1.1.1.1, 2.2.2.2', ' ', '[::1]:80', '%00'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Case `index` of the plan's seed: the same request every time. */
export function fuzzCase(plan: FuzzPlan, index: number): FuzzCase {
  const r = caseRng(plan.seed, index);
  // endpoints in turn: any run of at least as many cases as endpoints asks every one
  const endpoint = plan.endpoints[index % plan.endpoints.length]!;
  const route = `${endpoint.method} ${endpoint.path}`;
  if (ID_FIELDS[route] && r.chance(0.5)) return notAnIdCase(r, plan, index, endpoint);
  const what: string[] = [];
  const auth: Auth = r.chance(0.5)
    ? 'anonymous'
    : r.chance(0.85)
      ? 'staff'
      : r.pick(['staff without CSRF', 'staff, wrong CSRF', 'bad cookie'] as const);
  let method = endpoint.method;
  if (r.chance(0.06)) {
    method = r.pick(METHODS);
    if (method !== endpoint.method) what.push(`method ${method}`);
  }
  // at most 12,000 characters: beyond 16 KB of headers Node itself answers 431, before any app code
  const path = (buildPath(r, endpoint.path, plan.known, what) + buildQuery(r, route, what)).slice(0, 12_000);
  const headers: Record<string, string> = {};
  if (auth === 'bad cookie') headers.Cookie = `__Host-phmb_session=${rawParam(r)}; phmb_session=%E0%A4%A`;
  // a client address per request, so rate limits (TRUST_PROXY=1) only rarely decide the answer
  headers['X-Forwarded-For'] = r.chance(0.05) ? r.pick(XFF_ODD) : `203.0.${r.int(256)}.${1 + r.int(254)}`;
  if (r.chance(0.05)) headers.Origin = r.pick(['https://evil.example', 'null', BASE_URL, 'http://127.0.0.1']);
  if (r.chance(0.05)) headers.Accept = r.pick(['text/html', 'application/xml', '*/*;q=abc', '']);
  if (r.chance(0.05))
    headers['Accept-Encoding'] = r.pick(['br;q=abc', 'gzip;q=2', 'x', '*;q=0', 'identity;q=0']);
  if (r.chance(0.03)) headers['If-None-Match'] = r.pick(['*', '"x"', 'W/"', 'garbage']);
  if (r.chance(0.03)) headers.Range = r.pick(['bytes=0-0', 'bytes=-1', 'bytes=x', 'bytes=9999999999-']);

  let body: Body | undefined;
  const template = TEMPLATES[route];
  const wantsBody = !['GET', 'HEAD', 'OPTIONS'].includes(method) || r.chance(0.05);
  if (template?.kind === 'webhook') {
    const made = webhookBody(r, path, template.params(r), what);
    body = made.body;
    Object.assign(headers, made.headers);
  } else if (template?.kind === 'multipart' && wantsBody) {
    if (template.json && r.chance(0.3)) {
      const form = template.form(plan.files, r);
      body = jsonBody(r, Object.fromEntries(form.fields) as Record<string, Json>, what);
    } else if (r.chance(0.1)) {
      what.push('JSON to a multipart endpoint');
      body = jsonBody(r, {}, what);
    } else {
      body = multipartBody(r, mutateForm(r, template.form(plan.files, r), plan.files, what), what);
    }
  } else if (wantsBody) {
    const kind = r.next();
    if (template?.kind === 'json' || kind < 0.5)
      body = jsonBody(r, template?.kind === 'json' ? template.body(r) : {}, what);
    else if (kind < 0.7) {
      what.push('multipart to a JSON endpoint');
      body = multipartBody(r, mutateForm(r, { fields: [['a', 'b']], files: [] }, plan.files, what), what);
    } else if (kind < 0.85) {
      what.push('form-encoded');
      body = {
        contentType: 'application/x-www-form-urlencoded',
        data: Buffer.from(`a=${rawParam(r)}&b[]=1`),
      };
    } else what.push('no body');
  }
  if (body && r.chance(0.04)) {
    what.push('empty body');
    body.data = Buffer.alloc(0);
  }
  if (body?.contentType !== undefined && body.contentType !== '') headers['Content-Type'] = body.contentType;
  if (body?.encoding) headers['Content-Encoding'] = body.encoding;
  return { index, route, auth, method, path, headers, body: body?.data, what };
}

/**
 * A request as staff send it, valid but for one id in its body or query that is not one: the
 * answer must be 400 (decision 0178), never the database's refusal.
 */
function notAnIdCase(r: Rng, plan: FuzzPlan, index: number, endpoint: Endpoint): FuzzCase {
  const route = `${endpoint.method} ${endpoint.path}`;
  const { body: bodyFields = [], query: queryFields = [] } = ID_FIELDS[route]!;
  const known = plan.known;
  const path = endpoint.path.replace(/:(\w+)/g, (_m, name: string) => {
    const ids =
      endpoint.path.includes('/inbox/') || endpoint.path.includes('/customers/')
        ? known.customerIds
        : known.leadIds;
    return String(name === 'id' && ids.length ? r.pick(ids) : 1);
  });
  const field = r.pick([...bodyFields, ...queryFields]);
  const value = r.pick(NOT_IDS);
  const what = [`not an id: ${field} = ${describe(value)}`];
  const template = TEMPLATES[route];
  const body = template?.kind === 'json' ? template.body(r) : {};
  const inQuery = queryFields.includes(field);
  if (!inQuery) put(body, field, value);
  const query = inQuery ? `?${field}=${enc(value instanceof Raw ? value.text : String(value))}` : '';
  const data = endpoint.method === 'GET' ? undefined : Buffer.from(toJson(body), 'utf8');
  return {
    index,
    route,
    auth: 'staff',
    method: endpoint.method,
    path: path + query,
    headers: {
      'X-Forwarded-For': `203.0.${r.int(256)}.${1 + r.int(254)}`,
      ...(data ? { 'Content-Type': 'application/json' } : {}),
    },
    body: data,
    what,
    expect: 400,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

export type Session = { cookie: string; token: string };

export type Outcome = {
  case: FuzzCase;
  status?: number;
  ms: number;
  /** the start of the answer's body */
  text: string;
  requestId?: string;
  error?: string;
};

export type Finding = Outcome & { kind: '5xx' | 'no answer' | 'hang' | 'unclear 4xx' | 'not the 400' };

function headersFor(c: FuzzCase, session: Session | undefined): Record<string, string> {
  const headers = { ...c.headers };
  if (c.auth !== 'anonymous' && c.auth !== 'bad cookie' && session) {
    headers.Cookie = session.cookie;
    if (c.auth === 'staff') headers['X-CSRF-Token'] = session.token;
    else if (c.auth === 'staff, wrong CSRF') headers['X-CSRF-Token'] = `${session.token}x`;
  }
  return headers;
}

/** Sends one case over HTTP; never throws. */
export function send(
  baseUrl: string,
  c: FuzzCase,
  session: Session | undefined,
  options: { agent?: http.Agent; hangMs: number },
): Promise<Outcome> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: Omit<Outcome, 'case' | 'ms'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ case: c, ms: Math.round(performance.now() - started), ...o });
    };
    let req: http.ClientRequest;
    const timer = setTimeout(() => {
      finish({ text: '', error: `no answer within ${options.hangMs} ms` });
      req?.destroy();
    }, options.hangMs);
    try {
      const headers = headersFor(c, session);
      if (c.body) headers['Content-Length'] = String(c.body.length);
      req = http.request({
        host: url.hostname,
        port: url.port,
        method: c.method,
        path: c.path,
        headers,
        agent: options.agent,
      });
    } catch (err) {
      finish({ text: '', error: `could not send: ${(err as Error).message}` });
      return;
    }
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 65_536) chunks.push(chunk);
        size += chunk.length;
      });
      const end = () =>
        finish({
          status: res.statusCode,
          text: Buffer.concat(chunks).toString('utf8'),
          requestId: res.headers['x-request-id'] as string | undefined,
        });
      res.on('end', end);
      res.on('error', end);
      res.on('aborted', end);
    });
    // the server may answer (413, 415) and close before the whole body is written: the answer counts
    // which case the kept-alive connection carried before, for a finding that is the echo of it
    let before: number | undefined;
    req.on('socket', (socket: typeof req.socket & { fuzzCase?: number }) => {
      before = socket.fuzzCase;
      socket.fuzzCase = c.index;
    });
    req.on('error', (err) => {
      const where = before === undefined ? 'on a new connection' : `after case #${before} on this connection`;
      setTimeout(() => finish({ text: '', error: `${err.message} (${where})` }), 50);
    });
    req.end(c.body);
  });
}

/** What in an outcome is a finding, if anything. */
export function judge(o: Outcome, hangMs: number): Finding | undefined {
  if (o.status === undefined)
    return { ...o, kind: o.error?.startsWith('no answer within') ? 'hang' : 'no answer' };
  if (o.status >= 500) return { ...o, kind: '5xx' };
  if (o.ms > hangMs) return { ...o, kind: 'hang' };
  // 401: a case sent as staff while another had just signed the runner out (POST /api/admin/logout)
  if (o.case.expect !== undefined && o.status !== o.case.expect && o.status !== 401)
    return { ...o, kind: 'not the 400' };
  const path = o.case.path.toLowerCase();
  if (o.status >= 400 && o.case.method !== 'HEAD' && (path === '/api' || path.startsWith('/api/'))) {
    try {
      const body = JSON.parse(o.text) as { message?: unknown };
      if (typeof body.message === 'string' && body.message.trim() !== '') return undefined;
    } catch {
      // not JSON
    }
    return { ...o, kind: 'unclear 4xx' };
  }
  return undefined;
}

export type FuzzReport = {
  sent: number;
  byRoute: Map<string, Map<string, number>>;
  findings: Finding[];
  ms: number;
};

/**
 * Sends cases [from, from + count) of the plan with at most `concurrency` in flight. `session()`
 * gives the staff session to use (the runner signs in again after a case logged it out).
 */
export async function runFuzz(options: {
  baseUrl: string;
  plan: FuzzPlan;
  count: number;
  from?: number;
  concurrency?: number;
  hangMs?: number;
  session: () => Promise<Session>;
  /** called after a case that may have ended the staff session (POST /api/admin/logout) */
  onLogout?: () => void;
  onOutcome?: (o: Outcome) => void;
}): Promise<FuzzReport> {
  const { baseUrl, plan, count, concurrency = 6, hangMs = 10_000 } = options;
  const from = options.from ?? 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const byRoute = new Map<string, Map<string, number>>();
  const findings: Finding[] = [];
  const started = performance.now();
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const c = fuzzCase(plan, next++);
      const session = c.auth === 'anonymous' ? undefined : await options.session();
      const o = await send(baseUrl, c, session, { agent, hangMs });
      if (c.route === 'POST /api/admin/logout' && o.status === 200) options.onLogout?.();
      const counts = byRoute.get(c.route) ?? new Map<string, number>();
      const key = o.status === undefined ? (o.error ?? 'error') : String(o.status);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      byRoute.set(c.route, counts);
      const finding = judge(o, hangMs);
      if (finding) findings.push(finding);
      options.onOutcome?.(o);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  findings.sort((a, b) => a.case.index - b.case.index);
  return { sent: count, byRoute, findings, ms: Math.round(performance.now() - started) };
}

/** The case as one readable block (what the script prints for a finding). */
export function describeCase(c: FuzzCase): string {
  const body = c.body
    ? (() => {
        const text = c.body.toString('utf8');
        const shown = JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text);
        return `${c.body.length} bytes: ${shown}`;
      })()
    : 'none';
  const headers = Object.entries(c.headers)
    .map(([k, v]) => `${k}: ${v.length > 120 ? `${v.slice(0, 120)}…` : v}`)
    .join(' | ');
  return [
    `#${c.index} ${c.route} as ${c.auth}`,
    `  ${c.method} ${c.path.length > 300 ? `${c.path.slice(0, 300)}… (${c.path.length} chars)` : c.path}`,
    `  what: ${c.what.join('; ') || '-'}`,
    `  headers: ${headers || '-'}`,
    `  body: ${body}`,
  ].join('\n');
}

/** Ids, slugs and photo keys that exist, read through the API, so cases can name real rows. */
export async function discover(baseUrl: string, session: Session): Promise<Known> {
  const get = async (path: string) => {
    const res = await fetch(baseUrl + path, { headers: { Cookie: session.cookie } });
    return res.ok ? ((await res.json()) as unknown) : undefined;
  };
  const list = (v: unknown): Record<string, unknown>[] =>
    Array.isArray(v)
      ? (v as Record<string, unknown>[])
      : Array.isArray((v as { items?: unknown })?.items)
        ? ((v as { items: Record<string, unknown>[] }).items as Record<string, unknown>[])
        : [];
  const leads = list(await get('/api/leads'));
  const items = list(await get('/api/admin/catalog'));
  const posts = list(await get('/api/admin/blog'));
  // every customer with a conversation (the customers' list is the screen's alone)
  const inbox = (await get('/api/inbox?filter=all')) as { conversations?: unknown } | undefined;
  const photoKeys: string[] = [];
  for (const lead of leads.slice(0, 10)) {
    const details = (await get(`/api/leads/${String(lead.id)}`)) as { photos?: unknown } | undefined;
    for (const url of Array.isArray(details?.photos) ? (details.photos as unknown[]) : [])
      if (typeof url === 'string' && url.startsWith('/api/leads/photos/'))
        photoKeys.push(url.slice('/api/leads/photos/'.length));
  }
  const num = (v: unknown) => (typeof v === 'number' ? [v] : []);
  const str = (v: unknown) => (typeof v === 'string' ? [v] : []);
  return {
    leadIds: leads.flatMap((l) => num(l.id)),
    customerIds: list(inbox?.conversations).flatMap((c) => num(c.customerId)),
    itemIds: items.flatMap((i) => num(i.id)),
    postIds: posts.flatMap((p) => num(p.id)),
    catalogSlugs: items.flatMap((i) => str(i.slug)),
    blogSlugs: posts.flatMap((p) => str(p.slug)),
    photoKeys,
  };
}

// ---------------------------------------------------------------------------------------------
// The target: the app over a database, listening on loopback, with a staff account

/** The environment the target's config needs on top of a database: Twilio mode, a proxy hop. */
export const FUZZ_ENV = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  TWILIO_FROM,
  // nothing listens there: texts and media downloads fail at once, as when Twilio is away
  TWILIO_API_BASE: 'http://127.0.0.1:9',
  BASE_URL,
  // X-Forwarded-For names the client, so each case has its own rate-limit budget
  TRUST_PROXY: '1',
} as const;

/** A staff account whose name no case sends, so the fuzz's failed sign-ins never lock it. */
const FUZZ_STAFF = { username: 'fuzz-runner', password: 'a long fuzz password' };
/** The address the runner signs in from: no case uses it, so its sign-ins are never throttled. */
const RUNNER_ADDRESS = '198.51.100.7';

export type FuzzTarget = {
  baseUrl: string;
  session: () => Promise<Session>;
  onLogout: () => void;
  known: Known;
  files: FuzzFiles;
  endpoints: Endpoint[];
  close(): Promise<void>;
};

async function signInOverHttp(baseUrl: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': RUNNER_ADDRESS },
    body: JSON.stringify(FUZZ_STAFF),
  });
  if (res.status !== 200) throw new Error(`the fuzz could not sign in: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = (await res.json()) as { token: string };
  return { cookie, token };
}

/**
 * Listens on loopback with the app over `deps` (configured with FUZZ_ENV), after adding the
 * fuzz's staff account, and finds the rows the cases can name.
 */
export async function startFuzzTarget(deps: ServiceDeps, services: Services): Promise<FuzzTarget> {
  await createStaff(deps, FUZZ_STAFF);
  const app = createTestApp(deps, services);
  const endpoints = listEndpoints(app);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let current: Promise<Session> | undefined;
  const session = () => (current ??= signInOverHttp(baseUrl));
  const known = await discover(baseUrl, await session());
  const image = (format: 'jpeg' | 'png') =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 190, g: 60, b: 20 } } })
      .toFormat(format)
      .toBuffer();
  return {
    baseUrl,
    session,
    onLogout: () => {
      current = undefined;
    },
    known,
    files: { jpeg: await image('jpeg'), png: await image('png') },
    endpoints,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
