/**
 * Expensive blog bodies are bounded (issue 14 item 5; decision 0096), on both engines: a body
 * nested deeper than any post the editor makes is refused with a message on the field, before
 * anything parses it; the public body is rendered when the post is saved and served as kept, so a
 * view never sanitizes; a post stored before that (or seeded) is rendered once, at its first view.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { BLOG_FORM_MESSAGES, MAX_CONTENT_DEPTH } from '#app/modules/blog/blog.schema.ts';
import { insertBlogPost } from '#server/db/repo/blog.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

const nested = (levels: number, tag = 'blockquote') =>
  `${`<${tag}>`.repeat(levels)}deep${`</${tag}>`.repeat(levels)}`;

eachEngine('bounded blog bodies', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let session: { cookie: string; token: string };
  const staff = (req: request.Test) => req.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
  const bodyHtml = async (id: number) =>
    (
      await ctx()
        .deps.db.selectFrom('blog_posts')
        .select('body_html')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).body_html;

  beforeAll(async () => {
    const { deps, services } = ctx();
    app = createTestApp(deps, services);
    await createStaff(deps);
    session = await signIn(app);
  });

  it('refuses a body of 40,000 nested tags with a message on the content field', async () => {
    const res = await staff(request(app).post('/api/admin/blog'))
      .send({ title: 'Pathological', content: nested(40_000, 'div') })
      .expect(400);
    expect(res.body).toEqual({
      message: BLOG_FORM_MESSAGES.contentDepth,
      fieldErrors: { content: [BLOG_FORM_MESSAGES.contentDepth] },
    });
    const update = await staff(request(app).post('/api/admin/blog'))
      .send({ title: 'Just deep enough', content: nested(MAX_CONTENT_DEPTH) })
      .expect(201);
    await staff(request(app).patch(`/api/admin/blog/${update.body.id}`))
      .send({ title: 'Just deep enough', content: nested(MAX_CONTENT_DEPTH + 1) })
      .expect(400);
  });

  it('renders the public body when a post is saved, and serves that, not a new sanitizing of the content', async () => {
    const { services, deps } = ctx();
    const created = await staff(request(app).post('/api/admin/blog'))
      .send({ title: 'Kept Body', content: '<p>Grease the <strong>hubs</strong>.</p>' })
      .expect(201);
    const id = created.body.id as number;
    expect(await bodyHtml(id)).toBe('<p>Grease the <strong>hubs</strong>.</p>');
    await staff(request(app).post(`/api/admin/blog/${id}/publish`))
      .send({})
      .expect(200);
    // the content changed behind the service's back: the page still serves what was rendered at save
    await deps.db
      .updateTable('blog_posts')
      .set({ content: '<p>Changed in the database</p>' })
      .where('id', '=', id)
      .execute();
    expect((await services.blog.postPage('kept-body'))?.html).toBe(
      '<p>Grease the <strong>hubs</strong>.</p>',
    );

    // a save renders again
    await staff(request(app).patch(`/api/admin/blog/${id}`))
      .send({ title: 'Kept Body', slug: 'kept-body', content: '<p>Check the <em>bearings</em>.</p>' })
      .expect(200);
    expect(await bodyHtml(id)).toBe('<p>Check the <em>bearings</em>.</p>');
    expect((await services.blog.postPage('kept-body'))?.html).toBe('<p>Check the <em>bearings</em>.</p>');
  });

  it('renders a post stored before (no kept body) at its first view, and keeps it', async () => {
    const { services, deps } = ctx();
    const old = await insertBlogPost(
      deps.db,
      {
        slug: 'stored-before',
        title: 'Stored Before',
        excerpt: null,
        content: 'First paragraph.\n\nSecond <script>alert(1)</script>paragraph.',
        featuredImage: null,
        tags: [],
        authorName: 'Staff',
        authorBio: null,
        categoryId: null,
        canonicalUrl: null,
        metaTitle: null,
        metaDescription: null,
        readTimeMinutes: 5,
        isFeatured: false,
        allowComments: true,
        cityFocus: [],
        equipmentFocus: [],
        localKeywords: [],
        schemaType: 'Article',
        status: 'published',
        publishedAt: '2026-01-01T00:00:00.000Z',
      },
      new Date('2026-01-01T00:00:00.000Z'),
    );
    expect(await bodyHtml(old.id)).toBeNull();
    const expected = '<p>First paragraph.</p>\n<p>Second paragraph.</p>';
    expect((await services.blog.postPage('stored-before'))?.html).toBe(expected);
    expect(await bodyHtml(old.id)).toBe(expected);
  });
});
