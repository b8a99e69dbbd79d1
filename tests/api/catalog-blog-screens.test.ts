/**
 * Catalog and Blog Management in React Router's data flow (issue 27 item 4; decision 0124) on both
 * engines: the loaders and actions of admin/catalog and admin/blog, called as React Router calls
 * them (a Request and the load context server/http/pages.ts builds) over the same services as
 * /api/catalog and /api/admin/blog. The catalog list follows the address (?search=, ?status=,
 * ?category=, ?page=); a change shows in the list loaded again; a refused change answers the one
 * error shape with its status; a visitor without a session is sent to the sign-in page. The
 * browser's side (no /api call, no reload): tests/e2e/back-office-data-flow.e2e.test.ts.
 */
import type { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, EMPTY_CATALOG_FORM } from '#app/modules/catalog/catalog.schema.ts';
import * as blogRoute from '#app/routes/admin-blog.tsx';
import * as catalogRoute from '#app/routes/admin-catalog.tsx';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';

const SESSION = {
  user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
  csrfToken: 'token',
};
type Session = typeof SESSION | null;
type Args<F extends (args: never) => unknown> = Parameters<F>[0];

/** An action's answer as React Router sends it: `data(body, { status })` or a plain object (200). */
function answerOf(answer: unknown): { status: number; body: Record<string, unknown> } {
  if (typeof answer === 'object' && answer !== null && 'init' in answer && 'data' in answer) {
    const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: answer as Record<string, unknown> };
}

/** A POST with its body's bytes, type and Content-Length, as a browser sends it. */
async function sized(body: string | FormData | URLSearchParams, type?: string) {
  const probe = new Request('http://localhost/', { method: 'POST', body });
  const bytes = new Uint8Array(await probe.arrayBuffer());
  const headers = new Headers(probe.headers);
  if (type) headers.set('Content-Type', type);
  headers.set('Content-Length', String(bytes.byteLength));
  return { method: 'POST', headers, body: bytes } satisfies RequestInit;
}

eachEngine('Catalog and Blog Management screens: loaders and actions', (ctx) => {
  let services: Services;
  let context: (session: Session) => RouterContextProvider;

  beforeAll(async () => {
    const deps = testDeps(ctx().t);
    services = createServices(deps);
    context = (session) => routeContext(services, deps, session);
    await seedReference(deps);
  });

  describe('admin/catalog', () => {
    const listAt = (search: string, session: Session = SESSION) =>
      catalogRoute.loader({
        request: new Request(`http://localhost/admin/catalog${search}`),
        params: {},
        context: context(session),
      } as unknown as Args<typeof catalogRoute.loader>);

    /** Posts a form to the screen's action, as the item dialog's fetcher does (its fields as text). */
    async function post(
      fields: Record<string, string> | null,
      session: Session = SESSION,
      init?: RequestInit,
    ) {
      init ??= await sized(new URLSearchParams(fields ?? {}));
      return answerOf(
        await catalogRoute.action({
          request: new Request('http://localhost/admin/catalog', init),
          params: {},
          context: context(session),
        } as unknown as Args<typeof catalogRoute.action>),
      );
    }

    /** The item dialog's fields, every one sent as text (cost in dollars, markup a fraction; no pictures). */
    const item = (title: string, category: string, extra: Record<string, string> = {}) => {
      const { images: _none, ...text } = EMPTY_CATALOG_FORM;
      return {
        ...text,
        title,
        slug: title.toLowerCase().replace(/\s+/g, '-'),
        category,
        cost: '100.00',
        markupPct: '0.35',
        stockQty: '3',
        status: 'draft',
        ...extra,
      };
    };

    it('creates and updates items through the catalog service; the list loaded again shows them', async () => {
      const created = await post({ intent: 'create', ...item('Alpha Axle Hub', 'trailer-parts') });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ ok: true, item: { title: 'Alpha Axle Hub', price: 13500 } });
      const id = (created.body.item as { id: number }).id;
      expect((await post({ intent: 'create', ...item('Beta Blade Edge', 'truck-upfit') })).status).toBe(200);

      const alpha = item('Alpha Axle Hub', 'trailer-parts', { status: 'active', stockQty: '7' });
      const updated = await post({ intent: 'update', id: String(id), ...alpha });
      expect(updated.body).toMatchObject({ ok: true, item: { id, status: 'active', stockQty: 7 } });
      expect(await services.catalog.listForStaff({ search: 'Alpha' })).toMatchObject({
        items: [{ id, status: 'active', stockQty: 7 }],
      });
    });

    it('reads search, status, category and page from the address, with the categories', async () => {
      const all = await listAt('');
      expect(all.list.items.map((i) => i.title).sort()).toEqual(['Alpha Axle Hub', 'Beta Blade Edge']);
      expect(all.categories.map((c) => c.slug)).toEqual(
        expect.arrayContaining(['trailer-parts', 'truck-upfit']),
      );
      expect((await listAt('?search=beta')).list.items.map((i) => i.title)).toEqual(['Beta Blade Edge']);
      expect((await listAt('?status=active')).list.items.map((i) => i.title)).toEqual(['Alpha Axle Hub']);
      expect((await listAt('?category=truck-upfit')).list.items.map((i) => i.title)).toEqual([
        'Beta Blade Edge',
      ]);
      expect((await listAt('?status=draft&category=trailer-parts')).list.items).toEqual([]);
      expect((await listAt('?page=1')).list.page).toBe(1);
    });

    it('answers a refusal in the one error shape with its status', async () => {
      const { items } = await services.catalog.listForStaff({ search: 'Alpha' });
      const id = items[0]!.id;
      const alpha = (extra: Record<string, string>) => item('Alpha Axle Hub', 'trailer-parts', extra);
      const bad = await post({ intent: 'update', id: String(id), ...alpha({ markupPct: '7' }) });
      expect(bad).toEqual({
        status: 400,
        body: {
          ok: false,
          message: CATALOG_MESSAGES.markup,
          fieldErrors: { markupPct: [CATALOG_MESSAGES.markup] },
        },
      });
      const taken = await post({ intent: 'create', ...alpha({}) });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ ok: false, message: 'Slug already exists' });
      expect(await post({ intent: 'update', id: '987654', ...alpha({ stockQty: '1' }) })).toEqual({
        status: 404,
        body: { ok: false, message: 'Catalog item not found', fieldErrors: {} },
      });
      // not an id at all: 400 with the id's words (decision 0178)
      expect(await post({ intent: 'update', id: 'x', ...alpha({}) })).toEqual({
        status: 400,
        body: { ok: false, message: ROW_ID_MESSAGE, fieldErrors: {} },
      });
      expect((await post({ intent: 'delete', id: String(id) })).status).toBe(400);
      expect((await post(null)).status).toBe(400);
      // nothing of the refused changes was written
      expect((await services.catalog.listForStaff({ search: 'Alpha' })).items[0]).toMatchObject({
        markupPct: 0.35,
        stockQty: 7,
      });
    });

    it('refuses a body too large or of unknown length before reading it', async () => {
      const big = new URLSearchParams({ intent: 'update', id: '1', description: 'x'.repeat(70_000) });
      expect((await post(null, SESSION, await sized(big))).status).toBe(413);
      const unsized = await sized(new URLSearchParams({ intent: 'update', id: '1' }));
      unsized.headers.delete('content-length');
      expect((await post(null, SESSION, unsized)).status).toBe(411);
    });

    it('sends a visitor without a session to the sign-in page, and changes nothing', async () => {
      for (const attempt of [
        listAt('', null),
        post({ intent: 'create', ...item('Gamma Guard', 'trailer-parts') }, null),
      ]) {
        const refused = await attempt.catch((thrown: unknown) => thrown);
        expect(refused).toBeInstanceOf(Response);
        expect((refused as Response).status).toBe(302);
        expect((refused as Response).headers.get('location')).toBe('/admin/login');
      }
      expect((await services.catalog.listForStaff({ search: 'Gamma' })).items).toEqual([]);
    });
  });

  describe('admin/blog', () => {
    const load = (session: Session = SESSION) =>
      blogRoute.loader({
        request: new Request('http://localhost/admin/blog'),
        params: {},
        context: context(session),
      } as unknown as Args<typeof blogRoute.loader>);

    /** Posts a form to the screen's action, as the browser's fetcher does (multipart or urlencoded). */
    async function post(fields: Record<string, string>, multipart = false, session: Session = SESSION) {
      let body: FormData | URLSearchParams = new URLSearchParams(fields);
      if (multipart) {
        body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
      }
      return answerOf(
        await blogRoute.action({
          request: new Request('http://localhost/admin/blog', await sized(body)),
          params: {},
          context: context(session),
        } as unknown as Args<typeof blogRoute.action>),
      );
    }

    it('creates, schedules, unpublishes, archives and deletes through the blog service', async () => {
      const created = await post(
        {
          intent: 'create',
          title: 'Winter Hitch Care',
          content: '<p>Grease the ball.</p>',
          tags: '["Hitches"]',
        },
        true,
      );
      expect(created).toMatchObject({
        status: 200,
        body: { ok: true, post: { status: 'draft', tags: ['Hitches'] } },
      });
      const id = String((created.body.post as { id: number }).id);
      const listed = await load();
      expect(listed.posts.map((p) => p.title)).toContain('Winter Hitch Care');
      expect(listed.listedAt).toBeInstanceOf(Date);

      const scheduled = await post({ intent: 'publish', id, publishAt: '2031-03-02T09:00' });
      expect(scheduled.body).toMatchObject({ ok: true, post: { status: 'published' } });
      expect((scheduled.body.post as { publishedAt: string }).publishedAt).toBe('2031-03-02T15:00:00.000Z');

      expect((await post({ intent: 'unpublish', id })).body).toMatchObject({ post: { status: 'draft' } });
      expect((await post({ intent: 'archive', id })).body).toMatchObject({ post: { status: 'archived' } });
      const updated = await post(
        { intent: 'update', id, title: 'Winter Hitch Care Guide', content: '<p>x</p>' },
        true,
      );
      expect(updated.body).toMatchObject({
        ok: true,
        post: { title: 'Winter Hitch Care Guide', status: 'archived' },
      });

      expect(await post({ intent: 'delete', id })).toEqual({ status: 200, body: { ok: true } });
      expect((await load()).posts.map((p) => p.title)).not.toContain('Winter Hitch Care Guide');
    });

    it('answers a refusal in the one error shape with its status', async () => {
      const untitled = await post({ intent: 'create', title: '', content: '<p>Body</p>' }, true);
      expect(untitled.status).toBe(400);
      expect(untitled.body).toMatchObject({ ok: false, fieldErrors: { title: [expect.any(String)] } });
      expect(untitled.body.message).toBe((untitled.body.fieldErrors as { title: string[] }).title[0]);
      for (const intent of ['publish', 'unpublish', 'archive', 'delete'])
        expect(await post({ intent, id: '987654' })).toEqual({
          status: 404,
          body: { ok: false, message: 'Blog post not found', fieldErrors: {} },
        });
      expect((await post({ intent: 'explode', id: '1' })).status).toBe(400);
      const broken = await blogRoute.action({
        request: new Request(
          'http://localhost/admin/blog',
          await sized('--x\r\nnot a part', 'multipart/form-data; boundary=x'),
        ),
        params: {},
        context: context(SESSION),
      } as unknown as Args<typeof blogRoute.action>);
      expect(answerOf(broken)).toMatchObject({ status: 400, body: { ok: false } });
    });

    it('sends a visitor without a session to the sign-in page', async () => {
      for (const attempt of [
        load(null),
        post({ intent: 'create', title: 'Nope', content: '<p>x</p>' }, true, null),
      ]) {
        const refused = await attempt.catch((thrown: unknown) => thrown);
        expect(refused).toBeInstanceOf(Response);
        expect((refused as Response).headers.get('location')).toBe('/admin/login');
      }
      expect((await services.blog.listForStaff()).map((p) => p.title)).not.toContain('Nope');
    });
  });
});
