/**
 * A post's featured picture at a fixed 16:9 frame with explicit size (no layout shift); without
 * one, a drawn placeholder in the site's colours. Broken pictures fall back via app/chrome.js.
 */
import { FileText } from 'lucide-react';
import { cn } from '#app/components/ui/cn.ts';

export function PostImage({
  src,
  alt,
  className,
  eager,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-slate-800 to-slate-900 text-orange-400',
          className,
        )}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        <FileText className="h-12 w-12" aria-hidden="true" />
      </div>
    );
  }
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
