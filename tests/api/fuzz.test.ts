/**
 * The API fuzz, short and seeded, on each engine (issue 14 item 2, decision 0098): a fixed seed's
 * first requests (tests/support/api-fuzz.ts) to every endpoint of the app's router, anonymous and
 * as staff, over HTTP. No answer may be a 5xx, come late or not at all, and every /api 4xx
 * carries the one error shape's message. The changes whose bodies named rows (a form whose one
 * fault is an id that is not one: a 400, decision 0178) are the screens' now, fuzzed at their door
 * with those cases: tests/api/fuzz-screens.test.ts (decision 0182, "The mirrors removed"). A
 * failure prints the request; `node scripts/fuzz-api.ts
 * --seed 14 --case N` replays it with the server's error. The long runs are the script's.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedReference } from '#server/seed/index.ts';
import {
  describeCase,
  discover,
  FUZZ_ENV,
  runFuzz,
  startFuzzTarget,
  type FuzzPlan,
  type FuzzTarget,
} from '../support/api-fuzz.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';
import { tinyJpeg } from './sms-fixtures.ts';

const SEED = 14;
const REQUESTS = 400;

eachEngine(
  'API fuzz',
  (ctx) => {
    let target: FuzzTarget;

    beforeAll(async () => {
      await seedReference(ctx().deps);
      // one row of each kind for the cases to name (the fuzz's valid requests add more)
      const app = createTestApp(ctx().deps, ctx().services);
      await submit(app, VALID_FIELDS, [{ name: 'spring.jpg', data: await tinyJpeg() }]).expect(201);
      target = await startFuzzTarget(ctx().deps, ctx().services);
      const session = await target.session();
      const staff = (t: request.Test) => t.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
      await staff(request(target.baseUrl).post('/api/catalog'))
        .send({ title: 'Plow Edge', slug: 'plow-edge', category: 'snow-ice', status: 'active' })
        .expect(201);
      await staff(request(target.baseUrl).post('/api/admin/blog'))
        .send({ title: 'Axle tags', content: '<p>Read the tag.</p>' })
        .expect(201);
      target.known = await discover(target.baseUrl, session);
    });
    afterAll(async () => {
      await target?.close();
      ctx().services.messaging.outbox.stop();
    });

    it(`answers ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx, a hang or a wordless 4xx`, async () => {
      const plan: FuzzPlan = {
        seed: SEED,
        endpoints: target.endpoints,
        known: target.known,
        files: target.files,
      };
      const report = await runFuzz({
        baseUrl: target.baseUrl,
        plan,
        count: REQUESTS,
        concurrency: 4,
        session: target.session,
        onLogout: target.onLogout,
      });
      // every endpoint was asked, and not only refused: some valid requests got through
      expect([...report.byRoute.keys()].sort()).toEqual(
        target.endpoints.map((e) => `${e.method} ${e.path}`).sort(),
      );
      const statuses = [...report.byRoute.values()].flatMap((m) => [...m.keys()]);
      expect(statuses).toEqual(expect.arrayContaining(['200', '201', '400', '401', '404']));
      const findings = report.findings.map(
        (f) =>
          `${f.kind} ${f.status ?? f.error} in ${f.ms} ms: ${f.text.slice(0, 200)}\n${describeCase(f.case)}`,
      );
      expect(findings).toEqual([]);
    });
  },
  FUZZ_ENV,
);
