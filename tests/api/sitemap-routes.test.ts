/**
 * The sitemap's fixed paths (STATIC_PUBLIC_PATHS, app/modules/seo/sitemap.ts) against the route
 * table (app/routes.ts): every public page whose path has no parameter is in the sitemap, and the
 * sitemap names no page the table does not have. A page added to the table without its sitemap
 * entry (or a page removed while its entry stays) fails here. Pages with parameters (catalog items,
 * city pages, posts) come from the database and are checked by tests/server/search-engines.test.ts;
 * the back office (/admin…) and the customer's private page (/q/…) are never in a sitemap.
 */
import { describe, expect, it } from 'vitest';
import routeConfig from '#app/routes.ts';
import { STATIC_PUBLIC_PATHS } from '#app/modules/seo/sitemap.ts';

type ConfigEntry = { path?: string; index?: boolean; children?: ConfigEntry[] };

/** Every page's full path in the route table (layouts add no segment of their own). */
function pathsOf(entries: readonly ConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.index || entry.path ? [full || '/'] : [];
    return [...own, ...pathsOf(entry.children ?? [], full)];
  });
}

const isPublicFixed = (path: string) =>
  !/[:*]/.test(path) && !/^\/(admin|q)(\/|$)/.test(path) && !path.startsWith('/api/');

describe('the sitemap and the route table', () => {
  const tablePaths = pathsOf(routeConfig as ConfigEntry[]);

  it('reads the route table as the router does', () => {
    expect(tablePaths).toContain('/');
    expect(tablePaths).toContain('/admin/inbox/:id');
    expect(tablePaths).toContain('/q/:token');
  });

  it('lists every public page with a fixed path, and nothing else', () => {
    expect([...STATIC_PUBLIC_PATHS].sort()).toEqual(tablePaths.filter(isPublicFixed).sort());
  });
});
