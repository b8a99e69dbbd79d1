import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderedPage, renderKey } from './rendered-pages.server.ts';

/** Loader data as the render layer hands it over: its properties not enumerable (render.ts). */
function hidden(data: Record<string, unknown>): Record<string, unknown> {
  const out = {};
  for (const [name, value] of Object.entries(data)) Object.defineProperty(out, name, { value });
  return out;
}

function contextOf(data: Record<string, unknown>, extra: Record<string, unknown> = {}): EntryContext {
  return {
    staticHandlerContext: {
      statusCode: 200,
      errors: null,
      actionData: null,
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/catalog' } }],
      loaderData: { root: { site: { name: 'Parts Hunters MB' } }, 'routes/catalog': hidden(data) },
      ...extra,
    },
  } as unknown as EntryContext;
}

const request = new Request('http://localhost/catalog?utm_source=mail');

describe('the pages kept by their data', () => {
  it('keys a render by its address, nonce and every loader data, hidden properties included', () => {
    const key = renderKey(request, contextOf({ items: [{ title: 'Axle' }], page: 1 }), '');
    expect(key).toBe(renderKey(request, contextOf({ items: [{ title: 'Axle' }], page: 1 }), ''));
    expect(key).toContain('Axle');
    for (const other of [
      renderKey(request, contextOf({ items: [{ title: 'Axle (Rebuilt)' }], page: 1 }), ''),
      renderKey(request, contextOf({ items: [{ title: 'Axle' }], page: 2 }), ''),
      renderKey(request, contextOf({ items: [{ title: 'Axle' }], page: 1 }), 'nonce-a'),
      renderKey(
        new Request('http://localhost/catalog'),
        contextOf({ items: [{ title: 'Axle' }], page: 1 }),
        '',
      ),
    ]) {
      expect(other).not.toBe(key);
    }
  });

  it('keeps no error page and no answer to an action', () => {
    expect(renderKey(request, contextOf({}, { statusCode: 404 }), '')).toBeUndefined();
    expect(renderKey(request, contextOf({}, { errors: { root: new Error('x') } }), '')).toBeUndefined();
    expect(renderKey(request, contextOf({}, { actionData: { ok: true } }), '')).toBeUndefined();
  });

  it('renders a page once for the same key, again for another, always without a key', () => {
    let renders = 0;
    const render = () => Buffer.from(`<p>${++renders}</p>`) as Buffer<ArrayBuffer>;
    const key = renderKey(request, contextOf({ unique: Math.random() }), '');
    expect(renderedPage(key, render).toString()).toBe('<p>1</p>');
    expect(renderedPage(key, render).toString()).toBe('<p>1</p>');
    expect(renderedPage(`${key}x`, render).toString()).toBe('<p>2</p>');
    expect(renderedPage(undefined, render).toString()).toBe('<p>3</p>');
    expect(renderedPage(undefined, render).toString()).toBe('<p>4</p>');
  });
});
