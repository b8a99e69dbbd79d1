/**
 * Sign-in and sign-out each have one path (issue 50 item 1; decision 0182 'Catalog, blog, sign-in'):
 * `services.auth.signIn` and `services.auth.signOut` do the throttling (decision 0176), the
 * session, its cookie and the audit log, and every door calls them. Sign-in has two doors, POST
 * /api/admin/login (docs/product.md §7, the page with scripts) and the sign-in page's own form post
 * (before or without scripts); both answer a missing field, a wrong password, a client that must wait
 * and a good sign-in alike, on both engines. Sign-out has one, POST /api/admin/logout.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { changeOf, rawRecordOf } from '#app/modules/team/audit.ts';
import * as loginRoute from '#app/routes/admin-login.tsx';
import type { Services } from '#server/services/index.ts';
import { createStaff } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { PHONE_USER_AGENT } from '../support/phone.ts';
import { answerOf, routeContext } from '../support/route-context.ts';
import { listEndpoints } from '../support/route-table.ts';

type Fields = Record<string, string>;
/** What a door answered, as a person or a program sees it: the session cookie's value left out. */
type Answer = {
  signedIn: boolean;
  status?: number;
  message?: unknown;
  fieldErrors?: unknown;
  retryAfter?: string | null;
  cookie?: string | null;
};

/** A Set-Cookie header with its value (the session id, fresh each time) left out. */
const cookieShape = (header: string | null | undefined) =>
  header ? header.replace(/^([^=]+)=[^;]*/, '$1=<session>') : null;

eachEngine('sign-in and sign-out: one path each', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let services: Services;
  const password = 'correct horse battery';

  beforeAll(async () => {
    const { deps } = ctx();
    services = ctx().services;
    app = createTestApp(deps, services);
    for (const username of ['api', 'page', 'slow']) await createStaff(deps, { username, password }, 'staff');
  });

  /** POST /api/admin/login, as the page's script (and any program) calls it. */
  async function viaApi(fields: Fields): Promise<Answer> {
    const res = await request(app).post('/api/admin/login').send(fields);
    const cookie = cookieShape((res.headers['set-cookie'] as unknown as string[] | undefined)?.[0]);
    if (res.status === 200) return { signedIn: true, cookie };
    return {
      signedIn: false,
      status: res.status,
      message: res.body.message,
      fieldErrors: res.body.fieldErrors ?? {},
      retryAfter: res.headers['retry-after'] ?? null,
      cookie,
    };
  }

  /** The sign-in page's own form post, as React Router hands it to the route's action. */
  async function viaPage(fields: Fields): Promise<Answer> {
    const body = new URLSearchParams(fields).toString();
    const req = new Request('http://localhost/admin/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(Buffer.byteLength(body)),
      },
      body,
    });
    const raw: unknown = await loginRoute.action({
      request: req,
      params: {},
      context: routeContext(services, ctx().deps),
    } as never);
    const headers =
      raw instanceof Response ? raw.headers : new Headers((raw as { init?: ResponseInit }).init?.headers);
    const answer = answerOf(raw);
    const cookie = cookieShape(headers.get('set-cookie'));
    if (answer.status === 302) return { signedIn: true, cookie };
    const data = answer.body as { message?: unknown; fieldErrors?: unknown };
    return {
      signedIn: false,
      status: answer.status,
      message: data.message,
      fieldErrors: data.fieldErrors ?? {},
      retryAfter: headers.get('retry-after'),
      cookie,
    };
  }

  const signIns = async () =>
    (await ctx().deps.db.selectFrom('audit_log').select('id').where('action', '=', 'sign_in').execute())
      .length;

  it('refuses missing fields and a wrong password alike at both doors', async () => {
    const missing = { username: ' ', password: '' };
    expect(await viaPage(missing)).toEqual(await viaApi(missing));
    const [api, page] = [
      await viaApi({ username: 'api', password: 'wrong password' }),
      await viaPage({ username: 'page', password: 'wrong password' }),
    ];
    expect(api).toEqual({
      signedIn: false,
      status: 401,
      message: 'Invalid username or password',
      fieldErrors: {},
      retryAfter: null,
      cookie: null,
    });
    expect(page).toEqual(api);
  });

  it('makes a client that must wait wait alike at both doors, and tells it how long', async () => {
    // both doors count the same client (the route context's 127.0.0.1 and supertest's address)
    for (let i = 0; i < 5; i++) {
      const door = i % 2 ? viaApi : viaPage;
      expect((await door({ username: 'slow', password: `wrong ${i}` })).status).toBe(401);
    }
    const api = await viaApi({ username: 'slow', password });
    expect(api).toEqual({
      signedIn: false,
      status: 429,
      message: 'Too many sign-in attempts. Please wait 1 minute and try again.',
      fieldErrors: {},
      retryAfter: '60',
      cookie: null,
    });
    expect(await viaPage({ username: 'slow', password })).toEqual(api);
  });

  it('signs in alike at both doors: the same session cookie, and the sign-in in the audit log', async () => {
    const before = await signIns();
    const api = await viaApi({ username: 'api', password });
    const page = await viaPage({ username: 'page', password });
    expect(api).toEqual({
      signedIn: true,
      cookie: expect.stringMatching(/^phmb_session=<session>; /),
    });
    expect(api.cookie).toContain('HttpOnly');
    expect(api.cookie).toContain('SameSite=Lax');
    expect(page).toEqual(api);
    expect(await signIns()).toBe(before + 2);
  });

  // issue 48 item 7 (decision 0195): the audit log says where and on what, from what each door records
  it('writes in the audit log the address and the browser each door saw, read in words', async () => {
    const firefox = 'Mozilla/5.0 (Linux; Android 15) Firefox/140.0';
    await request(app)
      .post('/api/admin/login')
      .set('User-Agent', firefox)
      .send({ username: 'api', password });
    await viaPage({ username: 'page', password });
    await request(app)
      .post('/api/admin/login')
      .set('User-Agent', firefox)
      .send({ username: 'api', password: 'wrong password' })
      .expect(401);
    const { entries } = await services.team.audit({});
    const last = (action: string, actor: string) =>
      entries.find((e) => e.action === action && e.actor === actor)!;
    const api = last('sign_in', 'api');
    // supertest's address: this computer's own, as 127.0.0.1 or ::1 (::ffff:127.0.0.1)
    expect(api.after).toEqual({ client: expect.any(String), ip: expect.any(String), userAgent: firefox });
    expect(changeOf(api)).toBe('From Firefox on Android on this computer');
    expect(rawRecordOf(api)).toEqual([
      ['Address', (api.after as { ip: string }).ip],
      ['Browser', firefox],
    ]);
    // the page's action: the route context's client (127.0.0.1 on an iPhone)
    const page = last('sign_in', 'page');
    expect(page.after).toEqual({ client: '127.0.0.1', ip: '127.0.0.1', userAgent: PHONE_USER_AGENT });
    expect(changeOf(page)).toBe('From Safari on iPhone on this computer');
    expect(changeOf(last('sign_in_failed', 'api'))).toBe('From Firefox on Android on this computer');
  });

  it('signs out through one door: the session ends on the server and its cookie is cleared', async () => {
    const res = await request(app).post('/api/admin/login').send({ username: 'api', password }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const out = await request(app)
      .post('/api/admin/logout')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', res.body.token as string)
      .expect(200);
    const cleared = (out.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cleared).toMatch(/^phmb_session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    await request(app).get('/api/admin/me').set('Cookie', cookie).expect(401);
  });

  it('has these doors and no other: POST /api/admin/login and /logout, and the sign-in page', () => {
    const endpoints = listEndpoints(app)
      .filter((e) => /log(in|out)\b|sign-?(in|out)/i.test(e.path))
      .map((e) => `${e.method} ${e.path}`);
    // and a passkey's two steps (decision 0202): another credential, throttled by the same code
    // (`auth.attempt`) and opening the session by the same (`auth.openSession`): tests/api/passkeys.test.ts
    expect(endpoints.sort()).toEqual([
      'POST /api/admin/login',
      'POST /api/admin/logout',
      'POST /api/admin/passkey-login',
      'POST /api/admin/passkey-login/options',
    ]);
  });
});
