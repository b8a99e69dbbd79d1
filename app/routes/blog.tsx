/**
 * Blog (product.md §2 'Blog'): a grid of post cards (featured image, relative date, read time, title,
 * excerpt, up to 3 tags, author, 'Read More'), 'Blog Coming Soon' when there is nothing published.
 * Only live posts (decision 0005). Complete HTML from the server with no React in the browser
 * (decision 0013/0030): the data is in the page, so there is no loading phase to show. Blog
 * JSON-LD lists the live posts.
 */
import { MessageSquare, Newspaper, Rss } from 'lucide-react';
import type { Route } from './+types/blog';
import { PostCard } from '#app/components/blog/post-card.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { BLOG_TEXT } from '#app/modules/blog/blog.ts';
import { blogJsonLd } from '#app/modules/blog/blog-json-ld.ts';
import { smsHref } from '#app/modules/site/site.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, site } = getAppContext(context);
  const posts = await services.blog.listPublished();
  return { posts, now: new Date().toISOString(), phone: site.phone };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: BLOG_TEXT.listTitle,
    description: BLOG_TEXT.listIntro,
    jsonLd: [blogJsonLd(siteFromMatches(args.matches), args.loaderData?.posts ?? [])],
  }),
  {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/rss+xml',
    title: 'Blog RSS feed',
    href: '/blog/rss.xml',
  },
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, phone } = loaderData;
  const now = new Date(loaderData.now);
  return (
    <>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-orange-400">
            {BLOG_TEXT.listTitle}
          </p>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{BLOG_TEXT.listHeading}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-300">{BLOG_TEXT.listIntro}</p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14" aria-label="Articles">
        {posts.length === 0 ? (
          <div className="mx-auto max-w-xl rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
            <Newspaper className="mx-auto h-12 w-12 text-slate-500" aria-hidden="true" />
            <h2 className="mt-4 text-2xl font-bold">{BLOG_TEXT.comingSoon}</h2>
            <p className="mt-2 text-slate-600">{BLOG_TEXT.comingSoonText}</p>
            <a
              href={smsHref(phone)}
              className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-hover"
            >
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              Text Us a Photo
            </a>
          </div>
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <PostCard key={post.id} post={post} now={now} />
              ))}
            </div>
            <p className="mt-10 text-center text-sm text-slate-600">
              <a
                href="/blog/rss.xml"
                className="inline-flex min-h-11 items-center gap-1.5 font-medium text-slate-700 underline-offset-4 hover:underline"
              >
                <Rss className="h-4 w-4 text-orange-700" aria-hidden="true" />
                Subscribe via RSS
              </a>
            </p>
          </>
        )}
      </section>
    </>
  );
}
