/**
 * The Blog Management table (product.md §2): Title (with /blog/{slug} beneath), Status badge, Author,
 * Created (relative), Published (relative or a dash), Actions: view (published and live only),
 * edit, publish (drafts only), delete; plus schedule, unpublish and archive in a menu.
 * Five skeleton rows while loading. Below 1024 px each post is a card
 * (app/components/admin/admin-table.tsx).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  Archive,
  CalendarClock,
  CheckCircle2,
  ExternalLink,
  MoreHorizontal,
  Pencil,
  Trash2,
  Undo2,
} from 'lucide-react';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import { cn } from '#app/components/ui/cn.ts';
import {
  dateTimeLabel,
  displayStatus,
  isLive,
  postPath,
  relativeTime,
  type AdminBlogPost,
} from '#app/modules/blog/blog.ts';

const SKELETON_ROWS = 5;
const COLUMNS = ['Title', 'Status', 'Author', 'Created', 'Published', 'Actions'] as const;

const actionClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 disabled:opacity-50';

const STATUS_STYLE: Record<string, string> = {
  published: 'bg-green-50 text-green-800 ring-green-200',
  scheduled: 'bg-blue-50 text-blue-800 ring-blue-200',
  draft: 'bg-amber-50 text-amber-900 ring-amber-200',
  archived: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function PostStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1',
        STATUS_STYLE[status] ?? 'bg-slate-100 text-slate-700 ring-slate-200',
      )}
    >
      {status}
    </span>
  );
}

export type PostAction = 'edit' | 'publish' | 'schedule' | 'unpublish' | 'archive' | 'delete';

export function PostsTable({
  posts,
  loading,
  now,
  busyId,
  onAction,
}: {
  posts: readonly AdminBlogPost[];
  loading: boolean;
  now: Date;
  busyId: number | null;
  onAction: (action: PostAction, post: AdminBlogPost) => void;
}) {
  return (
    <AdminTable label="Blog posts" columns={COLUMNS} minWidth="lg:min-w-[52rem]" loading={loading}>
      {loading
        ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <AdminRow key={i} data-testid="blog-skeleton-row" aria-hidden="true">
              {COLUMNS.map((c) => (
                <AdminCell key={c} wide={c === 'Title' || c === 'Actions'} className="py-4">
                  <div
                    className={cn(
                      'h-4 max-w-full animate-pulse rounded bg-slate-200',
                      c === 'Title' ? 'w-56' : 'w-20',
                    )}
                  />
                </AdminCell>
              ))}
            </AdminRow>
          ))
        : posts.map((post) => {
            const status = displayStatus(post, now);
            const busy = busyId === post.id;
            return (
              <AdminRow key={post.id} className="align-middle hover:bg-slate-50">
                <AdminCell wide className="py-3">
                  <p className="font-semibold text-slate-900">{post.title}</p>
                  <p className="break-all text-xs text-slate-600">{postPath(post.slug)}</p>
                </AdminCell>
                <AdminCell label="Status" className="py-3">
                  <PostStatusBadge status={status} />
                </AdminCell>
                <AdminCell label="Author" className="py-3 text-slate-700">
                  {post.authorName}
                </AdminCell>
                <AdminCell label="Created" className="py-3 text-slate-700">
                  <time dateTime={post.createdAt} title={dateTimeLabel(post.createdAt)}>
                    {relativeTime(post.createdAt, now)}
                  </time>
                </AdminCell>
                <AdminCell label="Published" className="py-3 text-slate-700">
                  {post.publishedAt && post.status !== 'draft' ? (
                    <time dateTime={post.publishedAt} title={dateTimeLabel(post.publishedAt)}>
                      {status === 'scheduled'
                        ? dateTimeLabel(post.publishedAt)
                        : relativeTime(post.publishedAt, now)}
                    </time>
                  ) : (
                    <span aria-label="Not published">-</span>
                  )}
                </AdminCell>
                <AdminCell wide>
                  <div className="flex items-center justify-end gap-0.5 max-lg:-mb-2 max-lg:-mr-3">
                    {isLive(post, now) && (
                      <a
                        href={postPath(post.slug)}
                        target="_blank"
                        rel="noreferrer"
                        className={actionClass}
                        aria-label={`View ${post.title}`}
                        title="View"
                      >
                        <ExternalLink className="h-4 w-4" aria-hidden="true" />
                      </a>
                    )}
                    <button
                      type="button"
                      className={actionClass}
                      aria-label={`Edit ${post.title}`}
                      title="Edit"
                      onClick={() => onAction('edit', post)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </button>
                    {post.status === 'draft' && (
                      <button
                        type="button"
                        className={cn(actionClass, 'text-green-800 hover:text-green-900')}
                        aria-label={`Publish ${post.title}`}
                        title="Publish"
                        disabled={busy}
                        onClick={() => onAction('publish', post)}
                      >
                        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                    <button
                      type="button"
                      className={cn(actionClass, 'text-red-700 hover:text-red-800')}
                      aria-label={`Delete ${post.title}`}
                      title="Delete"
                      disabled={busy}
                      onClick={() => onAction('delete', post)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                    <Menu.Root>
                      <Menu.Trigger
                        className={actionClass}
                        aria-label={`More actions for ${post.title}`}
                        disabled={busy}
                      >
                        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
                      </Menu.Trigger>
                      <Menu.Portal>
                        <Menu.Content
                          align="end"
                          sideOffset={4}
                          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
                        >
                          {post.status !== 'published' && (
                            <MenuItem
                              icon={CalendarClock}
                              label="Schedule..."
                              onSelect={() => onAction('schedule', post)}
                            />
                          )}
                          {post.status === 'published' && (
                            <MenuItem
                              icon={Undo2}
                              label="Unpublish"
                              onSelect={() => onAction('unpublish', post)}
                            />
                          )}
                          {post.status !== 'archived' && (
                            <MenuItem
                              icon={Archive}
                              label="Archive"
                              onSelect={() => onAction('archive', post)}
                            />
                          )}
                          {post.status === 'archived' && (
                            <MenuItem
                              icon={Undo2}
                              label="Restore as draft"
                              onSelect={() => onAction('unpublish', post)}
                            />
                          )}
                        </Menu.Content>
                      </Menu.Portal>
                    </Menu.Root>
                  </div>
                </AdminCell>
              </AdminRow>
            );
          })}
    </AdminTable>
  );
}

function MenuItem({
  icon: Icon,
  label,
  onSelect,
}: {
  icon: typeof Archive;
  label: string;
  onSelect: () => void;
}) {
  return (
    <Menu.Item
      onSelect={onSelect}
      className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </Menu.Item>
  );
}
