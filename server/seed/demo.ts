/**
 * Demo content (SEED_DEMO): catalog items, blog posts and leads, with generated pictures.
 * Idempotent: items and posts are added only when their slug is missing, leads only into an
 * empty leads table, and a picture is drawn only when its file is missing. All dates come
 * from `deps.now()`, so tests can fix the clock.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import type { Tx } from '../db/schema.ts';
import type { ServiceDeps } from '../services/context.ts';
import { mintLeadLink } from '../db/repo/lead-links.ts';
import { findBlogPostBySlug, insertBlogPost, upsertBlogCategory } from '../db/repo/blog.ts';
import { findCatalogItemBySlug, insertCatalogItem } from '../db/repo/catalog.ts';
import { insertMessage as enqueueMessage } from '../db/repo/outgoing-messages.ts';
import { smsReplies } from '#app/modules/messages/messages.ts';
import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import { partName } from '#app/modules/messages/part-name.ts';
import type { NewLeadPhoto } from '../db/repo/lead-photos.ts';
import { insertClicks } from '../db/repo/clicks.ts';
import { refreshConversations } from '../db/repo/conversations.ts';
import { allCustomerIds, refreshCustomers } from '../db/repo/customers.ts';
import { insertLeadEvents } from '../db/repo/lead-events.ts';
import { countLeads, insertLead, settleLead } from '../db/repo/leads.ts';
import { insertInbound } from '../db/repo/texting.ts';
import { insertLinesAsTheyStand, insertSupplier } from '../db/repo/orders.ts';
import { DEMO_POSTS, readTimeMinutes } from './demo-blog.ts';
import { DEMO_CATALOG } from './demo-catalog.ts';
import { CATEGORY_PALETTES, type Palette } from './demo-art.ts';
import { blogImageSvg, catalogImageSvg, ensureImage, renderWebp } from './demo-images.ts';
import { demoHistory, random, type HistoryClick, type HistoryLead } from './demo-history.ts';
import { DEMO_SUPPLIERS, demoLine } from './demo-orders.ts';
import { DEMO_CONSENT_TEXT, DEMO_LEADS } from './demo-leads.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Pictures per item, cycled through the catalog: every item has one to three. */
const IMAGES_PER_ITEM = [3, 1, 2, 1, 2, 1] as const;
/** sharp renders on its own thread pool; a few at a time keeps both cores busy. */
const RENDER_CONCURRENCY = Math.min(4, Math.max(2, os.availableParallelism()));

export type DemoSeedResult = { items: number; posts: number; leads: number };

/** The start-up line about demo content: what was added, or that it was there from an earlier start. */
export function demoSeedMessage({ items, posts, leads }: DemoSeedResult): string {
  if (items + posts + leads === 0) return 'demo content is already there (nothing to add)';
  return `demo content seeded: ${items} catalog items, ${posts} blog posts, ${leads} leads`;
}

/** Adds whatever demo content is missing and logs one readable line; returns what was added. */
export async function seedDemoContent(deps: ServiceDeps): Promise<DemoSeedResult> {
  const started = performance.now();
  const added = {
    items: await seedDemoCatalog(deps),
    posts: await seedDemoBlog(deps),
    leads: await seedDemoLeads(deps),
  };
  deps.logger.info({ ...added, ms: Math.round(performance.now() - started) }, demoSeedMessage(added));
  return added;
}

function paletteFor(category: string, color?: string): Palette {
  const base = CATEGORY_PALETTES[category] ?? { accent: '#c2410c', accentDark: '#9a3412', tint: '#ffedd5' };
  return color ? { ...base, accent: color, accentDark: darken(color, 0.7) } : base;
}

/** #rrggbb with each channel scaled by `factor`. */
function darken(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * factor));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Runs the tasks with at most `limit` in flight. */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** Catalog items in all eight categories; returns how many were added. */
export async function seedDemoCatalog({ db, files, now }: ServiceDeps): Promise<number> {
  const at = now().getTime();
  const plans = DEMO_CATALOG.map((item, index) => ({
    item,
    index,
    palette: paletteFor(item.category, item.color),
    keys: Array.from(
      { length: IMAGES_PER_ITEM[index % IMAGES_PER_ITEM.length] ?? 1 },
      (_, n) => `catalog/${item.slug}-${n + 1}.webp`,
    ),
  }));
  // pictures first: a row never names a file that is not there
  await runLimited(
    plans.flatMap(({ item, palette, keys }) =>
      keys.map(
        (key, n) => () =>
          ensureImage(files, 'public', key, () => catalogImageSvg(item.art, palette, n, item.slug)),
      ),
    ),
    RENDER_CONCURRENCY,
  );
  let added = 0;
  for (const { item, index, keys } of plans) {
    if (await findCatalogItemBySlug(db, item.slug)) continue;
    await insertCatalogItem(
      db,
      {
        slug: item.slug,
        title: item.title,
        description: item.description,
        category: item.category,
        subcategory: item.subcategory,
        price: item.cost === null ? null : Math.round(item.cost * (1 + item.markupPct)),
        cost: item.cost,
        markupPct: item.markupPct,
        stockQty: item.stockQty,
        images: keys.map((key) => files.publicUrl(key)),
        brand: item.brand,
        sku: item.sku,
        supplierSku: item.supplierSku,
        specs: item.specs,
        status: item.status ?? 'active',
      },
      // listed over the past weeks, oldest first
      new Date(at - (DEMO_CATALOG.length - index) * 11 * HOUR),
    );
    added++;
  }
  return added;
}

/** Three published posts and a draft; returns how many were added. */
export async function seedDemoBlog({ db, files, now, config }: ServiceDeps): Promise<number> {
  const at = now().getTime();
  await runLimited(
    DEMO_POSTS.map(
      (post) => () =>
        ensureImage(files, 'public', `blog/${post.slug}.webp`, () =>
          blogImageSvg(post.art, paletteFor(post.imageCategory)),
        ),
    ),
    RENDER_CONCURRENCY,
  );
  let added = 0;
  for (const post of DEMO_POSTS) {
    if (await findBlogPostBySlug(db, post.slug)) continue;
    const publishedAt = post.publishedDaysAgo === null ? null : new Date(at - post.publishedDaysAgo * DAY);
    // written a couple of days before it went out; the draft yesterday
    const createdAt = new Date((publishedAt?.getTime() ?? at) - (publishedAt ? 2 * DAY : DAY));
    await insertBlogPost(
      db,
      {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        featuredImage: files.publicUrl(`blog/${post.slug}.webp`),
        tags: post.tags,
        authorName: config.site.name,
        authorBio: null,
        categoryId: await upsertBlogCategory(db, post.category),
        canonicalUrl: null,
        metaTitle: post.metaTitle ?? null,
        metaDescription: post.metaDescription ?? null,
        readTimeMinutes: readTimeMinutes(post.content),
        isFeatured: post.isFeatured ?? false,
        allowComments: true,
        cityFocus: post.cityFocus ?? [],
        equipmentFocus: post.equipmentFocus ?? [],
        localKeywords: post.localKeywords ?? [],
        schemaType: 'Article',
        status: post.status,
        publishedAt: publishedAt?.toISOString() ?? null,
      },
      createdAt,
    );
    added++;
  }
  return added;
}

/**
 * A week of leads in every status, only into an empty leads table (real requests are never
 * mixed with demo ones on a re-seed). Returns how many were added.
 */
export async function seedDemoLeads({ db, files, now, config }: ServiceDeps): Promise<number> {
  if ((await countLeads(db)) > 0) return 0;
  const at = now();
  // photo files first, removed again if the leads cannot be written
  const written: string[] = [];
  const photos = new Map<number, NewLeadPhoto[]>();
  let history = 0;
  try {
    for (const [index, lead] of DEMO_LEADS.entries()) {
      if (!lead.photo) continue;
      const data = await renderWebp(
        catalogImageSvg(lead.photo.art, paletteFor(lead.photo.category), 1, lead.name),
      );
      const storageKey = `leads/${randomBytes(16).toString('hex')}.webp`;
      await files.put('private', storageKey, data);
      written.push(storageKey);
      photos.set(index, [
        { storageKey, contentType: 'image/webp', width: 800, height: 600, sizeBytes: data.length },
      ]);
    }
    await db.transaction().execute(async (trx) => {
      // the suppliers the orders bought from (issue 29)
      const suppliers: number[] = [];
      for (const { reliability: _r, carrier: _c, ...supplier } of DEMO_SUPPLIERS)
        suppliers.push(await insertSupplier(trx, supplier, at));
      const orders = demoOrders(suppliers, at);
      // a year of history first (older leads get the lower case numbers), then the last week
      history = await insertHistory(trx, config, demoHistory(at), orders);
      for (const [index, lead] of DEMO_LEADS.entries()) {
        const createdAt = new Date(at.getTime() - lead.minutesAgo * MINUTE);
        const quote = lead.quote;
        const created = await insertLead(
          trx,
          {
            status: lead.status,
            urgency: lead.urgency,
            source: lead.source,
            name: lead.name,
            phone: lead.phone,
            email: lead.email,
            city: lead.city,
            equipment: lead.equipment,
            make: lead.make,
            model: lead.model,
            year: lead.year,
            partCategory: lead.partCategory,
            partNumber: lead.partNumber,
            description: lead.description,
            consentText: lead.source === 'web' ? DEMO_CONSENT_TEXT : null,
            notes: lead.notes,
            lostReason: lead.lostReason,
            cost: quote?.cost ?? null,
            markupPct: quote?.markupPct ?? null,
            sellPrice: quote ? Math.round(quote.cost * (1 + quote.markupPct)) : null,
            etaDays: quote?.etaDays ?? null,
            quotedAt: quote
              ? new Date(createdAt.getTime() + quote.afterMinutes * MINUTE).toISOString()
              : null,
          },
          photos.get(index) ?? [],
          { now: at, actor: 'seed', createdAt },
        );
        // a request that came by text starts its conversation: the text and the automatic reply
        if (lead.source === 'sms') await startConversation(trx, config, created, lead, createdAt);
        if (quote && (lead.status === 'ordered' || lead.status === 'fulfilled')) {
          // said yes two hours after the quote; a fulfilled one was picked up at the seed time's eve
          const orderedAt = new Date(createdAt.getTime() + (quote.afterMinutes + 120) * MINUTE);
          const fulfilledAt = lead.status === 'fulfilled' ? new Date(at.getTime() - 18 * 60 * MINUTE) : null;
          orders.add(created.id, lead, quote.cost, orderedAt, fulfilledAt);
        }
      }
      await orders.insert(trx);
      // the customers read their totals and conversations from the history written above
      await refreshCustomers(trx, 'all');
      await refreshConversations(trx, await allCustomerIds(trx));
    });
  } catch (err) {
    await Promise.all(written.map((key) => files.remove('private', key)));
    throw err;
  }
  return history + DEMO_LEADS.length;
}

type Trx = Tx;

/** The purchase lines of the demo's orders, drawn from a fixed seed and written in one statement. */
function demoOrders(suppliers: number[], now: Date) {
  const rnd = random(29);
  const lines: Parameters<typeof insertLinesAsTheyStand>[1][number][] = [];
  return {
    add(
      leadId: number,
      lead: Parameters<typeof partName>[0],
      quotedCost: number,
      orderedAt: Date,
      fulfilledAt: Date | null,
    ) {
      const line = demoLine(rnd, { part: partName(lead), quotedCost, orderedAt, fulfilledAt }, now);
      lines.push({ ...line, leadId, supplierId: suppliers[line.supplier]! });
    },
    insert: (trx: Trx) => insertLinesAsTheyStand(trx, lines),
  };
}
type DemoOrders = ReturnType<typeof demoOrders>;

/**
 * A text that opened a request, as the webhook records it, and the automatic reply (recorded as
 * 'logged', as SMS_PROVIDER=log would).
 */
async function startConversation(
  trx: Trx,
  config: ServiceDeps['config'],
  lead: { id: number; caseNumber: string },
  text: { phone: string; description: string | null },
  at: Date,
): Promise<void> {
  await insertInbound(trx, {
    messageSid: `SM${randomBytes(16).toString('hex')}`,
    leadId: lead.id,
    fromPhone: text.phone,
    body: text.description ?? '',
    mediaCount: 0,
    photoCount: 0,
    kind: 'new_request',
    reply: null,
    at,
  });
  await enqueueMessage(
    trx,
    {
      leadId: lead.id,
      channel: 'sms',
      recipient: text.phone,
      subject: null,
      body: smsReplies(config.site).newRequest(
        lead.caseNumber,
        await mintLeadLink(trx, { baseUrl: config.baseUrl, leadId: lead.id, version: null, at }),
        DEFAULT_HOURS,
      ),
      status: 'logged',
      audience: 'customer',
    },
    at,
  );
}

/** The year of demo history (demo-history.ts): leads with their events, texts and clicks. */
async function insertHistory(
  trx: Trx,
  config: ServiceDeps['config'],
  history: { leads: HistoryLead[]; clicks: HistoryClick[] },
  orders: DemoOrders,
): Promise<number> {
  for (const lead of history.leads) {
    const { events, quote, createdAt, ...fields } = lead;
    const created = await insertLead(
      trx,
      { ...fields, status: 'new', consentText: lead.source === 'web' ? DEMO_CONSENT_TEXT : null },
      [],
      { now: createdAt, actor: 'seed', createdAt },
    );
    if (lead.source === 'sms') await startConversation(trx, config, created, lead, createdAt);
    await insertLeadEvents(
      trx,
      events.map((e, i) => ({
        leadId: created.id,
        type: e.type,
        fromStatus: i === 0 ? 'new' : events[i - 1]!.to,
        toStatus: e.to,
        actor: 'seed',
        detail: e.reason ? { reason: e.reason } : null,
        at: e.at,
      })),
    );
    const last = events.at(-1);
    const status: LeadStatus = last?.to ?? 'new';
    const ordered = events.find((e) => e.to === 'ordered');
    if (ordered && quote) {
      const fulfilled = events.find((e) => e.to === 'fulfilled');
      orders.add(created.id, lead, quote.cost, ordered.at, fulfilled?.at ?? null);
    }
    await settleLead(trx, created.id, {
      status,
      lostReason: status === 'lost' ? (last?.reason ?? null) : null,
      at: last?.at ?? createdAt,
      quote: quote && { ...quote, sellPrice: Math.round(quote.cost * (1 + quote.markupPct)) },
    });
  }
  await insertClicks(
    trx,
    history.clicks.map((c) => ({
      buttonType: 'quote',
      buttonLocation: c.location,
      buttonText: c.text,
      at: c.at,
    })),
  );
  return history.leads.length;
}
