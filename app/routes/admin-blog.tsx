/**
 * Blog Management (product.md §2 'Blog Management', §7, §8; decision 0030): the posts table with its
 * loading, empty and filled states; 'View Blog' and 'New Post'; the post dialog (create / edit);
 * publish for drafts; delete with confirmation; beyond the spec, schedule, unpublish and archive.
 * React Router's data flow (decision 0124): the loader gives the posts and categories, the action
 * serves the blog's declared changes (server/changes/blog.ts, decision 0182): save, publish,
 * schedule, unpublish, archive and delete, the first four also performed by /api/admin/blog
 * (docs/product.md §7); pictures pasted into a post still upload through /api. The
 * screen itself: app/components/blog/admin/blog-screen.tsx. The back office's layout has already
 * sent visitors without a session to sign in (that is the auth check of product.md §2 'Blog
 * Management', decision 0183).
 */
import type { Route } from './+types/admin-blog';
import { served, type ScreenChanges } from '#app/changes.ts';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { BlogScreen } from '#app/components/blog/admin/blog-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { serveChanges, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Blog Management',
    description: 'Create and manage blog posts for the product',
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { services, site } = staffContext(context);
  const [posts, categories] = await Promise.all([services.blog.listForStaff(), services.blog.categories()]);
  // relative times ('2 hours ago') and scheduled-or-live are told as of the list
  return { siteName: site.name, posts, categories, listedAt: new Date() };
}

/**
 * The API takes a 10 MB featured image and 600 KB per field (server/http/api/blog.ts); a form
 * larger than both together is refused before it is read.
 */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

const postAnswer = (post: object) => ({ post });

/**
 * The screen's intents, each with the post's `id` but for 'create': the post form's fields (as
 * POST/PATCH /api/admin/blog take them) and its `featuredImage` for 'create' and 'update',
 * `publishAt` (a Winnipeg time) for a scheduled 'publish'. Each answers `{ ok: true, post }` (no
 * post for 'delete') or the refusal.
 */
export const changes = {
  create: served('blog.create', { files: ['featuredImage'], answer: postAnswer }),
  update: served('blog.update', { files: ['featuredImage'], answer: postAnswer }),
  publish: served('blog.publish', { answer: postAnswer }),
  unpublish: served('blog.unpublish', { answer: postAnswer }),
  archive: served('blog.archive', { answer: postAnswer }),
  delete: served('blog.delete', { answer: () => ({}) }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  // the image is what makes a post form this large
  return serveChanges(context, request, changes, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: 'The image is too large (max 10MB)',
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  return <BlogScreen {...loaderData} />;
}
