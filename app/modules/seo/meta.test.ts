import { describe, expect, it } from 'vitest';
import { buildMeta } from './meta.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const site = {
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'q@example.com',
  baseUrl: 'https://parts.example.ca',
};

describe('buildMeta', () => {
  it('renders title, description, canonical and the social tags of SPEC §2', () => {
    const tags = buildMeta(site, {
      title: 'Parts Sourcing',
      description: 'We find parts.',
      path: '/parts-sourcing',
      keywords: ['a', 'b'],
    });
    expect(tags).toEqual([
      { title: 'Parts Sourcing | Parts Hunters MB' },
      { name: 'description', content: 'We find parts.' },
      { name: 'keywords', content: 'a, b' },
      { tagName: 'link', rel: 'canonical', href: 'https://parts.example.ca/parts-sourcing' },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Parts Hunters MB' },
      { property: 'og:title', content: 'Parts Sourcing | Parts Hunters MB' },
      { property: 'og:description', content: 'We find parts.' },
      { property: 'og:url', content: 'https://parts.example.ca/parts-sourcing' },
      { property: 'og:image', content: 'https://parts.example.ca/social-card.png' },
      { property: 'og:locale', content: 'en_CA' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: 'Parts Sourcing | Parts Hunters MB' },
      { name: 'twitter:description', content: 'We find parts.' },
      { name: 'twitter:image', content: 'https://parts.example.ca/social-card.png' },
    ]);
  });

  it('keeps an exact title, honours canonicalUrl, absolute images, noindex and JSON-LD', () => {
    const tags = buildMeta(site, {
      title: '404 Page Not Found',
      exactTitle: true,
      description: 'x',
      path: '/nope',
      canonicalUrl: 'https://elsewhere.example/post',
      image: '/uploads/blog/a.webp',
      noindex: true,
      type: 'article',
      jsonLd: [{ '@type': 'Article' }],
    });
    expect(tags).toContainEqual({ title: '404 Page Not Found' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://elsewhere.example/post',
    });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://parts.example.ca/uploads/blog/a.webp',
    });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
    const thin = buildMeta(site, { title: 'T', description: 'D', path: '/mb/x/y', noindex: 'follow' });
    expect(thin).toContainEqual({ name: 'robots', content: 'noindex, follow' });
    expect(
      buildMeta(site, { title: 'T', description: 'D', path: '/' }).some(
        (t) => 'name' in t && t.name === 'robots',
      ),
    ).toBe(false);
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    expect(tags).toContainEqual({ 'script:ld+json': { '@type': 'Article' } });
    expect(tags.some((t) => 'name' in t && t.name === 'keywords')).toBe(false);
  });
});

describe('sitemap and robots', () => {
  it('escapes URLs and keeps only the date of lastmod', () => {
    const xml = sitemapXml('https://p.ca', [
      { path: '/' },
      { path: '/blog/a&b', lastmod: '2026-11-01T12:00:00.000Z' },
    ]);
    expect(xml).toContain('<url><loc>https://p.ca/</loc></url>');
    expect(xml).toContain('<url><loc>https://p.ca/blog/a&amp;b</loc><lastmod>2026-11-01</lastmod></url>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('robots.txt disallows admin and API', () => {
    expect(robotsTxt('https://p.ca')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: https://p.ca/sitemap.xml\n',
    );
  });
});
