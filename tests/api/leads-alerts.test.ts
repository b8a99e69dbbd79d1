/**
 * The staff alert for a new lead (issue item 5), with a real SMTP server on loopback
 * (smtp-server): sent after the response, recorded on its outgoing_messages row, retried when the
 * mail server refuses it, and never delaying or failing the customer's request.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedReference } from '#server/seed/index.ts';
import { RETRY_DELAYS_MS } from '#server/messaging/worker.ts';
import { createMessaging } from '#server/services/messaging.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';

type Received = { from: string; to: string[]; raw: string };

const received: Received[] = [];
let holdConnections: Promise<void> | undefined;
let refuseWith: string | undefined;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect(_session, callback) {
    if (holdConnections) void holdConnections.then(() => callback());
    else callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (refuseWith) {
        const err = Object.assign(new Error(refuseWith), { responseCode: 451 });
        callback(err);
        return;
      }
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
const smtpPort = (smtp.server.address() as AddressInfo).port;

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Decodes a quoted-printable body enough to read it. */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

eachEngine(
  'staff alert e-mail for a new lead',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    beforeAll(async () => {
      await seedReference(ctx().deps);
      app = createTestApp(ctx().deps, ctx().services);
    });
    afterAll(() => ctx().services.messaging.outbox.stop());

    const alertRow = (caseNumber: string) =>
      ctx()
        .deps.db.selectFrom('outgoing_messages')
        .innerJoin('leads', 'leads.id', 'outgoing_messages.lead_id')
        .selectAll('outgoing_messages')
        .where('leads.case_number', '=', caseNumber)
        .where('outgoing_messages.audience', '=', 'staff')
        .executeTakeFirstOrThrow();
    /** The mails received for staff (the customer gets a confirmation with their link too, issue 28). */
    const toStaff = () => received.filter((m) => m.to.includes('staff@example.com'));

    it('answers the customer first, then e-mails NOTIFY_EMAIL and records the delivery', async () => {
      received.length = 0;
      let release!: () => void;
      holdConnections = new Promise<void>((resolve) => (release = resolve));
      try {
        // the mail server does not even greet yet: the customer still gets the answer
        const res = await submit(app, VALID_FIELDS).expect(201);
        const { caseNumber } = res.body as { caseNumber: string };
        expect(received).toEqual([]);
        expect(['queued', 'sending']).toContain((await alertRow(caseNumber)).status);

        release();
        await ctx().services.messaging.outbox.idle();
        expect(toStaff()).toHaveLength(1);
        // and the customer's confirmation, with the link to their private page
        const confirmation = received.find((m) => !m.to.includes('staff@example.com'));
        expect(readable(confirmation!.raw)).toMatch(new RegExp(`${caseNumber}[\\s\\S]*/q/[A-Za-z0-9_-]{24}`));
        const mail = toStaff()[0]!;
        expect(mail.from).toBe(ctx().deps.config.site.email);
        expect(mail.to).toEqual(['staff@example.com']);
        const text = readable(mail.raw);
        expect(text).toContain(`Subject: New quote request ${caseNumber}: Trailer (Emergency repair)`);
        expect(text).toContain('Name: Dana Friesen');
        expect(text).toContain('Phone: (204) 555-0123');
        expect(text).toContain(VALID_FIELDS.description);
        expect(text).toContain(`${ctx().deps.config.baseUrl}/admin/leads`);

        const row = await alertRow(caseNumber);
        expect(row).toMatchObject({
          channel: 'email',
          recipient: 'staff@example.com',
          status: 'sent',
          attempts: 1,
          last_error: null,
        });
        expect(row.sent_at).toEqual(expect.any(String));
        expect(row.provider_id).toEqual(expect.stringContaining('@'));
      } finally {
        holdConnections = undefined;
        release?.();
      }
    });

    it('keeps the request when the mail server refuses, records the error and retries later', async () => {
      received.length = 0;
      refuseWith = 'Mailbox temporarily unavailable';
      let caseNumber: string;
      try {
        const res = await submit(app, VALID_FIELDS).expect(201);
        caseNumber = (res.body as { caseNumber: string }).caseNumber;
        await ctx().services.messaging.outbox.idle();
        const failed = await alertRow(caseNumber);
        expect(failed).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
        expect(failed.last_error).toContain('Mailbox temporarily unavailable');
        const wait = Date.parse(failed.next_attempt_at) - Date.parse(failed.updated_at);
        expect(wait).toBe(RETRY_DELAYS_MS[0]);
        expect(received).toEqual([]);
      } finally {
        refuseWith = undefined;
      }
      // not due yet: nothing happens
      expect(await ctx().services.messaging.outbox.runDue()).toEqual({ sent: 0, failed: 0 });
      // a minute later the retry goes out
      const later = createMessaging(
        { ...ctx().deps, now: () => new Date(Date.now() + RETRY_DELAYS_MS[0] + 1000) },
        { push: ctx().services.push },
      );
      // the alert and the customer's confirmation (issue 28), both refused once
      expect(await later.outbox.runDue()).toEqual({ sent: 2, failed: 0 });
      expect(await alertRow(caseNumber)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(toStaff()).toHaveLength(1);
    });

    it('gives up after five attempts and marks the alert failed', async () => {
      refuseWith = 'Mailbox full';
      try {
        const res = await submit(app, VALID_FIELDS).expect(201);
        const { caseNumber } = res.body as { caseNumber: string };
        await ctx().services.messaging.outbox.idle();
        let shift = 0;
        for (const delay of RETRY_DELAYS_MS) {
          shift += delay + 1000;
          const at = Date.now() + shift;
          await createMessaging(
            { ...ctx().deps, now: () => new Date(at) },
            { push: ctx().services.push },
          ).outbox.runDue();
        }
        const row = await alertRow(caseNumber);
        expect(row).toMatchObject({ status: 'failed', attempts: 5, sent_at: null });
        expect(row.last_error).toContain('Mailbox full');
      } finally {
        refuseWith = undefined;
      }
    });
  },
  { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_EMAIL: 'staff@example.com', TRUST_PROXY: '1' },
);
