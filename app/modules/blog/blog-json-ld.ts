/**
 * Structured data of the public blog: an Article for a post page (headline, dates that never run
 * backwards, picture, author, publisher) and a Blog listing the live posts as BlogPostings for
 * /blog. Pure.
 */
import { absoluteUrl } from '../seo/meta.ts';
import type { SiteInfo } from '../site/site.ts';
import { BLOG_TEXT, postModifiedAt, postPath, type PublicBlogPost } from './blog.ts';

type JsonLd = Record<string, unknown>;

function posting(site: SiteInfo, post: PublicBlogPost): JsonLd {
  const published = post.publishedAt ?? post.createdAt;
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    url: absoluteUrl(site.baseUrl, postPath(post.slug)),
    ...(post.featuredImage ? { image: [absoluteUrl(site.baseUrl, post.featuredImage)] } : {}),
    datePublished: published,
    dateModified: postModifiedAt({ updatedAt: post.updatedAt, publishedAt: published }),
    author: { '@type': 'Person', name: post.authorName },
  };
}

function publisher(site: SiteInfo): JsonLd {
  return {
    '@type': 'Organization',
    name: site.name,
    logo: { '@type': 'ImageObject', url: absoluteUrl(site.baseUrl, '/apple-touch-icon.png') },
  };
}

/** A post page: the post as an Article, its canonical page as mainEntityOfPage. */
export function postJsonLd(
  site: SiteInfo,
  post: PublicBlogPost,
  page: { description: string; canonicalUrl?: string | null },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...posting(site, post),
    '@type': 'Article',
    description: page.description,
    publisher: publisher(site),
    mainEntityOfPage: {
      '@type': 'WebPage',
      '@id': page.canonicalUrl || absoluteUrl(site.baseUrl, postPath(post.slug)),
    },
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
  };
}

/** /blog: the blog itself with its live posts, newest first. */
export function blogJsonLd(site: SiteInfo, posts: readonly PublicBlogPost[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: `${site.name} ${BLOG_TEXT.listTitle}`,
    description: BLOG_TEXT.listIntro,
    url: absoluteUrl(site.baseUrl, '/blog'),
    inLanguage: 'en-CA',
    publisher: publisher(site),
    blogPost: posts.map((post) => posting(site, post)),
  };
}
