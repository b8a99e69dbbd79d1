/** Staff sign-in, sessions and their protection, through HTTP, on both databases. */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '#server/services/auth.ts';
import { createServices } from '#server/services/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';

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

eachEngine('sign-in throttling', (ctx) => {
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const deps = ctx().deps;
    app = createApp({
      config: deps.config,
      services: createServices(deps),
      logger: deps.logger,
      files: deps.files,
    });
    await createStaff(deps);
    await createStaff(deps, { username: 'other', password: 'another long password' });
  });

  it('locks a username after 5 failures with 429 and Retry-After, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      await request(app)
        .post('/api/admin/login')
        .send({ username: 'staff', password: `wrong-${i}` })
        .expect(401);
    }
    const locked = await request(app).post('/api/admin/login').send(STAFF).expect(429);
    expect(locked.body).toEqual({
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // another account from the same client is not locked by it
    await request(app)
      .post('/api/admin/login')
      .send({ username: 'other', password: 'another long password' })
      .expect(200);
  });

  it('a success clears the failures of that user', async () => {
    for (let i = 0; i < 4; i++) {
      await request(app)
        .post('/api/admin/login')
        .send({ username: 'other', password: `nope-${i}` })
        .expect(401);
    }
    await request(app)
      .post('/api/admin/login')
      .send({ username: 'other', password: 'another long password' })
      .expect(200);
    for (let i = 0; i < 4; i++) {
      await request(app)
        .post('/api/admin/login')
        .send({ username: 'other', password: `nope-again-${i}` })
        .expect(401);
    }
    await request(app)
      .post('/api/admin/login')
      .send({ username: 'other', password: 'another long password' })
      .expect(200);
  });
});

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
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    }
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
