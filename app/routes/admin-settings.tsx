/**
 * The owner's settings (issue 30 items 3 and 4, decision 0161): the follow-up texts that close
 * quotes and the review requests, each on or off with its wording, previewed live with a sample
 * customer and counted in SMS segments. React Router's data flow (decision 0124): the loader gives
 * the settings in force, the action saves them through the settings service (the same calls as
 * GET and PUT /api/owner/settings; audited 'settings_changed'), and a refusal comes back per field
 * ('followUps.viewed.text', 'reviews.url'). Staff get a 403, 'Only the owner can do this.'
 * (`ownerContext`).
 */
import type { Route } from './+types/admin-settings';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { SettingsScreen } from '#app/components/settings/settings-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { FOLLOW_UP_KINDS, SETTINGS_TEXT } from '#app/modules/customers/follow-ups.ts';
import { formText, ownerContext, readActionForm, staffAction } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: SETTINGS_TEXT.title,
    description: 'Follow-up texts and review requests',
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = ownerContext(context);
  return { settings: await services.settings.get(), quietHours: services.settings.quietHours };
}

/**
 * The form as the settings service reads it: each text's switch ('on' when checked, absent when
 * not) and wording under its path ('followUps.viewed.text', 'reviews.url'), the paths its
 * refusals name.
 */
function settingsOf(form: FormData) {
  const text = (path: string) => formText(form, path);
  return {
    followUps: Object.fromEntries(
      FOLLOW_UP_KINDS.map((kind) => [
        kind,
        { on: text(`followUps.${kind}.on`), text: text(`followUps.${kind}.text`) },
      ]),
    ),
    reviews: { on: text('reviews.on'), url: text('reviews.url'), text: text('reviews.text') },
  };
}

/** `intent` 'save' with the whole form: the settings as saved (trimmed). */
export async function action({ request, context }: Route.ActionArgs) {
  ownerContext(context);
  // four texts of 480 characters, each up to 12 bytes a character once form-encoded, and the URL
  const read = await readActionForm(request, { maxBytes: 32_768, intents: ['save'] });
  if (!read.ok) return read.refused;
  const { form } = read;
  return staffAction(context, async ({ services, session }) => ({
    settings: await services.settings.update(settingsOf(form), session.user),
  }));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsScreen {...loaderData} />;
}
