import { DEFAULT_HOURS } from '../site/opening-hours.ts';
import { describe, expect, it } from 'vitest';
import { buildMeta } from './meta.ts';
import { DESCRIPTION_MAX, fitTitle, TITLE_MAX } from './text-fit.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const site = {
  hours: DEFAULT_HOURS,
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'q@example.com',
  baseUrl: 'https://parts.example.ca',
};

describe('buildMeta', () => {
  it('renders title, description, canonical and the social tags of product.md §2', () => {
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

describe('fitTitle: within 60 characters, shortening the page part and never the brand', () => {
  const fit = (title: string, shorter?: string[]) => fitTitle(title, 'Parts Hunters MB', shorter);

  it('keeps a title that fits', () => {
    expect(fit('Parts Sourcing')).toBe('Parts Sourcing | Parts Hunters MB');
    const exactly = 'x'.repeat(TITLE_MAX - ' | Parts Hunters MB'.length);
    expect(fit(exactly)).toBe(`${exactly} | Parts Hunters MB`);
  });

  it('takes the first shorter form that fits (a city page)', () => {
    expect(
      fit('Lighting & Electrical in Steinbach, Manitoba', [
        'Lighting & Electrical in Steinbach',
        'Lighting & Electrical, Steinbach',
      ]),
    ).toBe('Lighting & Electrical in Steinbach | Parts Hunters MB');
    expect(
      fit('Hydraulics & Fittings in Portage la Prairie, Manitoba', [
        'Hydraulics & Fittings in Portage la Prairie',
        'Hydraulics & Fittings, Portage la Prairie',
      ]),
    ).toBe('Hydraulics & Fittings, Portage la Prairie | Parts Hunters MB');
  });

  it("drops an item's trailing details after a comma", () => {
    expect(fit('Walterscheid W2300 PTO Driveline, 1-3/8 in 6-Spline')).toBe(
      'Walterscheid W2300 PTO Driveline | Parts Hunters MB',
    );
    expect(fit('3M Diamond Grade DOT-C2 Conspicuity Tape, 2 in x 150 ft')).toBe(
      '3M Diamond Grade DOT-C2 Conspicuity Tape | Parts Hunters MB',
    );
  });

  it('otherwise cuts at a word boundary with an ellipsis', () => {
    expect(fit('Kinedyne 2 in x 27 ft Ratchet Strap with Double J-Hooks')).toBe(
      'Kinedyne 2 in x 27 ft Ratchet Strap… | Parts Hunters MB',
    );
    expect(fit('Photo Tips That Get You a Parts Quote in Minutes')).toBe(
      'Photo Tips That Get You a Parts Quote… | Parts Hunters MB',
    );
  });

  it.each([
    'Dexter 12 x 2 in Hub & Drum Assembly, 6 on 5.5 in',
    'Amerex 5 lb ABC Fire Extinguisher with Vehicle Bracket',
    'Averyveryveryveryveryveryveryveryveryveryverylongwordwithnospaces',
  ])('never runs past 60 and always ends with the brand: %s', (title) => {
    const fitted = fit(title);
    expect(fitted.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(fitted.endsWith(' | Parts Hunters MB')).toBe(true);
  });

  it('buildMeta uses it for <title>, og:title and twitter:title; an exact title is kept when it fits', () => {
    const tags = buildMeta(site, {
      title: 'Walterscheid W2300 PTO Driveline, 1-3/8 in 6-Spline',
      description: 'd',
      path: '/catalog/x',
    });
    expect(tags).toContainEqual({ title: 'Walterscheid W2300 PTO Driveline | Parts Hunters MB' });
    expect(tags).toContainEqual({
      property: 'og:title',
      content: 'Walterscheid W2300 PTO Driveline | Parts Hunters MB',
    });
    const exact = 'How to Identify a Trailer Axle by Its Tag';
    expect(buildMeta(site, { title: exact, exactTitle: true, description: 'd', path: '/' })).toContainEqual({
      title: exact,
    });
    // past 60 characters (a post's own meta title, issue 31 item 10): its ' | …' part goes first
    const long = buildMeta(site, {
      title: `${exact} | Manitoba Trailer Parts`,
      exactTitle: true,
      description: 'd',
      path: '/',
    });
    for (const key of ['og:title', 'twitter:title']) {
      expect(long).toContainEqual(
        expect.objectContaining({ content: exact, [key.startsWith('og') ? 'property' : 'name']: key }),
      );
    }
    expect(long).toContainEqual({ title: exact });
  });

  it('buildMeta holds the description, og:description and twitter:description to 160, cut at a word', () => {
    const description = `${'Trailer parts quoted the same day. '.repeat(5)}Text us.`;
    const tags = buildMeta(site, { title: 'T', description, path: '/' });
    const contents = tags.flatMap((t) =>
      'content' in t && /description$/.test('name' in t ? t.name : t.property) ? [t.content] : [],
    );
    expect(contents).toHaveLength(3);
    for (const content of contents) {
      expect(content.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      expect(content).toBe(
        'Trailer parts quoted the same day. Trailer parts quoted the same day. Trailer parts quoted the same day. Trailer parts quoted the same day.',
      );
    }
  });
});
