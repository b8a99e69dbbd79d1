/**
 * The blog (product.md §2 'Blog', 'Blog post', 'Blog Management'; §7; decision 0030). Public readers see
 * published posts whose time has come, with bodies rendered through product.md §5's strict sanitizer;
 * staff list every post, create and edit them with the shared schema (bodies sanitized on save,
 * editor formatting kept), publish now or at a chosen Winnipeg time, unpublish, archive and delete
 * for good (with the post's uploaded pictures). Page loaders and /api handlers call these same
 * functions.
 */
import {
  BLOG_DEFAULTS,
  BLOG_TEXT,
  isLive,
  postModifiedAt,
  postPath,
  blogSlug,
  toPublicPost,
  type AdminBlogPost,
  type BlogCategory,
  type PublicBlogPost,
} from '#app/modules/blog/blog.ts';
import {
  BLOG_FORM_MESSAGES,
  blogPayloadSchema,
  MAX_CONTENT_DEPTH,
  publishSchema,
} from '#app/modules/blog/blog.schema.ts';
import { zonedLocalToInstant } from '#app/modules/blog/schedule.ts';
import type { UploadedImage } from '#app/modules/site/uploads.ts';
import {
  deleteBlogPost,
  findBlogPostById,
  findRenderedBody,
  findBlogPostBySlug,
  insertBlogPost,
  listAllBlogPosts,
  listBlogCategories,
  listPublishedPosts,
  setBlogPostStatus,
  storeRenderedBody,
  updateBlogPost,
  type NewBlogPost,
} from '../db/repo/blog.ts';
import { uniqueViolationOn } from '../db/unique-violation.ts';
import { AppError } from '../errors.ts';
import { NotAnImageError } from '../storage/index.ts';
import { parseInput } from '../validation.ts';
import { nestingDepth, renderPostBody, sanitizeForSave, uploadedImageUrls } from './blog-html.ts';
import type { ContentChanges } from './changes.ts';
import type { ServiceDeps } from './context.ts';

/** Blog pictures: public WebP, at most 1600 px on the long side. */
export const BLOG_IMAGE = { format: 'webp', maxEdge: 1600, quality: 80 } as const;
export const BLOG_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const BLOG_IMAGE_MESSAGES = {
  notImage: (file: string) => `${file} is not an image file`,
  tooLarge: (file: string) => `${file} is too large (max 10MB)`,
} as const;

export type Upload = { data: Buffer; name: string };

/** A public post with its body ready for the page (product.md §5 strict list). */
export type BlogPostPage = { post: PublicBlogPost; html: string; canonicalUrl: string | null };

const FEED_SIZE = 20;

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const slugTaken = () =>
  new AppError(409, BLOG_TEXT.slugTaken, { fieldErrors: { slug: [BLOG_TEXT.slugTaken] } });
const missing = () => new AppError(404, BLOG_TEXT.postMissing);

export function blogService(
  { db, files, logger, now, config }: ServiceDeps,
  { changes }: { changes: ContentChanges },
) {
  /** After a write that committed: every process forgets the pages it kept (decision 0097). */
  const changed = () =>
    changes.publish().catch((err: unknown) => {
      logger.warn({ err }, 'blog saved, but the change could not be signalled to other processes');
    });

  /**
   * The feed's `<enclosure>` of a featured image: its URL, type and real length in bytes, which RSS
   * requires (a reader may refuse `length="0"`). Stored images never change under their key (each
   * upload gets a fresh one), so a length once read is kept. None when the file is not ours or not
   * there, or storage cannot say: no length is better than a wrong one.
   */
  const imageSizes = new Map<string, number>();
  async function enclosureOf(imageUrl: string): Promise<string | undefined> {
    const key = files.publicKeyOf(imageUrl);
    if (!key) return undefined;
    let size = imageSizes.get(key);
    if (size === undefined) {
      size = await files.size('public', key).catch((err: unknown) => {
        logger.warn({ err, url: imageUrl }, 'blog image size unknown; feed item sent without its enclosure');
        return undefined;
      });
      if (size === undefined) return undefined;
      imageSizes.set(key, size);
    }
    const type = /\.jpe?g$/i.test(key) ? 'image/jpeg' : /\.png$/i.test(key) ? 'image/png' : 'image/webp';
    return `      <enclosure url="${xml(config.baseUrl + imageUrl)}" type="${type}" length="${size}" />`;
  }

  async function storeImage(upload: Upload): Promise<UploadedImage> {
    if (upload.data.length > BLOG_IMAGE_MAX_BYTES)
      throw new AppError(413, BLOG_IMAGE_MESSAGES.tooLarge(upload.name));
    try {
      const { url, width, height } = await files.storeImage('public', upload.data, {
        dir: 'blog',
        image: BLOG_IMAGE,
      });
      return { url, width, height };
    } catch (err) {
      if (err instanceof NotAnImageError) {
        logger.info({ file: upload.name, reason: err.message }, 'blog image refused');
        throw new AppError(400, BLOG_IMAGE_MESSAGES.notImage(upload.name), {
          cause: err,
          fieldErrors: { featuredImage: [BLOG_IMAGE_MESSAGES.notImage(upload.name)] },
        });
      }
      throw err;
    }
  }

  /** Removes uploaded pictures no remaining post refers to. */
  async function removeUnusedImages(urls: readonly string[]): Promise<void> {
    if (!urls.length) return;
    const inUse = new Set(
      (await listAllBlogPosts(db)).flatMap((p) => [
        ...uploadedImageUrls(p.content),
        ...(p.featuredImage ? [p.featuredImage] : []),
      ]),
    );
    for (const url of urls) {
      const key = files.publicKeyOf(url);
      if (inUse.has(url) || !key?.startsWith('blog/')) continue;
      try {
        await files.remove('public', key);
      } catch (err) {
        logger.warn({ err, url }, 'blog image could not be removed');
      }
    }
  }

  /** The stored post from the form's payload; the slug from the title when none is given. */
  async function fromPayload(
    input: unknown,
    existing?: AdminBlogPost,
  ): Promise<{
    post: Omit<NewBlogPost, 'featuredImage' | 'status' | 'publishedAt'>;
    removeFeaturedImage: boolean;
  }> {
    const data = parseInput(blogPayloadSchema, input);
    // checked before anything parses the body: sanitizing a pathological one would take seconds
    if (nestingDepth(data.content) > MAX_CONTENT_DEPTH) {
      throw new AppError(400, BLOG_FORM_MESSAGES.contentDepth, {
        fieldErrors: { content: [BLOG_FORM_MESSAGES.contentDepth] },
      });
    }
    const slug = blogSlug(data.slug ?? '') || blogSlug(data.title) || `post-${Date.now().toString(36)}`;
    const other = await findBlogPostBySlug(db, slug);
    if (other && other.id !== existing?.id) throw slugTaken();
    if (
      data.categoryId !== undefined &&
      !(await listBlogCategories(db)).some((c) => c.id === data.categoryId)
    ) {
      throw new AppError(400, 'Choose a category from the list', {
        fieldErrors: { categoryId: ['Choose a category from the list'] },
      });
    }
    const post = {
      slug,
      title: data.title,
      excerpt: data.excerpt ?? null,
      content: sanitizeForSave(data.content),
      tags: data.tags,
      authorName: data.authorName ?? config.site.name,
      authorBio: data.authorBio ?? null,
      categoryId: data.categoryId ?? null,
      canonicalUrl: data.canonicalUrl ?? null,
      metaTitle: data.metaTitle ?? null,
      metaDescription: data.metaDescription ?? null,
      readTimeMinutes: data.readTimeMinutes ?? BLOG_DEFAULTS.readTimeMinutes,
      isFeatured: data.isFeatured,
      allowComments: data.allowComments,
      cityFocus: data.cityFocus,
      equipmentFocus: data.equipmentFocus,
      localKeywords: data.localKeywords,
      schemaType: data.schemaType,
    };
    return { post, removeFeaturedImage: data.removeFeaturedImage };
  }

  /** Renders the post's public body and keeps it, unless the post was saved again meanwhile. */
  async function renderBody(post: AdminBlogPost): Promise<string> {
    const html = renderPostBody(post.content);
    await storeRenderedBody(db, post.id, post.updatedAt, html);
    return html;
  }

  async function getPost(id: number): Promise<AdminBlogPost> {
    const post = Number.isInteger(id) && id > 0 ? await findBlogPostById(db, id) : undefined;
    if (!post) throw missing();
    return post;
  }

  async function livePost(slug: string): Promise<AdminBlogPost | undefined> {
    const post = await findBlogPostBySlug(db, slug);
    return post && isLive(post, now()) ? post : undefined;
  }

  return {
    /** Published posts whose time has come, newest first (GET /api/blog, /blog). */
    async listPublished(): Promise<PublicBlogPost[]> {
      return (await listPublishedPosts(db, now())).map(toPublicPost);
    },

    /** One live post by slug (GET /api/blog/{slug}); undefined for drafts, archived, scheduled, unknown. */
    async publicPost(slug: string): Promise<PublicBlogPost | undefined> {
      const post = await livePost(slug);
      return post && toPublicPost(post);
    },

    /**
     * A live post with its public body (/blog/{slug}): rendered when the post was saved and kept,
     * so a view never sanitizes (decision 0096); a post saved before that, or seeded, is rendered
     * at its first view and kept.
     */
    async postPage(slug: string): Promise<BlogPostPage | undefined> {
      const post = await livePost(slug);
      if (!post) return undefined;
      return {
        post: toPublicPost(post),
        html: (await findRenderedBody(db, post.id)) ?? (await renderBody(post)),
        canonicalUrl: post.canonicalUrl,
      };
    },

    /** Every post, every status, newest first (GET /api/admin/blog). */
    listForStaff: () => listAllBlogPosts(db),

    getPost,

    /** GET /api/admin/blog/categories. */
    categories: (): Promise<BlogCategory[]> => listBlogCategories(db),

    /**
     * Creates a draft from the form's payload (POST /api/admin/blog); the featured image is
     * processed like every upload. A draft is on no public page: nothing to signal.
     */
    async createPost(input: unknown, featuredImage?: Upload): Promise<AdminBlogPost> {
      const { post: data } = await fromPayload(input);
      const image = featuredImage && (await storeImage(featuredImage));
      let created: AdminBlogPost;
      try {
        created = await insertBlogPost(
          db,
          { ...data, featuredImage: image?.url ?? null, status: 'draft', publishedAt: null },
          now(),
        );
      } catch (err) {
        if (image) await removeUnusedImages([image.url]);
        // the slug is the posts' one unique column: another save took it since fromPayload looked
        if (uniqueViolationOn(err)) throw slugTaken();
        throw err;
      }
      await renderBody(created);
      return created;
    },

    /**
     * Saves the form over a post (PATCH /api/admin/blog/{id}). Status and publication time stay;
     * a new featured image replaces the old one, and `removeFeaturedImage` leaves none: the old
     * file is removed either way, and so are pictures the body no longer shows.
     */
    async updatePost(id: number, input: unknown, featuredImage?: Upload): Promise<AdminBlogPost> {
      const existing = await getPost(id);
      const { post: data, removeFeaturedImage } = await fromPayload(input, existing);
      const image = featuredImage && (await storeImage(featuredImage));
      let updated: AdminBlogPost | undefined;
      try {
        updated = await updateBlogPost(
          db,
          id,
          {
            ...data,
            featuredImage: image?.url ?? (removeFeaturedImage ? null : existing.featuredImage),
            status: existing.status,
            publishedAt: existing.publishedAt,
          },
          now(),
        );
      } catch (err) {
        if (image) await removeUnusedImages([image.url]);
        // the slug is the posts' one unique column: another save took it since fromPayload looked
        if (uniqueViolationOn(err)) throw slugTaken();
        throw err;
      }
      if (!updated) throw missing();
      await renderBody(updated);
      await changed();
      const before = [
        ...uploadedImageUrls(existing.content),
        ...(existing.featuredImage ? [existing.featuredImage] : []),
      ];
      await removeUnusedImages(before);
      return updated;
    },

    /** Deletes a post for good (DELETE /api/admin/blog/{id}), with the pictures only it used. */
    async deletePost(id: number): Promise<void> {
      const post = await getPost(id);
      await deleteBlogPost(db, id);
      await changed();
      await removeUnusedImages([
        ...uploadedImageUrls(post.content),
        ...(post.featuredImage ? [post.featuredImage] : []),
      ]);
      logger.info({ id, slug: post.slug }, 'blog post deleted');
    },

    /**
     * Publishes a post (POST /api/admin/blog/{id}/publish): now, or at `publishAt`, a Winnipeg
     * wall-clock time ('2026-12-01T09:00') or an ISO instant; until then it is not public.
     */
    async publishPost(id: number, input: unknown = {}): Promise<AdminBlogPost> {
      await getPost(id);
      const { publishAt } = parseInput(publishSchema, input ?? {});
      let at = now();
      if (publishAt) {
        const when = /Z$|[+-]\d{2}:\d{2}$/.test(publishAt)
          ? new Date(publishAt)
          : zonedLocalToInstant(publishAt);
        if (!when || Number.isNaN(when.getTime())) {
          throw new AppError(400, 'Choose a valid date and time', {
            fieldErrors: { publishAt: ['Choose a valid date and time'] },
          });
        }
        at = when;
      }
      const post = await setBlogPostStatus(db, id, 'published', at.toISOString(), now());
      if (!post) throw missing();
      // a post published for later appears when its time comes: the page cache lives at most a minute
      await changed();
      return post;
    },

    /** Back to draft: off the website, publication time cleared. */
    async unpublishPost(id: number): Promise<AdminBlogPost> {
      await getPost(id);
      const post = await setBlogPostStatus(db, id, 'draft', null, now());
      if (!post) throw missing();
      await changed();
      return post;
    },

    /** Archived: off the website, kept for the record (its publication time stays). */
    async archivePost(id: number): Promise<AdminBlogPost> {
      const existing = await getPost(id);
      const post = await setBlogPostStatus(db, id, 'archived', existing.publishedAt, now());
      if (!post) throw missing();
      await changed();
      return post;
    },

    /** A picture for a post body (pasted or dropped in the editor): processed, stored, its URL returned. */
    saveImage: (upload: Upload) => storeImage(upload),

    /** RSS 2.0 of the newest live posts (/blog/rss.xml). */
    async rssXml(): Promise<string> {
      const base = config.baseUrl;
      const posts = (await listPublishedPosts(db, now())).slice(0, FEED_SIZE);
      const enclosures = await Promise.all(posts.map((p) => p.featuredImage && enclosureOf(p.featuredImage)));
      const items = posts
        .map((p, i) => {
          const link = `${base}${postPath(p.slug)}`;
          return [
            '    <item>',
            `      <title>${xml(p.title)}</title>`,
            `      <link>${xml(link)}</link>`,
            `      <guid isPermaLink="true">${xml(link)}</guid>`,
            `      <pubDate>${new Date(p.publishedAt!).toUTCString()}</pubDate>`,
            `      <dc:creator>${xml(p.authorName)}</dc:creator>`,
            ...p.tags.map((t) => `      <category>${xml(t)}</category>`),
            `      <description>${xml(p.excerpt ?? p.metaDescription ?? '')}</description>`,
            enclosures[i] ?? '',
            '    </item>',
          ]
            .filter(Boolean)
            .join('\n');
        })
        .join('\n');
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
        '  <channel>',
        `    <title>${xml(`${config.site.name} Blog`)}</title>`,
        `    <link>${xml(`${base}/blog`)}</link>`,
        `    <atom:link href="${xml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
        `    <description>${xml(BLOG_TEXT.listIntro)}</description>`,
        '    <language>en-CA</language>',
        posts.length
          ? `    <lastBuildDate>${new Date(posts.map(postModifiedAt).sort().at(-1)!).toUTCString()}</lastBuildDate>`
          : '',
        items,
        '  </channel>',
        '</rss>',
        '',
      ]
        .filter((line) => line !== '')
        .join('\n');
    },
  };
}
export type BlogService = ReturnType<typeof blogService>;
