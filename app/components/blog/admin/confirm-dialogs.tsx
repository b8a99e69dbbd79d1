/**
 * The small dialogs of Blog Management: the delete confirmation of product.md §2 ('Delete Blog Post',
 * Cancel / Delete) and 'Schedule' (publish at a Winnipeg date and time; decision 0030).
 */
import * as AlertDialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Input, Label } from '#app/components/ui/input.tsx';
import { BLOG_TEXT, type AdminBlogPost } from '#app/modules/blog/blog.ts';
import { instantToZonedLocal } from '#app/modules/blog/schedule.ts';

const contentClass =
  'fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl';

export function DeleteDialog({
  post,
  busy,
  onCancel,
  onConfirm,
}: {
  post: AdminBlogPost | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={post !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialog.Content role="alertdialog" className={contentClass}>
          <AlertDialog.Title className="text-lg font-bold">{BLOG_TEXT.deleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">
            {post ? BLOG_TEXT.deleteText(post.title) : ''}
          </AlertDialog.Description>
          <div data-dialog-actions="" className="mt-6 flex justify-end gap-3">
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={onConfirm} disabled={busy}>
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export function ScheduleDialog({
  post,
  busy,
  onCancel,
  onConfirm,
}: {
  post: AdminBlogPost | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (publishAt: string) => void;
}) {
  return (
    <AlertDialog.Root open={post !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialog.Content className={contentClass}>
          {post && (
            <ScheduleForm key={post.id} post={post} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function ScheduleForm({
  post,
  busy,
  onCancel,
  onConfirm,
}: {
  post: AdminBlogPost;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (publishAt: string) => void;
}) {
  const [when, setWhen] = useState(() =>
    instantToZonedLocal(new Date(Date.now() + 24 * 3600_000)).replace(/T\d{2}:\d{2}$/, 'T09:00'),
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (when) onConfirm(when);
      }}
    >
      <AlertDialog.Title className="text-lg font-bold">Schedule Blog Post</AlertDialog.Title>
      <AlertDialog.Description className="mt-2 text-slate-700">
        &ldquo;{post.title}&rdquo; goes live on the website at this time (Winnipeg time).
      </AlertDialog.Description>
      <div className="mt-4">
        <Label htmlFor="schedule-at">Publish at</Label>
        <Input
          id="schedule-at"
          type="datetime-local"
          required
          value={when}
          onChange={(e) => setWhen(e.target.value)}
        />
      </div>
      <div data-dialog-actions="" className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="accent" disabled={busy || !when}>
          Schedule
        </Button>
      </div>
    </form>
  );
}
