/**
 * Blog Management (product.md §2 'Blog Management', §7, §8; decision 0030): the posts table with its
 * loading, empty and filled states; 'View Blog' and 'New Post'; the post dialog (create / edit);
 * publish for drafts; delete with confirmation; beyond the spec, schedule, unpublish and archive.
 * React Router's data flow (decision 0124): the loader gives the posts and categories, the action
 * saves, publishes, schedules, unpublishes, archives and deletes through the blog service (the
 * same calls as /api/admin/blog); pictures pasted into a post still upload through /api. The
 * screen itself: app/components/blog/admin/blog-screen.tsx. The back office's layout has already
 * sent visitors without a session to sign in (that is the auth check of product.md §2 'Blog
 * Management', decision 0183).
 */
import type { Route } from './+types/admin-blog';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { BlogScreen } from '#app/components/blog/admin/blog-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { formText, readActionForm, rowIdOf, staffAction, staffContext } from '#app/staff.server.ts';

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

const INTENTS = ['create', 'update', 'publish', 'unpublish', 'archive', 'delete'] as const;

/**
 * The API takes a 10 MB featured image and 600 KB per field (server/http/api/blog.ts); a form
 * larger than both together is refused before it is read.
 */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

/** The form's text fields, as multer hands them to the API's handlers. */
function postFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && name !== 'intent' && name !== 'id') fields[name] = value;
  }
  return fields;
}

/** The chosen featured image, named as the API names an upload. */
async function featuredImage(form: FormData) {
  const file = form.get('featuredImage');
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return undefined;
  const name = (file.name || 'The image').split(/[\\/]/).pop()!.slice(0, 80);
  return { data: Buffer.from(await file.arrayBuffer()), name };
}

/**
 * A form with `intent` and, but for 'create', the post's `id`: the post form's fields (as
 * POST/PATCH /api/admin/blog take them) for 'create' and 'update', `publishAt` (a Winnipeg time)
 * for a scheduled 'publish'. Answers `{ ok: true, post }` (no post for 'delete') or the refusal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  staffContext(context);
  // the image is what makes a post form this large
  const read = await readActionForm(request, {
    maxBytes: MAX_BODY_BYTES,
    intents: INTENTS,
    tooLarge: 'The image is too large (max 10MB)',
  });
  if (!read.ok) return read.refused;
  const { form, intent } = read;
  return staffAction(context, async ({ services: { blog } }) => {
    // not an id: 400; an id that names no row: the service's 404 ('Blog post not found')
    const id = () => rowIdOf(formText(form, 'id'));
    switch (intent) {
      case 'create':
        return { post: await blog.createPost(postFields(form), await featuredImage(form)) };
      case 'update':
        return { post: await blog.updatePost(id(), postFields(form), await featuredImage(form)) };
      case 'publish':
        return {
          post: await blog.publishPost(id(), { publishAt: formText(form, 'publishAt') || undefined }),
        };
      case 'unpublish':
        return { post: await blog.unpublishPost(id()) };
      case 'archive':
        return { post: await blog.archivePost(id()) };
      case 'delete':
        await blog.deletePost(id());
        return {};
    }
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  return <BlogScreen {...loaderData} />;
}
