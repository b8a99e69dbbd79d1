import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORIES } from '#app/modules/site/reference.ts';
import { listPublishedPosts, toBlogPost } from '#server/db/repo/blog.ts';
import { toCatalogItem } from '#server/db/repo/catalog.ts';
import { toLead } from '#server/db/repo/leads.ts';
import { listCities } from '#server/db/repo/reference.ts';
import { demoSeedMessage } from '#server/seed/demo.ts';
import { DEMO_LEADS } from '#server/seed/demo-leads.ts';
import { seed } from '#server/seed/index.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import { eachEngine } from '../support/databases.ts';

/** A fixed clock: every seeded date must be derived from it. */
const NOW = new Date('2026-11-20T18:00:00.000Z');
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3']);

const TABLES = [
  'catalog_items',
  'blog_posts',
  'blog_categories',
  'leads',
  'lead_photos',
  'lead_events',
  'sms_inbound',
  'outgoing_messages',
] as const;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Row counts of every table the demo seed writes, and the files under uploads. */
async function snapshot(deps: ServiceDeps) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { n } = await deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(n);
  }
  return { counts, files: (await listFiles(path.join(deps.config.dataDir, 'uploads'))).sort() };
}

/** The image behind a public /uploads/… URL: it exists and decodes. */
async function imageAt(deps: ServiceDeps, url: string) {
  expect(url).toMatch(/^\/uploads\/[a-z0-9/-]+\.webp$/);
  const data = await deps.files.read('public', url.slice('/uploads/'.length));
  expect(data, url).toBeDefined();
  return sharp(data).metadata();
}

eachEngine(
  'demo seeding',
  (ctx) => {
    let deps: ServiceDeps;
    beforeAll(async () => {
      deps = { ...ctx().deps, now: () => new Date(NOW) };
      await seed(deps);
    }, 60_000);

    const items = async () =>
      (await deps.db.selectFrom('catalog_items').selectAll().execute()).map(toCatalogItem);
    const posts = async () => (await deps.db.selectFrom('blog_posts').selectAll().execute()).map(toBlogPost);
    const leads = async () => (await deps.db.selectFrom('leads').selectAll().execute()).map((r) => toLead(r));

    it('adds at least 24 catalog items with an active item in every category', async () => {
      const all = await items();
      expect(all.length).toBeGreaterThanOrEqual(24);
      const active = all.filter((i) => i.status === 'active');
      for (const category of CATEGORIES) {
        expect(
          active.some((i) => i.category === category.slug),
          category.slug,
        ).toBe(true);
      }
      expect(all.some((i) => i.status === 'draft')).toBe(true);
      expect(all.some((i) => i.status === 'archived')).toBe(true);
      expect(new Set(all.map((i) => i.sku)).size).toBe(all.length);
      for (const item of all) {
        expect(item.title.length, item.slug).toBeGreaterThan(10);
        expect(
          item.brand && item.supplierSku && item.subcategory && item.description,
          item.slug,
        ).toBeTruthy();
        expect(Object.keys(item.specs).length, item.slug).toBeGreaterThanOrEqual(3);
        expect(Object.keys(item.specs).length, item.slug).toBeLessThanOrEqual(6);
      }
    });

    it('prices items from cost and markup in cents, and leaves built-to-order items without a price', async () => {
      const all = await items();
      const priced = all.filter((i) => i.cost !== null);
      for (const item of priced) {
        expect(Number.isInteger(item.cost), item.slug).toBe(true);
        expect(item.price, item.slug).toBe(Math.round((item.cost ?? 0) * (1 + item.markupPct)));
        expect(item.markupPct).toBeGreaterThan(0.2);
        expect(item.markupPct).toBeLessThan(0.5);
      }
      expect(all.some((i) => i.price === null && i.status === 'active')).toBe(true);
      const stock = all.map((i) => i.stockQty);
      expect(stock.some((q) => q === 0)).toBe(true);
      expect(stock.some((q) => q >= 1 && q <= 10)).toBe(true);
      expect(stock.some((q) => q > 10)).toBe(true);
    });

    it('gives every active item one to three pictures that exist on disk and decode as images', async () => {
      const active = (await items()).filter((i) => i.status === 'active');
      for (const item of active) {
        expect(item.images.length, item.slug).toBeGreaterThanOrEqual(1);
        expect(item.images.length, item.slug).toBeLessThanOrEqual(3);
        for (const url of item.images) {
          const meta = await imageAt(deps, url);
          expect(meta.format, url).toBe('webp');
          expect([meta.width, meta.height], url).toEqual([800, 600]);
        }
      }
    });

    it('publishes three posts and keeps one draft, each with a header picture', async () => {
      const all = await posts();
      const published = await listPublishedPosts(deps.db, NOW);
      expect(published).toHaveLength(3);
      expect(new Set(published.map((p) => p.publishedAt)).size).toBe(3);
      for (const post of published) expect(Date.parse(post.publishedAt ?? '')).toBeLessThan(NOW.getTime());
      const drafts = all.filter((p) => p.status === 'draft');
      expect(drafts).toHaveLength(1);
      expect(drafts[0]?.publishedAt).toBeNull();
      for (const post of all) {
        expect(post.authorName).toBe(deps.config.site.name);
        expect(post.categoryId, post.slug).not.toBeNull();
        expect(post.tags.length).toBeGreaterThanOrEqual(2);
        expect(post.tags.length).toBeLessThanOrEqual(5);
        expect(post.excerpt).toBeTruthy();
        const words = post.content
          .replace(/<[^>]*>/g, ' ')
          .trim()
          .split(/\s+/).length;
        expect(words, post.slug).toBeGreaterThanOrEqual(400);
        expect(words, post.slug).toBeLessThanOrEqual(700);
        expect(post.readTimeMinutes).toBe(Math.max(1, Math.round(words / 200)));
        const tags = [...post.content.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
        expect(
          tags.filter((t) => !ALLOWED_TAGS.has(t ?? '')),
          post.slug,
        ).toEqual([]);
        const meta = await imageAt(deps, post.featuredImage ?? '');
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 630]);
      }
    });

    it('adds leads in at least five statuses, from seeded cities, with quotes on quoted leads', async () => {
      const all = await leads();
      expect(all.length).toBeGreaterThanOrEqual(6);
      expect(new Set(all.map((l) => l.status)).size).toBeGreaterThanOrEqual(5);
      const cities = new Set((await listCities(deps.db)).map((c) => c.slug));
      for (const lead of all) {
        expect(lead.phone).toMatch(/^\+120455501\d\d$/);
        expect(cities.has(lead.city ?? ''), lead.name).toBe(true);
        expect(['truck', 'trailer', 'ag', 'skidsteer', 'other']).toContain(lead.equipment);
        expect(lead.caseNumber).toMatch(/^Q-\d{5,}$/);
        expect(Date.parse(lead.createdAt)).toBeLessThanOrEqual(NOW.getTime());
        // a year of history for the insights charts (issue 16), nothing older
        expect(Date.parse(lead.createdAt)).toBeGreaterThan(NOW.getTime() - 366 * 24 * 3600_000);
      }
      for (const lead of all.filter((l) => ['quoted', 'ordered', 'fulfilled'].includes(l.status))) {
        expect(lead.sellPrice, lead.name).toBe(Math.round((lead.cost ?? 0) * (1 + (lead.markupPct ?? 0))));
        expect(lead.etaDays).toBeGreaterThanOrEqual(1);
        expect(lead.quotedAt).not.toBeNull();
      }
      const photos = await deps.db.selectFrom('lead_photos').selectAll().execute();
      for (const photo of photos) {
        const meta = await sharp(await deps.files.read('private', photo.storage_key)).metadata();
        expect([meta.width, meta.height]).toEqual([photo.width, photo.height]);
      }
    });

    it('spreads a year of history over every month, each lead in the status its last event moved it to', async () => {
      const all = await leads();
      const months = new Set(all.map((l) => l.createdAt.slice(0, 7)));
      expect(months.size).toBeGreaterThanOrEqual(12);
      expect(all.length).toBeGreaterThan(300);
      const events = await deps.db
        .selectFrom('lead_events')
        .select(['lead_id', 'to_status', 'created_at'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const lastMove = new Map<number, string | null>();
      for (const e of events) if (e.to_status) lastMove.set(e.lead_id, e.to_status);
      for (const lead of all) expect(lastMove.get(lead.id), lead.caseNumber).toBe(lead.status);
      // the hand-written week stays the newest: the board shows it first
      const newest = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 8);
      expect(newest.map((l) => l.name).sort()).toEqual(DEMO_LEADS.map((l) => l.name).sort());
      const clicks = await deps.db.selectFrom('click_events').select('created_at').execute();
      expect(new Set(clicks.map((c) => String(c.created_at).slice(0, 7))).size).toBeGreaterThanOrEqual(12);
    });

    it('has a handful of suppliers and a year of orders: every ordered or fulfilled lead bought its part', async () => {
      const suppliers = await deps.db.selectFrom('suppliers').select(['id', 'name', 'phone']).execute();
      expect(suppliers.length).toBeGreaterThanOrEqual(4);
      for (const s of suppliers) expect(s.phone).toMatch(/555-01\d\d/);
      const lines = await deps.db
        .selectFrom('order_lines')
        .innerJoin('leads', 'leads.id', 'order_lines.lead_id')
        .select([
          'leads.status',
          'order_lines.step',
          'order_lines.supplier_id',
          'order_lines.quoted_cost',
          'order_lines.actual_cost',
          'order_lines.ordered_at',
          'order_lines.arrived_at',
          'order_lines.done_at',
          'order_lines.promised_date',
        ])
        .execute();
      const ordered = (await leads()).filter((l) => l.status === 'ordered' || l.status === 'fulfilled');
      expect(lines.length).toBe(ordered.length);
      expect(new Set(lines.map((l) => String(l.ordered_at).slice(0, 7))).size).toBeGreaterThanOrEqual(12);
      for (const line of lines) {
        expect(line.step === 'done').toBe(line.status === 'fulfilled');
        expect(suppliers.map((s) => s.id)).toContain(line.supplier_id);
        expect(line.actual_cost).toBeGreaterThan(0);
        if (line.arrived_at) expect(new Date(line.arrived_at) >= new Date(line.ordered_at!)).toBe(true);
        if (line.done_at) expect(new Date(line.done_at) >= new Date(line.arrived_at!)).toBe(true);
      }
      // some arrive late, most on time: the supplier figures have something to say
      const arrived = lines.filter((l) => l.arrived_at && l.promised_date);
      const late = arrived.filter(
        (l) => new Date(l.arrived_at!).toISOString().slice(0, 10) > l.promised_date!,
      ).length;
      expect(late).toBeGreaterThan(0);
      expect(late).toBeLessThan(arrived.length / 2);
    });

    it('starts the conversation of a request that came by text: the text in and the logged reply', async () => {
      const bySms = (await leads()).filter((l) => l.source === 'sms');
      expect(bySms.length).toBeGreaterThan(0);
      for (const lead of bySms) {
        const texts = await deps.db
          .selectFrom('sms_inbound')
          .selectAll()
          .where('lead_id', '=', lead.id)
          .execute();
        expect(texts.map((t) => [t.from_phone, t.body, t.kind])).toEqual([
          [lead.phone, lead.description, 'new_request'],
        ]);
        const out = await deps.db
          .selectFrom('outgoing_messages')
          .selectAll()
          .where('lead_id', '=', lead.id)
          .execute();
        expect(out).toHaveLength(1);
        expect(out[0]).toMatchObject({
          channel: 'sms',
          recipient: lead.phone,
          status: 'logged',
          audience: 'customer',
        });
        expect(out[0]!.body).toContain(`Your case number is ${lead.caseNumber}.`);
      }
      const web = (await leads()).filter((l) => l.source === 'web').map((l) => l.id);
      const stray = await deps.db
        .selectFrom('sms_inbound')
        .select('id')
        .where('lead_id', 'in', web)
        .execute();
      expect(stray).toEqual([]);
    });

    it('seeding a second time changes nothing', async () => {
      const before = await snapshot(deps);
      expect(before.counts.leads).toBeGreaterThan(0);
      const again = await seed({ ...deps, now: () => new Date(NOW.getTime() + 3600_000) });
      expect(await snapshot(deps)).toEqual(before);
      // and the start-up line says so, instead of 'seeded 0 items' (issue 17)
      expect(again).toEqual({ items: 0, posts: 0, leads: 0 });
      expect(demoSeedMessage(again!)).toBe('demo content is already there (nothing to add)');
    });

    it('the first seed names what it added', () => {
      expect(demoSeedMessage({ items: 31, posts: 4, leads: 8 })).toBe(
        'demo content seeded: 31 catalog items, 4 blog posts, 8 leads',
      );
    });
  },
  { SEED_DEMO: 'true' },
);
