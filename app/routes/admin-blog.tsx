/**
 * Blog Management (product.md §2 'Blog Management', §7, §8; decision 0030): the posts table with its
 * loading, empty and filled states; 'View Blog' and 'New Post'; the post dialog (create / edit);
 * publish for drafts; delete with confirmation; beyond the spec, schedule, unpublish and archive.
 * React Router's data flow (decision 0124): the loader gives the posts and categories, the action
 * saves, publishes, schedules, unpublishes, archives and deletes through the blog service (the
 * same calls as /api/admin/blog); pictures pasted into a post still upload through /api. The
 * server has already refused visitors without a session; the browser-side check of product.md §4 stays.
 */
import { ExternalLink, FilePlus2, Newspaper, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Route } from './+types/admin-blog';
import { useClientAuth } from '#app/components/admin/use-client-auth.ts';
import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';
import { CONNECTION_FAILED } from '#app/components/admin/admin-api.ts';
import { settleAction, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { SERVER_FAILED, type ActionAnswer } from '#app/modules/site/answers.ts';
import { DeleteDialog, ScheduleDialog } from '#app/components/blog/admin/confirm-dialogs.tsx';
import { PostDialog } from '#app/components/blog/admin/post-dialog.tsx';
import { PostsTable, type PostAction } from '#app/components/blog/admin/posts-table.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { BLOG_TEXT, dateTimeLabel, type AdminBlogPost } from '#app/modules/blog/blog.ts';
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
type Intent = (typeof INTENTS)[number];

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
  const auth = useClientAuth();
  if (auth !== 'authenticated') {
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        {auth === 'checking' ? 'Checking authentication...' : 'Redirecting to login...'}
      </p>
    );
  }
  return <BlogManagement {...loaderData} />;
}

type PostAnswer = ActionAnswer<{ post?: AdminBlogPost }>;

/** The one-click changes of the table: the toast when it worked, the words when it did not. */
const STATUS_CHANGES = {
  publish: {
    ok: { title: BLOG_TEXT.published, description: BLOG_TEXT.publishedText },
    failed: BLOG_TEXT.publishFailed,
  },
  unpublish: {
    ok: { title: BLOG_TEXT.unpublished, description: BLOG_TEXT.unpublishedText },
    failed: BLOG_TEXT.statusFailed,
  },
  archive: {
    ok: { title: BLOG_TEXT.archived, description: BLOG_TEXT.archivedText },
    failed: BLOG_TEXT.statusFailed,
  },
} as const;

/**
 * The words of a failed change: the server's, unless it sent none of its own (no connection) or,
 * for a one-click change, only its generic words for a failure: then the screen's 'Failed to …'.
 */
function failureText(answer: { message: string }, failed: string, oneClick = false): string {
  if (answer.message === CONNECTION_FAILED || (oneClick && answer.message === SERVER_FAILED)) return failed;
  return answer.message;
}

type Change = { post: AdminBlogPost; kind: keyof typeof STATUS_CHANGES | 'schedule' | 'delete' };

function BlogManagement({ siteName, posts, categories, listedAt: now }: Route.ComponentProps['loaderData']) {
  const loading = useScreenReloading();
  const [dialog, setDialog] = useState<{ open: boolean; post: AdminBlogPost | null; key: number }>({
    open: false,
    post: null,
    key: 0,
  });
  const [deleting, setDeleting] = useState<AdminBlogPost | null>(null);
  const [scheduling, setScheduling] = useState<AdminBlogPost | null>(null);
  const [pending, setPending] = useState<Change | null>(null);

  // heard once the list has been read again, so the table already shows the change
  const change = useStaffFetcher<PostAnswer>((answer) => {
    const kind = pending?.kind;
    setPending(null);
    const failed = (text: string) => toast({ title: 'Error', description: text, variant: 'destructive' });
    if (kind === 'delete') {
      if (!answer.ok) return failed(BLOG_TEXT.deleteFailed);
      toast({ title: BLOG_TEXT.deleted, description: BLOG_TEXT.deletedText });
      setDeleting(null);
    } else if (kind === 'schedule') {
      if (!answer.ok) return failed(failureText(answer, BLOG_TEXT.publishFailed));
      toast({
        title: BLOG_TEXT.scheduled,
        description: `It goes live ${dateTimeLabel(answer.post!.publishedAt!)} (Winnipeg time).`,
      });
      setScheduling(null);
    } else if (kind) {
      const words = STATUS_CHANGES[kind];
      if (!answer.ok) return failed(failureText(answer, words.failed, true));
      toast(words.ok);
    }
  });

  function send({ post, kind }: Change, publishAt = '') {
    setPending({ post, kind });
    const intent: Intent = kind === 'schedule' ? 'publish' : kind;
    void change.submit({ intent, id: String(post.id), publishAt }, { method: 'post' });
  }

  function onAction(action: PostAction, post: AdminBlogPost) {
    if (action === 'edit') setDialog((d) => ({ open: true, post, key: d.key + 1 }));
    else if (action === 'schedule') setScheduling(post);
    else if (action === 'delete') setDeleting(post);
    else send({ post, kind: action });
  }

  const busyId = pending?.post.id ?? null;
  const confirmDelete = () => deleting && send({ post: deleting, kind: 'delete' });
  const confirmSchedule = (publishAt: string) =>
    scheduling && send({ post: scheduling, kind: 'schedule' }, publishAt);

  const openNew = () => setDialog((d) => ({ open: true, post: null, key: d.key + 1 }));

  return (
    <section>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{BLOG_TEXT.manageTitle}</h1>
          <p className="mt-1 text-slate-600">{BLOG_TEXT.manageSubtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href="/blog"
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {BLOG_TEXT.viewBlog}
          </a>
          <Button variant="accent" onClick={openNew}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {BLOG_TEXT.newPost}
          </Button>
        </div>
      </div>

      <div className="mt-6">
        {!loading && posts.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <Newspaper className="mx-auto h-12 w-12 text-slate-500" aria-hidden="true" />
            <h2 className="mt-4 text-lg font-bold">{BLOG_TEXT.emptyTitle}</h2>
            <p className="mt-1 text-slate-600">{BLOG_TEXT.emptyText}</p>
            <Button variant="accent" className="mt-6" onClick={openNew}>
              <FilePlus2 className="h-4 w-4" aria-hidden="true" />
              {BLOG_TEXT.createFirst}
            </Button>
          </div>
        ) : (
          <PostsTable posts={posts} loading={loading} now={now} busyId={busyId} onAction={onAction} />
        )}
      </div>

      <PostDialog
        key={dialog.key}
        open={dialog.open}
        post={dialog.post}
        categories={categories}
        defaultAuthor={siteName}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteDialog
        post={deleting}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <ScheduleDialog
        post={scheduling}
        busy={busyId !== null}
        onCancel={() => setScheduling(null)}
        onConfirm={confirmSchedule}
      />
    </section>
  );
}
