/** Blog posts: rows in, AdminBlogPost out, identical on SQLite and PostgreSQL. */
import type { Kysely, Selectable } from 'kysely';
import type { AdminBlogPost, BlogStatus, SchemaType } from '#app/modules/blog/blog.ts';
import type { BlogPostsTable, DB } from '../schema.ts';
import { parseList, toBool } from './rows.ts';

export type NewBlogPost = Omit<AdminBlogPost, 'id' | 'createdAt' | 'updatedAt'>;

export function toBlogPost(row: Selectable<BlogPostsTable>): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featured_image,
    tags: parseList(row.tags),
    authorName: row.author_name,
    authorBio: row.author_bio,
    categoryId: row.category_id,
    canonicalUrl: row.canonical_url,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    readTimeMinutes: row.read_time_minutes,
    isFeatured: toBool(row.is_featured),
    allowComments: toBool(row.allow_comments),
    cityFocus: parseList(row.city_focus),
    equipmentFocus: parseList(row.equipment_focus),
    localKeywords: parseList(row.local_keywords),
    schemaType: row.schema_type as SchemaType,
    status: row.status as BlogStatus,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A post's fields as table columns (lists as JSON text), for inserts and updates alike. */
function toColumns(post: NewBlogPost) {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    featured_image: post.featuredImage,
    tags: JSON.stringify(post.tags),
    author_name: post.authorName,
    author_bio: post.authorBio,
    category_id: post.categoryId,
    canonical_url: post.canonicalUrl,
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    read_time_minutes: post.readTimeMinutes,
    is_featured: post.isFeatured,
    allow_comments: post.allowComments,
    city_focus: JSON.stringify(post.cityFocus),
    equipment_focus: JSON.stringify(post.equipmentFocus),
    local_keywords: JSON.stringify(post.localKeywords),
    schema_type: post.schemaType,
    status: post.status,
    published_at: post.publishedAt,
    // new content: its public rendering is made again (storeRenderedBody)
    body_html: null,
  };
}

export async function insertBlogPost(db: Kysely<DB>, post: NewBlogPost, now: Date): Promise<AdminBlogPost> {
  const at = now.toISOString();
  const row = await db
    .insertInto('blog_posts')
    .values({
      ...toColumns(post),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBlogPost(row);
}

export async function findBlogPostBySlug(db: Kysely<DB>, slug: string): Promise<AdminBlogPost | undefined> {
  const row = await db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && toBlogPost(row);
}

/** Published posts whose time has come, newest first. */
export async function listPublishedPosts(db: Kysely<DB>, now: Date): Promise<AdminBlogPost[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .selectAll()
    .where('status', '=', 'published')
    .where('published_at', '<=', now.toISOString())
    .orderBy('published_at', 'desc')
    .execute();
  return rows.map(toBlogPost);
}

export async function upsertBlogCategory(db: Kysely<DB>, name: string): Promise<number> {
  const existing = await db
    .selectFrom('blog_categories')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('blog_categories')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every post, every status, newest first (the staff table). */
export async function listAllBlogPosts(db: Kysely<DB>): Promise<AdminBlogPost[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toBlogPost);
}

export async function findBlogPostById(db: Kysely<DB>, id: number): Promise<AdminBlogPost | undefined> {
  const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toBlogPost(row);
}

/** Replaces every field of a post but its creation time; undefined when it does not exist. */
export async function updateBlogPost(
  db: Kysely<DB>,
  id: number,
  post: NewBlogPost,
  now: Date,
): Promise<AdminBlogPost | undefined> {
  const row = await db
    .updateTable('blog_posts')
    .set({
      ...toColumns(post),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toBlogPost(row);
}

/** Sets a post's status and publication time (publish, schedule, unpublish, archive). */
export async function setBlogPostStatus(
  db: Kysely<DB>,
  id: number,
  status: BlogStatus,
  publishedAt: string | null,
  now: Date,
): Promise<AdminBlogPost | undefined> {
  const row = await db
    .updateTable('blog_posts')
    .set({ status, published_at: publishedAt, updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toBlogPost(row);
}

/** Deletes a post for good; true when there was one. */
export async function deleteBlogPost(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listBlogCategories(db: Kysely<DB>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('blog_categories').select(['id', 'name']).orderBy('name').execute();
}

/** The public body kept for a post, or null when it has not been rendered since its last save. */
export async function findRenderedBody(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await db.selectFrom('blog_posts').select('body_html').where('id', '=', id).executeTakeFirst();
  return row?.body_html ?? null;
}

/**
 * Keeps the public body rendered from the post as it was at `updatedAt`: a save made since (which
 * cleared the column) is not overwritten with a rendering of older content.
 */
export async function storeRenderedBody(
  db: Kysely<DB>,
  id: number,
  updatedAt: string,
  html: string,
): Promise<void> {
  await db
    .updateTable('blog_posts')
    .set({ body_html: html })
    .where('id', '=', id)
    .where('updated_at', '=', updatedAt)
    .execute();
}
