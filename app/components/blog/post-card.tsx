/**
 * A blog card (product.md §2 'Blog'): featured image, relative published date, read time, title,
 * excerpt, up to 3 tags, author and 'Read More'. The whole card is one link target (the title);
 * dates are relative to the server's clock, so the page needs no JavaScript.
 */
import { ArrowRight, CalendarDays, Clock, User } from 'lucide-react';
import {
  BLOG_TEXT,
  CARD_TAG_LIMIT,
  longDate,
  postPath,
  relativeTime,
  type PublicBlogPost,
} from '#app/modules/blog/blog.ts';
import { PostImage } from './post-image.tsx';

export function PostMeta({ post, now, className }: { post: PublicBlogPost; now: Date; className?: string }) {
  const date = post.publishedAt ?? post.createdAt;
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 ${className ?? ''}`}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="h-4 w-4" aria-hidden="true" />
        <time dateTime={date} title={longDate(date)}>
          {relativeTime(date, now)}
        </time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {post.readTimeMinutes} min read
      </span>
    </p>
  );
}

export function TagList({ tags, limit }: { tags: readonly string[]; limit?: number }) {
  const shown = limit ? tags.slice(0, limit) : tags;
  if (!shown.length) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-orange-50 px-2.5 py-0.5 text-xs font-semibold text-orange-900 ring-1 ring-orange-200"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ post, now }: { post: PublicBlogPost; now: Date }) {
  const href = postPath(post.slug);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.featuredImage && <PostImage src={post.featuredImage} alt="" className="aspect-[16/9] w-full" />}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <PostMeta post={post} now={now} />
        <h2 className="text-xl font-bold leading-snug text-slate-900">
          <a
            href={href}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {post.title}
          </a>
        </h2>
        {post.excerpt && <p className="line-clamp-3 text-slate-700">{post.excerpt}</p>}
        <TagList tags={post.tags} limit={CARD_TAG_LIMIT} />
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 pt-4 text-sm">
          <span className="inline-flex items-center gap-1.5 text-slate-700">
            <User className="h-4 w-4" aria-hidden="true" />
            {post.authorName}
          </span>
          <span
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-orange-800"
            aria-hidden="true"
          >
            {BLOG_TEXT.readMore}
            <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </div>
    </article>
  );
}
