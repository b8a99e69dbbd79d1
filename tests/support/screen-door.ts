/**
 * A back-office screen's door for tests (decision 0182): its action called with a form as a
 * browser's fetcher posts it, and its loader with an address, each as React Router calls it over the
 * load context the render layer builds (./route-context.ts). The answer is what React Router sends:
 * its status and its data (`{ ok: true, … }` or `{ ok: false, message, fieldErrors }` for an action;
 * the loader's data, or what it threw: a 400 or 404 `{ message }`, a 403, a redirect to sign in).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RouterContextProvider } from 'react-router';
import type { AppLoadContext } from '#app/load-context.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import type { Services } from '#server/services/index.ts';
import { answerOf, routeContext } from './route-context.ts';

/** The signed-in staff member (their CSRF token is the render layer's business: 'token' when left out). */
type Session = Omit<NonNullable<AppLoadContext['session']>, 'csrfToken'> & { csrfToken?: string };
type Args = { request: Request; context: RouterContextProvider; params: object };
/** A route module with an action, a loader or both. */
export type ScreenModule = { action?: unknown; loader?: unknown };

/** What a screen answered: the status and data React Router sends, and where a redirect goes. */
// the data is each screen's own: a test reads what it asserts
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ScreenAnswer = { status: number; body: any; location?: string | null };

/**
 * A form's fields for an input: nested values by their path ('reviews.url'), null and undefined
 * empty, a File as a file field (the blog post's `featuredImage`).
 */
export function formFields(input: Record<string, unknown>, prefix = ''): [string, string | File][] {
  return Object.entries(input).flatMap(([key, value]): [string, string | File][] => {
    const name = prefix + key;
    if (value instanceof File) return [[name, value]];
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return formFields(value as Record<string, unknown>, `${name}.`);
    return [[name, value === null || value === undefined ? '' : String(value)]];
  });
}

/** A form post with a file: multipart, with its Content-Length, as a browser sends it. */
async function multipartRequest(url: string, fields: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': String(body.length) },
    body,
  });
}

/** A form post with its Content-Length, as a browser sends it. */
export function formRequest(url: string, fields: [string, string][], headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });
}

/**
 * The screens of one set of services, for a signed-in staff member (`session`, or null for a
 * visitor): `act` posts `intent` with `fields` (flattened as a form) to a screen's action, the
 * address's ids in `params`; `load` reads a screen's loader at `url` (its query) with `params`.
 */
export function screenDoors(services: Services, deps: ServiceDeps) {
  const contextOf = (session: Session | null) =>
    routeContext(services, deps, session && { csrfToken: 'token', ...session });
  return {
    async act(
      module: ScreenModule,
      session: Session | null,
      intent: string,
      fields: Record<string, unknown> = {},
      params: Record<string, string | number> = {},
    ): Promise<ScreenAnswer> {
      const all: [string, string | File][] = [['intent', intent], ...formFields(fields)];
      const request = all.some(([, value]) => value instanceof File)
        ? await multipartRequest('http://localhost/admin', all)
        : formRequest('http://localhost/admin', all as [string, string][]);
      return settle(module.action, { request, context: contextOf(session), params: strings(params) });
    },
    async load(
      module: ScreenModule,
      session: Session | null,
      url = 'http://localhost/admin',
      params: Record<string, string | number> = {},
    ): Promise<ScreenAnswer> {
      const request = new Request(new URL(url, 'http://localhost'));
      return settle(module.loader, { request, context: contextOf(session), params: strings(params) });
    },
  };
}

const strings = (params: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

async function settle(run: unknown, args: Args): Promise<ScreenAnswer> {
  const answer = await (run as (args: Args) => Promise<unknown>)(args).then(answerOf, (thrown: unknown) => {
    // a real failure (a logged 500 for React Router) is the test's failure, not an answer
    if (thrown instanceof Error) throw thrown;
    return answerOf(thrown);
  });
  return { status: answer.status, body: answer.body ?? {}, location: answer.location };
}

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../app/routes');
/**
 * Screens with an action that is no declared change: sign-in, which no signed-in staff member makes
 * (decision 0182 'Catalog, blog, sign-in'; tests/api/changes.test.ts: SIGN_IN).
 */
const OWN_ACTIONS = new Set(['admin-login']);

/** A screen that serves declared changes: its route module with its `changes` map. */
export type ChangesScreen = ScreenModule & { changes: Record<string, unknown> };

/** Every back-office screen with an action that serves declared changes, by its file's name. */
export async function screensServingChanges(): Promise<Record<string, ChangesScreen>> {
  const out: Record<string, ChangesScreen> = {};
  for (const file of fs.readdirSync(ROUTES_DIR).filter((f) => f.startsWith('admin-'))) {
    const name = file.replace(/\.tsx?$/, '');
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8');
    if (OWN_ACTIONS.has(name) || !/export (async )?function action\b/.test(source)) continue;
    out[name] = (await import(path.join(ROUTES_DIR, file))) as ChangesScreen;
  }
  return out;
}

/**
 * A lead sent by a customer, stored as the request form would store it: its id and its customer's
 * (the screens' cases name both).
 */
export async function leadWithCustomer(
  deps: ServiceDeps,
  fields: Parameters<typeof insertLead>[1],
): Promise<{ lead: number; customer: number }> {
  const { id } = await insertLead(deps.db, fields, [], { now: deps.now(), actor: 'customer' });
  const row = await deps.db
    .selectFrom('leads')
    .select('customer_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { lead: id, customer: row.customer_id! };
}
