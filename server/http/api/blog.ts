/**
 * The blog API (product.md §7; decision 0030).
 *
 * Public (live posts only: published and their time has come):
 *   GET /api/blog                       list of posts, newest first
 *   GET /api/blog/{slug}                one post; 404 { message: 'Blog post not found' } otherwise
 * Staff (requireAdmin):
 *   GET    /api/admin/blog              every post, every status
 *   GET    /api/admin/blog/categories   [{ id, name }]
 *   POST   /api/admin/blog              multipart form (featuredImage as a file): a new draft
 *   PATCH  /api/admin/blog/{id}         same payload: saves the form over the post
 *   DELETE /api/admin/blog/{id}         permanent, with the post's pictures
 *   POST   /api/admin/blog/{id}/publish     now, or JSON { publishAt: '2026-12-01T09:00' } (Winnipeg)
 *   POST   /api/admin/blog/images       multipart 'image': a picture for a post body → { url, width, height }
 * The four changes are the blog screen's declarations (server/changes/blog.ts, decision 0182);
 * unpublish and archive are the screen's alone.
 */
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { BLOG_TEXT } from '#app/modules/blog/blog.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_MESSAGES } from '../../services/blog.ts';
import { requireAdmin } from '../auth.ts';
import { jsonBody } from '../body.ts';
import { apiChange } from '../change.ts';

const limits = { fileSize: BLOG_IMAGE_MAX_BYTES, files: 1, fields: 30, fieldSize: 600 * 1024, parts: 32 };
const postUpload = multer({ storage: multer.memoryStorage(), limits }).single('featuredImage');
const imageUpload = multer({ storage: multer.memoryStorage(), limits }).single('image');

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return new AppError(413, BLOG_IMAGE_MESSAGES.tooLarge('The image'), { cause: err });
    if (err.code === 'LIMIT_UNEXPECTED_FILE')
      return new AppError(400, 'Send one image in the expected field.', { cause: err });
    return new AppError(400, 'The form has too many or malformed parts.', { cause: err });
  }
  return new AppError(400, 'The upload was incomplete or malformed. Please try again.', { cause: err });
}

/** multipart (the dialog) or JSON (scripts) bodies for the post form. */
const formBody =
  (parse: RequestHandler): RequestHandler =>
  (req, res, next) => {
    if (req.is('application/json')) return jsonBody('600kb')(req, res, next);
    if (!req.is('multipart/form-data')) {
      res.status(415).json({ message: 'Send the form as multipart/form-data.' });
      return;
    }
    parse(req, res, (err?: unknown) => next(err ? uploadError(err) : undefined));
  };

const fileOf = (req: Express.Request) =>
  req.file
    ? {
        data: req.file.buffer,
        name: (req.file.originalname || 'The image').split(/[\\/]/).pop()!.slice(0, 80),
      }
    : undefined;

export function blogRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);

  router.get('/blog', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(await services.blog.listPublished());
  });

  router.get('/blog/:slug', async (req, res) => {
    const post = await services.blog.publicPost(req.params.slug);
    if (!post) throw new AppError(404, BLOG_TEXT.apiNotFound);
    res.set('Cache-Control', 'public, max-age=60').json(post);
  });

  router.get('/admin/blog', admin, async (_req, res) => {
    res.json(await services.blog.listForStaff());
  });

  router.get('/admin/blog/categories', admin, async (_req, res) => {
    res.json(await services.blog.categories());
  });

  router.post('/admin/blog/images', admin, formBody(imageUpload), async (req, res) => {
    const file = fileOf(req);
    if (!file) throw new AppError(400, 'Choose an image to upload.');
    res.status(201).json(await services.blog.saveImage(file));
  });

  const change = (name: 'blog.create' | 'blog.update' | 'blog.delete' | 'blog.publish') =>
    apiChange(services, config, name, {
      body: name === 'blog.delete' ? false : name === 'blog.publish' ? undefined : formBody(postUpload),
    });
  router.post('/admin/blog', change('blog.create'));
  router.patch('/admin/blog/:id', change('blog.update'));
  router.delete('/admin/blog/:id', change('blog.delete'));
  router.post('/admin/blog/:id/publish', change('blog.publish'));

  return router;
}
