/** The admin sign-in form (SPEC §5 'Login'), used by the page and by POST /api/admin/login. */
import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/admin/login and GET /api/admin/me: the session's CSRF token and who is signed in. */
export type SignedIn = { token: string; user: { username: string; displayName: string } };

/** Browser storage keys of SPEC §4 'Admin auth'. */
export const AUTH_TOKEN_KEY = 'adminToken';
export const AUTH_FLAG_KEY = 'adminAuthenticated';
export const CSRF_HEADER = 'X-CSRF-Token';
