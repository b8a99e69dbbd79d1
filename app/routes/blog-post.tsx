/**
 * Blog post (product.md §2 'Blog post'): back link, featured image, title, excerpt, relative date, read
 * time, author, Share, tags, the body sanitized on the server with product.md §5's strict list, and the
 * call-to-action box. Title and description from metaTitle/metaDescription (falling back to the
 * title and excerpt), canonical from canonicalUrl when set, Article JSON-LD (postJsonLd).
 * Unknown, draft, archived or not-yet-due posts: 404 'Blog Post Not Found'. No React in the
 * browser (decision 0030); share.js runs the Share button.
 */
import { ArrowLeft, FileQuestion, MessageSquare, Search, User } from 'lucide-react';
import { data } from 'react-router';
import type { Route } from './+types/blog-post';
import shareScript from '../components/blog/share.js?url';
import { PostMeta, TagList } from '#app/components/blog/post-card.tsx';
import { PostImage } from '#app/components/blog/post-image.tsx';
import { ShareButton } from '#app/components/blog/share-button.tsx';
import { useNonce } from '#app/components/site/nonce.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { BLOG_TEXT, postPath } from '#app/modules/blog/blog.ts';
import { postJsonLd } from '#app/modules/blog/blog-json-ld.ts';
import { absoluteUrl } from '#app/modules/seo/meta.ts';
import { smsHref } from '#app/modules/site/site.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, site } = getAppContext(context);
  const page = await services.blog.postPage(params.slug);
  if (!page) return data({ found: false as const }, { status: 404 });
  return { found: true as const, ...page, now: new Date().toISOString(), site };
}

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData;
  if (!d?.found)
    return pageMeta(args, { title: BLOG_TEXT.notFound, description: BLOG_TEXT.notFoundText, noindex: true });
  const { post } = d;
  const site = siteFromMatches(args.matches);
  const description = post.metaDescription || post.excerpt || BLOG_TEXT.listIntro;
  return pageMeta(args, {
    title: post.metaTitle || post.title,
    exactTitle: Boolean(post.metaTitle),
    description,
    keywords: post.tags,
    type: 'article',
    path: postPath(post.slug),
    canonicalUrl: d.canonicalUrl,
    image: post.featuredImage,
    jsonLd: [postJsonLd(site, post, { description, canonicalUrl: d.canonicalUrl })],
  });
};

function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <FileQuestion className="mx-auto h-14 w-14 text-slate-500" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{BLOG_TEXT.notFound}</h1>
      <p className="mt-3 text-slate-600">{BLOG_TEXT.notFoundText}</p>
      <a
        href="/blog"
        className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-lg bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {BLOG_TEXT.backToBlog}
      </a>
    </section>
  );
}

/** Article typography for the sanitized body (no plugin: the few tags product.md §5 keeps). */
const PROSE =
  'text-lg leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-orange-800 [&_a]:underline [&_a]:underline-offset-2 [&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-2 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-5 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0';

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  if (!loaderData.found) return <NotFound />;
  const { post, html, site } = loaderData;
  const now = new Date(loaderData.now);
  const url = absoluteUrl(site.baseUrl, postPath(post.slug));
  return (
    <article className="pb-16">
      <div className="mx-auto max-w-3xl px-4 pt-6 sm:pt-10">
        <a
          href="/blog"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-700 hover:text-slate-900"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {BLOG_TEXT.backToBlog}
        </a>
        <div className="mt-4">
          <h1 className="text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          {post.excerpt && <p className="mt-4 text-xl text-slate-600">{post.excerpt}</p>}
          <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-3">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-800">
                <User className="h-4 w-4" aria-hidden="true" />
                {post.authorName}
              </span>
              <PostMeta post={post} now={now} />
            </div>
            <ShareButton url={url} title={post.title} />
          </div>
        </div>
      </div>
      {post.featuredImage && (
        <div className="mx-auto mt-6 max-w-4xl px-0 sm:px-4">
          <PostImage
            src={post.featuredImage}
            alt={post.title}
            eager
            className="aspect-[16/9] w-full sm:rounded-xl"
          />
        </div>
      )}
      <div className="mx-auto max-w-3xl px-4">
        <div className="mt-6">
          <TagList tags={post.tags} />
        </div>
        <div id="post-body" className={`mt-8 ${PROSE}`} dangerouslySetInnerHTML={{ __html: html }} />
        <aside className="mt-12 rounded-xl bg-slate-900 p-6 text-white sm:p-8" aria-labelledby="post-cta">
          <h2 id="post-cta" className="text-2xl font-bold">
            {BLOG_TEXT.ctaHeading}
          </h2>
          <p className="mt-2 text-slate-300">{BLOG_TEXT.ctaText}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a
              href="/find-my-part"
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-hover"
            >
              <Search className="h-4 w-4" aria-hidden="true" />
              Find My Part
            </a>
            <a
              href={smsHref(site.phone)}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-500 px-5 font-semibold text-white hover:border-white hover:bg-white/10"
            >
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              Text Us
            </a>
          </div>
        </aside>
      </div>
      <script src={shareScript} defer nonce={nonce} />
    </article>
  );
}
