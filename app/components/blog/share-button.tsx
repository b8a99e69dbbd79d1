/**
 * Share (product.md §2 'Blog post'): the button and its status line. The post page ships no React
 * (decision 0030): share.js, the page's script, runs the click (the Web Share API, else the link
 * copied), reading what to share from the button's data attributes.
 */
import { Share2 } from 'lucide-react';
import { BLOG_TEXT } from '#app/modules/blog/blog.ts';

export function ShareButton({ url, title }: { url: string; title: string }) {
  return (
    <span className="inline-flex items-center gap-3">
      <button
        type="button"
        data-share=""
        data-share-url={url}
        data-share-title={title}
        data-share-status="share-status"
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
      >
        <Share2 className="h-4 w-4" aria-hidden="true" />
        {BLOG_TEXT.share}
      </button>
      <span
        id="share-status"
        role="status"
        data-copied={BLOG_TEXT.linkCopied}
        className="text-sm font-medium text-green-800"
      />
    </span>
  );
}
