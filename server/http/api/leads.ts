/**
 * POST /api/leads (public: the quote request form, product.md §7) and GET /api/leads/photos/{key}
 * (staff only: lead photos live in private storage and are reachable nowhere else); the staff
 * endpoints of Lead Management (list, board, one lead, status, quote, CSV report; decision 0050).
 * The lost leads and Reopen are the board's and the dialog's (decision 0182, "The mirrors removed").
 *
 * The request passes, in order: its `Idempotency-Key`, if sent (400 when malformed; decision
 * 0207: a key already answered marks the request a retry); a per-client rate limit (a retry counts
 * on a larger one of its own); a Content-Length bound (refused before a byte of the body is parsed); multipart only;
 * multer with strict limits, whose storage engine runs each photo through the image pipeline as
 * soon as it has arrived (two at a time in the process, decision 0170, while the next one uploads)
 * or, for a retry, only reads it; then the service validates and stores everything, or answers a
 * retry with its first answer.
 */
import { Router, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import multer, { type StorageEngine } from 'multer';
import {
  displayFileName,
  HONEYPOT_FIELD,
  PHOTO_MESSAGES,
  PHOTO_RULES,
} from '#app/modules/leads/lead-request.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import type { PreparedPhoto, SentPhoto } from '../../services/leads.ts';
import { isBoardStatus, parseBoardCursor } from '#app/modules/leads/lead-admin.ts';
import { LEAD_STATUSES, type LeadStatus } from '#app/modules/leads/leads.ts';
import { IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import { csvDay } from '#app/modules/shared/csv.ts';
import { requireAdmin } from '../auth.ts';
import { apiChange } from '../change.ts';
import { databaseStore } from '../rate-limit.ts';

/** Per client address (TRUST_PROXY decides what that is): generous for people, tight for scripts. */
export const LEAD_RATE_LIMIT = { windowMs: 15 * 60_000, limit: 20 } as const;
/**
 * Retries of answered requests, per client address, on a count of their own (decision 0207): a
 * phone sends a kept request a few times in 15 minutes (its back-off, two tabs, the worker), so
 * six times the submit limit never stops one; it stops a script re-posting its own answered key
 * to make the server read and hash bodies without end.
 */
export const LEAD_RETRY_LIMIT = {
  windowMs: LEAD_RATE_LIMIT.windowMs,
  limit: 6 * LEAD_RATE_LIMIT.limit,
} as const;
export const TOO_MANY_REQUESTS =
  'Too many requests from your connection. Please wait 15 minutes and try again, or text us your part.';
export const REQUEST_TOO_LARGE =
  'The request is too large. Each photo can be at most 10MB, and at most 6 photos.';
export const NOT_MULTIPART = 'Send the request as multipart/form-data.';
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Please try again.';

/** Six full-size photos plus room for the text fields and multipart headers. */
export const MAX_BODY_BYTES = PHOTO_RULES.maxCount * PHOTO_RULES.maxBytes + 256 * 1024;

const LIMITS = {
  fileSize: PHOTO_RULES.maxBytes,
  files: PHOTO_RULES.maxCount,
  fields: 30,
  fieldSize: 16 * 1024,
  fieldNameSize: 64,
  parts: 40,
  headerPairs: 20,
};

type PhotoFile = Express.Multer.File & { photo?: PreparedPhoto; sent?: SentPhoto };

/** `res.locals.retry`: the request's key was answered already when it arrived (decision 0207). */
const isRetry = (res: { locals: Record<string, unknown> }) => res.locals.retry === true;

function honeypotFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A multer storage engine that hands each photo to the service as it arrives: the service streams
 * it to a private temporary file and runs it through the image pipeline; only the small re-encoded
 * result stays in memory. Photos are decoded two at a time in the process (decision 0170), counted in the order they
 * arrived.
 */
function photoPipelineStorage(services: Services): StorageEngine {
  return {
    _handleFile(req, file, cb) {
      // the form sends its fields before its photos: a robot's photos are not worth decoding
      if (honeypotFilled(req.body)) {
        file.stream.resume();
        file.stream.once('end', () => cb(null, {}));
        return;
      }
      // a retry's photos are the first request's: read to tell them the same, never decoded
      if (isRetry(req.res!)) {
        services.leads.readSentPhoto(file.stream).then(
          (sent) => cb(null, { sent } as Partial<PhotoFile>),
          (err: Error) => cb(err),
        );
        return;
      }
      // one pixel budget and one place in the decode queue for all of this request's photos
      const holder = req as typeof req & { photoBudget?: ReturnType<Services['leads']['photoBudget']> };
      holder.photoBudget ??= services.leads.photoBudget();
      services.leads.receivePhoto(file.stream, file.originalname, holder.photoBudget).then(
        (photo) => cb(null, { photo, sent: photo.sent } as Partial<PhotoFile>),
        (err: Error) => cb(err),
      );
    },
    _removeFile(_req, file, cb) {
      delete (file as PhotoFile).photo;
      cb(null);
    },
  };
}

/** multer's and busboy's errors in the customer's words (product.md §5 'Photo rules' where they apply). */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError(
          413,
          PHOTO_MESSAGES.tooLarge(displayFileName((err as { filename?: string }).filename)),
          { cause: err },
        );
      case 'LIMIT_FILE_COUNT':
        return new AppError(400, PHOTO_MESSAGES.tooMany, { cause: err });
      case 'LIMIT_UNEXPECTED_FILE':
        return new AppError(400, 'Photos must be sent in the "photos" field.', { cause: err });
      case 'LIMIT_FIELD_VALUE':
        return new AppError(413, 'A field of the request is too long.', { cause: err });
      default:
        return new AppError(400, 'The request has too many or malformed fields.', { cause: err });
    }
  }
  const message = err instanceof Error ? err.message : '';
  if (/^Request (aborted|closed)$/.test(message))
    return new AppError(400, UPLOAD_INTERRUPTED, { cause: err });
  // busboy: a body that is not well-formed multipart (cut off, wrong boundary…)
  return new AppError(400, 'The upload was incomplete or malformed. Please try again.', { cause: err });
}

export function leadsRouter(services: Services, config: Config): Router {
  const router = Router();

  /** The phone's key (decision 0207): checked, and asked whether it was answered already. */
  const retryKey: RequestHandler = async (req, res, next) => {
    res.locals.retry = await services.leads.answered(req.get(IDEMPOTENCY_HEADER));
    next();
  };

  /** New requests count on one limit; a phone retrying a request we answered makes nothing, and
   * counts on a larger one of its own, so it is not locked out by its connection's other requests. */
  const limit = (bound: { windowMs: number; limit: number }, prefix: string, retries: boolean) =>
    rateLimit({
      windowMs: bound.windowMs,
      limit: bound.limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: { message: TOO_MANY_REQUESTS },
      store: databaseStore(services.rateLimits, prefix),
      skip: (_req, res) => isRetry(res) !== retries,
    });
  const submitLimit = limit(LEAD_RATE_LIMIT, 'leads:', false);
  const retryLimit = limit(LEAD_RETRY_LIMIT, 'lead-retries:', true);

  const boundedBody: RequestHandler = (req, res, next) => {
    const length = Number(req.get('content-length') ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.set('Connection', 'close');
      res.status(413).json({ message: REQUEST_TOO_LARGE });
      return;
    }
    if (!req.is('multipart/form-data')) {
      res.status(415).json({ message: NOT_MULTIPART });
      return;
    }
    next();
  };

  const parse = multer({ storage: photoPipelineStorage(services), limits: LIMITS }).array(
    'photos',
    PHOTO_RULES.maxCount,
  );
  const upload: RequestHandler = (req, res, next) => {
    parse(req, res, (err?: unknown) => next(err ? uploadError(err) : undefined));
  };

  router.post('/leads', retryKey, submitLimit, retryLimit, boundedBody, upload, async (req, res) => {
    const files = (req.files ?? []) as PhotoFile[];
    const photos = files.flatMap((f) => (f.photo ? [f.photo] : []));
    const key = req.get(IDEMPOTENCY_HEADER);
    const sent = files.flatMap((f) => (f.sent ? [f.sent] : []));
    // when we reply is said by the server's clock at the request (decision 0192), kept for a retry
    const { caseNumber, reply } = await services.leads.submitLead(
      { ...req.body },
      photos,
      key === undefined ? undefined : { key, sent },
    );
    res.status(201).json({ caseNumber, reply });
  });

  router.get('/leads/photos/*key', requireAdmin(config), async (req, res) => {
    const param = (req.params as { key?: string | string[] }).key;
    const key = Array.isArray(param) ? param.join('/') : (param ?? '');
    const photo = await services.leads.readPhoto(key, { preview: req.query.preview !== undefined });
    if (!photo) throw new AppError(404, 'Photo not found');
    res.set({
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.data.length),
      'Content-Disposition': 'inline',
      // opened on its own, the photo is a sandboxed document that can run nothing
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
    res.end(photo.data);
  });

  // ---- staff: Lead Management (decision 0050); every route behind requireAdmin ----
  const admin = requireAdmin(config);
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : undefined);
  const limitOf = (value: unknown) => {
    const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
    return n && n > 0 ? n : undefined;
  };
  const cursorOf = (value: unknown) => {
    if (value === undefined || value === '') return undefined;
    const cursor = parseBoardCursor(value);
    if (!cursor) throw new AppError(400, 'Invalid cursor');
    return cursor;
  };

  router.get('/leads', admin, async (req, res) => {
    const status = text(req.query.status);
    if (status !== undefined && !(LEAD_STATUSES as readonly string[]).includes(status))
      throw new AppError(400, 'Unknown status');
    const leads = await services.leadAdmin.listLeads({
      status: status as LeadStatus | undefined,
      search: text(req.query.q),
      before: cursorOf(req.query.before),
      limit: limitOf(req.query.limit),
    });
    res.json(leads);
  });

  router.get('/leads/board', admin, async (req, res) => {
    res.json(await services.leadAdmin.board({ search: text(req.query.q), limit: limitOf(req.query.limit) }));
  });

  router.get('/leads/board/:status', admin, async (req, res) => {
    const status = req.params.status;
    if (!isBoardStatus(status)) throw new AppError(404, 'No such column');
    res.json(
      await services.leadAdmin.boardColumn(status, {
        search: text(req.query.q),
        before: cursorOf(req.query.before),
        limit: limitOf(req.query.limit),
      }),
    );
  });

  router.get('/leads/export.csv', admin, async (_req, res) => {
    const csv = await services.leadAdmin.exportCsv();
    const day = csvDay(new Date());
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    });
    res.send(csv);
  });

  router.get('/leads/:id', admin, async (req, res) => {
    res.json(await services.leadAdmin.getLead(req.params.id));
  });

  // the status and the quote: product.md §7's calls, the Lead Details dialog's changes too
  // (server/changes/leads.ts, decision 0182)
  router.patch('/leads/:id', apiChange(services, config, 'leads.changeStatus'));
  router.post('/leads/:id/quote', apiChange(services, config, 'leads.sendQuote'));

  return router;
}
