/**
 * The `/api` door of a declared change (server/changes/, decision 0182), for the changes an outside
 * caller needs: `requireAdmin` (401, CSRF and Origin 403), `requireOwner` for the owner's changes,
 * then the change performed with the JSON body and the URL's ids (by the names the change reads;
 * `rename` maps a URL's own names to them) and, when sent, the `Idempotency-Key` header as the
 * change's `idempotencyKey` (decision 0179); a change that reads only the URL's ids reads no body
 * (`body: false`: whatever is sent is not looked at); a change whose fields may come with a file
 * (a blog post's featured image) names its own body parser (`body`: multer's multipart or JSON), and
 * the file is handed over under its field's name as `{ data, name }` (decision 0182 'Catalog, blog,
 * sign-in'). Its answer is the change's result as JSON (201 when it makes something new, 204 when
 * it has none); refusals go to the one error handler (errors.ts).
 */
import type { Request, RequestHandler } from 'express';
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import { CHANGES, performChange, type Change, type ChangeName } from '../changes/index.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import { currentSession, requireAdmin, requireOwner } from './auth.ts';
import { jsonBody } from './body.ts';

/** The property an endpoint's last handler carries: the change it performs and its URL's names. */
export const CHANGE_DOOR = Symbol.for('parts-hunters.change-door');

export function apiChange(
  services: Services,
  config: Config,
  name: ChangeName,
  options: {
    limit?: string;
    rename?: Record<string, string>;
    body?: false | RequestHandler;
    /** the field the caller's session (its id hash) is passed in, for a change made for one session */
    session?: string;
  } = {},
): RequestHandler[] {
  const declared = CHANGES[name] as Change;
  const perform: RequestHandler = async (req, res) => {
    const params: Record<string, string> = {};
    for (const [param, value] of Object.entries(req.params))
      params[options.rename?.[param] ?? param] = value as string;
    const body: unknown = (options.body !== false && req.body) || {};
    const key = req.get(IDEMPOTENCY_HEADER);
    // a body that is no object (a list, a number) is the declaration's to refuse as it came
    const input =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? {
            ...body,
            ...filesOf(req),
            ...params,
            [IDEMPOTENCY_FIELD]: key,
            ...(options.session && { [options.session]: currentSession(res)!.idHash }),
          }
        : body;
    const result = await performChange(declared, services, currentSession(res)!.user, input);
    if (result === undefined) res.status(204).end();
    else res.status(declared.created ? 201 : 200).json(result);
  };
  // which change the endpoint performs, for tests/api/changes.test.ts to find its /api door
  Object.defineProperty(perform, CHANGE_DOOR, { value: { change: name, rename: options.rename ?? {} } });
  return [
    requireAdmin(config),
    ...(declared.who === 'owner' ? [requireOwner] : []),
    ...(options.body === false ? [] : [options.body ?? jsonBody(options.limit ?? '16kb')]),
    perform,
  ];
}

/** What multer received as files, by field name, as a change takes them: `{ data, name }`. */
function filesOf(req: Request): Record<string, { data: Buffer; name: string }> {
  const { file, files } = req as Request & { file?: MulterFile; files?: unknown };
  const all = [...(file ? [file] : []), ...(Array.isArray(files) ? (files as MulterFile[]) : [])];
  return Object.fromEntries(all.map((f) => [f.fieldname, { data: f.buffer, name: f.originalname }]));
}
type MulterFile = { fieldname: string; buffer: Buffer; originalname: string };
