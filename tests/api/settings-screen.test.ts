/**
 * The owner's settings screen in React Router's data flow (issue 30 items 3 and 4; decisions 0124,
 * 0160, 0161) on both engines: the loader and action of admin/settings, called as React Router
 * calls them, over the settings service (their only door, decision 0182). The owner reads the defaults
 * (follow-ups on, review requests off), saves a change (kept, and in the audit log with before and
 * after), and a refusal comes back in the one error shape with its messages under each field's
 * path ('followUps.viewed.text', 'reviews.url'), changing nothing. Staff get a 403 with 'Only the
 * owner can do this.' from the loader and the action; a visitor without a session is sent to sign
 * in. The browser's side: tests/e2e/settings.e2e.test.ts.
 */
import type { RouterContextProvider } from 'react-router';
import { beforeAll, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  FOLLOW_UP_KINDS,
  SETTINGS_MESSAGES,
  type Settings,
} from '#app/modules/customers/follow-ups.ts';
import { UNSTORABLE_TEXT } from '#app/modules/site/unstorable.ts';
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import * as settingsRoute from '#app/routes/admin-settings.tsx';
import { insertUser } from '#server/db/repo/users.ts';
import type { Services } from '#server/services/index.ts';
import { eachEngine } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';

type Session = {
  user: { id: number; username: string; displayName: string; role: 'owner' | 'staff' };
  csrfToken: string;
};
type Args<F extends (args: never) => unknown> = Parameters<F>[0];

/** What a loader or action answered, or threw: `data(body, { status })`, a Response, or a plain object. */
function answerOf(answer: unknown): { status: number; body: Record<string, unknown> } {
  if (typeof answer === 'object' && answer !== null && 'init' in answer && 'data' in answer) {
    const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: answer as Record<string, unknown> };
}

/** A form post with its Content-Length, as a browser's fetcher sends it. */
async function formPost(fields: Record<string, string>): Promise<RequestInit> {
  const probe = new Request('http://localhost/', { method: 'POST', body: new URLSearchParams(fields) });
  const bytes = new Uint8Array(await probe.arrayBuffer());
  const headers = new Headers(probe.headers);
  headers.set('Content-Length', String(bytes.byteLength));
  return { method: 'POST', headers, body: bytes };
}

/** The screen's form for these settings, as the browser sends it: a switch off is left out. */
function formOf(s: Settings): Record<string, string> {
  const fields: Record<string, string> = { intent: 'save' };
  for (const kind of FOLLOW_UP_KINDS) {
    if (s.followUps[kind].on) fields[`followUps.${kind}.on`] = 'on';
    fields[`followUps.${kind}.text`] = s.followUps[kind].text;
  }
  if (s.reviews.on) fields['reviews.on'] = 'on';
  fields['reviews.url'] = s.reviews.url;
  fields['reviews.text'] = s.reviews.text;
  return fields;
}

/** The backups' part of the screen before any backup (tests/api/backups.test.ts, decision 0197). */
const NO_BACKUP = expect.objectContaining({ last: null, stale: true });

eachEngine('the settings screen: loader and action', (ctx) => {
  let services: Services;
  let context: (session: Session | null) => RouterContextProvider;
  let owner: Session;
  let staff: Session;

  beforeAll(async () => {
    const { deps } = ctx();
    services = ctx().services;
    context = (session) => routeContext(services, deps, session);
    const account = async (username: string, displayName: string, role: 'owner' | 'staff') => ({
      user: {
        id: await insertUser(deps.db, { username, displayName, passwordHash: 'x', role }, deps.now()),
        username,
        displayName,
        role,
      },
      csrfToken: 'token',
    });
    owner = await account('olivia', 'Olivia Owner', 'owner');
    staff = await account('sam', 'Sam Staff', 'staff');
  });

  const load = (session: Session | null = owner) =>
    settingsRoute.loader({
      request: new Request('http://localhost/admin/settings'),
      params: {},
      context: context(session),
    } as unknown as Args<typeof settingsRoute.loader>);
  const post = async (fields: Record<string, string>, session: Session | null = owner) =>
    answerOf(
      await settingsRoute.action({
        request: new Request('http://localhost/admin/settings', await formPost(fields)),
        params: {},
        context: context(session),
      } as unknown as Args<typeof settingsRoute.action>),
    );
  const settingsAudit = async () => (await services.team.audit({ action: 'settings_changed' })).entries;

  it('answers staff 403 "Only the owner can do this." from the loader and the action, and changes nothing', async () => {
    const changed = formOf({
      ...DEFAULT_SETTINGS,
      reviews: { on: true, url: 'https://g.page/r/x/review', text: DEFAULT_SETTINGS.reviews.text },
    });
    for (const attempt of [load(staff), post(changed, staff)]) {
      const refused = answerOf(
        await attempt.then(
          () => 'answered',
          (thrown: unknown) => thrown,
        ),
      );
      expect(refused).toEqual({ status: 403, body: { message: OWNER_ONLY } });
    }
    expect(await services.settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(await settingsAudit()).toEqual([]);
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    for (const attempt of [load(null), post(formOf(DEFAULT_SETTINGS), null)]) {
      const refused = await attempt.catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get('location')).toBe('/admin/login');
    }
  });

  it('gives the owner the defaults: every follow-up on, review requests off', async () => {
    // with the shop's own numbers in force (their first values: quiet hours 20-8, TEXT_QUIET_HOURS)
    expect(await load()).toEqual({
      settings: DEFAULT_SETTINGS,
      shop: services.shop.current(),
      backup: NO_BACKUP,
    });
    expect(services.shop.current().quietHours).toEqual({ from: 20, until: 8 });
  });

  it('saves the owner’s change, trimmed, kept for the next load and in the audit log', async () => {
    const next: Settings = {
      followUps: {
        ...DEFAULT_SETTINGS.followUps,
        viewed: { on: true, text: '  Hi {name}, questions about {case}? Ask here: {link}  ' },
        expiring: { on: false, text: DEFAULT_SETTINGS.followUps.expiring.text },
      },
      reviews: { on: true, url: ' https://g.page/r/parts-hunters/review ', text: 'Review us: {review_url}' },
    };
    const saved = await post(formOf(next));
    const kept: Settings = {
      followUps: {
        ...next.followUps,
        viewed: { on: true, text: 'Hi {name}, questions about {case}? Ask here: {link}' },
      },
      reviews: { ...next.reviews, url: 'https://g.page/r/parts-hunters/review' },
    };
    expect(saved).toEqual({ status: 200, body: { ok: true, settings: kept } });
    expect(await load()).toEqual({ settings: kept, shop: services.shop.current(), backup: NO_BACKUP });
    expect(await services.settings.get()).toEqual(kept);

    const [entry, ...older] = await settingsAudit();
    expect(older).toEqual([]);
    expect(entry).toMatchObject({
      actor: 'olivia',
      userId: owner.user.id,
      action: 'settings_changed',
      subject: 'settings',
      before: DEFAULT_SETTINGS,
      after: kept,
    });
  });

  it('refuses bad input with each message under its field, and keeps what was saved', async () => {
    const before = await services.settings.get();
    const bad = {
      ...formOf(before),
      'followUps.unviewed.text': '   ',
      'followUps.viewed.text': 'Any questions? Call us.',
      'followUps.expiring.text': 'Expires {expires}, {nmae}: {link}',
      'reviews.on': 'on',
      'reviews.url': 'http://example.com/review',
      'reviews.text': 'x'.repeat(481) + '{review_url}',
    };
    const refused = await post(bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, message: SETTINGS_MESSAGES.textEmpty });
    // every message of a field comes back; the screen shows the first of each
    expect(refused.body.fieldErrors).toEqual({
      'followUps.unviewed.text': [SETTINGS_MESSAGES.textEmpty, SETTINGS_MESSAGES.needsLink],
      'followUps.viewed.text': [SETTINGS_MESSAGES.needsLink],
      'followUps.expiring.text': [SETTINGS_MESSAGES.unknownPlaceholder('{nmae}')],
      'reviews.url': [SETTINGS_MESSAGES.reviewUrl],
      'reviews.text': [SETTINGS_MESSAGES.textLong],
    });

    // review requests on without their page: the message is the URL field's
    const noUrl = await post({ ...formOf(before), 'reviews.on': 'on', 'reviews.url': '' });
    expect(noUrl).toEqual({
      status: 400,
      body: {
        ok: false,
        message: SETTINGS_MESSAGES.reviewUrlNeeded,
        fieldErrors: { 'reviews.url': [SETTINGS_MESSAGES.reviewUrlNeeded] },
      },
    });

    // a character neither engine's text may hold is refused before the schema, under its field
    const nul = await post({ ...formOf(before), 'followUps.viewed.text': 'Hi\u0000 {link}' });
    expect(nul).toEqual({
      status: 400,
      body: {
        ok: false,
        message: UNSTORABLE_TEXT,
        fieldErrors: { 'followUps.viewed.text': [UNSTORABLE_TEXT] },
      },
    });

    expect(await services.settings.get()).toEqual(before);
    expect(await settingsAudit()).toHaveLength(1);
  });

  it('refuses an unknown intent and a body that does not say its length', async () => {
    expect(await post({ intent: 'reset' })).toEqual({
      status: 400,
      body: { ok: false, message: 'Unknown action: reset', fieldErrors: {} },
    });
    const unsized = answerOf(
      await settingsRoute.action({
        request: new Request('http://localhost/admin/settings', {
          method: 'POST',
          body: new URLSearchParams(formOf(DEFAULT_SETTINGS)),
        }),
        params: {},
        context: context(owner),
      } as unknown as Args<typeof settingsRoute.action>),
    );
    expect(unsized.status).toBe(411);
    expect(await settingsAudit()).toHaveLength(1);
  });
});
