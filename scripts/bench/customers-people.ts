/**
 * The customers of scripts/bench/customers-data.ts's load: who they are (fleet accounts, regulars,
 * everybody else), which lead is whose, and each one's row with the inbox fields their
 * conversation gives (last message, its preview and direction, unread, assigned, done).
 */
import { customerSearchText } from '#app/modules/customers/customers.ts';
import { FIRST, FLEET_NAMES, LAST } from './customers-words.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PREVIEW_CHARS = 160;
const iso = (ms: number) => new Date(ms).toISOString();

/** Fleet accounts (most leads), regulars, then everybody else: which customer lead `j` is of. */
export const FLEETS = 20;
const FLEET_LEADS = 150;
export const REGULARS = 2_000;
const REGULAR_LEADS = 6;

/** Which customer (0-based) lead `j` belongs to, and how many customers that makes. */
export function customerOf(j: number, customers: number, leads: number): number {
  const fleetLeads = Math.min(leads, FLEETS * FLEET_LEADS);
  if (j < fleetLeads) return j % FLEETS;
  const regularLeads = Math.min(leads - fleetLeads, REGULARS * REGULAR_LEADS);
  if (j < fleetLeads + regularLeads) return FLEETS + ((j - fleetLeads) % REGULARS);
  return FLEETS + REGULARS + ((j - fleetLeads - regularLeads) % (customers - FLEETS - REGULARS));
}

export type Customer = ReturnType<typeof makeCustomers>[number];

/** `count` customers, ids from `base`: the fleets first, a third with an e-mail address. */
export function makeCustomers(count: number, base: number) {
  return Array.from({ length: count }, (_, c) => {
    const fleet = c < FLEETS;
    const first = FIRST[c % FIRST.length]!;
    const last = LAST[(c * 7 + Math.floor(c / FIRST.length)) % LAST.length]!;
    return {
      id: base + c,
      name: `${first} ${last}`,
      company: fleet
        ? `${FLEET_NAMES[c % FLEET_NAMES.length]} ${c + 1}`
        : c % 9 === 0
          ? `${last} Farms`
          : null,
      phone: `+1204${2_000_000 + c}`,
      email: fleet || c % 3 === 0 ? `${first.toLowerCase().replace(/\W/g, '')}.${c}@example.com` : null,
      fleet,
    };
  });
}

export type Conversation = {
  lastAt: number;
  preview: string;
  lastIn: boolean;
  lastInboundAt: number;
};

/** Each customer's conversation as its messages are seen (`see`), in any order. */
export function conversationsSeen() {
  const conversations = new Map<number, Conversation>();
  const see = (c: number, at: number, body: string, inbound: boolean) => {
    const seen = conversations.get(c);
    if (!seen) {
      conversations.set(c, { lastAt: at, preview: body, lastIn: inbound, lastInboundAt: inbound ? at : 0 });
      return;
    }
    if (at >= seen.lastAt) Object.assign(seen, { lastAt: at, preview: body, lastIn: inbound });
    if (inbound && at > seen.lastInboundAt) seen.lastInboundAt = at;
  };
  return { conversations, see };
}

/** Customer `c`'s row, with the inbox fields of their conversation, as conversations.ts keeps them. */
export function customerRow(
  customer: Customer,
  c: number,
  talk: Conversation | undefined,
  now: number,
  assigneeId: number | undefined,
) {
  const recent = talk !== undefined && talk.lastAt > now - 3 * DAY;
  const createdAt = iso(now - 730 * DAY);
  return {
    id: customer.id,
    name: customer.name,
    company: customer.company,
    phone: customer.phone,
    email: customer.email,
    notes: customer.fleet ? 'Fleet account: PO number on every order.' : null,
    fleet: customer.fleet ? 1 : 0,
    no_reviews: c % 50 === 0 ? 1 : 0,
    merged_into: null,
    search_text: customerSearchText(customer),
    last_message_at: talk ? iso(talk.lastAt) : null,
    last_message_preview: talk ? talk.preview.slice(0, PREVIEW_CHARS) : null,
    last_message_in: talk?.lastIn ? 1 : 0,
    last_inbound_at: talk?.lastInboundAt ? iso(talk.lastInboundAt) : null,
    // what came in lately is unread; older conversations mostly done
    unread: talk?.lastIn && recent ? 1 + (c % 3) : 0,
    assigned_user_id: assigneeId !== undefined && c % 5 === 0 ? assigneeId : null,
    done_at: talk && !recent && c % 10 !== 0 ? iso(talk.lastAt + 2 * HOUR) : null,
    review_requested_at: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}
