/**
 * The shop's own numbers on Settings (issue 49 item 1, decision 0204), on both engines, through
 * the one change `settings.shop` as a screen or /api door performs it:
 * - the first values: the spec's hours (Mon-Fri 7AM-6PM) and markup, no pickup place, quiet hours
 *   and pickup from the environment when set;
 * - the owner's hours are the ones every place states and counts by (the site's facts, the
 *   confirmation text, the "we open" words), audited in words; staff are refused, bad values
 *   refused per field;
 * - the owner's markup prices the next quote on the server, and a quote already sent keeps its
 *   price;
 * - money figures and merging customers are the owner's until the owner allows staff;
 * - a second process has the new values once it reads the change signal (every 250 ms).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { OWNER_ONLY, OWNER_UNLESS_ALLOWED } from '#app/modules/team/team.ts';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { DEFAULT_HOURS, hoursLines } from '#app/modules/site/opening-hours.ts';
import { SHOP_MESSAGES } from '#app/modules/site/shop-settings.ts';
import { changeDoor } from '#server/changes/index.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertUser } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/services/auth.ts';
import type { Services } from '#server/services/index.ts';
import { anotherProcess } from '../support/another-process.ts';
import { eachEngine } from '../support/databases.ts';
import { VALID_FIELDS } from './leads-fixtures.ts';

const SATURDAYS = {
  section: 'hours',
  hours: Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].map((d) => [
      d,
      d < 5
        ? { open: 'on', from: '07:00', until: '18:00' }
        : d === 5
          ? { open: 'on', from: '08:00', until: '16:00' }
          : { from: '08:00', until: '16:00' },
    ]),
  ),
};

/** What a refused change said: its status and its messages by field path. */
async function refused(
  attempt: Promise<unknown>,
): Promise<{ status: number; fields: Record<string, string[]> }> {
  const err = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: e.status, fields: e.fieldErrors ?? {} };
}

eachEngine('the shop settings: first values, saved, in force', (ctx) => {
  let services: Services;
  let db: Kysely<DB>;
  let owner: SessionUser;
  let staff: SessionUser;
  const door = () => changeDoor(services);

  beforeAll(async () => {
    ({ services } = ctx());
    db = ctx().deps.db;
    const at = new Date();
    const account = async (username: string, role: 'owner' | 'staff'): Promise<SessionUser> => {
      const displayName = username === 'olivia' ? 'Olivia Owner' : 'Sam Staff';
      const id = await insertUser(db, { username, displayName, passwordHash: 'x', role }, at);
      return { id, username, displayName, role } as SessionUser;
    };
    await seedReference(ctx().deps);
    owner = await account('olivia', 'owner');
    staff = await account('sam', 'staff');
  });
  afterAll(() => services.messaging.outbox.stop());

  it("starts from the spec's hours and markup, no pickup place, staff allowed nothing", () => {
    expect(services.shop.current()).toEqual({
      hours: DEFAULT_HOURS,
      markup: DEFAULT_MARKUP,
      pickup: null,
      quietHours: { from: 20, until: 8 },
      staff: { seeMoney: false, mergeCustomers: false },
    });
    expect(hoursLines(services.shop.site().hours)).toEqual(['Mon-Fri 7AM-6PM CT']);
  });

  it('refuses staff, and bad hours per field, changing nothing', async () => {
    expect(await refused(door().perform('settings.shop', SATURDAYS, staff))).toMatchObject({ status: 403 });
    const backwards = { section: 'hours', hours: { 2: { open: 'on', from: '17:00', until: '08:00' } } };
    expect(await refused(door().perform('settings.shop', backwards, owner))).toEqual({
      status: 400,
      fields: { 'hours.2.until': [SHOP_MESSAGES.closeAfterOpen] },
    });
    const allClosed = { section: 'hours', hours: {} };
    expect(await refused(door().perform('settings.shop', allClosed, owner))).toEqual({
      status: 400,
      fields: { 'hours.0.open': [SHOP_MESSAGES.oneDayOpen] },
    });
    const notATime = { section: 'hours', hours: { 0: { open: 'on', from: '7', until: '25:00' } } };
    expect((await refused(door().perform('settings.shop', notATime, owner))).fields).toEqual({
      'hours.0.from': [SHOP_MESSAGES.time],
      'hours.0.until': [SHOP_MESSAGES.time],
    });
    expect(services.shop.current().hours).toEqual(DEFAULT_HOURS);
    expect(OWNER_ONLY).toBe('Only the owner can do this.');
  });

  it("the owner's hours are what the site states and the confirmation text says, audited in words", async () => {
    await door().perform('settings.shop', SATURDAYS, owner);
    expect(hoursLines(services.shop.site().hours)).toEqual(['Mon-Fri 7AM-6PM CT', 'Sat 8AM-4PM CT']);

    const { caseNumber } = await services.leads.submitLead({ ...VALID_FIELDS, phone: '(204) 555-0180' }, []);
    const lead = await db
      .selectFrom('leads')
      .select('id')
      .where('case_number', '=', caseNumber)
      .executeTakeFirstOrThrow();
    const [confirmation] = await db
      .selectFrom('outgoing_messages')
      .select('body')
      .where('lead_id', '=', lead.id)
      .where('channel', '=', 'sms')
      .where('audience', '=', 'customer')
      .execute();
    expect(confirmation!.body).toContain('(Mon-Fri 7AM-6PM, Sat 8AM-4PM CT)');

    const audit = await db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'before', 'after'])
      .where('action', '=', 'settings_changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('olivia');
    expect(JSON.parse(String(audit.before))).toEqual({ hours: 'Mon-Fri 7AM-6PM CT' });
    expect(JSON.parse(String(audit.after))).toEqual({ hours: 'Mon-Fri 7AM-6PM, Sat 8AM-4PM CT' });
  });

  it("the owner's markup prices the next quote on the server; a quote already sent keeps its price", async () => {
    const lead = async (phone: string) =>
      (
        await insertLead(
          db,
          {
            urgency: 'today',
            source: 'web',
            name: 'Dana Friesen',
            phone,
            description: 'Hydraulic pump, leaking at the seal',
          },
          [],
          { now: new Date(), actor: 'customer' },
        )
      ).id;
    const before = await lead('(204) 555-0181');
    await services.leadAdmin.sendQuote(before, { cost: 10_000, etaDays: 3 }, 'sam');
    // the spec's: moderate 35–50 % (42.5) + emergency 20 % = 62.5 %
    expect((await services.leadAdmin.getLead(before)).sellPrice).toBe(16_250);

    await door().perform(
      'settings.shop',
      {
        section: 'markup',
        markup: {
          difficulty: {
            easy: { min: '20', max: '25' },
            moderate: { min: '25', max: '30' },
            hard: { min: '30', max: '45' },
          },
          urgency: { flexible: '0', '48h': '2.5', today: '5' },
        },
      },
      owner,
    );
    expect(services.shop.current().markup.difficulty.moderate).toEqual({ min: 0.25, max: 0.3 });

    const after = await lead('(204) 555-0182');
    await services.leadAdmin.sendQuote(after, { cost: 10_000, etaDays: 3 }, 'sam');
    // 27.5 % + 5 % = 32.5 %
    expect(await services.leadAdmin.getLead(after)).toMatchObject({ sellPrice: 13_250, markupPct: 0.325 });
    expect((await services.leadAdmin.getLead(before)).sellPrice).toBe(16_250);

    const upsideDown = { section: 'markup', markup: { difficulty: { easy: { min: '40', max: '30' } } } };
    expect((await refused(door().perform('settings.shop', upsideDown, owner))).fields).toMatchObject({
      'markup.difficulty.easy.max': [SHOP_MESSAGES.lowAboveHigh],
    });
  });

  it('keeps money figures and merging customers the owner’s until the owner allows staff', async () => {
    expect((await services.insights.insights('30d', staff)).revenue).toBeNull();
    expect((await services.insights.insights('30d', staff)).orders.margins).toBeNull();
    expect((await services.insights.insights('30d', owner)).revenue).not.toBeNull();
    expect((await services.insights.insightsCsv('30d', staff)).csv).not.toContain('Revenue');

    const merge = () => door().perform('customers.merge', { id: '999998', into: '999999' }, staff);
    const refusal = await merge().catch((e: unknown) => e as AppError);
    expect(refusal).toMatchObject({ status: 403, message: OWNER_UNLESS_ALLOWED });

    await door().perform(
      'settings.shop',
      { section: 'staff', staff: { seeMoney: 'on', mergeCustomers: 'on' } },
      owner,
    );
    expect((await services.insights.insights('30d', staff)).revenue).not.toBeNull();
    // allowed: the merge is read and refused only for its customers (none such), never for who asks
    expect(await merge().catch((e: unknown) => (e as AppError).status)).toBe(404);
  });
});

eachEngine(
  'the shop settings: first values from the environment',
  (ctx) => {
    it('takes PICKUP_ADDRESS and TEXT_QUIET_HOURS as the first pickup place and quiet hours', () => {
      expect(ctx().services.shop.current()).toMatchObject({
        pickup: { address: '1450 Sargent Ave, Winnipeg', hours: '' },
        quietHours: { from: 21, until: 7 },
      });
    });
  },
  { PICKUP_ADDRESS: '1450 Sargent Ave, Winnipeg', TEXT_QUIET_HOURS: '21-7' },
);

eachEngine('the shop settings across processes', (ctx) => {
  it('has what the owner saved in the first at its next read of the change signal (every 250 ms)', async () => {
    const { services, deps } = ctx();
    const at = new Date();
    const id = await insertUser(
      deps.db,
      { username: 'oona', displayName: 'Oona', passwordHash: 'x', role: 'owner' },
      at,
    );
    const owner = { id, username: 'oona', displayName: 'Oona', role: 'owner' } as SessionUser;
    const second = anotherProcess(ctx().t, () => new Date());
    try {
      await second.services.shop.load();
      second.services.changes.start();
      expect(second.services.shop.current().quietHours).toEqual({ from: 20, until: 8 });
      await changeDoor(services).perform('settings.shop', { section: 'quietHours', quietHours: {} }, owner);
      // the second process reads the signal every 250 ms, then the settings
      await vi.waitFor(() => expect(second.services.shop.current().quietHours).toBeNull(), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      second.services.changes.stop();
      await second.close();
    }
  });
});
