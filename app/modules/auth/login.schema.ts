/** The admin sign-in form (product.md §5 'Login'), used by the page and by POST /api/admin/login. */
import { z } from 'zod';

export const LOGIN_MAX = { username: 64, password: 256 } as const;

// every rule has its own message: a schema-level `message` would also answer for max()
export const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(LOGIN_MAX.username, `Username is too long (max ${LOGIN_MAX.username} characters)`),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(LOGIN_MAX.password, `Password is too long (max ${LOGIN_MAX.password} characters)`),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /api/admin/login and GET /api/admin/me: the session's CSRF token and who is signed in, with
 * their role (the owner reaches the team and the audit log; decision 0160).
 */
export type SignedIn = {
  token: string;
  user: { username: string; displayName: string; role: 'owner' | 'staff' };
  /** on signing in: GREETING's words, "Welcome" the first time (decision 0201) */
  greeting?: string;
  /** on signing in: the password was handed out, and a new one comes first (decision 0201) */
  mustChangePassword?: boolean;
};

/** What signing in says: "Welcome" the first time, "Welcome back!" after (decision 0201). */
export const GREETING = { first: 'Welcome', again: 'Welcome back!' } as const;

/** The 'Your account' screen: where a handed-out password is changed before anything else. */
export const ACCOUNT_PATH = '/admin/account';

/** Browser storage keys of product.md §4 'Admin auth'. */
export const AUTH_TOKEN_KEY = 'adminToken';
export const AUTH_FLAG_KEY = 'adminAuthenticated';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Where signing in lands when the visitor was not on their way to a back-office screen. */
export const DEFAULT_LANDING = '/admin/leads';

/**
 * Where to go after signing in: the back-office screen the visitor was sent away from
 * (`?redirectTo=`), only a path of this site under /admin/ (never the sign-in page itself, another
 * site, or a scheme), else DEFAULT_LANDING.
 */
export function landingAfterSignIn(redirectTo: string | null | undefined): string {
  if (!redirectTo || redirectTo.length > 500) return DEFAULT_LANDING;
  if (!/^\/admin\/[A-Za-z0-9/_?=&%.-]*$/.test(redirectTo) || redirectTo.includes('//'))
    return DEFAULT_LANDING;
  if (/^\/admin\/login(?:[/?]|$)/.test(redirectTo)) return DEFAULT_LANDING;
  return redirectTo;
}
