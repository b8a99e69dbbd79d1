/**
 * The settings screen's body (app/routes/admin-settings.tsx), the owner's alone: the follow-up
 * texts (one card per kind: when it goes out, on or off, its wording with a live preview filled
 * with a sample customer's details and the SMS segments it takes) and review requests (on or off,
 * the review page, the wording with its preview), with the rules the texts keep and the
 * placeholders the wording may use. One 'Save settings' posts the whole form to the route's
 * action; its refusals come back per field ('followUps.viewed.text', 'reviews.url') and are shown
 * under their fields, the first of them focused.
 */
import { Loader2 } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FieldError, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  FOLLOW_UP_KINDS,
  FOLLOW_UP_LABELS,
  SETTINGS_TEXT,
  type FollowUpKind,
  type Settings,
} from '#app/modules/customers/follow-ups.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import type { ShopSettings } from '#app/modules/site/shop-settings.ts';
import { Backups } from './backups.tsx';
import { CityPagesInSearch } from './city-pages.tsx';
import { ShopSections } from './shop-sections.tsx';
import { OnOff, Placeholders, Rules, Wording } from './text-fields.tsx';

type Saved = ActionAnswer<{ settings: Settings }>;

/** Whether the form holds what was saved. */
function same(a: Settings, b: Settings): boolean {
  return (
    FOLLOW_UP_KINDS.every(
      (k) => a.followUps[k].on === b.followUps[k].on && a.followUps[k].text === b.followUps[k].text,
    ) &&
    a.reviews.on === b.reviews.on &&
    a.reviews.url === b.reviews.url &&
    a.reviews.text === b.reviews.text
  );
}

export function SettingsScreen({
  settings,
  shop,
  backup,
}: {
  settings: Settings;
  shop: ShopSettings;
  backup: ComponentProps<typeof Backups>['backup'];
}) {
  const quietHours = shop.quietHours;
  const [values, setValues] = useState<Settings>(settings);
  const { element, submit, forget, messages, byField, refusal, busy } = useStaffForm<Saved>({
    id: 'settings',
    notice: SETTINGS_TEXT.notSaved,
    // the server's values (trimmed), as the reloaded screen has them
    done: (answer) => {
      setValues(answer.settings);
      toast({ title: SETTINGS_TEXT.saved });
    },
  });
  const unsaved = !same(values, settings);

  /** A field changed: its message goes, the others stay until the next save. */
  const change = (path: string, next: (v: Settings) => Settings) => {
    setValues(next);
    forget(path);
  };
  const setFollowUp = (kind: FollowUpKind, field: 'on' | 'text', value: boolean | string) =>
    change(`followUps.${kind}.${field}`, (v) => ({
      ...v,
      followUps: { ...v.followUps, [kind]: { ...v.followUps[kind], [field]: value } },
    }));
  const setReviews = (field: 'on' | 'url' | 'text', value: boolean | string) =>
    change(`reviews.${field}`, (v) => ({ ...v, reviews: { ...v.reviews, [field]: value } }));

  const reviewErrors = messages('reviews');
  return (
    <section className="min-w-0">
      <h1 className="text-2xl font-bold">{SETTINGS_TEXT.title}</h1>
      <p className="mt-1 text-slate-600">{SETTINGS_TEXT.subtitle}</p>
      <div className="mt-8">
        <ShopSections shop={shop} />
      </div>
      <form
        ref={element}
        method="post"
        noValidate
        onSubmit={submit({ intent: 'save' })}
        className="mt-10 grid min-w-0 gap-10"
      >
        <section aria-labelledby="settings-follow-ups" className="grid min-w-0 gap-4">
          <SectionHeading id="settings-follow-ups" title={SETTINGS_TEXT.followUps}>
            {SETTINGS_TEXT.followUpsIntro}
          </SectionHeading>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Rules rules={SETTINGS_TEXT.followUpRules(quietHours)} />
            <Placeholders names={SETTINGS_TEXT.followUpPlaceholders} />
          </div>
          <ul className="grid min-w-0 gap-4">
            {FOLLOW_UP_KINDS.map((kind) => {
              const setting = values.followUps[kind];
              const fieldErrors = messages(`followUps.${kind}`);
              const { title, when } = FOLLOW_UP_LABELS[kind];
              return (
                <li key={kind} className="min-w-0" data-testid="follow-up">
                  <Card title={title} on={setting.on}>
                    <p className="text-slate-700">{when}</p>
                    <OnOff
                      id={`settings-followUps-${kind}-on`}
                      name={`followUps.${kind}.on`}
                      label={SETTINGS_TEXT.send}
                      checked={setting.on}
                      onChange={(on) => setFollowUp(kind, 'on', on)}
                    />
                    <Wording
                      id={`settings-followUps-${kind}-text`}
                      name={`followUps.${kind}.text`}
                      title={title}
                      value={setting.text}
                      onChange={(text) => setFollowUp(kind, 'text', text)}
                      hint={SETTINGS_TEXT.needsLink}
                      error={fieldErrors.text ?? fieldErrors.on}
                      on={setting.on}
                    />
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="settings-reviews" className="grid min-w-0 gap-4">
          <SectionHeading id="settings-reviews" title={SETTINGS_TEXT.reviews}>
            {SETTINGS_TEXT.reviewsIntro}
          </SectionHeading>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Rules rules={SETTINGS_TEXT.reviewRules} />
            <Placeholders names={SETTINGS_TEXT.reviewPlaceholders} />
          </div>
          <Card title={SETTINGS_TEXT.reviewRequest} on={values.reviews.on}>
            <OnOff
              id="settings-reviews-on"
              name="reviews.on"
              label={SETTINGS_TEXT.sendReviews}
              checked={values.reviews.on}
              onChange={(on) => setReviews('on', on)}
            />
            <ReviewUrl
              value={values.reviews.url}
              onChange={(url) => setReviews('url', url)}
              error={reviewErrors.url}
            />
            <Wording
              id="settings-reviews-text"
              name="reviews.text"
              title={SETTINGS_TEXT.reviewRequest}
              value={values.reviews.text}
              onChange={(text) => setReviews('text', text)}
              hint={SETTINGS_TEXT.needsReviewUrl}
              error={reviewErrors.text ?? reviewErrors.on}
              on={values.reviews.on}
              reviewUrl={values.reviews.url.trim()}
            />
          </Card>
        </section>

        <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-end">
          {byField ? (
            // the fields' own messages are announced where they are
            <p className="text-sm font-medium text-red-700 sm:mr-auto">{SETTINGS_TEXT.checkFields}</p>
          ) : refusal ? (
            // a refusal of no one field is said here, by the button
            <div className="sm:mr-auto">
              <Refusal message={refusal} />
            </div>
          ) : (
            unsaved && (
              <p className="text-sm font-medium text-slate-700 sm:mr-auto">{SETTINGS_TEXT.unsaved}</p>
            )
          )}
          <Button type="submit" variant="accent" disabled={busy}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {busy ? SETTINGS_TEXT.saving : SETTINGS_TEXT.save}
          </Button>
        </div>
      </form>
      <CityPagesInSearch />
      <Backups backup={backup} />
    </section>
  );
}

function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600">{children}</p>
    </div>
  );
}

/**
 * One text's card: a fieldset named by its title (the legend holds its heading), with whether it
 * is on written beside it (for the eye: the switch says it to a screen reader).
 */
function Card({ title, on, children }: { title: string; on: boolean; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="float-left mb-2 w-full">
        <span className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
          <span
            aria-hidden="true"
            className={
              on
                ? 'rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800'
                : 'rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700'
            }
          >
            {on ? SETTINGS_TEXT.on : SETTINGS_TEXT.off}
          </span>
        </span>
      </legend>
      <div className="clear-left grid min-w-0 gap-3">{children}</div>
    </fieldset>
  );
}

/** The review page's address, with its hint and message. */
function ReviewUrl({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (url: string) => void;
  error: string | undefined;
}) {
  const id = 'settings-reviews-url';
  return (
    <div className="min-w-0 lg:max-w-[calc(50%-0.5rem)]">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {SETTINGS_TEXT.reviewUrl}
      </label>
      <Input
        id={id}
        name="reviews.url"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {SETTINGS_TEXT.reviewUrlHint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
