import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appContext, staticPageLoader, type AppLoadContext } from './load-context.ts';

function contextFor(document: boolean) {
  const context = new RouterContextProvider();
  context.set(appContext, { document } as AppLoadContext);
  return context;
}

describe('staticPageLoader (decision 0122)', () => {
  const loader = staticPageLoader(async (_args: { context: RouterContextProvider }) => ({
    items: [{ slug: 'axle', title: 'Axle' }],
    total: 1,
  }));

  it('gives the render of a document request all its data, and the encoder no keys', async () => {
    const data = await loader({ context: contextFor(true) });
    expect(data.items).toEqual([{ slug: 'axle', title: 'Axle' }]);
    expect(data.total).toBe(1);
    const { items, total } = data;
    expect([items.length, total]).toEqual([1, 1]);
    // what React Router's turbo-stream encoder walks for a plain object
    expect(Object.keys(data)).toEqual([]);
    expect(JSON.stringify(data)).toBe('{}');
  });

  it('gives a client-side visit (<path>.data) its data whole', async () => {
    const data = await loader({ context: contextFor(false) });
    expect(Object.keys(data)).toEqual(['items', 'total']);
    expect(JSON.parse(JSON.stringify(data))).toEqual({ items: [{ slug: 'axle', title: 'Axle' }], total: 1 });
  });

  it('returns anything but a plain object as it is', async () => {
    const response = new Response(null, { status: 302, headers: { Location: '/catalog' } });
    const redirect = staticPageLoader(async (_args: { context: RouterContextProvider }) => response);
    expect(await redirect({ context: contextFor(true) })).toBe(response);
    const nothing = staticPageLoader(async (_args: { context: RouterContextProvider }) => null);
    expect(await nothing({ context: contextFor(true) })).toBeNull();
  });
});
