/**
 * The back office's side of React Router's data flow: a screen's loader and action ask `staffContext`
 * for the services and the signed-in staff member (a visitor without a session is sent to the sign-in
 * page), and an action wraps its work in `staffAction`, which turns a refused change (a service's
 * AppError: the one error shape, decision 0074) into data the screen shows, with its status, instead
 * of the error page. Cross-site posts never get here: server/http/render.ts refuses a page request
 * that is not a GET or HEAD from a foreign Origin, and the session cookie is SameSite=Lax.
 */
import { data, redirect, type RouterContextProvider } from 'react-router';
import { servedOf, type ScreenChanges } from './changes.ts';
import { ACCOUNT_PATH } from '#app/modules/auth/login.schema.ts';
import type { ActionFailure } from '#app/modules/site/answers.ts';
import { parseRowId, ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { holdsUnstorable, UNSTORABLE_TEXT } from '#app/modules/site/unstorable.ts';
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import { getAppContext, type AppLoadContext } from './load-context.ts';

export type StaffContext = AppLoadContext & { session: NonNullable<AppLoadContext['session']> };

/**
 * The load context of a signed-in staff member; anyone else is redirected to /admin/login. A
 * person whose password was handed out is redirected to 'Your account' (ACCOUNT_PATH) until they
 * have chosen their own (decision 0201): every back-office screen's loader and action calls this,
 * so nothing else is read or changed first. 'Your account' and the shell around it ask with
 * `{ beforePasswordChange: true }`.
 */
export function staffContext(
  context: Readonly<RouterContextProvider>,
  { beforePasswordChange = false } = {},
): StaffContext {
  const app = getAppContext(context);
  if (!app.session) throw redirect('/admin/login');
  if (app.session.user.mustChangePassword && !beforePasswordChange) throw redirect(ACCOUNT_PATH);
  return app as StaffContext;
}

/**
 * The load context of the owner (decision 0160): the owner's screens (the team, the audit log) call
 * it first in their loader and action. A staff member gets a 403 with OWNER_ONLY ('Only the owner
 * can do this.'), which the back office's ErrorBoundary shows (a page) and `settleAction` turns into
 * the one error shape (a change); anyone without a session goes to /admin/login as with
 * `staffContext`.
 */
export function ownerContext(context: Readonly<RouterContextProvider>): StaffContext {
  const staff = staffContext(context);
  if (staff.session.user.role !== 'owner') throw data({ message: OWNER_ONLY }, { status: 403 });
  return staff;
}

/** A refusal an action answers itself (a form it cannot read, an unknown intent), with its status. */
export const refuse = (status: number, message: string) =>
  data<ActionFailure>({ ok: false, message, fieldErrors: {} }, { status });

/**
 * The refusal of a body an action should not read: one that does not say its length (a browser's
 * form always does; 411) or is longer than `maxBytes` (413, with `tooLarge` as its words). Null
 * when the body may be read.
 */
export function bodyRefusal(request: Request, maxBytes: number, tooLarge = 'The form is too large.') {
  const length = request.headers.get('content-length');
  if (length === null) return refuse(411, 'Send the form with its length (Content-Length).');
  if (!(Number(length) <= maxBytes)) return refuse(413, tooLarge);
  return null;
}

/** The refusal of a body that says it is a form but cannot be read as one (400). */
export const malformedForm = () => refuse(400, 'The form was incomplete or malformed. Please try again.');

/** A request's form, or null when its body cannot be read as one (answer `malformedForm()`). */
export const readForm = (request: Request): Promise<FormData | null> => request.formData().catch(() => null);

/**
 * A back-office action's form, read after the checks every such action makes: a body that says its
 * length and is at most `maxBytes` (411; 413 with `tooLarge` as its words), a form that parses
 * (400), and an `intent` among `intents` (400, 'Unknown action: …'). Either the form and its intent,
 * or the refusal for the action to return.
 */
export async function readActionForm<I extends string>(
  request: Request,
  { maxBytes, intents, tooLarge }: { maxBytes: number; intents: readonly I[]; tooLarge?: string },
): Promise<{ ok: true; form: FormData; intent: I } | { ok: false; refused: ReturnType<typeof refuse> }> {
  const refused = bodyRefusal(request, maxBytes, tooLarge);
  if (refused) return { ok: false, refused };
  const form = await readForm(request);
  if (!form) return { ok: false, refused: malformedForm() };
  const intent = formText(form, 'intent');
  if (!intents.includes(intent as I)) return { ok: false, refused: refuse(400, `Unknown action: ${intent}`) };
  return { ok: true, form, intent: intent as I };
}

/** A form's fields (text only, the first of a name) as a change's raw input, without its `intent`. */
function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === 'string' && name !== 'intent' && !Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/**
 * A back-office screen's action (decision 0182): the screen's `intent`s, each a declared change.
 * What `readActionForm` refuses is refused (411, 413, a malformed form 400, 'Unknown action: …'
 * 400); a visitor without a session goes to sign in; a screen whose every change is the owner's
 * answers staff 403 before reading the form. Then the change named by the intent is performed with
 * the form's fields (or what the intent's `read` makes of the form) and the files it names,
 * `params` (the ids in the screen's address, by the names the change reads) and the intent's own
 * `input`, as `staffAction` does: its answer `{ ok: true, … }`, a refusal `{ ok:
 * false, message, fieldErrors }` with its status.
 */
export async function serveChanges(
  context: Readonly<RouterContextProvider>,
  request: Request,
  intents: ScreenChanges,
  options: {
    maxBytes: number;
    tooLarge?: string;
    params?: Record<string, string | undefined>;
    /** 'Your account': served before a handed-out password is changed (decision 0201) */
    beforePasswordChange?: boolean;
  },
) {
  const staff = staffContext(context, { beforePasswordChange: options.beforePasswordChange });
  const byIntent = (intent: string) => servedOf(intents[intent]!);
  const names = Object.keys(intents);
  if (names.every((intent) => staff.changes.who(byIntent(intent).change) === 'owner')) ownerContext(context);
  const read = await readActionForm(request, { ...options, intents: names });
  if (!read.ok) return read.refused;
  const { change, input, answer, read: readFields, files } = byIntent(read.intent);
  return staffAction(context, options.beforePasswordChange ?? false, async ({ changes, session }) => {
    // U+0000 is refused before any schema reads the form (decision 0095), an intent's `read` too
    if (readFields) refuseUnstorable(fieldsOf(read.form));
    const fields = readFields ? readFields(read.form) : fieldsOf(read.form);
    const raw = { ...fields, ...(await filesOf(read.form, files)), ...options.params, ...input };
    const result = await changes.perform(change, raw, session.user);
    return answer ? (answer as (result: unknown) => object)(result) : { intent: read.intent };
  });
}

/**
 * The 400 of the one error shape naming every form field that holds U+0000 (UNSTORABLE_TEXT, as
 * `parseInput` answers it: decision 0095), thrown in the shape `refusal` knows.
 */
function refuseUnstorable(fields: Record<string, string>) {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(fields))
    if (holdsUnstorable(name) || holdsUnstorable(value)) fieldErrors[name] = [UNSTORABLE_TEXT];
  if (Object.keys(fieldErrors).length > 0)
    throw Object.assign(new Error(UNSTORABLE_TEXT), { name: 'AppError', status: 400, fieldErrors });
}

/**
 * The files of a form an intent reads (`files`), as a change takes them: `{ data, name }`. A file
 * field left empty (no name, no bytes) is none.
 */
async function filesOf(form: FormData, names: readonly string[] = []) {
  const out: Record<string, { data: Buffer; name: string }> = {};
  for (const name of names) {
    const file = form.get(name);
    if (file instanceof File && (file.size > 0 || file.name))
      out[name] = { data: Buffer.from(await file.arrayBuffer()), name: file.name };
  }
  return out;
}

/**
 * Runs a back-office change for a signed-in staff member. Its result comes back as `{ ok: true,
 * ...result }`; a refusal (an AppError from a service: a validation failure, a lead that moved on,
 * a missing row) as `{ ok: false, message, fieldErrors }` with the error's status. Anything else is
 * a real failure and goes to the error boundary (a logged 500).
 */
async function staffAction<T extends object>(
  context: Readonly<RouterContextProvider>,
  beforePasswordChange: boolean,
  run: (staff: StaffContext) => Promise<T>,
) {
  const staff = staffContext(context, { beforePasswordChange });
  try {
    return { ok: true as const, ...(await run(staff)) };
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return data<ActionFailure>(
      { ok: false, message: refused.message, fieldErrors: refused.fieldErrors ?? {} },
      { status: refused.status },
    );
  }
}

/**
 * A service's AppError, recognised by its shape: the route bundle and the server each load their own
 * copy of server/errors.ts, so `instanceof` cannot tell.
 */
export function refusal(err: unknown): {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  headers?: Record<string, string>;
} | null {
  if (!(err instanceof Error) || err.name !== 'AppError') return null;
  const { status, fieldErrors, headers } = err as Error & {
    status?: unknown;
    fieldErrors?: Record<string, string[]>;
    headers?: Record<string, string>;
  };
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  return { status, message: err.message, fieldErrors, headers };
}

/** A form field as a string ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The id in a screen's form or address by the one rule (`parseRowId`), for use inside
 * `staffAction`: when it is not one, the 400 ROW_ID_MESSAGE (decision 0178), thrown in the shape
 * `refusal` knows (a service's AppError: the route bundle cannot load the server's class). An id
 * that names no row is the service's 404.
 */
export function rowIdOf(raw: unknown): number {
  const id = parseRowId(raw);
  if (id === undefined)
    throw Object.assign(new Error(ROW_ID_MESSAGE), { name: 'AppError', status: 400, fieldErrors: {} });
  return id;
}
