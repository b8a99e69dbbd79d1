/**
 * Passkeys (issue 49 item 3, decision 0202): the words of 'Your account' and of the sign-in page
 * about them, and what the server reads of a ceremony's answer (the browser's JSON, as
 * @simplewebauthn/browser makes it; the library checks the rest). Pure.
 */
import { z } from 'zod';

export const PASSKEY_TEXT = {
  heading: 'Passkeys',
  hint: 'Sign in with your phone, your computer or a security key instead of typing your password. Your password still works.',
  add: 'Add a passkey',
  adding: 'Adding...',
  name: 'Name of this passkey',
  nameHint: 'So you can tell them apart, e.g. "Work laptop".',
  defaultName: 'Passkey',
  none: 'You have no passkey yet.',
  added: (name: string) => `Added ${name}.`,
  addedOn: (day: string) => `Added ${day}`,
  lastUsed: (day: string | null) => (day ? `last used ${day}` : 'not used yet'),
  remove: 'Remove',
  removeLabel: (name: string) => `Remove passkey ${name}`,
  removed: (name: string) => `Removed ${name}.`,
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey...',
  unsupported: 'This browser cannot use passkeys. Sign in with your password.',
  cancelled: 'No passkey was used.',
  // refusals
  expired: 'This passkey request has expired or was already used. Try again.',
  notChecked: 'The passkey could not be checked. Try again.',
  already: 'That passkey is already added.',
  signInFailed: 'That passkey could not sign you in. Use another, or your password.',
  disabled: 'This account is disabled. Ask the owner to turn it back on.',
  notFound: 'Passkey not found.',
  badAnswer: 'The passkey answer was incomplete. Try again.',
  badName: 'Give the passkey a name of 1-60 characters.',
  tooMany: 'Too many passkey sign-ins were started. Please wait a minute and try again.',
} as const;

/** What the server reads of the browser's credential; the library checks the rest. */
export type CredentialAnswer = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown>;
};

/** The browser's credential (JSON, or a form's JSON text) when it has the shape of one, else null. */
function credentialOf(value: unknown): CredentialAnswer | null {
  let parsed = value;
  if (typeof value === 'string') {
    if (value.length > 64_000) return null;
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const c = parsed as Record<string, unknown>;
  const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 1_400;
  if (!text(c.id) || !text(c.rawId) || c.type !== 'public-key') return null;
  if (typeof c.response !== 'object' || c.response === null || Array.isArray(c.response)) return null;
  if (JSON.stringify(parsed).length > 64_000) return null;
  return parsed as CredentialAnswer;
}

/** A ceremony's answer: the challenge's id and the browser's credential (JSON, or a form's JSON text). */
export const passkeyAnswerSchema = z.object({
  challengeId: z
    .string({ error: PASSKEY_TEXT.badAnswer })
    .min(1, PASSKEY_TEXT.badAnswer)
    .max(100, PASSKEY_TEXT.badAnswer),
  response: z.unknown().transform((value, ctx) => {
    const answer = credentialOf(value);
    if (answer) return answer;
    ctx.addIssue({ code: 'custom', message: PASSKEY_TEXT.badAnswer });
    return z.NEVER;
  }),
});

/** A passkey's name: trimmed, at most 60 characters; none given is 'Passkey'. */
export const passkeyNameSchema = z
  .string({ error: PASSKEY_TEXT.badName })
  .trim()
  .max(60, PASSKEY_TEXT.badName)
  .optional()
  .transform((name) => name || PASSKEY_TEXT.defaultName);
