/**
 * Admin login (product.md §2 'Admin login', §5 'Login', §8). Signing in lands where the visitor was going
 * (`?redirectTo=`, set by the back office's layout), else the leads board (issue 31 item 3;
 * decision 0126). With scripts the form signs in through POST /api/admin/login as the spec says;
 * it also posts itself (`method="post"`) to this route's action, so a submit before or without
 * scripts signs in too, and never puts the password in a URL.
 */
import { KeyRound, Loader2, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { data, redirect, useNavigate, useSearchParams } from 'react-router';
import type { PageHandle } from '#app/page-handle.ts';
import type { Route } from './+types/admin-login';
import {
  adminApi,
  ApiError,
  CONNECTION_FAILED,
  errorMessage,
  rememberLogin,
} from '#app/components/admin/admin-api.ts';
import { useFormErrors } from '#app/components/admin/staff-form.tsx';
import { LogoMark } from '#app/components/site/logo.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { getAppContext } from '#app/load-context.ts';
import {
  ACCOUNT_PATH,
  GREETING,
  landingAfterSignIn,
  loginSchema,
  type SignedIn,
} from '#app/modules/auth/login.schema.ts';
import { PASSKEY_TEXT } from '#app/modules/team/passkeys.ts';
import { bodyRefusal, formText, malformedForm, readForm, refusal } from '#app/staff.server.ts';

export const handle = { backOffice: true } satisfies PageHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Admin Login', description: 'Staff sign-in for the back office.', noindex: true });

/** The action's Retry-After (a client that must wait) reaches the page's answer. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/**
 * The form's own post (no scripts yet): `services.auth.signIn`, the one path POST /api/admin/login
 * takes too (decision 0182 'Catalog, blog, sign-in'): on success its session cookie and on to the
 * landing; else the refusal with its status and headers (a client that must wait is told how long,
 * decision 0176).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, client } = getAppContext(context);
  const tooLarge = bodyRefusal(request, 4_096);
  if (tooLarge) return tooLarge;
  const form = await readForm(request);
  if (!form) return malformedForm();
  try {
    const { setCookie } = await services.auth.signIn(
      { username: formText(form, 'username'), password: formText(form, 'password') },
      client,
      request.headers.get('cookie'),
    );
    const to = landingAfterSignIn(new URL(request.url).searchParams.get('redirectTo'));
    return redirect(to, { headers: { 'Set-Cookie': setCookie } });
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return data(
      { message: refused.message, fieldErrors: refused.fieldErrors ?? {} },
      { status: refused.status, headers: refused.headers },
    );
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const landing = landingAfterSignIn(params.get('redirectTo'));
  const [busy, setBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  // the back office's one way to show a refusal (decision 0183); the ids stay 'username', 'password'
  const { element, check, show, field, error } = useFormErrors({ id: 'login', notice: 'Login failed' });

  /** Signed in (by password or passkey): "Welcome" the first time, "Welcome back!" after (decision 0201). */
  function signedIn({ token, greeting, mustChangePassword }: SignedIn) {
    rememberLogin(token);
    toast({ title: greeting ?? GREETING.again, description: 'You have been successfully logged in.' });
    // a handed-out password is changed first (the server would send every screen there anyway)
    setTimeout(() => navigate(mustChangePassword ? ACCOUNT_PATH : landing), 100);
  }

  /** 'Sign in with a passkey' (decision 0202): the browser offers this site's passkeys. */
  async function withPasskey() {
    setBusy(true);
    setPasskeyProblem(null);
    try {
      const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) {
        setPasskeyProblem(PASSKEY_TEXT.unsupported);
        return;
      }
      const { challengeId, options } = await adminApi.passkeys.signInOptions();
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options });
      } catch {
        setPasskeyProblem(PASSKEY_TEXT.cancelled);
        return;
      }
      signedIn(await adminApi.passkeys.signIn({ challengeId, response }));
    } catch (err) {
      setPasskeyProblem(err instanceof ApiError ? errorMessage(err) : CONNECTION_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = check(loginSchema, { username: form.get('username'), password: form.get('password') });
    if (!values) return;
    setBusy(true);
    try {
      signedIn(await adminApi.auth.login(values));
    } catch (err) {
      if (!(err instanceof ApiError)) {
        toast({ title: 'Error', description: CONNECTION_FAILED, variant: 'destructive' });
        return;
      }
      show({ message: errorMessage(err, 'Invalid username or password'), fieldErrors: err.fieldErrors });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="h-12 w-12" />
          <h1 className="mt-4 text-2xl font-bold">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in to manage leads, the catalog and the blog.</p>
        </div>
        {actionData && 'message' in actionData && (
          // the form's own post was refused (scripts had not run): the same words as a toast would say
          <p
            role="alert"
            className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {actionData.message}
          </p>
        )}
        <form
          ref={element}
          className="mt-8 space-y-5"
          method="post"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
        >
          <div>
            <Label htmlFor="username">Username</Label>
            <Input
              {...field('username')}
              id="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            {error('username')}
          </div>
          <div>
            <Label htmlFor="password">Password</Label>
            <Input {...field('password')} id="password" type="password" autoComplete="current-password" />
            {error('password')}
          </div>
          <Button type="submit" variant="accent" className="w-full" disabled={busy}>
            {busy ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Lock className="h-4 w-4" aria-hidden="true" />
            )}
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
        <div className="mt-4 border-t border-slate-200 pt-4">
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={busy}
            onClick={() => void withPasskey()}
          >
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            {PASSKEY_TEXT.signIn}
          </Button>
          {passkeyProblem && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-800">
              {passkeyProblem}
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
