/**
 * The fuzz of the back-office screens' intents, short and seeded, on each engine (decision 0182,
 * "The mirrors removed"; tests/support/screen-fuzz.ts): the changes the HTTP fuzz reached through
 * their /api mirrors (tests/api/fuzz.test.ts) are fuzzed at their one door, the screen's action.
 * No answer may be a failure (React Router's 500), come late, or be a 4xx without the one error
 * shape's words; a form whose one fault is an id that is not one is a 400 (decision 0178). Every
 * intent is asked, and some get through. The long runs: `node scripts/fuzz-api.ts`.
 */
import { beforeAll, expect, it } from 'vitest';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertUser } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import type { Known } from '../support/api-fuzz.ts';
import { eachEngine } from '../support/databases.ts';
import {
  describeScreenCase,
  fuzzScreens,
  FUZZED_INTENTS,
  intentsWithoutForms,
  screenCase,
} from '../support/screen-fuzz.ts';

const SEED = 14;
const CASES = 400;

eachEngine('the screens fuzz', (ctx) => {
  const known: Known = {
    leadIds: [],
    customerIds: [],
    itemIds: [],
    postIds: [],
    catalogSlugs: [],
    blogSlugs: [],
    photoKeys: [],
  };

  beforeAll(async () => {
    const { deps } = ctx();
    await seedReference(deps);
    for (const [username, role] of [
      ['olivia', 'owner'],
      ['sam', 'staff'],
    ] as const)
      await insertUser(deps.db, { username, displayName: username, passwordHash: 'x', role }, deps.now());
    for (const [i, status] of (['new', 'ordered', 'lost', 'quoted'] as const).entries()) {
      const { id } = await insertLead(
        deps.db,
        { status, urgency: 'flexible', source: 'web', name: 'Dana', phone: `(204) 555-010${i}` },
        [],
        { now: deps.now(), actor: 'customer' },
      );
      known.leadIds.push(id);
    }
    const rows = await deps.db.selectFrom('customers').select('id').execute();
    known.customerIds.push(...rows.map((r) => r.id));
    // the catalog's items and the blog's posts the screens' forms name
    const { services } = ctx();
    for (const [i, status] of (['draft', 'active'] as const).entries()) {
      const item = { title: 'Axle Hub', slug: `axle-hub-${i}`, category: 'trailer-parts', status };
      known.itemIds.push((await services.catalog.createItem({ ...item, markupPct: 0.35, stockQty: 2 })).id);
      const post = await services.blog.createPost({ title: `Hitch care ${i}`, content: '<p>Grease it.</p>' });
      known.postIds.push(post.id);
    }
  });

  it('has a valid form for every intent of every screen', async () => {
    expect(await intentsWithoutForms()).toEqual([]);
  });

  it(`answers ${CASES} odd forms (seed ${SEED}) without a failure, a hang or a wordless 4xx`, async () => {
    const { services, deps } = ctx();
    const report = await fuzzScreens({ services, deps, seed: SEED, count: CASES, known });
    expect(report.cases).toBe(CASES);
    // every intent was asked, and not only refused
    expect([...report.byIntent.keys()].sort()).toEqual(FUZZED_INTENTS);
    const statuses = [...report.byIntent.values()].flatMap((m) => [...m.keys()]);
    expect(statuses).toEqual(expect.arrayContaining(['200', '302', '400', '403', '404']));
    // some cases put an id that is not one in a form, and were answered 400
    const notAnId = Array.from({ length: CASES }, (_, i) => screenCase(SEED, i, known)).filter(
      (c) => c.expect,
    );
    expect(notAnId.length).toBeGreaterThanOrEqual(8);
    expect(
      report.findings.map((f) => `${f.kind}: ${f.text.slice(0, 300)}\n${describeScreenCase(f.case)}`),
    ).toEqual([]);
  });
});
