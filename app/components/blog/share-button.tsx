/**
 * Share (product.md §2 'Blog post'): the Web Share API, falling back to copying the link. On a page
 * loaded without React, share.js handles the click; when React runs it handles it itself.
 */
import { Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BLOG_TEXT } from '#app/modules/blog/blog.ts';

export function ShareButton({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  // only reached when React runs: tell share.js (if it was loaded) to leave the click to us
  useEffect(() => {
    if (button.current) button.current.dataset.shareReact = 'on';
  }, []);

  async function share() {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus(BLOG_TEXT.linkCopied);
    } catch {
      setStatus(url);
    }
  }

  return (
    <span className="inline-flex items-center gap-3">
      <button
        ref={button}
        type="button"
        data-share=""
        data-share-url={url}
        data-share-title={title}
        data-share-status="share-status"
        onClick={share}
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
      >
        {status}
      </span>
    </span>
  );
}
