/**
 * Blog Management (SPEC §2 'Blog Management', §7, §8; decision 0030): the posts table with its
 * loading, empty and filled states; 'View Blog' and 'New Post'; the post dialog (create / edit);
 * publish for drafts; delete with confirmation; beyond the spec, schedule, unpublish and archive.
 * The server has already refused visitors without a session (admin-layout.tsx); the browser-side
 * check of SPEC §4 stays.
 */
import { ExternalLink, FilePlus2, Newspaper, Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/admin-blog';
import { adminApi, ApiError, errorMessage } from '#app/components/admin/admin-api.ts';
import { useClientAuth } from '#app/components/admin/use-client-auth.ts';
import { DeleteDialog, ScheduleDialog } from '#app/components/blog/admin/confirm-dialogs.tsx';
import { PostDialog } from '#app/components/blog/admin/post-dialog.tsx';
import { PostsTable, type PostAction } from '#app/components/blog/admin/posts-table.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { getAppContext } from '#app/load-context.ts';
import { BLOG_TEXT, dateTimeLabel, type AdminBlogPost, type BlogCategory } from '#app/modules/blog/blog.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Blog Management',
    description: 'Create and manage blog posts for the product',
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { siteName: getAppContext(context).site.name };
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const auth = useClientAuth();
  if (auth !== 'authenticated') {
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        {auth === 'checking' ? 'Checking authentication...' : 'Redirecting to login...'}
      </p>
    );
  }
  return <BlogManagement defaultAuthor={loaderData.siteName} />;
}

function BlogManagement({ defaultAuthor }: { defaultAuthor: string }) {
  const [posts, setPosts] = useState<AdminBlogPost[]>([]);
  const [categories, setCategories] = useState<BlogCategory[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; post: AdminBlogPost | null; key: number }>({
    open: false,
    post: null,
    key: 0,
  });
  const [deleting, setDeleting] = useState<AdminBlogPost | null>(null);
  const [scheduling, setScheduling] = useState<AdminBlogPost | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [now, setNow] = useState(() => new Date());

  const refresh = useCallback(
    () =>
      adminApi.blog
        .list()
        .then(
          (list) => {
            setPosts(list);
            setLoadError(false);
          },
          () => setLoadError(true),
        )
        .finally(() => {
          setNow(new Date());
          setLoading(false);
        }),
    [],
  );

  useEffect(() => {
    refresh();
    adminApi.blog
      .categories()
      .then(setCategories)
      .catch(() => setCategories([]));
  }, [refresh]);

  async function runStatus(
    post: AdminBlogPost,
    change: (id: number) => Promise<AdminBlogPost>,
    ok: { title: string; description: string },
    failed: string,
  ) {
    setBusyId(post.id);
    try {
      await change(post.id);
      toast(ok);
      await refresh();
      return true;
    } catch (err) {
      toast({
        title: 'Error',
        // a 500's generic words say less than the screen's own 'Failed to …'
        description: err instanceof ApiError && err.status === 500 ? failed : errorMessage(err, failed),
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusyId(null);
    }
  }

  function onAction(action: PostAction, post: AdminBlogPost) {
    switch (action) {
      case 'edit':
        setDialog((d) => ({ open: true, post, key: d.key + 1 }));
        break;
      case 'publish':
        void runStatus(
          post,
          (id) => adminApi.blog.publish(id),
          { title: BLOG_TEXT.published, description: BLOG_TEXT.publishedText },
          BLOG_TEXT.publishFailed,
        );
        break;
      case 'schedule':
        setScheduling(post);
        break;
      case 'unpublish':
        void runStatus(
          post,
          adminApi.blog.unpublish,
          { title: BLOG_TEXT.unpublished, description: BLOG_TEXT.unpublishedText },
          BLOG_TEXT.statusFailed,
        );
        break;
      case 'archive':
        void runStatus(
          post,
          adminApi.blog.archive,
          { title: BLOG_TEXT.archived, description: BLOG_TEXT.archivedText },
          BLOG_TEXT.statusFailed,
        );
        break;
      case 'delete':
        setDeleting(post);
        break;
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const post = deleting;
    setBusyId(post.id);
    try {
      await adminApi.blog.remove(post.id);
      toast({ title: BLOG_TEXT.deleted, description: BLOG_TEXT.deletedText });
      setDeleting(null);
      await refresh();
    } catch {
      toast({ title: 'Error', description: BLOG_TEXT.deleteFailed, variant: 'destructive' });
    } finally {
      setBusyId(null);
    }
  }

  async function confirmSchedule(publishAt: string) {
    if (!scheduling) return;
    const post = scheduling;
    setBusyId(post.id);
    try {
      const saved = await adminApi.blog.publish(post.id, publishAt);
      toast({
        title: BLOG_TEXT.scheduled,
        description: `It goes live ${dateTimeLabel(saved.publishedAt!)} (Winnipeg time).`,
      });
      setScheduling(null);
      await refresh();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, BLOG_TEXT.publishFailed),
        variant: 'destructive',
      });
    } finally {
      setBusyId(null);
    }
  }

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
        {loadError && !loading && (
          <p
            role="alert"
            className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            The posts could not be loaded. Check your connection and reload the page.
          </p>
        )}
        {!loading && !loadError && posts.length === 0 ? (
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
        defaultAuthor={defaultAuthor}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          void refresh();
        }}
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
