/**
 * The inbox (issue 30 item 2, decision 0161): one conversation per customer, kept on the customer's
 * row (its last message, whether it came in, unread, assigned, done) as messages are written, so
 * the list is read along one index whatever the number of messages; and a conversation's messages
 * read from where they live (texts in, questions from the quote page, the outbox). Same shapes on
 * SQLite and PostgreSQL.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConversationInput } from '#app/modules/customers/conversation.ts';
import type { InboxConversation, InboxFilter } from '#app/modules/customers/inbox.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

const PREVIEW_CHARS = 160;

/** The key prefix of a lead's follow-up texts in the outbox (`lead:{id}:follow-up:{version}:{kind}`). */
export const followUpKey = (leadId: number, version: number, kind: string) =>
  `lead:${leadId}:follow-up:${version}:${kind}`;

/**
 * A message from the customer (a text, a question on the quote page), in the caller's
 * transaction: their conversation moves to the top, unread, out of 'done'; and their follow-ups
 * still waiting in the outbox are cancelled, since they answered. The customer's row is written
 * first: it is the lock a follow-up pass takes before it decides (so a reply that arrives first
 * is seen, and one that arrives after finds the follow-up queued and cancels it). Returns the
 * customer's id, or null for a number that is no customer yet.
 */
export async function recordInbound(
  trx: Executor,
  from: { leadId: number | null; phone?: string },
  message: { body: string; at: Date },
): Promise<number | null> {
  const iso = message.at.toISOString();
  const customer =
    from.leadId !== null
      ? trx.selectFrom('leads').select('customer_id').where('id', '=', from.leadId)
      : trx
          .selectFrom('customers')
          .select('id')
          .where('phone', '=', from.phone ?? '')
          .where('merged_into', 'is', null);
  const row = await trx
    .updateTable('customers')
    .set((eb) => ({
      last_message_at: iso,
      last_inbound_at: iso,
      last_contact_at: iso,
      last_message_preview: message.body.slice(0, PREVIEW_CHARS),
      last_message_in: 1,
      unread: eb('unread', '+', 1),
      done_at: null,
      updated_at: iso,
    }))
    .where('id', '=', customer as never)
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await cancelFollowUps(trx, { customerId: row.id }, message.at, 'The customer answered first.');
  return row.id;
}

/**
 * Follow-up texts still waiting in the outbox, cancelled (never sent): of one lead (its status
 * changed, a new version was sent) or of every lead of a customer (they answered).
 */
export async function cancelFollowUps(
  trx: Executor,
  of: { leadId: number } | { customerId: number },
  at: Date,
  why: string,
): Promise<number> {
  let q = trx
    .updateTable('outgoing_messages')
    .set({ status: 'cancelled', last_error: why, updated_at: at.toISOString() })
    .where('status', '=', 'queued')
    .where('dedupe_key', 'like', 'lead:%:follow-up:%');
  q =
    'leadId' in of
      ? q.where('lead_id', '=', of.leadId)
      : q.where(
          'lead_id',
          'in',
          trx.selectFrom('leads').select('id').where('customer_id', '=', of.customerId),
        );
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Messages to customers were written for these leads (in the order written): their conversations
 * move to the top with the newest of them as the preview, in two statements whatever their number
 * (the preview is the body at hand, not read back from every message the customer ever got).
 */
export async function recordOutbound(
  trx: Executor,
  messages: readonly { leadId: number; body: string }[],
  at: Date,
): Promise<void> {
  if (!messages.length) return;
  const iso = at.toISOString();
  const leads = await trx
    .selectFrom('leads')
    .select(['id', 'customer_id'])
    .where('id', 'in', [...new Set(messages.map((m) => m.leadId))])
    .execute();
  const customerOf = new Map(leads.map((l) => [l.id, l.customer_id]));
  const previews = new Map<number, string>();
  for (const m of messages) {
    const customerId = customerOf.get(m.leadId);
    // the last written of a customer's is their newest
    if (customerId != null) previews.set(customerId, m.body.slice(0, PREVIEW_CHARS));
  }
  const entries = [...previews];
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    await trx
      .updateTable('customers')
      .set({
        last_message_at: iso,
        last_contact_at: iso,
        last_message_in: 0,
        last_message_preview: sql<string>`case id ${sql.join(
          chunk.map(([id, preview]) => sql`when ${id} then ${preview}`),
          sql` `,
        )} else last_message_preview end`,
        updated_at: iso,
      })
      .where(
        'id',
        'in',
        chunk.map(([id]) => id),
      )
      .execute();
  }
}

/** The inbox, newest first, a page before `before` (the last row's time and id). */
export async function listConversations(
  db: Executor,
  query: { filter: InboxFilter; userId: number; before?: { at: string; id: number }; limit: number },
): Promise<InboxConversation[]> {
  let q = db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.assigned_user_id')
    .select([
      'c.id',
      'c.name',
      'c.company',
      'c.phone',
      'c.last_message_at',
      'c.last_message_preview',
      'c.last_message_in',
      'c.unread',
      'c.assigned_user_id',
      'u.display_name',
      'c.done_at',
    ])
    .where('c.last_message_at', 'is not', null)
    .where('c.merged_into', 'is', null);
  if (query.filter === 'open') q = q.where('c.done_at', 'is', null);
  if (query.filter === 'mine')
    q = q.where('c.done_at', 'is', null).where('c.assigned_user_id', '=', query.userId);
  if (query.filter === 'done') q = q.where('c.done_at', 'is not', null);
  if (query.before) {
    const { at, id } = query.before;
    q = q.where((eb) =>
      eb.or([
        eb('c.last_message_at', '<', at),
        eb.and([eb('c.last_message_at', '=', at), eb('c.id', '<', id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map((r) => ({
    customerId: r.id,
    name: r.name,
    company: r.company,
    phone: r.phone,
    lastMessageAt: r.last_message_at!,
    preview: r.last_message_preview ?? '',
    lastIn: Boolean(r.last_message_in),
    unread: Number(r.unread),
    assignedUserId: r.assigned_user_id,
    assignedName: r.display_name,
    doneAt: r.done_at,
  }));
}

/** How many conversations have messages staff have not opened, and the newest message's time. */
export async function inboxPulse(db: Executor): Promise<{ unread: number; latest: string | null }> {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('unread', '>', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('customers')
      .select('last_message_at')
      .where('last_message_at', 'is not', null)
      .orderBy('last_message_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { unread: Number(count.n), latest: latest?.last_message_at ?? null };
}

export async function markConversationRead(db: Executor, customerId: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ unread: 0 })
    .where('id', '=', customerId)
    .where('unread', '>', 0)
    .execute();
}

export async function setConversationState(
  db: Executor,
  customerId: number,
  patch: { assignedUserId?: number | null; doneAt?: string | null },
  at: Date,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({
      ...(patch.assignedUserId !== undefined ? { assigned_user_id: patch.assignedUserId } : {}),
      ...(patch.doneAt !== undefined ? { done_at: patch.doneAt, unread: patch.doneAt ? 0 : undefined } : {}),
      updated_at: at.toISOString(),
    })
    .where('id', '=', customerId)
    .execute();
}

/** A conversation's messages as read: the shape the thread is made from (conversationOf). */
export type ConversationSources = ConversationInput;

/**
 * The newest `limit` messages of each kind in a customer's conversation: texts in (about their
 * leads, or from their number about none), questions from the quote page, messages out to them.
 */
export async function conversationSources(
  db: Executor,
  customer: { id: number; phone: string | null },
  limit: number,
): Promise<ConversationSources> {
  const leadIds = db.selectFrom('leads').select('id').where('customer_id', '=', customer.id);
  // each kind's newest `limit` picked along an index that holds it by lead and time (the kind as a
  // literal, so the partial indexes of 0014 apply), then only those rows read
  const newestTexts = db
    .selectFrom('sms_inbound')
    .select('id')
    .where('lead_id', 'in', leadIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  const newestQuestions = db
    .selectFrom('lead_events')
    .select('id')
    .where('type', '=', sql.lit('question'))
    .where('lead_id', 'in', leadIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  const newestSent = db
    .selectFrom('outgoing_messages')
    .select('id')
    .where('audience', '=', sql.lit('customer'))
    .where('lead_id', 'in', leadIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  const [incoming, questions, outgoing] = await Promise.all([
    // by lead, and (its own statement: an OR would read the whole table on PostgreSQL) by number
    Promise.all([
      db
        .selectFrom('sms_inbound')
        .select(['id', 'lead_id', 'body', 'photo_count', 'created_at'])
        .where('id', 'in', newestTexts)
        .execute(),
      customer.phone
        ? db
            .selectFrom('sms_inbound')
            .select(['id', 'lead_id', 'body', 'photo_count', 'created_at'])
            .where('from_phone', '=', customer.phone)
            .where('lead_id', 'is', null)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .execute()
        : Promise.resolve([]),
    ]).then(([byLead, byNumber]) => [...byLead, ...byNumber]),
    db
      .selectFrom('lead_events')
      .select(['id', 'lead_id', 'detail', 'created_at'])
      .where('id', 'in', newestQuestions)
      .execute(),
    db
      .selectFrom('outgoing_messages')
      .select(['id', 'lead_id', 'channel', 'body', 'status', 'last_error', 'created_at'])
      .where('id', 'in', newestSent)
      .execute(),
  ]);
  return {
    incoming: incoming.map((r) => ({
      id: r.id,
      leadId: r.lead_id,
      body: r.body,
      photoCount: Number(r.photo_count),
      createdAt: r.created_at,
    })),
    questions: questions.flatMap((r) => {
      const body = questionText(r.detail);
      return body ? [{ id: r.id, leadId: r.lead_id, body, createdAt: r.created_at }] : [];
    }),
    outgoing: outgoing.map((r) => ({
      id: r.id,
      leadId: r.lead_id,
      channel: r.channel,
      body: r.body,
      status: r.status,
      lastError: r.last_error,
      createdAt: r.created_at,
    })),
  };
}

/**
 * A conversation's place in the inbox recomputed from its messages (customers linked to leads
 * written before the inbox existed; the demo data): the newest message, the newest from the
 * customer. Nothing becomes unread: those messages were read where staff read them then.
 */
export async function refreshConversations(trx: Executor, customerIds: readonly number[]): Promise<void> {
  for (let i = 0; i < customerIds.length; i += 500) {
    const ids = customerIds.slice(i, i + 500);
    const leadsOf = trx.selectFrom('leads').select('id').where('customer_id', 'in', ids);
    const [incoming, questions, outgoing] = await Promise.all([
      trx
        .selectFrom('sms_inbound as m')
        .innerJoin('leads as l', 'l.id', 'm.lead_id')
        .select(['l.customer_id', 'm.body', 'm.created_at'])
        .where('m.lead_id', 'in', leadsOf)
        .execute(),
      trx
        .selectFrom('lead_events as m')
        .innerJoin('leads as l', 'l.id', 'm.lead_id')
        .select(['l.customer_id', 'm.detail as body', 'm.created_at'])
        .where('m.type', '=', 'question')
        .where('m.lead_id', 'in', leadsOf)
        .execute(),
      trx
        .selectFrom('outgoing_messages as m')
        .innerJoin('leads as l', 'l.id', 'm.lead_id')
        .select(['l.customer_id', 'm.body', 'm.created_at'])
        .where('m.audience', '=', 'customer')
        .where('m.lead_id', 'in', leadsOf)
        .execute(),
    ]);
    type Last = { at: string; body: string; inbound: boolean };
    const last = new Map<number, Last>();
    const lastIn = new Map<number, string>();
    const see = (
      rows: { customer_id: number | null; body: string | null; created_at: string }[],
      inbound: boolean,
    ) => {
      for (const r of rows) {
        if (r.customer_id === null) continue;
        const body = r.body ?? '';
        const seen = last.get(r.customer_id);
        if (!seen || r.created_at > seen.at) last.set(r.customer_id, { at: r.created_at, body, inbound });
        if (inbound && (lastIn.get(r.customer_id) ?? '') < r.created_at)
          lastIn.set(r.customer_id, r.created_at);
      }
    };
    see(incoming, true);
    see(
      questions.map((q) => ({ ...q, body: questionText(q.body) })),
      true,
    );
    see(outgoing, false);
    for (const [id, m] of last) {
      await trx
        .updateTable('customers')
        .set({
          last_message_at: m.at,
          last_message_preview: m.body.slice(0, PREVIEW_CHARS),
          last_message_in: m.inbound ? 1 : 0,
          last_inbound_at: lastIn.get(id) ?? null,
        })
        .where('id', '=', id)
        .execute();
    }
  }
}

/** The words of a question event's detail (`{ "body": ... }`), or an empty text. */
function questionText(detail: string | null): string {
  try {
    const value = detail ? (JSON.parse(detail) as { body?: unknown }) : null;
    return typeof value?.body === 'string' ? value.body : '';
  } catch {
    return '';
  }
}
