import { DEFAULT_HOURS } from '../site/opening-hours.ts';
import { describe, expect, it } from 'vitest';
import { postModifiedAt, type PublicBlogPost } from './blog.ts';
import { blogJsonLd, postJsonLd } from './blog-json-ld.ts';

const site = {
  hours: DEFAULT_HOURS,
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'q@example.com',
  baseUrl: 'https://p.ca',
};

const post = (fields: Partial<PublicBlogPost> = {}): PublicBlogPost => ({
  id: 1,
  slug: 'axle-tags',
  title: 'How to Identify a Trailer Axle by Its Tag',
  excerpt: 'The tag tells you almost everything.',
  content: '<p>Body</p>',
  featuredImage: '/uploads/blog/axle.webp',
  tags: ['Trailer Axles', 'Trailers'],
  authorName: 'Parts Hunters MB',
  createdAt: '2026-10-15T07:00:00.000Z',
  updatedAt: '2026-10-15T07:00:00.000Z',
  publishedAt: '2026-10-17T07:00:00.000Z',
  readTimeMinutes: 3,
  metaTitle: null,
  metaDescription: null,
  ...fields,
});

describe('postModifiedAt: a post never changed before it went live', () => {
  it.each([
    [
      'edited, then published two days later',
      '2026-10-15T07:00:00.000Z',
      '2026-10-17T07:00:00.000Z',
      '2026-10-17T07:00:00.000Z',
    ],
    [
      'edited after publication',
      '2026-10-20T07:00:00.000Z',
      '2026-10-17T07:00:00.000Z',
      '2026-10-20T07:00:00.000Z',
    ],
    ['not published', '2026-10-15T07:00:00.000Z', null, '2026-10-15T07:00:00.000Z'],
  ])('%s', (_case, updatedAt, publishedAt, modified) => {
    expect(postModifiedAt({ updatedAt, publishedAt })).toBe(modified);
  });
});

describe('post page Article', () => {
  it('has its dates in order, the picture, the author and the canonical page', () => {
    const ld = postJsonLd(site, post(), { description: 'D', canonicalUrl: null });
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to Identify a Trailer Axle by Its Tag',
      url: 'https://p.ca/blog/axle-tags',
      image: ['https://p.ca/uploads/blog/axle.webp'],
      datePublished: '2026-10-17T07:00:00.000Z',
      dateModified: '2026-10-17T07:00:00.000Z',
      author: { '@type': 'Person', name: 'Parts Hunters MB' },
      description: 'D',
      publisher: {
        '@type': 'Organization',
        name: 'Parts Hunters MB',
        logo: { '@type': 'ImageObject', url: 'https://p.ca/apple-touch-icon.png' },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://p.ca/blog/axle-tags' },
      keywords: 'Trailer Axles, Trailers',
    });
  });

  it('leaves out a missing picture and honours a canonical URL', () => {
    const ld = postJsonLd(site, post({ featuredImage: null, tags: [] }), {
      description: 'D',
      canonicalUrl: 'https://elsewhere.example/post',
    });
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('keywords');
    expect(ld.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': 'https://elsewhere.example/post' });
  });
});

describe('/blog Blog', () => {
  it('lists the live posts as BlogPostings', () => {
    const ld = blogJsonLd(site, [
      post(),
      post({ slug: 'photo-tips', title: 'Photo Tips', featuredImage: null }),
    ]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: 'Parts Hunters MB Blog',
      url: 'https://p.ca/blog',
      publisher: { '@type': 'Organization', name: 'Parts Hunters MB' },
    });
    const posts = ld.blogPost as Record<string, unknown>[];
    expect(posts.map((p) => [p['@type'], p.headline, p.url])).toEqual([
      ['BlogPosting', 'How to Identify a Trailer Axle by Its Tag', 'https://p.ca/blog/axle-tags'],
      ['BlogPosting', 'Photo Tips', 'https://p.ca/blog/photo-tips'],
    ]);
    for (const p of posts) expect(String(p.dateModified) >= String(p.datePublished)).toBe(true);
    expect(posts[1]).not.toHaveProperty('image');
    expect(blogJsonLd(site, []).blogPost).toEqual([]);
  });
});
