/**
 * The lead board at scale (issue 5, decision 0050, migration 0004) on both engines: search by case
 * number, name (any case, accents or not) and phone digits over the stored search columns; column
 * totals kept by the database whoever writes; the broad-search path giving the same board as the
 * one-pass path; cursor pages with leads created at the same instant; photo counts on the cards.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_DESCRIPTION_CHARS, type LeadBoard, type LeadCard } from '#app/modules/leads/lead-admin.ts';
import type { Lead } from '#app/modules/leads/leads.ts';
import { BOARD_STATUSES } from '#app/modules/leads/status.ts';
import type { DB } from '#server/db/index.ts';
import { listBoard } from '#server/db/repo/lead-board.ts';
import type { NewLeadPhoto } from '#server/db/repo/lead-photos.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const MINUTE = 60_000;

const photo = (key: string): NewLeadPhoto => ({
  storageKey: `leads/${key}.webp`,
  contentType: 'image/webp',
  width: 10,
  height: 10,
  sizeBytes: 100,
});

async function addLead(
  db: Kysely<DB>,
  fields: Partial<NewLead> & { name: string },
  options: { createdAt?: Date; photos?: NewLeadPhoto[] } = {},
): Promise<{ id: number; caseNumber: string }> {
  return insertLead(
    db,
    { urgency: 'flexible', source: 'web', phone: '+12045550100', ...fields },
    options.photos ?? [],
    { now: NOW, actor: 'customer', createdAt: options.createdAt ?? new Date(NOW.getTime() - 60 * MINUTE) },
  );
}

/** Leads per status, counted the slow and obvious way. */
async function realCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(BOARD_STATUSES.map((s) => [s, 0]));
  for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
  return counts;
}

const totalsOf = (board: LeadBoard) =>
  Object.fromEntries(Object.entries(board.columns).map(([status, column]) => [status, column.total]));

const idsOf = (board: LeadBoard) =>
  Object.fromEntries(Object.entries(board.columns).map(([status, c]) => [status, c.leads.map((l) => l.id)]));

eachEngine('lead board at scale', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let session: { cookie: string; token: string };
  const as = () => ({ Cookie: session.cookie, 'X-CSRF-Token': session.token });
  const get = (url: string) => request(app).get(url).set(as());
  const board = async (query = '') => (await get(`/api/leads/board${query}`).expect(200)).body as LeadBoard;

  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => NOW);
    app = createTestApp(deps, createServices(deps));
    await seedReference(deps);
    await createStaff(deps);
    session = await signIn(app);
  });

  describe('search', () => {
    let emile: { id: number; caseNumber: string };
    let dana: { id: number; caseNumber: string };
    let underscore: { id: number; caseNumber: string };
    let percent: { id: number; caseNumber: string };

    beforeAll(async () => {
      const { db } = ctx().deps;
      emile = await addLead(db, { name: 'Émile  Bérubé', phone: '(204) 555-0142' });
      dana = await addLead(db, { name: 'Dana Friesen', phone: '+12045550123', status: 'qualified' });
      underscore = await addLead(db, { name: 'Under_Score Ltd', phone: '204.555.0199' });
      percent = await addLead(db, { name: '100% Ag Repair', phone: '+1 204 555 0177' });
    });

    const found = async (q: string) => {
      const result = await board(`?q=${encodeURIComponent(q)}`);
      expect(result.query).toBe(q.trim());
      return result;
    };

    it('finds a name in any case, with or without its accents, whatever the spaces', async () => {
      for (const q of ['emile', 'ÉMILE', 'bérubé', 'Emile Berube', '  émile   bérubé ']) {
        const result = await found(q);
        expect(idsOf(result).new, q).toEqual([emile.id]);
        expect(totalsOf(result), q).toEqual({ new: 1, qualified: 0, quoted: 0, ordered: 0, fulfilled: 0 });
      }
      const list = (await get('/api/leads?q=berube').expect(200)).body as Lead[];
      expect(list.map((l) => l.id)).toEqual([emile.id]);
    });

    it('finds a phone number by its digits, however it is written', async () => {
      expect(idsOf(await found('555-0142')).new).toEqual([emile.id]);
      expect(idsOf(await found('(204) 555 0123')).qualified).toEqual([dana.id]);
      expect(idsOf(await found('2045550177')).new).toEqual([percent.id]);
      const everyone = await found('204-555');
      expect(everyone.columns.new.total).toBeGreaterThanOrEqual(3);
      expect(idsOf(everyone).new).toEqual(expect.arrayContaining([emile.id, underscore.id, percent.id]));
    });

    it('finds a case number written as Q-10005, q10005 or 10005, and nothing else', async () => {
      const digits = dana.caseNumber.slice(2);
      for (const q of [dana.caseNumber, dana.caseNumber.toLowerCase(), `q${digits}`, digits]) {
        const result = await found(q);
        expect(idsOf(result), q).toEqual({
          new: [],
          qualified: [dana.id],
          quoted: [],
          ordered: [],
          fulfilled: [],
        });
      }
      expect(totalsOf(await found('Q-99999'))).toEqual({
        new: 0,
        qualified: 0,
        quoted: 0,
        ordered: 0,
        fulfilled: 0,
      });
    });

    it('takes LIKE wildcards as text', async () => {
      expect(idsOf(await found('_')).new).toEqual([underscore.id]);
      expect(idsOf(await found('%')).new).toEqual([percent.id]);
      const none = await found('zzz-no-such-lead');
      for (const column of Object.values(none.columns))
        expect(column).toEqual({ total: 0, leads: [], nextBefore: null });
    });
  });

  it('a broad search (more matches than one pass takes) shows the same board as a narrow one', async () => {
    const { db } = ctx().deps;
    for (let i = 0; i < 12; i++)
      await addLead(
        db,
        { name: `Broad Search ${i}`, status: BOARD_STATUSES[i % 3]! },
        { createdAt: new Date(NOW.getTime() - (i % 4) * MINUTE), photos: i % 5 ? [] : [photo(`broad-${i}`)] },
      );
    const read = (candidates?: number) =>
      listBoard(
        db,
        { search: 'broad search', statuses: BOARD_STATUSES, limit: 3, candidates },
        CARD_DESCRIPTION_CHARS,
      );
    const onePass = await read();
    const broad = await read(2);
    expect(broad).toEqual(onePass);
    expect(Object.fromEntries(onePass.totals)).toEqual({
      new: 4,
      qualified: 4,
      quoted: 4,
      ordered: 0,
      fulfilled: 0,
    });
    expect(onePass.cards.get('new')!.map((c) => c.name)).toEqual([
      'Broad Search 0',
      'Broad Search 9',
      'Broad Search 6',
    ]);
  });

  it('column totals follow every change, whoever writes it; a rolled-back write changes nothing', async () => {
    const { db } = ctx().deps;
    const check = async () => expect(totalsOf(await board())).toEqual(await realCounts(db));
    await check();
    const { id } = await addLead(db, { name: 'Totals Tina' });
    await check();
    const patch = (body: object) => request(app).patch(`/api/leads/${id}`).set(as()).send(body).expect(200);
    await patch({ status: 'qualified' });
    await check();
    await request(app)
      .post(`/api/leads/${id}/quote`)
      .set(as())
      .send({ cost: 10_000, etaDays: 3 })
      .expect(200);
    await check();
    await patch({ status: 'lost', reason: 'Bought elsewhere' });
    await check();
    // a write that bypasses the services entirely
    await db.updateTable('leads').set({ status: 'fulfilled' }).where('id', '=', id).execute();
    await check();
    const before = totalsOf(await board());
    await expect(
      db.transaction().execute(async (trx) => {
        await addLead(trx, { name: 'Rolled Back' });
        await trx.updateTable('leads').set({ status: 'ordered' }).where('id', '=', id).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(totalsOf(await board())).toEqual(before);
    await check();
  });

  it('cursor pages give every lead of a column once, newest first, when leads share a creation time', async () => {
    const { db } = ctx().deps;
    const at = new Date(NOW.getTime() - 3 * 86_400_000);
    for (let i = 0; i < 7; i++) await addLead(db, { name: `Tie ${i}`, status: 'ordered' }, { createdAt: at });
    for (let i = 0; i < 3; i++)
      await addLead(
        db,
        { name: `Older ${i}`, status: 'ordered' },
        { createdAt: new Date(at.getTime() - MINUTE) },
      );
    const expected = (
      await db
        .selectFrom('leads')
        .select('id')
        .where('status', '=', 'ordered')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(10);

    const first = (await board('?limit=3')).columns.ordered;
    expect(first.total).toBe(expected.length);
    const seen = first.leads.map((l) => l.id);
    let next = first.nextBefore;
    while (next) {
      const page = (
        await get(`/api/leads/board/ordered?limit=3&before=${encodeURIComponent(next)}`).expect(200)
      ).body as { leads: LeadCard[]; nextBefore: string | null };
      expect(page.leads.length).toBeGreaterThan(0);
      seen.push(...page.leads.map((l) => l.id));
      next = page.nextBefore;
    }
    expect(seen).toEqual(expected);

    // GET /api/leads pages the same way over every status
    const all = (
      await db.selectFrom('leads').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
    ).map((r) => r.id);
    const listed: number[] = [];
    let before = '';
    for (;;) {
      const page = (await get(`/api/leads?limit=4${before}`).expect(200)).body as Lead[];
      listed.push(...page.map((l) => l.id));
      if (page.length < 4) break;
      const last = page[page.length - 1]!;
      before = `&before=${encodeURIComponent(`${last.createdAt}_${last.id}`)}`;
    }
    expect(listed).toEqual(all);
  });

  it('a card counts every photo of its lead, however it was added', async () => {
    const { db } = ctx().deps;
    const none = await addLead(db, { name: 'Photo Count Zero', status: 'quoted' });
    const two = await addLead(
      db,
      { name: 'Photo Count Two', status: 'quoted' },
      { photos: [photo('count-a'), photo('count-b')] },
    );
    const cards = async () =>
      Object.fromEntries(
        (await board('?q=photo count')).columns.quoted.leads.map((l) => [l.id, l.photoCount] as const),
      );
    expect(await cards()).toEqual({ [none.id]: 0, [two.id]: 2 });
    // a photo that came later (a text message with a picture, say)
    await db
      .insertInto('lead_photos')
      .values({ ...photoRow(two.id, 'count-c'), position: 2 })
      .execute();
    expect(await cards()).toEqual({ [none.id]: 0, [two.id]: 3 });
    const unfiltered = (await board('?limit=200')).columns.quoted.leads.find((l) => l.id === two.id);
    expect(unfiltered?.photoCount).toBe(3);
  });
});

function photoRow(leadId: number, key: string) {
  return {
    lead_id: leadId,
    storage_key: `leads/${key}.webp`,
    content_type: 'image/webp',
    width: 10,
    height: 10,
    size_bytes: 100,
    created_at: NOW.toISOString(),
  };
}
