/**
 * The load of scripts/bench-customers.ts (issue 30 item 8): 20,000 customers, 60,000 leads and
 * 300,000 messages in their conversations, written in bulk (multi-row inserts straight through
 * server/db/bulk.ts, ids given here so every row can name its lead at once), as the app would have written
 * them by a fixed `now`:
 *
 * - customers: twenty fleet accounts of 150 leads each, 2,000 regulars of six, the rest of two or
 *   three; a third with an e-mail address, one in a hundred opted out of texts.
 * - leads: over two years before `now`, each with its customer, case number, search columns and
 *   'created' event; most of them fulfilled or lost (half of the quoted ones declined by the
 *   customer), some ordered, some quotes expired. About one in 150 (about 400) a quote still open:
 *   its current version (`quote_versions`, `leads.quote_version`) sent 2 to 46 hours before `now`,
 *   so it expires within the next 48 hours; a third of them viewed; one in eight answered by a
 *   text after it was sent (no follow-up is due for those).
 * - messages: three to seven per lead (about 300,000 in all), the first the request's
 *   acknowledgement: about two thirds out to the customer (`outgoing_messages`, audience
 *   'customer', text or e-mail), a quarter texts in (`sms_inbound`, one in twenty from the
 *   customer's number about no lead), the rest questions from the quote page (`lead_events` of
 *   type 'question'); and one staff alert per lead (audience 'staff'), as the outbox holds them
 *   beside the customers' messages.
 * - each ordered or fulfilled lead one ordered part (`order_lines`); those handed over one to seven
 *   days before `now` are what the review requests look at, turned on in the owner's settings.
 * - each customer's inbox fields (last message, its preview and direction, last message in,
 *   unread, assigned, done) from their messages, as conversations.ts keeps them; the counts, total
 *   spent and first and last contact by `refreshCustomers(db, 'all')`.
 */
import { DEFAULT_SETTINGS } from '#app/modules/customers/follow-ups.ts';
import { caseNumberFor } from '#app/modules/leads/leads.ts';
import { leadSearchName } from '#app/modules/leads/search.ts';
import { QUOTE_VALID_MS } from '#app/modules/quotes/quote.ts';
import { phoneDigits } from '#app/modules/site/phone.ts';
import { analyze, insertRows, maxId, resetIdSequences, vacuumAnalyze } from '#server/db/bulk.ts';
import type { Database } from '#server/db/index.ts';
import { refreshCustomers } from '#server/db/repo/customers.ts';
import { writeSetting } from '#server/db/repo/settings.ts';
import { findUserByUsername } from '#server/db/repo/users.ts';
import {
  conversationsSeen,
  customerOf,
  customerRow,
  FLEETS,
  makeCustomers,
  REGULARS,
} from './customers-people.ts';
import { EQUIPMENT, fill, IN_TEXTS, MAKES, mix, OUT_TEXTS, PARTS, QUESTIONS } from './customers-words.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type CustomersLoad = {
  customers: number;
  leads: number;
  messages: number;
  /** leads whose current quote is still open at `now` */
  openQuotes: number;
};

/** one lead in this many has an open quote */
const OPEN_QUOTE_EVERY = 150;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Adds the load to a database the server has migrated (and seeded with its demo data); answers
 * what it wrote. `now` is the instant the data is as of: every row is older.
 */
export async function seedCustomersLoad(
  database: Database,
  options: { customers: number; leads: number; now: Date; assigneeUsername: string },
): Promise<CustomersLoad> {
  const { customers: customerCount, leads: leadCount } = options;
  if (customerCount < FLEETS + REGULARS + 1)
    throw new Error(`--customers: at least ${FLEETS + REGULARS + 1}`);
  if (leadCount < customerCount) throw new Error('--leads: at least one lead per customer');
  const now = options.now.getTime();
  const { db } = database;
  // after the demo data's rows
  const customerBase = (await maxId(db, 'customers')) + 1;
  const leadBase = (await maxId(db, 'leads')) + 1;
  const assignee = await findUserByUsername(db, options.assigneeUsername);

  const customers = makeCustomers(customerCount, customerBase);
  const { conversations, see } = conversationsSeen();

  let messages = 0;
  let openQuotes = 0;
  let sid = 0;
  const started = performance.now();
  const BATCH = 2_000;
  for (let from = 0; from < leadCount; from += BATCH) {
    const leads: Record<string, unknown>[] = [];
    const versions: Record<string, unknown>[] = [];
    const events: Record<string, unknown>[] = [];
    const inbound: Record<string, unknown>[] = [];
    const outgoing: Record<string, unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    for (let j = from; j < Math.min(leadCount, from + BATCH); j++) {
      const id = leadBase + j;
      const c = customerOf(j, customerCount, leadCount);
      const customer = customers[c]!;
      const caseNumber = caseNumberFor(id);
      const part = PARTS[j % PARTS.length]!;
      const open = mix(j, 1) % OPEN_QUOTE_EVERY === 0;
      const k = openQuotes;
      // an open quote: sent 2 to 46 hours ago, so it expires within the next 48 hours
      const sentOpen = now - (2 + ((k * 7) % 45)) * HOUR - ((k * 13) % 60) * MINUTE;
      const created = open
        ? sentOpen - (1 + (k % 5)) * HOUR
        : now - 4 * DAY - Math.floor((((j * 7_919) % leadCount) / leadCount) * 726 * DAY);
      const kind = mix(j, 2) % 20;
      const status = open
        ? 'quoted'
        : kind < 7
          ? 'fulfilled'
          : kind < 13
            ? 'lost'
            : kind === 13
              ? 'ordered'
              : kind < 16
                ? 'quoted'
                : kind === 16
                  ? 'qualified'
                  : 'lost';
      const quoted = open || kind < 16;
      const sentAt = open ? sentOpen : created + 2 * HOUR;
      const expiresAt = sentAt + QUOTE_VALID_MS;
      const cost = 8_000 + ((j * 7_919) % 150_000);
      const sellPrice = Math.round(cost * 1.35);
      const viewed = open ? k % 3 === 0 : quoted && mix(j, 3) % 2 === 0;
      const firstViewedAt = viewed ? Math.min(now - MINUTE, sentAt + 40 * MINUTE) : null;
      const accepted = status === 'ordered' || status === 'fulfilled';
      if (open) openQuotes++;
      const name = j % 7 === 0 ? customer.name.split(' ')[0]! : customer.name;
      leads.push({
        id,
        case_number: caseNumber,
        status,
        urgency: ['today', '48h', 'flexible'][j % 3],
        source: j % 3 === 0 ? 'sms' : 'web',
        name,
        phone: customer.phone,
        email: customer.email,
        city: null,
        equipment: EQUIPMENT[j % EQUIPMENT.length],
        make: MAKES[j % MAKES.length],
        model: `M${100 + (j % 900)}`,
        year: String(2000 + (j % 25)),
        part_category: null,
        part_number: j % 2 ? `PN-${j}` : null,
        description: `Need a ${part} for the ${MAKES[j % MAKES.length]}. Generated request ${j}.`,
        consent_at: iso(created),
        consent_text: 'Text me about this request.',
        notes: null,
        lost_reason: status === 'lost' ? (quoted ? 'Price too high' : 'No answer') : null,
        cost: quoted ? cost : null,
        markup_pct: quoted ? 0.35 : null,
        sell_price: quoted ? sellPrice : null,
        eta_days: quoted ? 2 + (j % 8) : null,
        quoted_at: quoted ? iso(sentAt) : null,
        created_at: iso(created),
        updated_at: iso(quoted ? sentAt : created),
        search_name: leadSearchName(name),
        phone_digits: phoneDigits(customer.phone),
        quote_version: quoted ? 1 : null,
        quote_expires_at: quoted ? iso(expiresAt) : null,
        quote_views: viewed ? 1 + (j % 3) : 0,
        quote_first_viewed_at: firstViewedAt === null ? null : iso(firstViewedAt),
        auto_texts: 1,
        customer_id: customer.id,
      });
      events.push({
        lead_id: id,
        type: 'created',
        from_status: null,
        to_status: 'new',
        actor: 'bench',
        detail: JSON.stringify({ source: j % 3 === 0 ? 'sms' : 'web', photos: 0 }),
        created_at: iso(created),
      });
      if (quoted) {
        versions.push({
          lead_id: id,
          version: 1,
          options: JSON.stringify([
            {
              label: 'New OEM',
              brand: 'OEM',
              warranty: '12 months',
              cost,
              markupPct: 0.35,
              sellPrice,
              difficulty: 'standard',
              etaDays: 2 + (j % 8),
              partNumber: `PH-${10_000 + j}`,
              note: null,
            },
          ]),
          content_hash: `bench-${id}-1`,
          sent_by: 'bench',
          sent_at: iso(sentAt),
          expires_at: iso(expiresAt),
          accepted_option: accepted ? 0 : null,
          accepted_at: accepted ? iso(sentAt + 5 * HOUR) : null,
        });
        events.push({
          lead_id: id,
          type: 'quote',
          from_status: 'qualified',
          to_status: 'quoted',
          actor: 'bench',
          detail: JSON.stringify({ cost, markupPct: 0.35, sellPrice, version: 1 }),
          created_at: iso(sentAt),
        });
        if (status === 'lost')
          // half of them declined by the customer on the quote page (no review request for 90 days)
          events.push({
            lead_id: id,
            type: 'status',
            from_status: 'quoted',
            to_status: 'lost',
            actor: mix(j, 8) % 2 ? 'customer (quote page)' : 'bench',
            detail: null,
            created_at: iso(Math.min(now - MINUTE, sentAt + 20 * HOUR)),
          });
      }
      if (accepted) {
        const orderedAt = sentAt + 6 * HOUR;
        const doneAt = status === 'fulfilled' ? created + 3 * DAY + (j % 20) * HOUR : null;
        lines.push({
          lead_id: id,
          part,
          supplier_id: null,
          order_ref: `PO-${j}`,
          quoted_cost: cost,
          actual_cost: cost - 500,
          step: doneAt ? 'done' : 'ordered',
          previous_step: null,
          handover: j % 4 === 0 ? 'delivery' : 'pickup',
          promised_date: iso(orderedAt + 3 * DAY).slice(0, 10),
          carrier: null,
          tracking_number: null,
          ordered_at: iso(orderedAt),
          arrived_at: doneAt ? iso(doneAt - DAY) : null,
          ready_at: doneAt ? iso(doneAt - DAY + HOUR) : null,
          done_at: doneAt ? iso(doneAt) : null,
          reminded_days: null,
          created_at: iso(orderedAt),
          updated_at: iso(doneAt ?? orderedAt),
        });
      }
      // the staff alert of a new request, beside the customer's messages in the outbox
      outgoing.push({
        lead_id: id,
        channel: 'email',
        recipient: 'staff@example.com',
        subject: `New request ${caseNumber}`,
        body: `New request ${caseNumber} from ${name}: ${part}.`,
        status: 'sent',
        attempts: 1,
        next_attempt_at: iso(created),
        provider_id: null,
        last_error: null,
        created_at: iso(created + 1_000),
        updated_at: iso(created + 2_000),
        sent_at: iso(created + 2_000),
        audience: 'staff',
        dedupe_key: null,
      });

      // the conversation: 3 to 7 messages, in time order after the request came in
      const count = 3 + (mix(j, 4) % 5);
      const answered = open && k % 8 === 0;
      for (let n = 0; n < count; n++) {
        const last = n === count - 1;
        let at: number;
        let type: 'out' | 'in' | 'question';
        if (open && last) {
          // the quote's text; or, when the customer answered it, their text after it
          at = answered ? Math.min(now - MINUTE, sentAt + 30 * MINUTE) : sentAt;
          type = answered ? 'in' : 'out';
        } else {
          at = open
            ? created + Math.floor(((n + 1) * (sentAt - created)) / (count + 1))
            : created + 5 * MINUTE + n * (30 + ((j * (n + 1) * 37) % 600)) * MINUTE;
          const t = mix(j, n, 5) % 10;
          type = n === 0 || t < 6 ? 'out' : t < 9 ? 'in' : 'question';
        }
        const lead = { caseNumber, part };
        if (type === 'out') {
          const email = customer.email !== null && mix(j, n, 6) % 6 === 0;
          const body = fill(
            open && last ? OUT_TEXTS[1]! : OUT_TEXTS[n === 0 ? 0 : (j + n) % OUT_TEXTS.length]!,
            lead,
          );
          outgoing.push({
            lead_id: id,
            channel: email ? 'email' : 'sms',
            recipient: email ? customer.email : customer.phone,
            subject: email ? `About your request ${caseNumber}` : null,
            body,
            status: 'sent',
            attempts: 1,
            next_attempt_at: iso(at),
            provider_id: email ? null : `SMout${id}x${n}`,
            last_error: null,
            created_at: iso(at),
            updated_at: iso(at + 2_000),
            sent_at: iso(at + 2_000),
            audience: 'customer',
            dedupe_key: null,
          });
          see(c, at, body, false);
        } else if (type === 'in') {
          const body = fill(IN_TEXTS[(j + n) % IN_TEXTS.length]!, lead);
          inbound.push({
            message_sid: `SMbench${sid++}`,
            // one in twenty from the customer's number about none of their requests
            lead_id: mix(j, n, 7) % 20 === 0 ? null : id,
            from_phone: customer.phone,
            body,
            media_count: (j + n) % 11 === 0 ? 1 : 0,
            photo_count: 0,
            kind: 'message',
            reply: null,
            created_at: iso(at),
          });
          see(c, at, body, true);
        } else {
          const body = fill(QUESTIONS[(j + n) % QUESTIONS.length]!, lead);
          events.push({
            lead_id: id,
            type: 'question',
            from_status: null,
            to_status: null,
            actor: 'customer (quote page)',
            detail: JSON.stringify({ body }),
            created_at: iso(at),
          });
          see(c, at, body, true);
        }
        messages++;
      }
    }
    // a transaction per batch: on PostgreSQL the lead-count triggers update the same few rows for
    // each lead, and one transaction of 60,000 leads leaves them chains of versions to walk
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'leads', leads);
      await insertRows(trx, 'quote_versions', versions);
      await insertRows(trx, 'lead_events', events);
      await insertRows(trx, 'sms_inbound', inbound);
      await insertRows(trx, 'outgoing_messages', outgoing);
      await insertRows(trx, 'order_lines', lines);
    });
  }

  await db.transaction().execute(async (trx) => {
    await insertRows(
      trx,
      'customers',
      customers.map((customer, c) => customerRow(customer, c, conversations.get(c), now, assignee?.id)),
    );
    // one in a hundred opted out of texts
    await insertRows(
      trx,
      'sms_opt_outs',
      customers
        .filter((_, c) => c % 100 === 99)
        .map((customer) => ({ phone: customer.phone, keyword: 'STOP', opted_out_at: iso(now - 30 * DAY) })),
    );
    // what customers read from their leads: counts, total spent, first and last contact
    // the planner's figures for the tables just filled: without them PostgreSQL reads every lead
    // for each customer (minutes instead of a second). Not on SQLite: the app never runs ANALYZE
    // there, so its planner works without figures, as it does here.
    if (database.engine === 'postgres') await analyze(trx);
    await refreshCustomers(trx, 'all');
    // review requests on (they are off until the owner turns them on), with the default wording
    const settings = {
      ...DEFAULT_SETTINGS,
      reviews: { ...DEFAULT_SETTINGS.reviews, on: true, url: 'https://g.page/r/bench/review' },
    };
    await writeSetting(trx, 'customer_texts', settings, 'bench', new Date(now));
    if (database.engine === 'postgres') await resetIdSequences(trx, ['customers', 'leads']);
  });
  if (database.engine === 'postgres') await vacuumAnalyze(db);
  console.log(
    `Seeded ${customerCount} customers, ${leadCount} leads (${openQuotes} quotes open) and ${messages} messages in ${Math.round(performance.now() - started)} ms.`,
  );
  return { customers: customerCount, leads: leadCount, messages, openQuotes };
}
