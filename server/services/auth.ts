/**
 * Staff sign-in and sessions. A session is a random cookie value (only its SHA-256 is stored)
 * with a CSRF token, an idle timeout and an absolute expiry. Wrong usernames and wrong passwords
 * get the same answer after the same work (one scrypt verification either way).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GREETING, loginSchema, type SignedIn } from '#app/modules/auth/login.schema.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  touchSession,
} from '../db/repo/sessions.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { findUserByUsername, recordSignIn, type Role, type UserRecord } from '../db/repo/users.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { Client, ServiceDeps } from './context.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const SESSION_IDLE_MS = 12 * 60 * 60_000; // a working day without activity
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000; // sign in again at least weekly
const TOUCH_EVERY_MS = 60_000;

export const INVALID_CREDENTIALS = 'Invalid username or password';
/** The answer to a client that must wait (decision 0176), with the wait in whole minutes. */
export function tooManyAttempts(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many sign-in attempts. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} and try again.`;
}
export const ACCOUNT_DISABLED = 'This account is disabled. Ask the owner to turn it back on.';

export type SessionUser = {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  /** the password was handed out: a new one before anything else (decision 0201) */
  mustChangePassword?: true;
};
export type ActiveSession = { user: SessionUser; csrfToken: string; idHash: string };

/** A session just opened. */
export type SignedInSession = {
  sessionId: string;
  csrfToken: string;
  user: SessionUser;
  expiresAt: Date;
  /** What the door answers a program: the CSRF token, who signed in and the greeting. */
  signedIn: SignedIn;
  /** The session cookie, for the door's Set-Cookie header. */
  setCookie: string;
};

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = () => randomBytes(32).toString('base64url');

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** The session cookie's name: __Host- cookies are only accepted over https, bound to this host and path /. */
export function sessionCookieName(baseUrl: string): string {
  return baseUrl.startsWith('https://') ? '__Host-phmb_session' : 'phmb_session';
}

/**
 * The value of cookie `name` in a Cookie header, or undefined: absent, or not percent-decodable
 * (a cookie it cannot read is no session: the visitor is signed out, never a 500).
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The session cookie's attributes (the HTTP layer's `res.cookie` and a page action's header alike). */
export function sessionCookieOptions(baseUrl: string) {
  return { httpOnly: true, sameSite: 'lax', secure: baseUrl.startsWith('https://'), path: '/' } as const;
}

export function authService(
  { db, engine, now, config }: ServiceDeps,
  throttle: LoginThrottle = createLoginThrottle({ db, engine }),
) {
  // verified against when the username is unknown, so both failures cost one scrypt
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  /** The session cookie as a Set-Cookie header: `maxAgeMs` 0 clears it. */
  function sessionCookie(sessionId: string, maxAgeMs: number): string {
    const options = sessionCookieOptions(config.baseUrl);
    return [
      `${sessionCookieName(config.baseUrl)}=${encodeURIComponent(sessionId)}`,
      `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
      `Path=${options.path}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(options.secure ? ['Secure'] : []),
    ].join('; ');
  }

  /**
   * A session opened for a person whose credentials were just checked (a password, or a passkey:
   * `how`): the one the browser held ended (a sign-in always gets a fresh session id), the sign-in
   * recorded (the first says "Welcome", later ones "Welcome back!") and written in the audit log.
   */
  async function openSession(
    user: UserRecord,
    seen: { client: string; ip: string; userAgent: string },
    cookieHeader: string | null | undefined,
    at: Date,
    how?: 'passkey',
  ): Promise<SignedInSession> {
    // a cookie it cannot read is no session: the visitor was signed out
    const previousSessionId = cookieValue(cookieHeader, sessionCookieName(config.baseUrl));
    if (previousSessionId) await deleteSession(db, sha256(previousSessionId));
    await deleteExpiredSessions(db, at);

    const sessionId = token();
    const csrfToken = token();
    const expiresAt = new Date(at.getTime() + SESSION_MAX_MS);
    await insertSession(db, { idHash: sha256(sessionId), userId: user.id, csrfToken, now: at, expiresAt });
    const before = await recordSignIn(db, user.id, at);
    await insertAudit(
      db,
      {
        userId: user.id,
        actor: user.username,
        action: 'sign_in',
        subject: null,
        after: how ? { ...seen, with: how } : seen,
      },
      at,
    );
    const { username: name, displayName, role, mustChangePassword } = user;
    return {
      sessionId,
      csrfToken,
      expiresAt,
      user: {
        id: user.id,
        username: name,
        displayName,
        role,
        ...(mustChangePassword && { mustChangePassword }),
      },
      signedIn: {
        token: csrfToken,
        user: { username: name, displayName, role },
        greeting: before ? GREETING.again : GREETING.first,
        mustChangePassword,
      },
      setCookie: sessionCookie(sessionId, SESSION_MAX_MS),
    };
  }

  /**
   * An attempt to sign in as `username` from `client`, counted by the throttle (decision 0176) as a
   * failure until `throttle.recordSuccess` forgets it: 429 with its Retry-After while one of its keys
   * must wait. A password's and a passkey's attempts are counted alike (decision 0202).
   */
  async function attempt(username: string, client: string, at: Date): Promise<void> {
    const wait = await throttle.attempt(username, client, at.getTime());
    if (wait > 0)
      throw new AppError(429, tooManyAttempts(wait), {
        cause: { retryAfterMs: wait },
        headers: { 'Retry-After': String(Math.ceil(wait / 1000)) },
      });
  }

  return {
    attempt,
    /** A sign-in that succeeded: the throttle forgets its attempts. */
    succeeded: (username: string, client: string) => throttle.recordSuccess(username, client),
    /**
     * Signing in, the one path of every door (POST /api/admin/login and the sign-in page's own form
     * post; decision 0182 'Catalog, blog, sign-in'): the credentials checked, throttled (decision
     * 0176), the session opened (the one the browser held, from its Cookie header, ended: a sign-in
     * always gets a fresh session id), written in the audit log, and its Set-Cookie made. Throws
     * AppError 429 while this account and client, or this client, must wait (with its Retry-After
     * header), 401 on bad credentials, 403 for a disabled account, 400 with field errors on missing
     * fields. `client` is who asks (`clientOf`, server/http/client.ts): the throttle counts its key
     * (an IPv6 one by its /56); the audit log keeps its key, its address and its browser, which the
     * owner reads in words (decision 0195).
     */
    async signIn(
      input: unknown,
      who: Pick<Client, 'key' | 'ip' | 'userAgent'>,
      cookieHeader?: string | null,
    ): Promise<SignedInSession> {
      const { username, password } = parseInput(loginSchema, input);
      const client = who.key || 'unknown';
      // where and on what (bounded: a user agent is the client's to make as long as it likes)
      const seen = { client, ip: who.ip.slice(0, 64), userAgent: who.userAgent.slice(0, 300) };
      const at = now();
      // counted as a failure before the password is checked; a success below forgets it
      await attempt(username, client, at);

      const user = await findUserByUsername(db, username);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      if (!user || !ok) {
        // the name typed is kept as typed (at most 64 characters), never the password
        await insertAudit(
          db,
          {
            userId: user?.id ?? null,
            actor: username.slice(0, 64),
            action: 'sign_in_failed',
            subject: null,
            after: seen,
          },
          at,
        );
        throw new AppError(401, INVALID_CREDENTIALS);
      }
      if (user.disabledAt) throw new AppError(403, ACCOUNT_DISABLED);
      await throttle.recordSuccess(username, client);
      return openSession(user, seen, cookieHeader, at);
    },

    openSession,

    /**
     * Signing out, the one path (POST /api/admin/logout): the session behind the request's Cookie
     * header ended on the server (the cookie is worthless afterwards), and the Set-Cookie that
     * clears it in the browser.
     */
    async signOut(cookieHeader: string | null | undefined): Promise<{ setCookie: string }> {
      const sessionId = cookieValue(cookieHeader, sessionCookieName(config.baseUrl));
      if (sessionId) await deleteSession(db, sha256(sessionId));
      return { setCookie: sessionCookie('', 0) };
    },

    /** The live session behind a cookie value, or undefined (unknown, expired or idle too long). */
    async resolveSession(sessionId: string | undefined): Promise<ActiveSession | undefined> {
      if (!sessionId || sessionId.length > 200) return undefined;
      const idHash = sha256(sessionId);
      const session = await findSession(db, idHash);
      if (!session) return undefined;
      const at = now().getTime();
      const idle = at - Date.parse(session.lastSeenAt);
      if (Date.parse(session.expiresAt) <= at || idle >= SESSION_IDLE_MS) {
        await deleteSession(db, idHash);
        return undefined;
      }
      if (idle >= TOUCH_EVERY_MS) await touchSession(db, idHash, now());
      return {
        idHash,
        csrfToken: session.csrfToken,
        user: {
          id: session.userId,
          username: session.username,
          displayName: session.displayName,
          role: session.role,
          ...(session.mustChangePassword && { mustChangePassword: true as const }),
        },
      };
    },

    /** The session cookie's name on this site. */
    cookieName(): string {
      return sessionCookieName(config.baseUrl);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
