/**
 * U+0000 in a URL (decision 0095): PostgreSQL cannot store or compare it, so it never reaches a
 * service. In a path it means a page or resource that cannot exist: /api answers its JSON 404;
 * elsewhere the path becomes `/` + U+FFFD, which no route or file has (a route's dynamic segment
 * such as a lead's id would take U+FFFD in its place), so the app answers as it does any unknown
 * path: the not-found page. In an /api query parameter it is the 400 of the one error shape, by
 * parameter; in a page's query it is dropped. Bodies are checked where they are parsed
 * (`parseInput`, `jsonBody`), and Twilio's webhooks strip it after the signature is checked.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';
import { UNSTORABLE_TEXT, type FieldErrors } from '../validation.ts';
import { apiNotFound } from './errors.ts';

const ENCODED = /%00/gi;
const RAW = '\u0000';
/** U+0000 percent-encoded (any case) or raw. */
const holdsNul = (text: string) => /%00/i.test(text) || text.includes(RAW);
/** Every U+0000 of a URL part, encoded or raw, replaced. */
const replaceNul = (text: string, by: string) => text.replace(ENCODED, by).replaceAll(RAW, by);
/** What a page's path holding it becomes: U+FFFD alone, which no route, file or slug holds. */
const NO_SUCH_PATH = '/%EF%BF%BD';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

export const unstorableInUrl: RequestHandler = (req, res, next) => {
  const url = req.url;
  if (!holdsNul(url)) return next();
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? '' : url.slice(q);
  if (holdsNul(path)) {
    if (isApi(path)) return apiNotFound(req, res, next);
    setUrl(req, NO_SUCH_PATH + replaceNul(search, ''));
    return next();
  }
  if (isApi(path)) {
    const fieldErrors: FieldErrors = {};
    for (const [key, value] of new URLSearchParams(search)) {
      if (key.includes(RAW) || value.includes(RAW))
        fieldErrors[key.replaceAll(RAW, '') || '_'] = [UNSTORABLE_TEXT];
    }
    if (Object.keys(fieldErrors).length === 0) fieldErrors._ = [UNSTORABLE_TEXT];
    throw new AppError(400, UNSTORABLE_TEXT, { fieldErrors });
  }
  setUrl(req, path + replaceNul(search, ''));
  next();
};

function setUrl(req: Parameters<RequestHandler>[0], url: string) {
  req.url = url;
  // React Router builds the page's Request from originalUrl
  req.originalUrl = url;
}
