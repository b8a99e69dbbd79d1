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

/** The outbox's figures per channel (a channel with no queued or failed message is absent). */
export async function outboxFigures(db: Executor, now: Date): Promise<OutboxFigures[]> {
  const at = now.toISOString();
  const [byStatus, due] = await Promise.all([
    db
      .selectFrom('outgoing_messages')
      .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['queued', 'failed'])
      .groupBy(['channel', 'status'])
      .execute(),
    db
      .selectFrom('outgoing_messages')
      .select([
        'channel',
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.min('next_attempt_at').as('oldest'),
      ])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', at)
      .groupBy('channel')
      .execute(),
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
  for (const row of due) {
    const f = of(row.channel);
    f.due = Number(row.count);
    f.oldestDueAt = row.oldest ? String(row.oldest) : null;
  }
  return [...figures.values()].sort((a, b) => a.channel.localeCompare(b.channel));
}

/**
 * When the longest-waiting text due at `now` was due (ISO time), or undefined when none is due. A
 * text already tried and waiting to be tried again counts from when it was queued: each failure
 * moves its next try on (1, 5, 30, 120 minutes), and a provider that is down must read as texts
 * that wait, not as texts due a minute ago.
 */
export async function oldestDueTextAt(db: Executor, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  const [due, retried] = await Promise.all([
    db
      .selectFrom('outgoing_messages')
      .select('next_attempt_at as since')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', at)
      .where('channel', '=', 'sms')
      .orderBy('next_attempt_at')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('outgoing_messages')
      .select('created_at as since')
      .where('status', '=', 'queued')
      .where('attempts', '>', 0)
      .where('created_at', '<=', at)
      .where('channel', '=', 'sms')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const times = [due?.since, retried?.since].filter((t): t is string => typeof t === 'string');
  return times.sort()[0];
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
