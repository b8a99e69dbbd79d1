import { describe, expect, it } from 'vitest';
import { needsHydration, STATIC_PAGE } from './hydration.ts';

const root = { id: 'root', handle: undefined };

describe('which pages ship React', () => {
  it('a content page that opts out ships none', () => {
    expect(needsHydration([root, { id: 'routes/home', handle: STATIC_PAGE }])).toBe(false);
  });

  it('every other page hydrates: no handle, another handle, or a nested route that needs it', () => {
    expect(needsHydration([root, { id: 'routes/find-my-part' }])).toBe(true);
    expect(needsHydration([root, { id: 'routes/admin-layout', handle: { chrome: 'admin' } }])).toBe(true);
    expect(
      needsHydration([root, { id: 'routes/layout', handle: STATIC_PAGE }, { id: 'routes/form', handle: {} }]),
    ).toBe(true);
    expect(needsHydration([root, { id: 'routes/x', handle: { hydrate: true } }])).toBe(true);
  });

  it('the root alone (no page matched) hydrates, to be safe', () => {
    expect(needsHydration([root])).toBe(true);
  });
});
