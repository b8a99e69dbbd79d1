/**
 * Issue 31 on both engines: a request taken by phone entered by staff ('New lead', the leads
 * screen's intent 'create-lead') follows the request form's rules and words to the letter, is
 * stored with source 'phone' in the staff member's name, sends the customer the request's
 * confirmation and no staff alert, and is on the board under New; and a price set by hand in the
 * calculator (with its reason) is the price the quote stores, texts and records on the timeline,
 * beside the engine's, while product.md §7's `{ cost, etaDays, notes }` keeps working.
 */
import type { Kysely } from 'kysely';
import type { RouterContextProvider } from 'react-router';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { CONSENT_TEXT, LEAD_MESSAGES } from '#app/modules/leads/lead-request.ts';
import { PRICE_OVERRIDE_MESSAGES } from '#app/modules/quotes/quote.ts';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as leadsRoute from '#app/routes/admin-leads.tsx';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { routeContext } from '../support/route-context.ts';
import { newClient, submit, VALID_FIELDS } from './leads-fixtures.ts';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const SESSION = {
  user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
  csrfToken: 'token',
};

type Args<F extends (args: never) => unknown> = Parameters<F>[0];

/** A route action's answer as React Router would send it: its status and body. */
async function settled(answer: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  if (typeof answer === 'object' && answer !== null && 'init' in answer && 'data' in answer) {
    const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: answer as Record<string, unknown> };
}

function formRequest(path: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  });
}

async function staffLead(db: Kysely<DB>, urgency: 'today' | 'flexible' = 'today'): Promise<number> {
  const { id } = await insertLead(
    db,
    { urgency, source: 'web', name: 'Dana Friesen', phone: '(204) 555-0123', description: 'Leaf spring' },
    [],
    { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - 3_600_000) },
  );
  return id;
}

eachEngine(
  'New lead and the price set by hand',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    let services: Services;
    let session: { cookie: string; token: string };
    let context: () => RouterContextProvider;
    const as = () => ({ Cookie: session.cookie, 'X-CSRF-Token': session.token });

    beforeAll(async () => {
      const deps = testDeps(ctx().t, () => NOW);
      services = createServices(deps);
      app = createTestApp(deps, services);
      await seedReference(deps);
      await createStaff(deps);
      session = await signIn(app);
      context = () => routeContext(services, deps, SESSION);
    });

    const createLead = async (fields: Record<string, string>) =>
      settled(
        await leadsRoute.action({
          request: formRequest('/admin/leads', { intent: 'create-lead', ...fields }),
          params: {},
          context: context(),
        } as unknown as Args<typeof leadsRoute.action>),
      );

    const messagesOf = (leadId: number) =>
      ctx()
        .deps.db.selectFrom('outgoing_messages')
        .select(['channel', 'recipient', 'audience', 'body'])
        .where('lead_id', '=', leadId)
        .execute();

    describe("'New lead': a request taken by phone", () => {
      it("refuses what the request form refuses, with the request form's words and fields", async () => {
        for (const fields of [
          // the empty form (its urgency has a default)
          { urgency: 'flexible' },
          { ...VALID_FIELDS, email: 'not an address' },
          { ...VALID_FIELDS, phone: '12' },
          { ...VALID_FIELDS, consent: 'false' },
          { ...VALID_FIELDS, city: 'atlantis' },
          { ...VALID_FIELDS, equipment: 'boat' },
        ] as Record<string, string>[]) {
          const staff = await createLead(fields);
          // the public form's answer to the same fields (POST /api/leads)
          const web = await submit(app, fields, [], newClient());
          expect(web.status).toBe(400);
          expect({ fields, status: staff.status, body: staff.body }).toEqual({
            fields,
            status: 400,
            body: { ok: false, message: web.body.message, fieldErrors: web.body.fieldErrors ?? {} },
          });
        }
        const empty = await createLead({ urgency: 'flexible' });
        expect(empty.body.message).toBe(LEAD_MESSAGES.equipment);
        expect(Object.keys(empty.body.fieldErrors as object).sort()).toEqual(
          ['consent', 'description', 'equipment', 'name', 'phone'].sort(),
        );
        expect((empty.body.fieldErrors as Record<string, string[]>).consent).toEqual([LEAD_MESSAGES.consent]);
      });

      it("stores it with source 'phone' in the staff member's name; it is on the board under New", async () => {
        const answer = await createLead({ ...VALID_FIELDS, name: 'Walter Enns', phone: '204 555 0142' });
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({
          ok: true,
          id: expect.any(Number),
          caseNumber: expect.any(String),
        });
        const id = answer.body.id as number;
        const lead = await services.leadAdmin.getLead(id);
        expect(lead).toMatchObject({
          caseNumber: answer.body.caseNumber,
          status: 'new',
          source: 'phone',
          name: 'Walter Enns',
          phone: '204 555 0142',
          equipment: VALID_FIELDS.equipment,
          description: VALID_FIELDS.description,
          urgency: 'today',
          city: 'steinbach',
          photos: [],
        });
        expect(lead.events).toEqual([
          expect.objectContaining({
            type: 'created',
            toStatus: 'new',
            actor: 'sam',
            detail: { source: 'phone', photos: 0 },
          }),
        ]);
        const consent = await ctx()
          .deps.db.selectFrom('leads')
          .select(['consent_text', 'consent_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(consent.consent_text).toBe(`${CONSENT_TEXT} (Given by phone; entered by sam.)`);
        expect(consent.consent_at).toBe(NOW.toISOString());

        const { board } = await leadsRoute.loader({
          request: new Request('http://localhost/admin/leads?q=walter'),
          params: {},
          context: context(),
        } as unknown as Args<typeof leadsRoute.loader>);
        expect(board.columns.new.leads.map((l) => l.id)).toEqual([id]);
      });

      it('sends the customer the confirmation with the link, and staff no alert', async () => {
        const id = (await createLead({ ...VALID_FIELDS, name: 'Walter Enns' })).body.id as number;
        const messages = await messagesOf(id);
        expect(messages.filter((m) => m.audience === 'staff')).toEqual([]);
        const text = messages.find((m) => m.channel === 'sms')!;
        expect(text.recipient).toBe('+12045550123');
        expect(text.body).toMatch(/\/q\/[A-Za-z0-9_-]{24}/);
        // a web request of the same fields alerts staff: the difference is the source
        const web = await submit(app, VALID_FIELDS, [], newClient()).expect(201);
        const webId = Number(String(web.body.caseNumber).slice(2)) - 10_000;
        expect((await messagesOf(webId)).filter((m) => m.audience === 'staff')).toHaveLength(1);
      });
    });

    describe('a price set by hand', () => {
      const quote = (id: number, body: object) =>
        request(app).post(`/api/leads/${id}/quote`).set(as()).send(body);

      it("is the price stored, texted and recorded, with the engine's price and the reason beside it", async () => {
        const id = await staffLead(ctx().deps.db, 'today');
        // 'today', moderate: the engine says 62.5 % on $100.00, $162.50; staff quote $150.00
        const res = await quote(id, {
          cost: 10_000,
          etaDays: 3,
          notes: 'Dealer has it at $155',
          priceOverride: 15_000,
          priceReason: 'Matched the dealer',
        }).expect(200);
        const lead = res.body as LeadDetails;
        expect(lead).toMatchObject({ status: 'quoted', cost: 10_000, sellPrice: 15_000, markupPct: 0.5 });
        expect(lead.quoteVersions[0]!.options[0]).toMatchObject({
          cost: 10_000,
          sellPrice: 15_000,
          markupPct: 0.5,
          calculatedPrice: 16_250,
          priceReason: 'Matched the dealer',
        });
        const event = lead.events.find((e) => e.type === 'quote')!;
        expect(event.detail).toMatchObject({
          sellPrice: 15_000,
          options: [
            { sellPrice: 15_000, calculatedPrice: 16_250, priceReason: 'Matched the dealer', etaDays: 3 },
          ],
        });
        const text = (await messagesOf(id)).find((m) => m.channel === 'sms')!;
        expect(text.body).toContain('$150.00 CAD');
        expect(text.body).not.toContain('162.50');
        expect(text.body).not.toContain('Matched the dealer');
      });

      it('needs a reason, and a reason needs a price (400 on the field)', async () => {
        const id = await staffLead(ctx().deps.db);
        const noReason = await quote(id, { cost: 10_000, etaDays: 3, priceOverride: 15_000 }).expect(400);
        expect(noReason.body).toEqual({
          message: PRICE_OVERRIDE_MESSAGES.reason,
          fieldErrors: { priceReason: [PRICE_OVERRIDE_MESSAGES.reason] },
        });
        const noPrice = await quote(id, { cost: 10_000, etaDays: 3, priceReason: 'Regular' }).expect(400);
        expect(noPrice.body.fieldErrors).toEqual({ priceOverride: [PRICE_OVERRIDE_MESSAGES.withoutPrice] });
        const zero = await quote(id, {
          options: [{ cost: 10_000, etaDays: 3, priceOverride: 0, priceReason: 'Free' }],
        }).expect(400);
        expect(zero.body.fieldErrors).toEqual({ 'options.0.priceOverride': [PRICE_OVERRIDE_MESSAGES.price] });
        // nothing was sent
        expect((await services.leadAdmin.getLead(id)).status).toBe('new');
      });

      it('applies to its own option; the others keep the engine price; the spec payload is unchanged', async () => {
        const id = await staffLead(ctx().deps.db, 'flexible');
        const lead = (
          await quote(id, {
            options: [
              { cost: 20_000, etaDays: 3 },
              { cost: 10_000, etaDays: 5, priceOverride: 12_000, priceReason: 'Used part' },
            ],
          }).expect(200)
        ).body as LeadDetails;
        const [engine, byHand] = lead.quoteVersions[0]!.options;
        expect(engine).toMatchObject({ sellPrice: 28_500, markupPct: 0.425 });
        expect(engine).not.toHaveProperty('calculatedPrice');
        expect(byHand).toMatchObject({ sellPrice: 12_000, markupPct: 0.2, calculatedPrice: 14_250 });
        // product.md §7's call, as before: the engine's price
        const spec = await staffLead(ctx().deps.db, 'flexible');
        const plain = (await quote(spec, { cost: 20_000, etaDays: 3, notes: 'OEM' }).expect(200))
          .body as LeadDetails;
        expect(plain).toMatchObject({ sellPrice: 28_500, markupPct: 0.425 });
      });

      it("comes from the dialog's fields ('options.0.priceOverride') through its action", async () => {
        const id = await staffLead(ctx().deps.db, 'today');
        const answer = await settled(
          await leadDetailsRoute.action({
            request: formRequest(`/admin/leads/${id}`, {
              intent: 'quote',
              'options.0.cost': '10000',
              'options.0.etaDays': '2',
              'options.0.difficulty': 'hard',
              'options.0.priceOverride': '17500',
              'options.0.priceReason': 'Rush freight included',
            }),
            params: { id: String(id) },
            context: context(),
          } as unknown as Args<typeof leadDetailsRoute.action>),
        );
        expect(answer).toEqual({ status: 200, body: { ok: true, intent: 'quote' } });
        const lead = await services.leadAdmin.getLead(id);
        expect(lead).toMatchObject({ sellPrice: 17_500, markupPct: 0.75 });
        expect(lead.quoteVersions[0]!.options[0]).toMatchObject({
          calculatedPrice: 18_500,
          priceReason: 'Rush freight included',
        });
      });
    });
  },
  { TRUST_PROXY: '1' },
);
