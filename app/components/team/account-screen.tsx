/**
 * The 'Your account' screen's body (app/routes/admin-account.tsx; decisions 0201, 0202): the
 * person's name, their password, 'Sign out everywhere else', their notifications (decision 0205)
 * and their passkeys. When the password
 * was handed out, only 'Choose your own password' (the new one, twice) until it is changed; then on
 * to the leads board.
 */
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { adminApi, ApiError, errorMessage, rememberLogin } from '#app/components/admin/admin-api.ts';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { DEFAULT_LANDING } from '#app/modules/auth/login.schema.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import {
  ACCOUNT_TEXT,
  DISPLAY_NAME_MAX,
  passwordChangeSchema,
  PASSWORD_MAX,
  renameSchema,
  type PasskeyRow,
} from '#app/modules/team/account.ts';
import type { NotificationsState } from '#app/modules/team/notifications.ts';
import { PASSKEY_TEXT } from '#app/modules/team/passkeys.ts';
import { NotificationsCard } from './notifications-card.tsx';

type Account = {
  username: string;
  displayName: string;
  role: 'owner' | 'staff';
  mustChangePassword: boolean;
  passkeys: PasskeyRow[];
};

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

export function AccountScreen({
  account,
  notifications,
  token,
}: {
  account: Account;
  notifications: NotificationsState;
  token: string;
}) {
  // kept while the screen is shown: the change itself reloads the account (no longer forced) before
  // its form hears that it is done and goes on to the board
  const [forced] = useState(account.mustChangePassword);
  if (forced)
    return (
      <section className="mx-auto max-w-lg">
        <h1 className="text-2xl font-bold">{ACCOUNT_TEXT.mustChangeTitle}</h1>
        <p className="mt-2 text-slate-700">{ACCOUNT_TEXT.mustChange}</p>
        <div className={`mt-6 ${CARD}`}>
          <PasswordForm mustChange username={account.username} />
        </div>
      </section>
    );
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold">{ACCOUNT_TEXT.title}</h1>
      <p className="mt-1 text-slate-600">{ACCOUNT_TEXT.subtitle}</p>
      <p className="mt-1 text-sm text-slate-600">{ACCOUNT_TEXT.username(account.username)}</p>
      <div className="mt-6 grid gap-6">
        <NameForm displayName={account.displayName} />
        <div className={CARD}>
          <h2 className="text-lg font-semibold">{ACCOUNT_TEXT.passwordHeading}</h2>
          <PasswordForm mustChange={false} username={account.username} />
        </div>
        <SignOutOthers />
        <NotificationsCard state={notifications} token={token} username={account.username} />
        <Passkeys passkeys={account.passkeys} token={token} />
      </div>
    </section>
  );
}

type Renamed = ActionAnswer<{ displayName: string }>;

function NameForm({ displayName }: { displayName: string }) {
  const { element, check, post, refusal, busy, field, error } = useStaffForm<Renamed>({
    id: 'account',
    done: () => toast({ title: ACCOUNT_TEXT.nameSaved }),
  });
  return (
    <form
      ref={element}
      noValidate
      className={CARD}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        if (!check(renameSchema, { displayName: data.get('displayName') })) return;
        data.set('intent', 'rename');
        post(data);
      }}
    >
      <h2 className="text-lg font-semibold">{ACCOUNT_TEXT.nameHeading}</h2>
      <Refusal message={refusal} />
      <FieldRow id="account-displayName" label={ACCOUNT_TEXT.nameHeading} required className="mt-3">
        <Input
          {...field('displayName', 'account-displayName-hint')}
          defaultValue={displayName}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX}
        />
        <p id="account-displayName-hint" className="mt-1 text-sm text-slate-600">
          {ACCOUNT_TEXT.nameHint}
        </p>
        {error('displayName')}
      </FieldRow>
      <Button type="submit" className="mt-4" disabled={busy}>
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {ACCOUNT_TEXT.saveName}
      </Button>
    </form>
  );
}

type Changed = ActionAnswer<{ sessionsEnded: number }>;

/** The password: the current one and the new one twice; only the new one twice when it was handed out. */
function PasswordForm({ mustChange, username }: { mustChange: boolean; username: string }) {
  const navigate = useNavigate();
  const { element, check, post, refusal, busy, field, error } = useStaffForm<Changed>({
    id: 'password',
    done: () => {
      toast({ title: ACCOUNT_TEXT.passwordChanged });
      formElement?.reset();
      if (mustChange) void navigate(DEFAULT_LANDING);
    },
  });
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  return (
    <form
      ref={(el) => {
        element(el);
        setFormElement(el);
      }}
      noValidate
      className="mt-3 grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const values = Object.fromEntries(
          ['currentPassword', 'newPassword', 'confirmPassword'].map((k) => [k, data.get(k) ?? undefined]),
        );
        if (!check(passwordChangeSchema(mustChange), values)) return;
        data.set('intent', 'password');
        post(data);
      }}
    >
      <Refusal message={refusal} />
      {/* what a password manager files the new password under */}
      <input type="hidden" name="username" autoComplete="username" value={username} />
      {!mustChange && (
        <FieldRow id="password-currentPassword" label={ACCOUNT_TEXT.currentPassword} required>
          <Input
            {...field('currentPassword')}
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
          />
          {error('currentPassword')}
        </FieldRow>
      )}
      <FieldRow id="password-newPassword" label={ACCOUNT_TEXT.newPassword} required>
        <Input
          {...field('newPassword', 'password-newPassword-hint')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
        <p id="password-newPassword-hint" className="mt-1 text-sm text-slate-600">
          {ACCOUNT_TEXT.passwordHint}
        </p>
        {error('newPassword')}
      </FieldRow>
      <FieldRow id="password-confirmPassword" label={ACCOUNT_TEXT.confirmPassword} required>
        <Input
          {...field('confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
        {error('confirmPassword')}
      </FieldRow>
      <div>
        <Button type="submit" variant="accent" disabled={busy}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {ACCOUNT_TEXT.changePassword}
        </Button>
      </div>
    </form>
  );
}

function SignOutOthers() {
  const { element, submit, refusal, busy } = useStaffForm<Changed>({
    id: 'sessions',
    done: (answer) => toast({ title: ACCOUNT_TEXT.signedOutOthers(answer.sessionsEnded) }),
  });
  return (
    <form ref={element} noValidate className={CARD} onSubmit={submit({ intent: 'sign-out-others' })}>
      <h2 className="text-lg font-semibold">{ACCOUNT_TEXT.sessionsHeading}</h2>
      <p className="mt-1 text-sm text-slate-700">{ACCOUNT_TEXT.sessionsHint}</p>
      <Refusal message={refusal} />
      <Button type="submit" variant="outline" className="mt-4" disabled={busy}>
        {ACCOUNT_TEXT.signOutOthers}
      </Button>
    </form>
  );
}

/** The person's passkeys: added through the browser's own dialog, listed, removed here. */
function Passkeys({ passkeys, token }: { passkeys: PasskeyRow[]; token: string }) {
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function add(name: string) {
    setAdding(true);
    setProblem(null);
    try {
      const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) {
        setProblem(PASSKEY_TEXT.unsupported);
        return;
      }
      rememberLogin(token);
      const { challengeId, options } = await adminApi.passkeys.addOptions();
      let response;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch {
        setProblem(PASSKEY_TEXT.cancelled);
        return;
      }
      const added = await adminApi.passkeys.add({ challengeId, response, name });
      toast({ title: PASSKEY_TEXT.added(added.name) });
      await revalidator.revalidate();
    } catch (err) {
      setProblem(err instanceof ApiError ? errorMessage(err) : errorMessage(err, PASSKEY_TEXT.notChecked));
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className={CARD}>
      <h2 className="text-lg font-semibold">{PASSKEY_TEXT.heading}</h2>
      <p className="mt-1 text-sm text-slate-700">{PASSKEY_TEXT.hint}</p>
      {passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{PASSKEY_TEXT.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label={PASSKEY_TEXT.heading}>
          {passkeys.map((p) => (
            <PasskeyItem key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const name = new FormData(event.currentTarget).get('passkeyName');
          void add(typeof name === 'string' ? name : '');
        }}
      >
        <FieldRow id="passkey-name" label={PASSKEY_TEXT.name} className="flex-1">
          <Input
            id="passkey-name"
            name="passkeyName"
            autoComplete="off"
            maxLength={60}
            placeholder={PASSKEY_TEXT.defaultName}
            aria-describedby="passkey-name-hint"
          />
          <p id="passkey-name-hint" className="mt-1 text-sm text-slate-600">
            {PASSKEY_TEXT.nameHint}
          </p>
        </FieldRow>
        <Button type="submit" variant="accent" disabled={adding} className="sm:mb-7">
          {adding && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {adding ? PASSKEY_TEXT.adding : PASSKEY_TEXT.add}
        </Button>
      </form>
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeyRow }) {
  const { element, submit, refusal, busy } = useStaffForm<ActionAnswer>({
    id: `passkey-${passkey.id}`,
    done: () => toast({ title: PASSKEY_TEXT.removed(passkey.name) }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div>
        <p className="font-medium text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-600">
          {PASSKEY_TEXT.addedOn(passkey.added)}, {PASSKEY_TEXT.lastUsed(passkey.lastUsed)}
        </p>
        <Refusal message={refusal} />
      </div>
      <form ref={element} noValidate onSubmit={submit({ intent: 'remove-passkey', id: String(passkey.id) })}>
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={PASSKEY_TEXT.removeLabel(passkey.name)}
        >
          {PASSKEY_TEXT.remove}
        </Button>
      </form>
    </li>
  );
}
