/**
 * Every API endpoint is either on the public list below or guarded: it answers 401 without a
 * session and, for a mutation, 403 without the session's CSRF token or from a foreign Origin.
 * The endpoints are read from the app's own router stack, so a new endpoint that forgets its
 * guard fails here until it is guarded or consciously added to PUBLIC.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { concretePath, listEndpoints, type Endpoint } from '../support/route-table.ts';

/** Endpoints anyone may call (with their own validation and limits). */
const PUBLIC = new Set([
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /blog/rss.xml', // the blog's RSS feed: published posts only
  'GET /manifest.webmanifest', // the back office's web app manifest: the site's name only (decision 0206)
  'GET /api/health',
  'GET /api/cities',
  'GET /api/categories',
  'POST /api/clicks',
  'POST /api/leads',
  'GET /api/catalog',
  'GET /api/catalog/:slug',
  'GET /api/pages/:city/:category',
  'GET /api/blog',
  'GET /api/blog/:slug',
  'GET /api/admin/stats', // public figures only without a session (decision 0005)
  'POST /api/admin/login',
  // signing in with a passkey (decision 0202): throttled as a password is; its options rate-limited
  'POST /api/admin/passkey-login/options',
  'POST /api/admin/passkey-login',
  'POST /api/sms/inbound', // Twilio webhooks: signature-checked instead
  'POST /api/sms/status',
]);

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const key = (e: Endpoint) => `${e.method} ${e.path}`;

eachEngine('route guards', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let guarded: Endpoint[];
  let session: { cookie: string; token: string };
  beforeAll(async () => {
    app = createTestApp(ctx().deps, ctx().services);
    guarded = listEndpoints(app).filter((e) => !PUBLIC.has(key(e)));
    await createStaff(ctx().deps);
    session = await signIn(app);
  });

  it('finds the admin endpoints (the walk itself works)', () => {
    const keys = guarded.map(key);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/admin/logout', 'GET /api/admin/me']));
  });

  it('answers 401 JSON to every guarded endpoint without a session', async () => {
    for (const e of guarded) {
      const res = await request(app)[e.method.toLowerCase() as 'get'](concretePath(e.path)).send({});
      expect({ endpoint: key(e), status: res.status }).toEqual({ endpoint: key(e), status: 401 });
      expect(res.body).toEqual({ message: 'Please sign in to continue.' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('answers 403 to every guarded mutation without the CSRF token, with a wrong one, or from a foreign Origin', async () => {
    for (const e of guarded.filter((x) => !SAFE.has(x.method))) {
      const call = (headers: Record<string, string>) =>
        request(app)[e.method.toLowerCase() as 'post'](concretePath(e.path)).set(headers).send({});
      const none = await call({ Cookie: session.cookie });
      expect({ endpoint: key(e), status: none.status }).toEqual({ endpoint: key(e), status: 403 });
      const wrong = await call({ Cookie: session.cookie, 'X-CSRF-Token': 'forged' });
      expect({ endpoint: key(e), status: wrong.status }).toEqual({ endpoint: key(e), status: 403 });
      const foreign = await call({
        Cookie: session.cookie,
        'X-CSRF-Token': session.token,
        Origin: 'https://evil.example',
      });
      expect({ endpoint: key(e), status: foreign.status }).toEqual({ endpoint: key(e), status: 403 });
    }
  });

  it('lets a signed-in request with its token through the guard', async () => {
    await request(app).get('/api/admin/me').set('Cookie', session.cookie).expect(200);
  });
});
