/**
 * The one error handler: ZodError → 400 with field errors, AppError → its status,
 * body-parser errors → their 4xx, anything else → a logged 500 with a generic message.
 * No stack trace ever leaves the server.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { SERVER_FAILED } from '#app/modules/site/answers.ts';
import { ZodError } from 'zod';
import { AppError } from '../errors.ts';
import { validationError } from '../validation.ts';
import { isDatabaseUnavailable, sendUnavailable } from './unavailable.ts';

export const errorHandler: ErrorRequestHandler = (thrown, req, res, _next) => {
  // a schema.parse() that slipped past parseInput: the same conversion, the same shape
  const err = thrown instanceof ZodError ? validationError(thrown) : thrown;
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    res.end();
    return;
  }
  if (err instanceof AppError) {
    if (err.status >= 500) req.log?.error({ err }, err.message);
    if (err.headers) res.set(err.headers);
    res
      .status(err.status)
      .json(
        err.fieldErrors ? { message: err.message, fieldErrors: err.fieldErrors } : { message: err.message },
      );
    return;
  }
  const status =
    typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      err.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : err.type === 'entity.too.large'
          ? 'The request is too large.'
          : typeof err.expose === 'boolean' && err.expose && err.message
            ? String(err.message)
            : 'Bad request.';
    res.status(status).json({ message });
    return;
  }
  // the database is away for a moment: 503 with Retry-After, not a 500 (decision 0090)
  if (isDatabaseUnavailable(err)) return sendUnavailable(req, res, err);
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: SERVER_FAILED });
};

/** Unknown /api paths answer JSON, never the HTML 404 page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' });
};
