/**
 * E-mail addresses in any script (issue 17 item 4; decision 0082), on both engines: POST /api/leads
 * takes 'zoë@exämple.com', stores it as typed, and the quote's e-mail copy reaches a real SMTP
 * server (smtp-server on loopback): nodemailer uses SMTPUTF8 when the part before the '@' is not
 * ASCII, and the punycode domain when only the domain is.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { seedReference } from '#server/seed/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';

type Envelope = { mailFrom: string; smtpUtf8: boolean; rcptTo: string[]; raw: string };
const received: Envelope[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const from = session.envelope.mailFrom;
      received.push({
        mailFrom: from ? from.address : '',
        smtpUtf8: Boolean(from && from.args && (from.args as Record<string, unknown>).SMTPUTF8),
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
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

eachEngine(
  'e-mail addresses in any script',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    let staff: { Cookie: string; 'X-CSRF-Token': string };
    beforeAll(async () => {
      await seedReference(ctx().deps);
      await createStaff(ctx().deps);
      app = createTestApp(ctx().deps, ctx().services);
      const session = await signIn(app);
      staff = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
    });
    afterAll(() => ctx().services.messaging.outbox.stop());

    /** Submits a request with that address and returns the stored lead as staff see it. */
    async function leadWith(email: string): Promise<LeadDetails> {
      const res = await submit(app, { ...VALID_FIELDS, email }).expect(201);
      const { caseNumber } = res.body as { caseNumber: string };
      const { id } = await ctx()
        .deps.db.selectFrom('leads')
        .select('id')
        .where('case_number', '=', caseNumber)
        .executeTakeFirstOrThrow();
      return (await request(app).get(`/api/leads/${id}`).set(staff).expect(200)).body as LeadDetails;
    }

    /** Sends the lead a quote and waits until the outbox delivered its e-mail copy. */
    async function quoteMailTo(lead: LeadDetails): Promise<Envelope> {
      received.length = 0;
      await request(app)
        .post(`/api/leads/${lead.id}/quote`)
        .set(staff)
        .send({ cost: 10_000, etaDays: 3 })
        .expect(200);
      await ctx().services.messaging.outbox.idle();
      const mail = received.find(
        (m) => m.raw.includes(lead.caseNumber) && !m.rcptTo.includes('staff@example.com'),
      );
      if (!mail)
        throw new Error(
          `no e-mail to the customer (received: ${JSON.stringify(received.map((m) => m.rcptTo))})`,
        );
      return mail;
    }

    it('stores the address as typed and sends with SMTPUTF8 when the name part is not ASCII', async () => {
      const lead = await leadWith(' zoë@exämple.com ');
      expect(lead.email).toBe('zoë@exämple.com');
      const mail = await quoteMailTo(lead);
      expect(mail.rcptTo).toEqual(['zoë@exämple.com']);
      expect(mail.smtpUtf8).toBe(true);
      expect(mail.raw).toMatch(/^To: .*zoë@exämple\.com/m);
    });

    it('sends to the punycode domain when only the domain is not ASCII', async () => {
      const lead = await leadWith('zoe@exämple.com');
      expect(lead.email).toBe('zoe@exämple.com');
      const mail = await quoteMailTo(lead);
      // no SMTPUTF8 needed: any mail server takes it (smtp-server shows the envelope's domain
      // decoded back to Unicode, so the A-label is read from the header)
      expect(mail.smtpUtf8).toBe(false);
      expect(mail.rcptTo).toEqual(['zoe@exämple.com']);
      expect(mail.raw).toMatch(/^To: zoe@xn--exmple-cua\.com\r$/m);
    });

    it('still refuses what is not an address', async () => {
      for (const email of ['zoë@', 'zoë@exämple', 'zo ë@exämple.com']) {
        const res = await submit(app, { ...VALID_FIELDS, email }).expect(400);
        expect(res.body.fieldErrors).toEqual({ email: ['Invalid email address'] });
      }
    });
  },
  { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_EMAIL: 'staff@example.com', TRUST_PROXY: '1' },
);
