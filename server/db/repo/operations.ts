/**
 * What an operator watches (GET /metrics and GET /api/health, decision 0199), read from the rows
 * themselves at the moment they are asked for: the outbox's messages by channel (queued, due and
 * not sent yet, failed; the oldest due one's time) and the leads by source. Counts over indexed
 * columns (`outgoing_messages_due_idx`: status, next_attempt_at), the same on SQLite and PostgreSQL.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** One channel's messages: waiting in the queue (due or later), due at `now`, given up on. */
export type OutboxFigures = {
  channel: string;
  queued: number;
  due: number;
  failed: number;
  /** when the longest-waiting due message was due (ISO time), or null when none is due */
  oldestDueAt: string | null;
};

/**
 * When the longest-waiting message of each channel was due (ISO time), for those with one due at
 * `now`: a message due and not yet tried counts from its due time; one already tried and waiting
 * to be tried again counts from when it was queued, since each failure moves its next try on (1,
 * 5, 30, 120 minutes) and a provider that is down must read as messages that wait.
 */
async function oldestDueByChannel(db: Executor, at: string): Promise<Map<string, string>> {
  const [due, retried] = await Promise.all([
    db
      .selectFrom('outgoing_messages')
      .select(['channel', (eb) => eb.fn.min('next_attempt_at').as('since')])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', at)
      .groupBy('channel')
      .execute(),
    db
      .selectFrom('outgoing_messages')
      .select(['channel', (eb) => eb.fn.min('created_at').as('since')])
      .where('status', '=', 'queued')
      .where('attempts', '>', 0)
      .where('created_at', '<=', at)
      .groupBy('channel')
      .execute(),
  ]);
  const oldest = new Map<string, string>();
  for (const row of [...due, ...retried]) {
    if (!row.since) continue;
    const since = String(row.since);
    const known = oldest.get(row.channel);
    if (!known || since < known) oldest.set(row.channel, since);
  }
  return oldest;
}

/** The outbox's figures per channel (a channel with no queued or failed message is absent). */
export async function outboxFigures(db: Executor, now: Date): Promise<OutboxFigures[]> {
  const at = now.toISOString();
  const [byStatus, due, oldest] = await Promise.all([
    db
      .selectFrom('outgoing_messages')
      .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['queued', 'failed'])
      .groupBy(['channel', 'status'])
      .execute(),
    db
      .selectFrom('outgoing_messages')
      .select(['channel', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', at)
      .groupBy('channel')
      .execute(),
    oldestDueByChannel(db, at),
  ]);
  const figures = new Map<string, OutboxFigures>();
  const of = (channel: string) => {
    let f = figures.get(channel);
    if (!f) figures.set(channel, (f = { channel, queued: 0, due: 0, failed: 0, oldestDueAt: null }));
    return f;
  };
  for (const row of byStatus) {
    if (row.status === 'queued') of(row.channel).queued = Number(row.count);
    else of(row.channel).failed = Number(row.count);
  }
  for (const row of due) of(row.channel).due = Number(row.count);
  for (const [channel, since] of oldest) of(channel).oldestDueAt = since;
  return [...figures.values()].sort((a, b) => a.channel.localeCompare(b.channel));
}

/** When the longest-waiting text due at `now` was due (ISO time), or undefined when none is due. */
export async function oldestDueTextAt(db: Executor, now: Date): Promise<string | undefined> {
  return (await oldestDueByChannel(db, now.toISOString())).get('sms');
}

/** How many leads came by each source (web, sms, phone), every status counted. */
export async function leadsBySource(db: Executor): Promise<{ source: string; count: number }[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['source', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('source')
    .orderBy('source')
    .execute();
  return rows.map((r) => ({ source: r.source, count: Number(r.count) }));
}
