/**
 * The team (issue 30 item 5, decision 0160), the owner's alone: every account with its role, since
 * when it exists and whether it is disabled; 'Add staff member' (a generated password, shown once),
 * and per account 'Disable' or 'Turn back on' and 'Reset password' (a new one, shown once), never
 * on the owner's own row. React Router's data flow (decision 0124): the loader gives the accounts,
 * the action performs the team's changes (server/changes/team.ts, decision 0182). Staff get a 403,
 * 'Only the owner can do this.' (`ownerContext`; the changes are the owner's).
 */
import type { Route } from './+types/admin-team';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { pageMeta } from '#app/components/site/seo.ts';
import { TeamScreen } from '#app/components/team/team-screen.tsx';
import { TEAM_TEXT, teamRow } from '#app/modules/team/team.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { ownerContext, serveChanges } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: TEAM_TEXT.title,
    description: 'Who can sign in to the back office',
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { services, session } = ownerContext(context);
  // days are written here, on the server: the browser's time-zone data may differ
  return { members: (await services.team.list()).map(teamRow), me: session.user.id };
}

/**
 * `intent` 'add' (with `username` and `displayName`): the new member and their password; 'disable'
 * or 'enable' (with `id`); 'reset' (with `id`): the new password. Not an id: 400; an id that names
 * no account: the service's 404 ('Account not found.'). 'rename' (with `id` and `displayName`): the
 * name the back office and the audit log show.
 */
export const changes = {
  add: served('team.add', { answer: (added) => added }),
  disable: served('team.setDisabled', { input: { disabled: true }, answer: () => ({}) }),
  enable: served('team.setDisabled', { input: { disabled: false }, answer: () => ({}) }),
  reset: served('team.resetPassword', { answer: (reset) => reset }),
  // the owner renames an account (decision 0201)
  rename: served('team.rename', { answer: (renamed) => renamed }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  return serveChanges(context, request, changes, { maxBytes: 4_096 });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} />;
}
