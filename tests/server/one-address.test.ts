/**
 * One address per page (issue 31 item 4): a path that differs from a page's only by letter case or
 * a trailing slash moves there (301, the query kept); every canonical link is the page's own path,
 * never the spelling asked for; a catalog page or category is canonical to itself. A private link's
 * token keeps its case.
 */
import { describe, expect, it } from 'vitest';
import { canonicalSpelling } from '#server/http/render.ts';
import { fetchPage, linkHrefs } from '../e2e/support/html.ts';
import { baseUrl, urlOf } from '../e2e/support/server.ts';

const moved = async (path: string) => {
  const res = await fetch(urlOf(path), { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
};

describe('one address per page', () => {
  it.each([
    ['/', '/'],
    ['/Logistics', '/logistics'],
    ['/logistics/', '/logistics'],
    ['/BLOG//', '/blog'],
    ['/catalog/Some-Item', '/catalog/some-item'],
  ])('%s is spelled %s', (path, expected) => {
    expect(canonicalSpelling(path)).toBe(expected);
  });

  it.each([
    ['/LOGISTICS', '/logistics'],
    ['/logistics/', '/logistics'],
    ['/Blog', '/blog'],
    ['/Catalog?category=trailer-parts&page=2', '/catalog?category=trailer-parts&page=2'],
    ['/mb/Winnipeg/Trailer-Parts/', '/mb/winnipeg/trailer-parts'],
  ])('%s moves for good to %s', async (path, location) => {
    expect(await moved(path)).toEqual({ status: 301, location });
  });

  it('leaves alone what is no page (an unknown path is a 404, a private link keeps its case)', async () => {
    expect(await moved('/No-Such-Page')).toEqual({ status: 404, location: null });
    expect(await moved('/q/AbCdEfGhIjKlMnOpQrStUvWx')).toEqual({ status: 404, location: null });
    expect(await moved('/Q/abcdefghijklmnopqrstuvwx')).toEqual({ status: 404, location: null });
  });

  it('a catalog page or category is canonical to itself; the city is not part of it', async () => {
    for (const [path, canonical] of [
      ['/catalog', '/catalog'],
      ['/catalog?page=2', '/catalog?page=2'],
      ['/catalog?category=trailer-parts', '/catalog?category=trailer-parts'],
      ['/catalog?category=trailer-parts&city=brandon', '/catalog?category=trailer-parts'],
    ]) {
      const { html } = await fetchPage(path!);
      expect({ path, canonical: linkHrefs(html, 'canonical') }).toEqual({
        path,
        canonical: [baseUrl() + canonical],
      });
    }
  });
});
