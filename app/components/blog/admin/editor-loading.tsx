/** 'Loading editor...' (product.md §2), shown while the editor's code loads; no Tiptap in here. */
import { EDITOR_LIMITS, EDITOR_TEXT } from '#app/modules/blog/blog.ts';

export function EditorLoading() {
  return (
    <div
      role="status"
      className="flex items-center justify-center rounded-md border border-slate-300 bg-slate-50 text-sm text-slate-600"
      style={{ minHeight: EDITOR_LIMITS.minHeightPx }}
    >
      {EDITOR_TEXT.loading}
    </div>
  );
}
