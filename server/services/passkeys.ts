/**
 * Passkeys (issue 49 item 3, decision 0202): anyone adds one to their account and signs in with it
 * instead of a password (which still works), through SimpleWebAuthn. The relying party is the
 * site: its ID is BASE_URL's host, the origin BASE_URL's. Each ceremony's challenge is kept in the
 * database (`passkey_challenges`), used once and for a few minutes, so any process can finish what
 * another began. Signing in with a passkey is throttled as a password is (decision 0176) and opens
 * the session the same way (`auth.openSession`); adding and removing one are in the audit log.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TEXT, passkeyAnswerSchema, passkeyNameSchema } from '#app/modules/team/passkeys.ts';
import { insertAudit } from '../db/repo/audit.ts';
import {
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  takeChallenge,
} from '../db/repo/passkeys.ts';
import { findUserById } from '../db/repo/users.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { AuthService, SessionUser, SignedInSession } from './auth.ts';
import type { Client, ServiceDeps } from './context.ts';

/** How long a ceremony may take, from its options to its answer. */
export const CEREMONY_MS = 5 * 60_000;
/** The throttle's account name for an answer whose passkey is unknown (decision 0176's keys). */
const UNKNOWN_PASSKEY = 'passkey:unknown';

/** A ceremony's options, and the id of its challenge to send back with the answer. */
export type Ceremony<O> = { challengeId: string; options: O };

export function passkeysService(
  { db, config, now }: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  { auth }: { auth: AuthService },
) {
  const base = new URL(config.baseUrl);
  const rp = { id: base.hostname, origin: base.origin, name: config.site.name };

  async function challenge(purpose: 'register' | 'sign_in', value: string, userId: number | null) {
    const id = randomBytes(24).toString('base64url');
    const at = now().getTime();
    await insertChallenge(db, { id, challenge: value, purpose, userId, expiresAt: at + CEREMONY_MS }, at);
    return id;
  }

  /** The ceremony's challenge, taken once; 400 when it is unknown, expired, another's or another kind. */
  async function taken(id: string, purpose: 'register' | 'sign_in', userId: number | null) {
    const found = await takeChallenge(db, id, now().getTime());
    if (!found || found.purpose !== purpose || found.userId !== userId)
      throw new AppError(400, PASSKEY_TEXT.expired);
    return found.challenge;
  }

  return {
    /** The options to create a passkey for `user` (their passkeys excluded), and its challenge's id. */
    async registrationOptions(user: SessionUser): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
      const existing = await listPasskeys(db, user.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userDisplayName: user.displayName,
        userID: new TextEncoder().encode(`user:${user.id}`),
        attestationType: 'none',
        timeout: CEREMONY_MS,
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return { challengeId: await challenge('register', options.challenge, user.id), options };
    },

    /**
     * The browser's answer to the options: checked against the challenge (once), the origin and
     * the RP ID, then kept under the name given (in the audit log). 400 when it cannot be checked,
     * 409 when that passkey is already someone's.
     */
    async register(user: SessionUser, payload: unknown): Promise<{ id: number; name: string }> {
      const { challengeId, response, name } = parseInput(
        passkeyAnswerSchema.extend({ name: passkeyNameSchema }),
        payload,
      );
      const expectedChallenge = await taken(challengeId, 'register', user.id);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw new AppError(400, PASSKEY_TEXT.notChecked);
      }
      if (!verified.verified) throw new AppError(400, PASSKEY_TEXT.notChecked);
      const { credential } = verified.registrationInfo;
      if (await findPasskeyByCredentialId(db, credential.id)) throw new AppError(409, PASSKEY_TEXT.already);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const id = await insertPasskey(
          trx,
          {
            userId: user.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name,
          },
          at,
        );
        await insertAudit(
          trx,
          {
            userId: user.id,
            actor: user.username,
            action: 'passkey_added',
            subject: `user:${user.id}`,
            after: { name },
          },
          at,
        );
        return id;
      });
      return { id, name };
    },

    /** The options to sign in with any passkey of this site (the browser offers them), and its challenge's id. */
    async signInOptions(): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
        timeout: CEREMONY_MS,
      });
      return { challengeId: await challenge('sign_in', options.challenge, null), options };
    },

    /**
     * Signing in with a passkey: throttled as a password is (the passkey's account and the client),
     * the answer checked against the challenge (once), the origin, the RP ID and the passkey's
     * public key and counter; then the session opened as a password's is. 401 when it cannot sign
     * in (in the audit log), 403 for a disabled account, 400 for a malformed or expired answer.
     */
    async signIn(
      payload: unknown,
      who: Pick<Client, 'key' | 'ip' | 'userAgent'>,
      cookieHeader?: string | null,
    ): Promise<SignedInSession> {
      const { challengeId, response } = parseInput(passkeyAnswerSchema, payload);
      const client = who.key || 'unknown';
      const seen = { client, ip: who.ip.slice(0, 64), userAgent: who.userAgent.slice(0, 300) };
      const at = now();
      const passkey = await findPasskeyByCredentialId(db, response.id);
      const user = passkey && (await findUserById(db, passkey.userId));
      const account = user?.username ?? UNKNOWN_PASSKEY;
      await auth.attempt(account, client, at);
      const expectedChallenge = await taken(challengeId, 'sign_in', null);
      let verified = false;
      let newCounter = 0;
      if (passkey && user) {
        try {
          const result = await verifyAuthenticationResponse({
            response: response as unknown as AuthenticationResponseJSON,
            expectedChallenge,
            expectedOrigin: rp.origin,
            expectedRPID: rp.id,
            credential: {
              id: passkey.credentialId,
              publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
              counter: passkey.counter,
              transports: passkey.transports,
            },
            requireUserVerification: false,
          });
          verified = result.verified;
          newCounter = result.authenticationInfo.newCounter;
        } catch {
          verified = false;
        }
      }
      if (!passkey || !user || !verified) {
        await insertAudit(
          db,
          {
            userId: user?.id ?? null,
            actor: account,
            action: 'sign_in_failed',
            subject: null,
            after: { ...seen, with: 'passkey' },
          },
          at,
        );
        throw new AppError(401, PASSKEY_TEXT.signInFailed);
      }
      if (user.disabledAt) throw new AppError(403, PASSKEY_TEXT.disabled);
      await auth.succeeded(user.username, client);
      await markPasskeyUsed(db, passkey.id, newCounter, at);
      return auth.openSession(user, seen, cookieHeader, at, 'passkey');
    },

    /** Removes one of `user`'s passkeys (in the audit log); 404 when they have none by that id. */
    async remove(user: SessionUser, id: number): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const removed = await deletePasskey(trx, user.id, id);
        if (!removed) throw new AppError(404, PASSKEY_TEXT.notFound);
        await insertAudit(
          trx,
          {
            userId: user.id,
            actor: user.username,
            action: 'passkey_removed',
            subject: `user:${user.id}`,
            before: { name: removed.name },
          },
          at,
        );
      });
    },
  };
}

export type PasskeysService = ReturnType<typeof passkeysService>;
