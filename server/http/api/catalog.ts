/**
 * The catalog API (product.md §7; decision 0020).
 *
 * Public (active items only, never cost or markup):
 *   GET  /api/catalog?category=&city=&page=&perPage=   a page of items ('all' = no filter); the
 *        body is the list the spec describes, the paging is in X-Total-Count / X-Page /
 *        X-Per-Page / X-Page-Count and a Link header
 *   GET  /api/catalog/{slug}                            one item, 404 for unknown or non-active
 * Staff (requireAdmin):
 *   POST  /api/catalog                  create (JSON, the form's payload, cost in cents): `catalog.create`
 *   PATCH /api/catalog/{id}             update any fields: `catalog.update` (server/changes/catalog.ts)
 *   GET   /api/admin/catalog            every status, with cost and markup, ?search=&status=&category=&page=
 *   GET   /api/admin/catalog/export.csv the whole catalog as CSV
 *   POST  /api/admin/catalog/import     multipart 'file' (CSV); ?dryRun=1 checks without writing
 *   POST  /api/admin/catalog/images     multipart 'images': pictures for an item, answered with their URLs
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { CATALOG_TEXT } from '#app/modules/catalog/catalog.ts';
import { MAX_IMPORT_BYTES } from '#app/modules/catalog/catalog-csv.ts';
import { csvDay } from '#app/modules/shared/csv.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { ownBytes } from '../compress.ts';
import type { Services } from '../../services/index.ts';
import { IMAGE_MESSAGES, IMAGE_RULES, type CatalogListing } from '../../services/catalog.ts';
import { requireAdmin } from '../auth.ts';
import { apiChange } from '../change.ts';

const imageUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: IMAGE_RULES.maxBytes, files: IMAGE_RULES.maxPerUpload, fields: 5, parts: 12 },
}).array('images', IMAGE_RULES.maxPerUpload);

const csvUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 },
}).single('file');

/** multer's errors in words staff understand. */
function uploadError(err: unknown, what: 'images' | 'file'): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof multer.MulterError) {
    const file = (err as { field?: string; filename?: string }).filename ?? 'The file';
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return what === 'images'
          ? new AppError(413, IMAGE_MESSAGES.tooLarge(file), { cause: err })
          : new AppError(413, 'The file is too large (max 5MB).', { cause: err });
      case 'LIMIT_FILE_COUNT':
        return new AppError(
          400,
          what === 'images'
            ? `At most ${IMAGE_RULES.maxPerUpload} images at a time`
            : 'Send one file at a time',
          {
            cause: err,
          },
        );
      case 'LIMIT_UNEXPECTED_FILE':
        return new AppError(400, `Send the upload in the "${what}" field.`, { cause: err });
      default:
        return new AppError(400, 'The upload has too many or malformed parts.', { cause: err });
    }
  }
  return new AppError(400, 'The upload was incomplete or malformed. Please try again.', { cause: err });
}

const multipart =
  (parse: RequestHandler, what: 'images' | 'file'): RequestHandler =>
  (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      res.status(415).json({ message: 'Send the upload as multipart/form-data.' });
      return;
    }
    parse(req, res, (err?: unknown) => next(err ? uploadError(err, what) : undefined));
  };

/** CSV bytes as text: UTF-8 (with or without BOM), else Windows-1252, which Excel's plain 'CSV' writes. */
export function decodeCsv(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * The listing's JSON, ETag and compressed forms, made once per memoized listing (the service
 * keeps the listing object while it is fresh; a WeakMap forgets the bytes with it). Answers set
 * their own Content-Encoding, so the compression middleware leaves them alone.
 */
type EncodedListing = { json: Buffer; etag: string; br?: Buffer; gzip?: Buffer };
const encodedListings = new WeakMap<CatalogListing, EncodedListing>();

function sendListing(req: Request, res: Response, listing: CatalogListing): void {
  let encoded = encodedListings.get(listing);
  if (!encoded) {
    const json = Buffer.from(JSON.stringify(listing.items));
    encoded = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    encodedListings.set(listing, encoded);
  }
  res.set({ 'Content-Type': 'application/json; charset=utf-8', ETag: encoded.etag, Vary: 'Accept-Encoding' });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // brotli when the client takes it (smaller), else gzip; tiny answers are not worth it
  const encoding =
    encoded.json.length < 1024
      ? 'identity'
      : req.acceptsEncodings('br')
        ? 'br'
        : req.acceptsEncodings('gzip')
          ? 'gzip'
          : 'identity';
  let body = encoded.json;
  if (encoding === 'br') {
    body = encoded.br ??= ownBytes(
      zlib.brotliCompressSync(encoded.json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: encoded.json.length,
        },
      }),
    );
  } else if (encoding === 'gzip') {
    body = encoded.gzip ??= ownBytes(zlib.gzipSync(encoded.json));
  }
  if (body !== encoded.json) res.set('Content-Encoding', encoding as string);
  res.set('Content-Length', String(body.length)).end(body);
}

export function catalogRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);

  router.get('/catalog', async (req, res) => {
    const listing = await services.catalog.listPublic(req.query);
    // the filters as applied, not the query as sent: an echoed query of a few KB (U+FFFD for
    // each broken escape grows it ninefold) made headers no HTTP client reads (decision 0098)
    const link = (page: number) => {
      const params = new URLSearchParams();
      if (listing.category) params.set('category', listing.category);
      if (listing.city) params.set('city', listing.city.slug);
      if (req.query.perPage !== undefined) params.set('perPage', String(listing.perPage));
      params.set('page', String(page));
      return `</api/catalog?${params}>`;
    };
    const links = [
      listing.page < listing.pageCount ? `${link(listing.page + 1)}; rel="next"` : '',
      listing.page > 1 ? `${link(listing.page - 1)}; rel="prev"` : '',
    ].filter(Boolean);
    res.set({
      'Cache-Control': 'public, max-age=60',
      'X-Total-Count': String(listing.total),
      'X-Page': String(listing.page),
      'X-Per-Page': String(listing.perPage),
      'X-Page-Count': String(listing.pageCount),
      ...(links.length ? { Link: links.join(', ') } : {}),
    });
    sendListing(req, res, listing);
  });

  router.get('/catalog/:slug', async (req, res) => {
    const city = typeof req.query.city === 'string' ? req.query.city : undefined;
    const page = await services.catalog.publicItem(req.params.slug, city);
    if (!page) throw new AppError(404, CATALOG_TEXT.notFoundText);
    res.set('Cache-Control', 'public, max-age=60').json({ ...page.item, shipsIn: page.shipsIn });
  });

  // the screen's own declarations (decision 0182): the item dialog's door converts its dollars
  router.post('/catalog', apiChange(services, config, 'catalog.create', { limit: '64kb' }));
  router.patch('/catalog/:id', apiChange(services, config, 'catalog.update', { limit: '64kb' }));

  router.get('/admin/catalog', admin, async (req, res) => {
    res.json(await services.catalog.listForStaff(req.query));
  });

  router.get('/admin/catalog/export.csv', admin, async (_req, res) => {
    const csv = await services.catalog.exportCsv();
    const day = csvDay(new Date());
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="catalog-${day}.csv"`)
      .send(csv);
  });

  router.post('/admin/catalog/import', admin, multipart(csvUpload, 'file'), async (req, res) => {
    if (!req.file) throw new AppError(400, 'Choose a CSV file to import.');
    const dryRun = ['1', 'true'].includes(String(req.query.dryRun ?? ''));
    const result = await services.catalog.importCsv(decodeCsv(req.file.buffer), { dryRun });
    res.status(result.ok ? 200 : 400).json(result);
  });

  router.post('/admin/catalog/images', admin, multipart(imageUpload, 'images'), async (req, res) => {
    const uploaded = (req.files ?? []) as Express.Multer.File[];
    const images = await services.catalog.saveImages(
      uploaded.map((f) => ({ data: f.buffer, name: displayName(f.originalname) })),
    );
    res.status(201).json(images);
  });

  return router;
}

/** A file name fit to repeat in a message: no path, no control characters, not too long. */
function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, 80) : 'The file';
}
