/**
 * The owner's screens in React Router's data flow (issue 30 item 5; decisions 0124, 0160) on both
 * engines: the loaders and actions of admin/team and admin/audit, called as React Router calls them
 * over the team service (their only door, decision 0182). Staff get a 403 with 'Only the owner can do this.'
 * (`ownerContext`) from either screen's loader and action and change nothing; a visitor without a
 * session is sent to sign in. The owner adds a member (the password comes back once), is refused
 * in the service's words, disables, turns back on and resets; the audit log follows its filters
 * and pages from the address and answers a filter it does not know with the service's words. The
 * browser's side: tests/e2e/team.e2e.test.ts.
 */
import type { RouterContextProvider } from 'react-router';
import { beforeAll, expect, it } from 'vitest';
import type { AuditFilters, AuditRow } from '#app/modules/team/audit.ts';
import { OWNER_ONLY, type TeamMember } from '#app/modules/team/team.ts';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as teamRoute from '#app/routes/admin-team.tsx';
import { insertAudit } from '#server/db/repo/audit.ts';
import { insertUser } from '#server/db/repo/users.ts';
import type { Services } from '#server/services/index.ts';
import { TEAM_TEXT } from '#server/services/team.ts';
import { eachEngine } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';

type Session = {
  user: { id: number; username: string; displayName: string; role: 'owner' | 'staff' };
  csrfToken: string;
};
/** What the audit screen's loader gives the screen. */
type AuditPage = {
  filters: AuditFilters;
  before: string | null;
  members: TeamMember[];
  entries: AuditRow[];
  next: number | null;
  error: string | null;
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

eachEngine('the team and audit log screens: loaders and actions', (ctx) => {
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

  const loadTeam = (session: Session | null) =>
    teamRoute.loader({
      request: new Request('http://localhost/admin/team'),
      params: {},
      context: context(session),
    } as unknown as Args<typeof teamRoute.loader>);
  const loadAudit = async (search: string, session: Session | null = owner) =>
    answerOf(
      await auditRoute.loader({
        request: new Request(`http://localhost/admin/audit${search}`),
        params: {},
        context: context(session),
      } as unknown as Args<typeof auditRoute.loader>),
    ).body as unknown as AuditPage;
  const post = async (fields: Record<string, string>, session: Session | null = owner) =>
    answerOf(
      await teamRoute.action({
        request: new Request('http://localhost/admin/team', await formPost(fields)),
        params: {},
        context: context(session),
      } as unknown as Args<typeof teamRoute.action>),
    );

  it('answers staff 403 "Only the owner can do this." on both screens, and changes nothing', async () => {
    for (const attempt of [
      loadTeam(staff),
      loadAudit('', staff),
      post({ intent: 'add', username: 'mallory', displayName: 'Mallory' }, staff),
      post({ intent: 'reset', id: String(owner.user.id) }, staff),
    ]) {
      const refused = answerOf(
        await attempt.then(
          () => 'answered',
          (thrown: unknown) => thrown,
        ),
      );
      expect(refused).toEqual({ status: 403, body: { message: OWNER_ONLY } });
    }
    expect((await services.team.list()).map((m) => m.username)).toEqual(['olivia', 'sam']);
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    for (const attempt of [loadTeam(null), loadAudit('', null)]) {
      const refused = await attempt.catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get('location')).toBe('/admin/login');
    }
  });

  it('gives the owner the accounts, and which is theirs', async () => {
    const { members, me } = await loadTeam(owner);
    expect(me).toBe(owner.user.id);
    expect(members[0]!.added).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(members.map((m) => [m.username, m.role, m.disabledAt])).toEqual([
      ['olivia', 'owner', null],
      ['sam', 'staff', null],
    ]);
  });

  it('adds a member with a password shown once, and refuses in the service words', async () => {
    const added = await post({ intent: 'add', username: 'pat', displayName: 'Pat Parts' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, member: { username: 'pat', role: 'staff' } });
    expect(added.body.password).toMatch(/^[A-Za-z0-9]{20}$/);

    expect(await post({ intent: 'add', username: 'pat', displayName: 'Pat Two' })).toEqual({
      status: 409,
      body: { ok: false, message: 'A user named pat already exists.', fieldErrors: {} },
    });
    const bad = await post({ intent: 'add', username: 'p', displayName: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors as object).sort()).toEqual(['displayName', 'username']);
    expect((await post({ intent: 'promote', id: '1' })).status).toBe(400);
  });

  it('disables, turns back on and resets a member, never the owner themselves', async () => {
    const pat = (await services.team.list()).find((m) => m.username === 'pat')!;
    expect(await post({ intent: 'disable', id: String(pat.id) })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await loadTeam(owner)).members.find((m) => m.id === pat.id)?.disabledAt).toEqual(
      expect.any(String),
    );
    await post({ intent: 'enable', id: String(pat.id) });
    expect((await loadTeam(owner)).members.find((m) => m.id === pat.id)?.disabledAt).toBeNull();
    const reset = await post({ intent: 'reset', id: String(pat.id) });
    expect(reset.body.password).toMatch(/^[A-Za-z0-9]{20}$/);

    expect(await post({ intent: 'disable', id: String(owner.user.id) })).toMatchObject({
      status: 409,
      body: { message: TEAM_TEXT.notYourself },
    });
    expect(await post({ intent: 'reset', id: String(owner.user.id) })).toMatchObject({
      status: 409,
      body: { message: TEAM_TEXT.ownPassword },
    });
    expect(await post({ intent: 'reset', id: '999999' })).toMatchObject({
      status: 404,
      body: { message: TEAM_TEXT.notFound },
    });
  });

  it('reads the audit log newest first, filtered and paged from the address', async () => {
    const all = await loadAudit('');
    expect(all.error).toBeNull();
    expect(all.entries.map((e) => e.action).slice(0, 4)).toEqual([
      'password_reset',
      'user_enabled',
      'user_disabled',
      'user_added',
    ]);
    expect(all.entries.every((e) => e.actor === 'olivia')).toBe(true);
    // each time in Winnipeg words, written by the server
    expect(all.entries[0]!.when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\.$/);
    expect(all.members.map((m) => m.username)).toContain('pat');

    const added = await loadAudit('?action=user_added&actor=olivia');
    expect(added.filters).toEqual({ action: 'user_added', actor: 'olivia' });
    expect(added.entries.map((e) => e.action)).toEqual(['user_added']);
    expect((await loadAudit('?actor=sam')).entries).toEqual([]);
    expect((await loadAudit('?until=2000-01-01')).entries).toEqual([]);

    // a hundred at a time: the page after the first starts before its oldest entry
    const { deps } = ctx();
    for (let i = 0; i < 100; i++)
      await insertAudit(
        deps.db,
        { userId: null, actor: 'seed', action: 'sign_in_failed', subject: null },
        deps.now(),
      );
    const first = await loadAudit('');
    expect(first.entries).toHaveLength(100);
    expect(first.next).toBe(first.entries.at(-1)!.id);
    const older = await loadAudit(`?before=${first.next}`);
    expect(older.before).toBe(String(first.next));
    expect(older.entries.map((e) => e.action)).toContain('user_added');
    expect(older.entries.every((e) => e.id < first.next!)).toBe(true);
  });

  it('answers a filter the log does not know with the service words and status, not a crash', async () => {
    for (const search of ['?from=yesterday', '?action=Sign%20in', '?before=-3']) {
      const request = new Request(`http://localhost/admin/audit${search}`);
      const answer = answerOf(
        await auditRoute.loader({ request, params: {}, context: context(owner) } as unknown as Args<
          typeof auditRoute.loader
        >),
      );
      expect({
        search,
        status: answer.status,
        error: answer.body.error,
        entries: answer.body.entries,
      }).toEqual({
        search,
        status: 400,
        error: TEAM_TEXT.badFilter,
        entries: [],
      });
    }
  });
});
