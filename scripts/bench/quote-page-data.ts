/**
 * The load of scripts/bench-quote-page.ts: leads through the repositories as bench-leads.ts adds
 * them (every status, one in ten with a photo). Each lead that reached a quote gets what
 * services.quotes.send writes (a version of one to three options priced by the pricing engine, one
 * in five replaced by a second version, the 'quote' event; accepted ones locked), less the text and
 * e-mail, which the server's outbox would send during the load. The newest quoted leads get a quote
 * that still holds and a private link (`mintLeadLink`).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { LEAD_STATUSES, URGENCIES, type Urgency } from '#app/modules/leads/leads.ts';
import { DIFFICULTIES, priceQuote } from '#app/modules/pricing/pricing.ts';
import { quoteExpiresAt, versionContent, type QuoteOption } from '#app/modules/quotes/quote.ts';
import { vacuumAnalyze } from '#server/db/bulk.ts';
import type { Database } from '#server/db/index.ts';
import { insertLeadEvent } from '#server/db/repo/lead-events.ts';
import { mintLeadLink } from '#server/db/repo/lead-links.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertQuoteVersion, markVersionAccepted } from '#server/db/repo/quotes.ts';
import type { Tx } from '#server/db/schema.ts';
import { HarnessError } from './server.ts';

const OPTIONS = [
  { label: 'New OEM', brand: 'OEM', warranty: '12 months' },
  { label: 'Aftermarket', brand: 'Dorman', warranty: '6 months' },
  { label: 'Used, tested', brand: null, warranty: '30 days' },
];
const PHOTO = { contentType: 'image/webp', width: 1600, height: 1200, sizeBytes: 200_000 };

/** One to three options, priced as services.quotes.send prices them. */
function quoteOptions(i: number, urgency: Urgency): QuoteOption[] {
  return OPTIONS.slice(0, 1 + (i % 3)).map((o, n) => {
    const difficulty = DIFFICULTIES[(i + n) % DIFFICULTIES.length]!;
    const costCents = 4_000 + ((i * 7_919) % 150_000) - n * 1_000;
    return {
      ...o,
      ...priceQuote({ costCents, difficulty, urgency, rules: DEFAULT_MARKUP }),
      difficulty,
      etaDays: 2 + ((i + 3 * n) % 10),
      partNumber: `PH-${10_000 + (i % 90_000)}`,
      note: n === 0 ? 'In stock at the distributor; it ships the day you accept.' : null,
    };
  });
}

/** What services.quotes.send writes for a version, less the text and e-mail. */
async function sendVersion(
  trx: Tx,
  lead: { id: number; caseNumber: string },
  version: number,
  options: QuoteOption[],
  sentAt: Date,
) {
  const expiresAt = quoteExpiresAt(sentAt);
  const content = versionContent({
    caseNumber: lead.caseNumber,
    version,
    options,
    sentAt: sentAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const contentHash = createHash('sha256').update(content).digest('hex');
  await insertQuoteVersion(trx, {
    leadId: lead.id,
    version,
    options,
    contentHash,
    sentBy: 'bench',
    sentAt,
    expiresAt,
  });
  const { cost, markupPct, sellPrice, etaDays, difficulty } = options[0]!;
  await insertLeadEvent(trx, {
    leadId: lead.id,
    type: 'quote',
    fromStatus: version === 1 ? 'qualified' : 'quoted',
    toStatus: 'quoted',
    actor: 'bench',
    detail: { cost, markupPct, sellPrice, etaDays, difficulty, version },
    at: sentAt,
  });
}

/** `leadCount` leads with their quotes, and links to `linkCount` open quotes: their paths (`/q/…`). */
export async function seedQuotePages(
  database: Database,
  leadCount: number,
  linkCount: number,
): Promise<string[]> {
  const started = performance.now();
  const now = Date.now();
  const links: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < leadCount; i++) {
      const status = LEAD_STATUSES[i % 7 === 6 ? 5 : i % 5]!;
      const urgency = URGENCIES[i % 3]!;
      const createdAt = new Date(now - i * 53 * 60_000);
      const quoted = status !== 'new' && status !== 'qualified';
      const linked = status === 'quoted' && links.length < linkCount;
      // a linked lead's quote holds (sent in the last 17 hours); the others' went 2 h after the request
      const sentAt = new Date(
        linked
          ? Math.max(createdAt.getTime() + 60_000, now - links.length * 60_000)
          : Math.min(now, createdAt.getTime() + 2 * 3_600_000),
      );
      const options = quoted ? quoteOptions(i, urgency) : [];
      const accepted = status === 'ordered' || status === 'fulfilled' ? i % options.length : null;
      const price = options[accepted ?? 0];
      const lead = await insertLead(
        trx,
        {
          status,
          urgency,
          source: 'web',
          name: `Bench Customer ${i}`,
          phone: `+1204555${String(i % 10_000).padStart(4, '0')}`,
          equipment: ['truck', 'trailer', 'ag', 'skidsteer', 'other'][i % 5]!,
          make: ['Freightliner', 'Wabash', 'John Deere', 'Bobcat', 'Kubota'][i % 5]!,
          model: `M${100 + (i % 900)}`,
          year: String(2000 + (i % 25)),
          partNumber: i % 2 ? `PN-${i}` : null,
          description: `Generated request ${i}: replacement part needed, photos to follow. `.repeat(3),
          lostReason: status === 'lost' ? 'Price too high' : null,
          cost: price?.cost ?? null,
          markupPct: price?.markupPct ?? null,
          sellPrice: price?.sellPrice ?? null,
          etaDays: price?.etaDays ?? null,
          quotedAt: quoted ? sentAt.toISOString() : null,
        },
        i % 10 === 0 ? [{ ...PHOTO, storageKey: `leads/bench-${i}.webp` }] : [],
        { now: new Date(now), actor: 'bench', createdAt },
      );
      if (!quoted) continue;
      const versions = Math.floor(i / 5) % 5 === 0 ? 2 : 1; // one in five replaced by a second version
      for (let v = 1; v <= versions; v++) {
        const at = new Date(sentAt.getTime() - (versions - v) * 3_600_000);
        await sendVersion(trx, lead, v, v < versions ? quoteOptions(i + 1, urgency) : options, at);
      }
      if (accepted !== null) {
        const at = new Date(sentAt.getTime() + 3_600_000);
        await markVersionAccepted(trx, lead.id, versions, accepted, at);
        const detail = { version: versions, option: accepted, name: `Bench Customer ${i}`, po: null };
        await insertLeadEvent(trx, {
          leadId: lead.id,
          type: 'status',
          fromStatus: 'quoted',
          toStatus: 'ordered',
          actor: 'customer (quote page)',
          detail,
          at,
        });
      }
      if (linked)
        links.push(await mintLeadLink(trx, { baseUrl: '', leadId: lead.id, version: versions, at: sentAt }));
    }
  });
  if (links.length < linkCount)
    throw new HarnessError(`only ${links.length} quoted leads for --links ${linkCount}: raise --leads`);
  if (database.engine === 'postgres') await vacuumAnalyze(database.db);
  console.log(
    `Seeded ${leadCount} leads and ${links.length} links in ${Math.round(performance.now() - started)} ms.`,
  );
  return links;
}
