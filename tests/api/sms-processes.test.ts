/**
 * Texts from one number across processes (issue 14 item 3; decision 0097), on both engines: two
 * sets of services on one database stand for two processes, each with its own in-memory queue per
 * number. Two quick texts from a new number, one to each, make one lead with both texts: the
 * second, under the number's lock, finds the lead the first made and becomes a message on it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine } from '../support/databases.ts';
import { textParams } from './sms-fixtures.ts';

eachEngine('two processes receive texts from one number', (ctx) => {
  let a: Services;
  let b: Services;
  beforeAll(async () => {
    const { deps } = ctx();
    await seedReference(deps);
    a = createServices(deps);
    b = createServices({ ...deps });
  });
  afterAll(async () => {
    a.messaging.outbox.stop();
    b.messaging.outbox.stop();
  });

  it('two quick texts from a new number, one to each process, make one lead with both (6 tries)', async () => {
    const { db } = ctx().deps;
    for (let attempt = 0; attempt < 6; attempt++) {
      const phone = `+1204555${String(3100 + attempt)}`;
      await Promise.all([
        a.texting.receiveText(textParams(phone, `Need a PTO shaft yoke (${attempt})`)),
        b.texting.receiveText(textParams(phone, `It is for a Kubota M7 (${attempt})`)),
      ]);
      const leads = await db.selectFrom('leads').select('id').where('phone', '=', phone).execute();
      expect(leads, `try ${attempt + 1}`).toHaveLength(1);
      const inbound = await db
        .selectFrom('sms_inbound')
        .select(['lead_id', 'kind'])
        .where('from_phone', '=', phone)
        .execute();
      expect(inbound.map((r) => r.lead_id)).toEqual([leads[0]!.id, leads[0]!.id]);
      expect(inbound.map((r) => r.kind).sort()).toEqual(['message', 'new_request']);
      const messages = await db
        .selectFrom('lead_events')
        .select('type')
        .where('lead_id', '=', leads[0]!.id)
        .where('type', '=', 'message')
        .execute();
      expect(messages).toHaveLength(1);
    }
  });
});
