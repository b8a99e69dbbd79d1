/**
 * The blog API (product.md §7; decision 0030) on both engines: staff CRUD with the multipart form and
 * the product.md §5 omission rules, product.md §9 defaults, new posts as drafts, publish (now and scheduled,
 * with a fixed clock), unpublish and archive (Blog Management's own changes: through its screen's
 * action, decision 0182), public visibility (live posts only), bodies
 * sanitized on save, featured and pasted images through the image pipeline, permanent delete
 * with the post's pictures, the RSS feed and the sitemap.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import * as blogRoute from '#app/routes/admin-blog.tsx';
import { upsertBlogCategory } from '#server/db/repo/blog.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { answerOf, routeContext } from '../support/route-context.ts';

const T0 = new Date('2026-11-02T15:00:00.000Z');

const png = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

eachEngine('blog API', (ctx) => {
  let clock = T0;
  let app: ReturnType<typeof createTestApp>;
  let services: Services;
  let session: { cookie: string; token: string };
  let categoryId: number;
  const staff = (req: request.Test) => req.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
  const uploadsDir = () => path.join(ctx().t.dataDir, 'uploads', 'public');

  /** A status change of Blog Management's own (unpublish, archive), posted to its screen's action. */
  async function onScreen(intent: 'unpublish' | 'archive', id: number) {
    const body = new URLSearchParams({ intent, id: String(id) }).toString();
    const req = new Request('http://localhost/admin/blog', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(Buffer.byteLength(body)),
      },
      body,
    });
    const user = { id: 1, username: 'staff', displayName: 'Sam Staff', role: 'staff' as const };
    const context = routeContext(services, { ...ctx().deps, now: () => clock }, { user, csrfToken: 'token' });
    return answerOf(await blogRoute.action({ request: req, context, params: {} } as never));
  }

  beforeAll(async () => {
    const deps = { ...ctx().deps, now: () => clock };
    services = createServices(deps);
    app = createTestApp(deps, services);
    categoryId = await upsertBlogCategory(deps.db, 'Buying Guides');
    await createStaff(deps);
    session = await signIn(app);
  });

  const create = (fields: Record<string, string>, image?: Buffer) => {
    let req = staff(request(app).post('/api/admin/blog'));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    if (image) req = req.attach('featuredImage', image, { filename: 'axle.png', contentType: 'image/png' });
    return req;
  };

  describe('create', () => {
    it('saves a draft with the product.md §9 defaults, lists as JSON lists, and the slug from the title', async () => {
      const res = await create({
        title: 'Winter Trailer Checklist!',
        content: '<p>Grease the <strong>hubs</strong>.</p>',
        tags: JSON.stringify(['Trailers', ' Winter ', '']),
        cityFocus: JSON.stringify(['winnipeg', 'brandon']),
      }).expect(201);
      expect(res.body).toMatchObject({
        slug: 'winter-trailer-checklist',
        title: 'Winter Trailer Checklist!',
        status: 'draft',
        publishedAt: null,
        authorName: 'Parts Hunters MB',
        readTimeMinutes: 5,
        schemaType: 'Article',
        isFeatured: false,
        allowComments: false,
        categoryId: null,
        tags: ['Trailers', 'Winter'],
        cityFocus: ['winnipeg', 'brandon'],
        equipmentFocus: [],
        localKeywords: [],
        excerpt: null,
        featuredImage: null,
      });
      expect(res.body.createdAt).toBe(T0.toISOString());
    });

    it('keeps every field the dialog sends', async () => {
      const res = await create({
        title: 'Hydraulic Fittings 101',
        slug: 'Hydraulic  Fittings -- 101',
        excerpt: 'Thread types explained.',
        content: '<h2>JIC vs ORFS</h2><p>Text</p>',
        categoryId: String(categoryId),
        schemaType: 'HowTo',
        readTimeMinutes: '8',
        isFeatured: 'true',
        allowComments: 'true',
        tags: '["Hydraulics"]',
        authorName: 'Dana',
        metaTitle: 'Hydraulic fittings | MB',
        canonicalUrl: 'https://example.com/fittings',
        metaDescription: 'All about fittings.',
        authorBio: 'Parts hunter since 2009.',
        equipmentFocus: '["ag","skidsteer"]',
        localKeywords: '["hydraulic fittings Winnipeg"]',
      }).expect(201);
      expect(res.body).toMatchObject({
        slug: 'hydraulic-fittings----101',
        excerpt: 'Thread types explained.',
        categoryId,
        schemaType: 'HowTo',
        readTimeMinutes: 8,
        isFeatured: true,
        allowComments: true,
        authorName: 'Dana',
        metaTitle: 'Hydraulic fittings | MB',
        canonicalUrl: 'https://example.com/fittings',
        metaDescription: 'All about fittings.',
        authorBio: 'Parts hunter since 2009.',
        equipmentFocus: ['ag', 'skidsteer'],
        localKeywords: ['hydraulic fittings Winnipeg'],
      });
    });

    it("refuses a missing title, content or a bad schema type with the form's messages", async () => {
      const res = await create({ content: '<p></p>' }).expect(400);
      expect(res.body.fieldErrors.title).toEqual(['Title is required']);
      expect(res.body.fieldErrors.content).toEqual(['Content is required']);
      const bad = await create({ title: 'x', content: 'y', schemaType: 'Essay' }).expect(400);
      expect(bad.body.fieldErrors.schemaType).toBeDefined();
    });

    it('refuses a slug another post uses (409)', async () => {
      const res = await create({ title: 'Winter trailer checklist', content: 'Again' }).expect(409);
      expect(res.body.fieldErrors.slug).toEqual(['Another post already uses this URL slug']);
    });

    it('sanitizes the body on save, keeping the editor formatting', async () => {
      const res = await create({
        title: 'Sanitized',
        content:
          '<p style="text-align:center" onclick="alert(1)">Hi <span style="color:#ff0000;position:fixed">red</span><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      }).expect(201);
      expect(res.body.content).toBe(
        '<p style="text-align:center">Hi <span style="color:#ff0000">red</span><a>x</a></p>',
      );
    });

    it('processes the featured image like every upload and refuses files that are not images', async () => {
      const res = await create({ title: 'With picture', content: 'Body' }, await png()).expect(201);
      expect(res.body.featuredImage).toMatch(/^\/uploads\/blog\/[0-9a-f]{32}\.webp$/);
      const file = path.join(uploadsDir(), res.body.featuredImage.slice('/uploads/'.length));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe('webp');
      await request(app).get(res.body.featuredImage).expect(200);

      const bad = await create(
        { title: 'Bad picture', content: 'Body' },
        Buffer.from('<script>alert(1)</script>'),
      ).expect(400);
      expect(bad.body.message).toBe('axle.png is not an image file');
    });

    it('uploads a pasted picture for the body and answers with its URL and size', async () => {
      const res = await staff(request(app).post('/api/admin/blog/images'))
        .attach('image', await png(), { filename: 'paste.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body).toEqual({
        url: expect.stringMatching(/^\/uploads\/blog\/[0-9a-f]{32}\.webp$/),
        width: 64,
        height: 40,
      });
    });
  });

  describe('publishing and visibility', () => {
    const postBySlug = async (slug: string) =>
      (await staff(request(app).get('/api/admin/blog')).expect(200)).body.find(
        (p: { slug: string }) => p.slug === slug,
      );

    it('drafts are not public; publish makes a post live with publishedAt', async () => {
      const draft = await postBySlug('winter-trailer-checklist');
      expect((await request(app).get('/api/blog').expect(200)).body).toEqual([]);
      const missing = await request(app).get('/api/blog/winter-trailer-checklist').expect(404);
      expect(missing.body.message).toBe('Blog post not found');

      clock = new Date(T0.getTime() + 60_000);
      const res = await staff(request(app).post(`/api/admin/blog/${draft.id}/publish`)).expect(200);
      expect(res.body).toMatchObject({ status: 'published', publishedAt: clock.toISOString() });

      const list = await request(app).get('/api/blog').expect(200);
      expect(list.body.map((p: { slug: string }) => p.slug)).toEqual(['winter-trailer-checklist']);
      for (const field of ['status', 'cityFocus', 'canonicalUrl', 'authorBio', 'categoryId']) {
        expect(list.body[0]).not.toHaveProperty(field);
      }
      const one = await request(app).get('/api/blog/winter-trailer-checklist').expect(200);
      expect(one.body).toMatchObject({ title: 'Winter Trailer Checklist!', tags: ['Trailers', 'Winter'] });
    });

    it('a post scheduled for later (Winnipeg time) stays private until its time comes', async () => {
      const post = await postBySlug('hydraulic-fittings----101');
      // 2026-11-03 09:30 in Winnipeg (CST, UTC-6) is 15:30 UTC
      const res = await staff(request(app).post(`/api/admin/blog/${post.id}/publish`))
        .send({ publishAt: '2026-11-03T09:30' })
        .expect(200);
      expect(res.body).toMatchObject({ status: 'published', publishedAt: '2026-11-03T15:30:00.000Z' });
      await request(app).get('/api/blog/hydraulic-fittings----101').expect(404);
      expect((await request(app).get('/sitemap.xml')).text).not.toContain('hydraulic-fittings');

      clock = new Date('2026-11-03T15:30:00.000Z');
      session = await signIn(app); // a day later: the idle session has expired
      await request(app).get('/api/blog/hydraulic-fittings----101').expect(200);
      const list = await request(app).get('/api/blog').expect(200);
      expect(list.body.map((p: { slug: string }) => p.slug)).toEqual([
        'hydraulic-fittings----101',
        'winter-trailer-checklist',
      ]);

      const bad = await staff(request(app).post(`/api/admin/blog/${post.id}/publish`))
        .send({ publishAt: 'soon' })
        .expect(400);
      expect(bad.body.message).toBe('Choose a valid date and time');
    });

    it('published posts are in the sitemap with lastmod and in the RSS feed', async () => {
      const sitemap = (await request(app).get('/sitemap.xml').expect(200)).text;
      expect(sitemap).toMatch(/\/blog\/winter-trailer-checklist<\/loc>\s*<lastmod>/);
      // scheduled on the 2nd to go live on the 3rd: its last change is its publication, not the
      // edit before it (lastmod never earlier than the post's publication)
      expect(sitemap).toMatch(/\/blog\/hydraulic-fittings----101<\/loc>\s*<lastmod>2026-11-03<\/lastmod>/);
      const rss = await request(app).get('/blog/rss.xml').expect(200);
      expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);
      const built = Date.parse(/<lastBuildDate>([^<]+)</.exec(rss.text)![1]!);
      for (const [, date] of rss.text.matchAll(/<pubDate>([^<]+)</g)) {
        expect(built).toBeGreaterThanOrEqual(Date.parse(date!));
      }
      expect(rss.text).toContain('<title>Winter Trailer Checklist!</title>');
      expect(rss.text).toContain('/blog/hydraulic-fittings----101</link>');
      expect(rss.text).not.toContain('Sanitized');
    });

    it('unpublish makes a post a draft again; archive takes it off the site', async () => {
      const post = await postBySlug('winter-trailer-checklist');
      const un = await onScreen('unpublish', post.id);
      expect(un).toMatchObject({
        status: 200,
        body: { ok: true, post: { status: 'draft', publishedAt: null } },
      });
      await request(app).get('/api/blog/winter-trailer-checklist').expect(404);

      await staff(request(app).post(`/api/admin/blog/${post.id}/publish`)).expect(200);
      await request(app).get('/api/blog/winter-trailer-checklist').expect(200);
      const archived = await onScreen('archive', post.id);
      expect(archived).toMatchObject({ status: 200, body: { ok: true, post: { status: 'archived' } } });
      await request(app).get('/api/blog/winter-trailer-checklist').expect(404);
      expect((await request(app).get('/blog/rss.xml')).text).not.toContain('winter-trailer-checklist');
    });
  });

  describe('update and delete', () => {
    it('PATCH saves the form over the post: omitted values are cleared, status and publication kept', async () => {
      const post = (await staff(request(app).get('/api/admin/blog')).expect(200)).body.find(
        (p: { slug: string }) => p.slug === 'hydraulic-fittings----101',
      );
      const res = await staff(request(app).patch(`/api/admin/blog/${post.id}`))
        .field('title', 'Hydraulic Fittings 101')
        .field('slug', 'hydraulic-fittings-101')
        .field('content', '<p>New body</p>')
        .field('authorName', 'Dana')
        .expect(200);
      expect(res.body).toMatchObject({
        slug: 'hydraulic-fittings-101',
        content: '<p>New body</p>',
        excerpt: null,
        isFeatured: false,
        categoryId: null,
        status: 'published',
        publishedAt: post.publishedAt,
        createdAt: post.createdAt,
      });
      await staff(request(app).patch('/api/admin/blog/99999'))
        .field('title', 'x')
        .field('content', 'y')
        .expect(404);
    });

    it('a new featured image replaces the old one, whose file is removed', async () => {
      const first = await create({ title: 'Replace me', content: 'Body' }, await png()).expect(201);
      const oldFile = path.join(uploadsDir(), first.body.featuredImage.slice('/uploads/'.length));
      expect(fs.existsSync(oldFile)).toBe(true);
      const res = await staff(request(app).patch(`/api/admin/blog/${first.body.id}`))
        .field('title', 'Replace me')
        .field('content', 'Body')
        .attach('featuredImage', await png(), { filename: 'new.png', contentType: 'image/png' })
        .expect(200);
      expect(res.body.featuredImage).not.toBe(first.body.featuredImage);
      expect(fs.existsSync(oldFile)).toBe(false);
    });

    it('removeFeaturedImage leaves the post without a featured image and deletes the file', async () => {
      const first = await create({ title: 'Lose the picture', content: 'Body' }, await png()).expect(201);
      const oldFile = path.join(uploadsDir(), first.body.featuredImage.slice('/uploads/'.length));
      expect(fs.existsSync(oldFile)).toBe(true);
      const res = await staff(request(app).patch(`/api/admin/blog/${first.body.id}`))
        .field('title', 'Lose the picture')
        .field('content', 'Body')
        .field('removeFeaturedImage', 'true')
        .expect(200);
      expect(res.body.featuredImage).toBeNull();
      expect(fs.existsSync(oldFile)).toBe(false);
      // a save without the flag keeps whatever the post has
      const again = await staff(request(app).patch(`/api/admin/blog/${first.body.id}`))
        .field('title', 'Lose the picture')
        .field('content', 'Body')
        .attach('featuredImage', await png(), { filename: 'new.png', contentType: 'image/png' })
        .expect(200);
      const kept = await staff(request(app).patch(`/api/admin/blog/${first.body.id}`))
        .field('title', 'Lose the picture again')
        .field('content', 'Body')
        .expect(200);
      expect(kept.body.featuredImage).toBe(again.body.featuredImage);
    });

    it('DELETE removes the post for good, with its featured and body pictures', async () => {
      const pasted = await staff(request(app).post('/api/admin/blog/images'))
        .attach('image', await png(), { filename: 'p.png', contentType: 'image/png' })
        .expect(201);
      const post = await create(
        {
          title: 'Short lived',
          content: `<p>Look</p><img src="${pasted.body.url}" alt="part" width="64" height="40">`,
        },
        await png(),
      ).expect(201);
      const files = [post.body.featuredImage, pasted.body.url].map((u: string) =>
        path.join(uploadsDir(), u.slice('/uploads/'.length)),
      );
      expect(files.every((f) => fs.existsSync(f))).toBe(true);
      await staff(request(app).delete(`/api/admin/blog/${post.body.id}`)).expect(204);
      expect(files.some((f) => fs.existsSync(f))).toBe(false);
      const list = await staff(request(app).get('/api/admin/blog')).expect(200);
      expect(list.body.some((p: { id: number }) => p.id === post.body.id)).toBe(false);
      await staff(request(app).delete(`/api/admin/blog/${post.body.id}`)).expect(404);
    });

    it('lists categories for the dialog', async () => {
      const res = await staff(request(app).get('/api/admin/blog/categories')).expect(200);
      expect(res.body).toEqual([{ id: categoryId, name: 'Buying Guides' }]);
    });
  });

  describe('guards', () => {
    it('staff endpoints refuse visitors (401) and mutations without the CSRF token (403)', async () => {
      await request(app).get('/api/admin/blog').expect(401);
      await request(app).get('/api/admin/blog/categories').expect(401);
      await request(app).post('/api/admin/blog').field('title', 'x').expect(401);
      await request(app).post('/api/admin/blog/1/publish').expect(401);
      await request(app).delete('/api/admin/blog/1').expect(401);
      await request(app)
        .post('/api/admin/blog')
        .set('Cookie', session.cookie)
        .field('title', 'x')
        .expect(403);
    });
  });
});
