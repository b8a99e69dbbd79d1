/** Staff sign-in, sessions and their protection, through HTTP, on both databases. */
import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '#server/services/auth.ts';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as loginRoute from '#app/routes/admin-login.tsx';
import { findUserByUsername } from '#server/db/repo/users.ts';
import { createServices, type ServiceDeps, type Services } from '#server/services/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';
import { screenDoors } from '../support/screen-door.ts';

eachEngine('admin sign-in', (ctx) => {
  let clock = new Date('2026-11-20T15:00:00.000Z');
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const deps = { ...ctx().deps, now: () => clock };
    app = createApp({
      config: deps.config,
      services: createServices(deps),
      logger: deps.logger,
      files: deps.files,
    });
    await createStaff(deps);
  });

  it('signs in: httpOnly SameSite=Lax session cookie and the CSRF token in the body', async () => {
    const res = await request(app).post('/api/admin/login').send(STAFF).expect(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^[\w-]{40,}$/),
      user: { username: 'staff', displayName: 'Sam Staff', role: 'staff' },
      // "Welcome", or "Welcome back!" after a first sign-in; a password of their own (decision 0201)
      greeting: expect.stringMatching(/^Welcome( back!)?$/),
      mustChangePassword: false,
    });
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^phmb_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // BASE_URL is http in tests
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await request(app)
      .post('/api/admin/login')
      .send({ username: 'nobody', password: 'whatever-1' })
      .expect(401);
    const wrong = await request(app)
      .post('/api/admin/login')
      .send({ username: 'staff', password: 'whatever-1' })
      .expect(401);
    expect(unknown.body).toEqual({ message: 'Invalid username or password' });
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('requires both fields with the spec messages', async () => {
    const res = await request(app).post('/api/admin/login').send({ username: ' ', password: '' }).expect(400);
    expect(res.body.fieldErrors).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('says a field is too long rather than missing', async () => {
    const res = await request(app)
      .post('/api/admin/login')
      .send({ username: 'u'.repeat(65), password: 'p'.repeat(257) })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({
      username: ['Username is too long (max 64 characters)'],
      password: ['Password is too long (max 256 characters)'],
    });
  });

  it('refuses a sign-in posted from another site', async () => {
    await request(app).post('/api/admin/login').set('Origin', 'https://evil.example').send(STAFF).expect(403);
  });

  it('/me and logout: logout ends the session on the server', async () => {
    const { cookie, token } = await signIn(app);
    const me = await request(app).get('/api/admin/me').set('Cookie', cookie).expect(200);
    expect(me.body).toEqual({ user: { username: 'staff', displayName: 'Sam Staff', role: 'staff' }, token });
    await request(app).post('/api/admin/logout').set('Cookie', cookie).set('X-CSRF-Token', token).expect(200);
    await request(app).get('/api/admin/me').set('Cookie', cookie).expect(401);
  });

  it('rotates the session on sign-in: the cookie held before stops working', async () => {
    const first = await signIn(app);
    const res = await request(app)
      .post('/api/admin/login')
      .set('Cookie', first.cookie)
      .send(STAFF)
      .expect(200);
    const second = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect(second).not.toBe(first.cookie);
    await request(app).get('/api/admin/me').set('Cookie', first.cookie).expect(401);
    await request(app).get('/api/admin/me').set('Cookie', second).expect(200);
  });

  it('expires a session after the idle timeout and after the absolute lifetime', async () => {
    const idle = await signIn(app);
    clock = new Date(clock.getTime() + SESSION_IDLE_MS - 60_000);
    await request(app).get('/api/admin/me').set('Cookie', idle.cookie).expect(200); // activity keeps it alive
    clock = new Date(clock.getTime() + SESSION_IDLE_MS - 60_000);
    await request(app).get('/api/admin/me').set('Cookie', idle.cookie).expect(200);
    clock = new Date(clock.getTime() + SESSION_IDLE_MS + 1);
    await request(app).get('/api/admin/me').set('Cookie', idle.cookie).expect(401);

    const busy = await signIn(app);
    const start = clock.getTime();
    const step = 6 * 3_600_000; // used every six hours: never idle, but the week runs out
    while (clock.getTime() + step - start < SESSION_MAX_MS) {
      clock = new Date(clock.getTime() + step);
      await request(app).get('/api/admin/me').set('Cookie', busy.cookie).expect(200);
    }
    clock = new Date(start + SESSION_MAX_MS + 1);
    await request(app).get('/api/admin/me').set('Cookie', busy.cookie).expect(401);
  });
});

/** A sign-in posted from `client` (TRUST_PROXY=1: the address the proxy says). */
const signInFrom = (app: Express, client: string, user: { username: string; password: string }) =>
  request(app).post('/api/admin/login').set('X-Forwarded-For', client).send(user);

/**
 * Sign-in throttling (issue 47 item 2, decision 0176): failures count per account and client (an
 * IPv6 client by its /56) and per client over every username, with a wait that starts after the
 * fifth (the twentieth for a client) and doubles; the right password from another client is never
 * refused.
 */
eachEngine(
  'sign-in throttling',
  (ctx) => {
    let clock = new Date('2026-11-20T15:00:00.000Z');
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
    let app: Express;
    beforeAll(async () => {
      const deps = { ...ctx().deps, now: () => clock };
      app = createApp({
        config: deps.config,
        services: createServices(deps),
        logger: deps.logger,
        files: deps.files,
      });
      await createStaff(deps);
      await createStaff(deps, { username: 'other', password: 'another long password' });
    });

    it('five failures from one address slow that address, not the right password from another', async () => {
      for (let i = 0; i < 5; i++)
        await signInFrom(app, '198.51.100.7', { username: 'staff', password: `wrong-${i}` }).expect(401);
      const slowed = await signInFrom(app, '198.51.100.7', STAFF).expect(429);
      expect(slowed.body).toEqual({
        message: 'Too many sign-in attempts. Please wait 1 minute and try again.',
      });
      expect(slowed.headers['retry-after']).toBe('60');
      // the owner at the office, or on their phone: signed in
      await signInFrom(app, '203.0.113.20', STAFF).expect(200);
      // another account from the slowed address is not slowed by it
      await signInFrom(app, '198.51.100.7', { username: 'other', password: 'another long password' }).expect(
        200,
      );
    });

    it('doubles the wait with each further failure, up to 15 minutes', async () => {
      const client = '198.51.100.8';
      for (let i = 0; i < 5; i++)
        await signInFrom(app, client, { username: 'other', password: `nope-${i}` }).expect(401);
      const waits: number[] = [];
      for (let i = 0; i < 6; i++) {
        const slowed = await signInFrom(app, client, { username: 'other', password: 'nope' }).expect(429);
        const seconds = Number(slowed.headers['retry-after']);
        waits.push(seconds);
        later(seconds * 1000);
        await signInFrom(app, client, { username: 'other', password: `again-${i}` }).expect(401);
      }
      expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
      const slowed = await signInFrom(app, client, { username: 'other', password: 'x' }).expect(429);
      expect(slowed.body.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
      // a day without failures forgets them
      later(24 * 60 * 60_000);
      for (let i = 0; i < 4; i++)
        await signInFrom(app, client, { username: 'other', password: `fresh-${i}` }).expect(401);
      await signInFrom(app, client, { username: 'other', password: 'another long password' }).expect(200);
    });

    it('slows one client trying many usernames, and no other client', async () => {
      const client = '192.0.2.33';
      for (let i = 0; i < 20; i++)
        await signInFrom(app, client, { username: `guess-${i}`, password: 'Winter2026!' }).expect(401);
      const slowed = await signInFrom(app, client, STAFF).expect(429);
      expect(slowed.headers['retry-after']).toBe('60');
      await signInFrom(app, '192.0.2.34', STAFF).expect(200);
    });

    it('counts the addresses of one IPv6 /56 as one client', async () => {
      // 2001:db8:42:ab00::/56: a home or a phone network hands out any of these
      const inside = [
        '2001:db8:42:ab00::1',
        '2001:db8:42:ab01::9',
        '2001:db8:42:abff:1::2',
        '2001:db8:42:ab7f::1',
      ];
      for (let i = 0; i < 5; i++)
        await signInFrom(app, inside[i % inside.length]!, { username: 'staff', password: `v6-${i}` }).expect(
          401,
        );
      await signInFrom(app, '2001:db8:42:ab42::77', STAFF).expect(429);
      // the next /56 is another client
      await signInFrom(app, '2001:db8:42:ac00::1', STAFF).expect(200);
    });

    it('a success clears the failures of that user', async () => {
      const client = '198.51.100.9';
      const other = { username: 'other', password: 'another long password' };
      for (let i = 0; i < 4; i++)
        await signInFrom(app, client, { username: 'other', password: `nope-${i}` }).expect(401);
      await signInFrom(app, client, other).expect(200);
      for (let i = 0; i < 4; i++)
        await signInFrom(app, client, { username: 'other', password: `nope-again-${i}` }).expect(401);
      await signInFrom(app, client, other).expect(200);
    });

    it('lets only five of many sign-ins sent at once from one client try a password', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          signInFrom(app, '198.51.100.10', { username: 'staff', password: `burst-${i}` }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    });
  },
  { TRUST_PROXY: '1' },
);

eachEngine('sign-in throttling across processes', (ctx) => {
  it('counts the failures of two processes once and keeps the lock for a restarted one', async () => {
    const deps = ctx().deps;
    // two apps with their own services stand for two processes on one database
    const apps = [0, 1, 2].map(() =>
      createApp({
        config: deps.config,
        services: createServices(deps),
        logger: deps.logger,
        files: deps.files,
      }),
    );
    await createStaff(deps);
    for (let i = 0; i < 5; i++) {
      await request(apps[i % 2]!)
        .post('/api/admin/login')
        .send({ username: 'staff', password: `wrong-${i}` })
        .expect(401);
    }
    for (const app of apps) {
      const locked = await request(app).post('/api/admin/login').send(STAFF).expect(429);
      expect(locked.headers['retry-after']).toBe('60');
    }
  });
});

type LoginAction = Parameters<typeof loginRoute.action>[0];

/** The sign-in page's own form post (no scripts yet), as React Router hands it to the route's action. */
async function postLoginForm(
  services: Services,
  deps: ServiceDeps,
  body: { type: string; bytes: string },
  cookie?: string,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers = new Headers({
    'Content-Type': body.type,
    'Content-Length': String(Buffer.byteLength(body.bytes)),
  });
  if (cookie) headers.set('Cookie', cookie);
  const answer: unknown = await loginRoute.action({
    request: new Request('http://localhost/admin/login', { method: 'POST', headers, body: body.bytes }),
    params: {},
    context: routeContext(services, deps),
  } as unknown as LoginAction);
  if (answer instanceof Response) return { status: answer.status, body: null, headers: answer.headers };
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

const formOf = (fields: Record<string, string>) => ({
  type: 'application/x-www-form-urlencoded',
  bytes: new URLSearchParams(fields).toString(),
});

/** Issue 47 item 8: what the sign-in page's form post does with a body or a cookie it cannot read. */
eachEngine('the sign-in form post', (ctx) => {
  beforeAll(async () => {
    await createStaff(ctx().deps);
  });

  it('answers 400 with a message to a body that is not a form it can read', async () => {
    const { services, deps } = ctx();
    for (const body of [
      { type: 'multipart/form-data; boundary=x', bytes: 'not a multipart body' },
      { type: 'multipart/form-data', bytes: '--x\r\n' },
    ]) {
      const answer = await postLoginForm(services, deps, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        message: 'The form was incomplete or malformed. Please try again.',
      });
    }
  });

  it('takes a session cookie it cannot decode for none: the visitor is signed out', async () => {
    const { services, deps } = ctx();
    const cookie = `${services.auth.cookieName()}=%E0%A4%A`;
    const wrong = await postLoginForm(
      services,
      deps,
      formOf({ username: 'staff', password: 'nope' }),
      cookie,
    );
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    const right = await postLoginForm(services, deps, formOf(STAFF), cookie);
    expect(right.status).toBe(302);
    expect(right.headers.get('set-cookie')).toMatch(/^phmb_session=[\w-]{40,};/);
  });

  it('answers a slowed client 429 with Retry-After on the form post too', async () => {
    const { services, deps } = ctx();
    // the route context's client is 127.0.0.1
    for (let i = 0; i < 5; i++)
      expect(
        (await postLoginForm(services, deps, formOf({ username: 'staff', password: `w-${i}` }))).status,
      ).toBe(401);
    const slowed = await postLoginForm(services, deps, formOf(STAFF));
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({
      message: 'Too many sign-in attempts. Please wait 1 minute and try again.',
    });
    expect(slowed.headers.get('retry-after')).toBe('60');
  });
});

/**
 * Issue 47 item 8: a server started with a new ADMIN_PASSWORD ends the sessions of that account (a
 * leaked password stops working everywhere) and says so in the audit log; the same password again
 * changes nothing.
 */
eachEngine('a changed ADMIN_PASSWORD', (ctx) => {
  const appWith = (password: string) => {
    const deps = { ...ctx().deps, config: { ...ctx().deps.config, admin: { username: 'admin', password } } };
    const services = createServices(deps);
    const app = createApp({ config: deps.config, services, logger: deps.logger, files: deps.files });
    return { app, services, deps, start: () => services.adminAccount.ensureAdmin() };
  };
  const FIRST = { username: 'admin', password: 'first admin password' };
  const SECOND = { username: 'admin', password: 'second admin password' };

  it('ends the sessions of that account at start and writes it in the audit log', async () => {
    const first = appWith(FIRST.password);
    await first.start();
    await createStaff(ctx().deps);
    const admin = await signIn(first.app, FIRST);
    const staff = await signIn(first.app, STAFF);

    // a restart with the same password changes nothing
    const again = appWith(FIRST.password);
    await again.start();
    await request(again.app).get('/api/admin/me').set('Cookie', admin.cookie).expect(200);

    const second = appWith(SECOND.password);
    await second.start();
    await request(second.app).get('/api/admin/me').set('Cookie', admin.cookie).expect(401);
    await request(second.app).get('/api/admin/me').set('Cookie', staff.cookie).expect(200);
    await signIn(second.app, SECOND);
    const adminId = (await findUserByUsername(ctx().deps.db, 'admin'))!.id;
    // the owner reads the audit log on its screen
    const owner = { user: { id: adminId, username: 'admin', displayName: 'Admin', role: 'owner' as const } };
    const audit = await screenDoors(second.services, second.deps).load(
      auditRoute,
      owner,
      '/admin/audit?action=password_reset',
    );
    expect(audit.status).toBe(200);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'password_reset',
        actor: 'ADMIN_PASSWORD at start',
        userId: null,
        subject: `user:${adminId}`,
        after: { sessionsEnded: 1 },
      }),
    ]);
  });
});

describe('secure cookies behind https', () => {
  eachEngine(
    'https BASE_URL',
    (ctx) => {
      it('marks the cookie Secure and uses a __Host- name', async () => {
        const deps = ctx().deps;
        const app = createApp({
          config: deps.config,
          services: createServices(deps),
          logger: deps.logger,
          files: deps.files,
        });
        await createStaff(deps);
        const res = await request(app).post('/api/admin/login').send(STAFF).expect(200);
        const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
        expect(cookie).toMatch(/^__Host-phmb_session=/);
        expect(cookie).toContain('Secure');
      });
    },
    { BASE_URL: 'https://parts.example.ca' },
  );
});
