/**
 * The owner's settings (issue 30 items 3 and 4, decision 0161): the follow-up texts that close
 * quotes and the review requests, each on or off with its wording, previewed live with a sample
 * customer and counted in SMS segments. React Router's data flow (decision 0124): the loader gives
 * the settings in force, the action saves them: the change `settings.update` (server/changes/team.ts,
 * decision 0182; audited 'settings_changed'), and a refusal comes back per field
 * ('followUps.viewed.text', 'reviews.url'). Staff get a 403, 'Only the owner can do this.'
 * (`ownerContext`).
 */
import type { Route } from './+types/admin-settings';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { SettingsScreen } from '#app/components/settings/settings-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { SETTINGS_TEXT } from '#app/modules/customers/follow-ups.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { ownerContext, serveChanges } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: SETTINGS_TEXT.title,
    description: 'Follow-up texts and review requests',
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = ownerContext(context);
  return {
    settings: await services.settings.get(),
    shop: services.shop.current(),
    backup: await services.backups.status(),
  };
}

/**
 * `intent` 'save' with the whole form: each text's switch ('on' when checked, absent when not) and
 * wording under its path ('followUps.viewed.text', 'reviews.url'), the paths its refusals name.
 * Answers the settings as saved (trimmed).
 */

export const changes = {
  save: served('settings.update', { answer: (settings) => ({ settings }) }),
  // the shop's own numbers, a form each naming its `section` (decision 0204)
  shop: served('settings.shop', { answer: (shop) => ({ shop }) }),
  // which city pages search engines are shown, and how many (issue 49 item 4, decision 0012)
  'city-pages': served('leads.generateSeoPages', { answer: ({ count }) => ({ count }) }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  // four texts of 480 characters, each up to 12 bytes a character once form-encoded, and the URL
  return serveChanges(context, request, changes, { maxBytes: 32_768 });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsScreen {...loaderData} />;
}
