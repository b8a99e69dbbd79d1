/**
 * The team (issue 30 item 5, decision 0160), the owner's alone: every account with its role, since
 * when it exists and whether it is disabled; 'Add staff member' (a generated password, shown once),
 * and per account 'Disable' or 'Turn back on' and 'Reset password' (a new one, shown once), never
 * on the owner's own row. React Router's data flow (decision 0124): the loader gives the accounts,
 * the action changes them through the team service (the same calls as /api/owner/team). Staff get
 * a 403, 'Only the owner can do this.' (`ownerContext`).
 */
import type { Route } from './+types/admin-team';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { pageMeta } from '#app/components/site/seo.ts';
import { TeamScreen } from '#app/components/team/team-screen.tsx';
import { TEAM_TEXT, teamRow } from '#app/modules/team/team.ts';
import { formText, ownerContext, readActionForm, rowIdOf, staffAction } from '#app/staff.server.ts';

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

const INTENTS = ['add', 'disable', 'enable', 'reset'] as const;
type Intent = (typeof INTENTS)[number];

/**
 * `intent` 'add' (with `username` and `displayName`): the new member and their password; 'disable'
 * or 'enable' (with `id`); 'reset' (with `id`): the new password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  ownerContext(context);
  const read = await readActionForm(request, { maxBytes: 4_096, intents: INTENTS });
  if (!read.ok) return read.refused;
  const { form, intent } = read;
  return staffAction(context, async ({ services: { team }, session }) => {
    // not an id: 400; an id that names no account: the service's 404 ('Account not found.')
    const id = () => rowIdOf(formText(form, 'id'));
    switch (intent as Intent) {
      case 'add':
        return team.add(
          { username: formText(form, 'username'), displayName: formText(form, 'displayName') },
          session.user,
        );
      case 'reset':
        return team.resetPassword(id(), session.user);
      default:
        await team.setDisabled(id(), intent === 'disable', session.user);
        return {};
    }
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} />;
}
