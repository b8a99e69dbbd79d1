/**
 * The outbox's repository on both engines: the rows a message goes through (inserted, due,
 * claimed once, sent or not, stale after a crash, delivery callbacks that never move backwards)
 * and the conversation's view of them, with identical values on SQLite and PostgreSQL.
 */
import { beforeAll, expect, it } from 'vitest';
import { eachEngine } from '../../../tests/support/databases.ts';
import { insertLead } from './leads.ts';
import {
  claimMessage,
  insertMessage,
  listCustomerMessages,
  listDueMessages,
  markMessageSent,
  markMessageUnsent,
  nextDueTime,
  recordDeliveryStatus,
  requeueStaleMessages,
  listInterruptedMessages,
  settleInterruptedMessage,
  type NewMessage,
} from './outgoing-messages.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

eachEngine('outgoing messages repository', (ctx) => {
  let leadId: number;
  const row = (id: number) =>
    ctx().deps.db.selectFrom('outgoing_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const message = (overrides: Partial<NewMessage> = {}): NewMessage => ({
    leadId,
    channel: 'sms',
    recipient: '+12045550123',
    subject: null,
    body: 'Hello',
    status: 'queued',
    ...overrides,
  });

  beforeAll(async () => {
    const { db } = ctx().deps;
    const lead = await db.transaction().execute((trx) =>
      insertLead(trx, { urgency: 'flexible', source: 'sms', name: 'Dana', phone: '+12045550123' }, [], {
        now: T0,
        actor: 'test',
      }),
    );
    leadId = lead.id;
  });

  it('inserts with the audience by channel, and a reply already sent as one attempt', async () => {
    const { db } = ctx().deps;
    const text = await insertMessage(db, message(), T0);
    const alert = await insertMessage(
      db,
      message({ channel: 'email', recipient: 'staff@example.com', subject: 'New', status: 'logged' }),
      T0,
    );
    const reply = await insertMessage(db, message({ status: 'sent', body: 'Thanks' }), T0);
    const blocked = await insertMessage(db, message({ status: 'blocked', lastError: 'opted out' }), T0);
    expect(await row(text)).toMatchObject({
      lead_id: leadId,
      channel: 'sms',
      recipient: '+12045550123',
      subject: null,
      body: 'Hello',
      status: 'queued',
      audience: 'customer',
      attempts: 0,
      last_error: null,
      sent_at: null,
      provider_id: null,
      next_attempt_at: T0.toISOString(),
      created_at: T0.toISOString(),
      updated_at: T0.toISOString(),
    });
    expect(await row(alert)).toMatchObject({ audience: 'staff', subject: 'New', status: 'logged' });
    expect(await row(reply)).toMatchObject({ status: 'sent', attempts: 1, sent_at: T0.toISOString() });
    expect(await row(blocked)).toMatchObject({ status: 'blocked', attempts: 0, last_error: 'opted out' });
    await db.deleteFrom('outgoing_messages').execute();
  });

  it('lists due messages of the given channels, oldest first, and claims each one once', async () => {
    const { db } = ctx().deps;
    const later = await insertMessage(db, message({ body: 'later' }), at(2000));
    const first = await insertMessage(db, message({ body: 'first' }), at(1000));
    const mail = await insertMessage(
      db,
      message({ channel: 'email', recipient: 'dana@example.com', subject: 'Quote', audience: 'customer' }),
      at(1000),
    );
    await insertMessage(db, message({ status: 'logged', body: 'not for the worker' }), T0);

    expect(await listDueMessages(db, [], at(5000), 10)).toEqual([]);
    expect(await listDueMessages(db, ['sms'], at(1500), 10)).toStrictEqual([
      {
        id: first,
        channel: 'sms',
        recipient: '+12045550123',
        subject: null,
        body: 'first',
        attempts: 0,
        answerUntil: null,
      },
    ]);
    expect((await listDueMessages(db, ['sms', 'email'], at(5000), 10)).map((m) => m.id)).toEqual([
      first,
      mail,
      later,
    ]);
    expect((await listDueMessages(db, ['sms', 'email'], at(5000), 2)).map((m) => m.id)).toEqual([
      first,
      mail,
    ]);
    expect(await nextDueTime(db, ['sms'])).toBe(at(1000).toISOString());
    expect(await nextDueTime(db, [])).toBeUndefined();

    expect(await claimMessage(db, first, at(3000))).toBe(true);
    expect(await claimMessage(db, first, at(3000))).toBe(false);
    expect(await row(first)).toMatchObject({
      status: 'sending',
      attempts: 1,
      updated_at: at(3000).toISOString(),
    });
    expect((await listDueMessages(db, ['sms'], at(5000), 10)).map((m) => m.id)).toEqual([later]);
    expect(await nextDueTime(db, ['sms'])).toBe(at(2000).toISOString());

    await markMessageSent(db, first, 'SM123', at(4000));
    expect(await row(first)).toMatchObject({
      status: 'sent',
      provider_id: 'SM123',
      sent_at: at(4000).toISOString(),
      last_error: null,
    });

    await claimMessage(db, later, at(3000));
    await markMessageUnsent(db, later, {
      status: 'queued',
      error: `Twilio answered HTTP 500 ${'x'.repeat(600)}`,
      nextAttemptAt: at(63_000),
      at: at(3000),
    });
    const retry = await row(later);
    expect(retry).toMatchObject({ status: 'queued', attempts: 1, next_attempt_at: at(63_000).toISOString() });
    expect(retry.last_error).toHaveLength(500);
    expect(await listDueMessages(db, ['sms'], at(5000), 10)).toEqual([]);
    expect(await nextDueTime(db, ['sms'])).toBe(at(63_000).toISOString());

    await claimMessage(db, mail, at(3000));
    await markMessageUnsent(db, mail, {
      status: 'failed',
      error: 'Mailbox full',
      nextAttemptAt: at(3000),
      at: at(3000),
    });
    expect(await row(mail)).toMatchObject({ status: 'failed', last_error: 'Mailbox full', attempts: 1 });
    await db.deleteFrom('outgoing_messages').execute();
  });

  it('after a crash: stale e-mail goes back to the queue; a stale text is listed and settled once, as its claim stood', async () => {
    const { db } = ctx().deps;
    const mail = await insertMessage(db, message({ channel: 'email', recipient: 'staff@example.com' }), T0);
    const text = await insertMessage(db, message(), T0);
    const other = await insertMessage(db, message(), T0);
    const fresh = await insertMessage(db, message(), T0);
    await claimMessage(db, mail, T0);
    await claimMessage(db, text, T0);
    await claimMessage(db, other, at(1000));
    await claimMessage(db, fresh, at(10_000));

    expect(await requeueStaleMessages(db, ['email'], at(5000), at(20_000))).toBe(1);
    expect(await requeueStaleMessages(db, [], at(5000), at(20_000))).toBe(0);
    expect(await row(mail)).toMatchObject({
      status: 'queued',
      attempts: 1,
      updated_at: at(20_000).toISOString(),
    });
    // the texts claimed before the limit, oldest claim first; the fresh one is still being sent
    const stale = await listInterruptedMessages(db, ['sms'], at(5000), 10);
    expect(stale.map((m) => [m.id, m.claimedAt])).toEqual([
      [text, T0.toISOString()],
      [other, at(1000).toISOString()],
    ]);
    expect(await listInterruptedMessages(db, ['sms'], at(5000), 1)).toHaveLength(1);
    expect(await listInterruptedMessages(db, [], at(5000), 10)).toEqual([]);

    // the provider had the first: sent, with its id; a second settling of that claim changes nothing
    expect(
      await settleInterruptedMessage(db, stale[0]!, { status: 'sent', providerId: 'SM1' }, at(20_000)),
    ).toBe(true);
    expect(await settleInterruptedMessage(db, stale[0]!, { status: 'queued' }, at(21_000))).toBe(false);
    expect(await row(text)).toMatchObject({ status: 'sent', provider_id: 'SM1', attempts: 1 });
    // the second was claimed again meanwhile (another process): its old claim is not settled
    await db.updateTable('outgoing_messages').set({ status: 'queued' }).where('id', '=', other).execute();
    await claimMessage(db, other, at(22_000));
    expect(await settleInterruptedMessage(db, stale[1]!, { status: 'queued' }, at(23_000))).toBe(false);
    expect(await row(other)).toMatchObject({ status: 'sending', attempts: 2 });
    // later: both still 'sending', oldest claim first. No one can tell about one: failed with the
    // reason given; the provider never got the other: queued, due now
    const [early, late] = await listInterruptedMessages(db, ['sms'], at(30_000), 10);
    expect([early!.id, late!.id]).toEqual([fresh, other]);
    expect(
      await settleInterruptedMessage(db, late!, { status: 'failed', error: 'interrupted' }, at(31_000)),
    ).toBe(true);
    expect(await row(other)).toMatchObject({ status: 'failed', last_error: 'interrupted' });
    expect(await settleInterruptedMessage(db, early!, { status: 'queued' }, at(31_000))).toBe(true);
    expect(await row(fresh)).toMatchObject({ status: 'queued', next_attempt_at: at(31_000).toISOString() });
    await db.deleteFrom('outgoing_messages').execute();
  });

  it('records delivery callbacks by provider id, never moving a text backwards', async () => {
    const { db } = ctx().deps;
    const id = await insertMessage(db, message(), T0);
    await claimMessage(db, id, T0);
    await markMessageSent(db, id, 'SMabc', T0);

    expect(
      await recordDeliveryStatus(db, { providerId: 'SMnone', status: 'delivered', error: null, at: T0 }),
    ).toBeUndefined();
    expect(
      await recordDeliveryStatus(db, { providerId: 'SMabc', status: 'delivered', error: null, at: at(1000) }),
    ).toStrictEqual({ id, leadId, recipient: '+12045550123', changed: true });
    expect(
      await recordDeliveryStatus(db, { providerId: 'SMabc', status: 'sent', error: null, at: at(2000) }),
    ).toStrictEqual({ id, leadId, recipient: '+12045550123', changed: false });
    expect(await row(id)).toMatchObject({ status: 'delivered', updated_at: at(1000).toISOString() });

    const lost = await insertMessage(db, message(), T0);
    await claimMessage(db, lost, T0);
    await markMessageSent(db, lost, 'SMdef', T0);
    await recordDeliveryStatus(db, {
      providerId: 'SMdef',
      status: 'failed',
      error: 'Unknown number',
      at: T0,
    });
    expect(await row(lost)).toMatchObject({ status: 'failed', last_error: 'Unknown number' });
    await db.deleteFrom('outgoing_messages').execute();
  });

  it("lists a lead's customer messages oldest first, without staff alerts", async () => {
    const { db } = ctx().deps;
    const second = await insertMessage(db, message({ body: 'second', status: 'logged' }), at(2000));
    const first = await insertMessage(
      db,
      message({ body: 'first', status: 'blocked', lastError: 'opted out' }),
      at(1000),
    );
    await insertMessage(
      db,
      message({ channel: 'email', recipient: 'staff@example.com', body: 'alert' }),
      at(500),
    );
    const copy = await insertMessage(
      db,
      message({ channel: 'email', recipient: 'dana@example.com', body: 'copy', audience: 'customer' }),
      at(2000),
    );
    expect(await listCustomerMessages(db, leadId)).toStrictEqual([
      {
        id: first,
        channel: 'sms',
        body: 'first',
        status: 'blocked',
        lastError: 'opted out',
        createdAt: at(1000).toISOString(),
      },
      {
        id: second,
        channel: 'sms',
        body: 'second',
        status: 'logged',
        lastError: null,
        createdAt: at(2000).toISOString(),
      },
      {
        id: copy,
        channel: 'email',
        body: 'copy',
        status: 'queued',
        lastError: null,
        createdAt: at(2000).toISOString(),
      },
    ]);
    expect(await listCustomerMessages(db, leadId + 1000)).toEqual([]);
    await db.deleteFrom('outgoing_messages').execute();
  });
});
