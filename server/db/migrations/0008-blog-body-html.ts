/**
 * The public body of a blog post, rendered once (decision 0096): `body_html` holds what the post
 * page serves, made when the post is saved; null until then (posts saved before this migration,
 * seeded posts), and then made at the first view and kept.
 */
import type { Kysely } from 'kysely';

export function blogBodyHtml() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('blog_posts').addColumn('body_html', 'text').execute();
    },
  };
}
