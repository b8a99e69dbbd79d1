/**
 * 'Your account' (issue 49 items 2 and 3, issue 51 item 4; decisions 0201, 0202, 0205), everyone's:
 * their name, their password (the current one required), 'Sign out everywhere else', their
 * notifications on this phone or computer and what they are about, and their passkeys (added
 * through POST /api/admin/passkeys, listed and removed here). A person whose password was handed
 * out by the owner is sent here by every other screen and is asked only for a new password, twice,
 * until they have chosen one (`staffContext`, app/staff.server.ts). React Router's data flow
 * (decision 0124): the loader gives the account, the action performs its changes
 * (server/changes/account.ts, decision 0182), each for the signed-in person only.
 */
import type { Route } from './+types/admin-account';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { AccountScreen } from '#app/components/team/account-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { ACCOUNT_TEXT } from '#app/modules/team/account.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { serveChanges, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: ACCOUNT_TEXT.title, description: ACCOUNT_TEXT.subtitle, noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { services, session } = staffContext(context, { beforePasswordChange: true });
  const [account, notifications] = await Promise.all([
    services.account.get(session.user),
    services.push.state(session.user, session.idHash ?? ''),
  ]);
  return { account, notifications, token: session.csrfToken };
}

/**
 * `intent` 'rename' (`displayName`), 'password' (`currentPassword`, `newPassword`,
 * `confirmPassword`; only the new one twice when it was handed out), 'sign-out-others', and
 * 'remove-passkey' (`id`), 'push-off' (this browser's notifications off) and 'push-choose' (the
 * four kinds, 'true' or 'false' each; decision 0205). Notifications are turned on through POST
 * /api/admin/push-subscriptions, with the browser's subscription. The session they are made in is
 * kept: the screen's own value, never the form's.
 */
export const changes = {
  rename: served('account.rename', { answer: (renamed) => renamed }),
  password: served('account.changePassword', { answer: (changed) => changed }),
  'sign-out-others': served('account.signOutOthers', { answer: (ended) => ended }),
  'remove-passkey': served('passkeys.remove', { answer: () => ({}) }),
  'push-off': served('push.unsubscribe', { answer: () => ({}) }),
  'push-choose': served('push.choose', { answer: (chosen) => chosen }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  const { session } = staffContext(context, { beforePasswordChange: true });
  return serveChanges(context, request, changes, {
    maxBytes: 4_096,
    params: { keepSession: session.idHash },
    beforePasswordChange: true,
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  return <AccountScreen {...loaderData} />;
}
