/**
 * The Blog Management screen's body (app/routes/admin-blog.tsx; product.md §2 'Blog Management', §7,
 * §8): 'View Blog' and 'New Post', the posts table with its loading, empty and filled states, the
 * post dialog, and the one-click changes (publish, schedule, unpublish, archive, delete) posted to
 * the route's action.
 */
import { ExternalLink, FilePlus2, Newspaper, Plus } from 'lucide-react';
import { useState } from 'react';
import { CONNECTION_FAILED } from '#app/components/admin/admin-api.ts';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';
import { DeleteDialog, ScheduleDialog } from '#app/components/blog/admin/confirm-dialogs.tsx';
import { PostDialog } from '#app/components/blog/admin/post-dialog.tsx';
import { PostsTable, type PostAction } from '#app/components/blog/admin/posts-table.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { BLOG_TEXT, dateTimeLabel, type AdminBlogPost, type BlogCategory } from '#app/modules/blog/blog.ts';
import { SERVER_FAILED, type ActionAnswer } from '#app/modules/site/answers.ts';

type Intent = 'publish' | 'unpublish' | 'archive' | 'delete';

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

export function BlogScreen({
  siteName,
  posts,
  categories,
  listedAt: now,
}: {
  siteName: string;
  posts: AdminBlogPost[];
  categories: BlogCategory[];
  listedAt: Date;
}) {
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
