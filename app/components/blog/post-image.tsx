/**
 * A post's featured picture at a fixed 16:9 frame with explicit size (no layout shift). A post
 * without one shows no picture at all, on the list and on the post page: an empty placeholder
 * block said nothing and looked unfinished (issue 17). Broken pictures fall back via app/chrome.js.
 */
import { cn } from '#app/components/ui/cn.ts';

export function PostImage({
  src,
  alt,
  className,
  eager,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={1600}
      height={900}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={cn('bg-slate-200 object-cover', className)}
    />
  );
}
