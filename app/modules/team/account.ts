/**
 * A person's own account (issue 49 item 2, decision 0201): the rules of a display name and of a
 * password a person chooses, the forms of the 'Your account' screen as one schema each (the
 * browser checks them before sending, the server reads them again), and the screen's words. Pure.
 */
import { z } from 'zod';

/** A password a person chooses: at least this long (the CLI, the first start and this screen). */
export const PASSWORD_MIN = 10;
/** …and at most as long as the sign-in form takes. */
export const PASSWORD_MAX = 256;
export const DISPLAY_NAME_MAX = 80;

export const ACCOUNT_TEXT = {
  title: 'Your account',
  subtitle:
    'Your name in the back office, your password, where you are signed in, your notifications and your passkeys.',
  mustChangeTitle: 'Choose your own password',
  mustChange:
    'The password you signed in with was given to you. Choose your own before anything else: only you will know it.',
  nameHeading: 'Your name',
  nameHint: 'What the back office and the audit log call you.',
  saveName: 'Save name',
  nameSaved: 'Your name is saved.',
  passwordHeading: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'New password again',
  passwordHint: `At least ${PASSWORD_MIN} characters.`,
  changePassword: 'Change password',
  passwordChanged: 'Your password is changed. You stay signed in here; everywhere else you are signed out.',
  sessionsHeading: 'Where you are signed in',
  sessionsHint: 'Signed in on a phone or a computer you no longer have? End every session but this one.',
  signOutOthers: 'Sign out everywhere else',
  signedOutOthers: (n: number) =>
    n === 0
      ? 'You were signed in nowhere else.'
      : `Signed out of ${n === 1 ? '1 other session' : `${n} other sessions`}.`,
  username: (username: string) => `Your username is ${username}.`,
  // the rules' words
  displayName: `Give a name of 1-${DISPLAY_NAME_MAX} characters.`,
  currentRequired: 'Type your current password.',
  wrongCurrent: 'That is not your current password.',
  tooShort: `The password is too short: use at least ${PASSWORD_MIN} characters.`,
  tooLong: `The password is too long: use at most ${PASSWORD_MAX} characters.`,
  mismatch: 'The two new passwords are not the same.',
  sameAsOld: 'Choose a password other than the one you were given.',
} as const;

export const displayNameSchema = z
  .string({ error: ACCOUNT_TEXT.displayName })
  .trim()
  .min(1, ACCOUNT_TEXT.displayName)
  .max(DISPLAY_NAME_MAX, ACCOUNT_TEXT.displayName);

export const renameSchema = z.object({ displayName: displayNameSchema });

const newPassword = z
  .string({ error: ACCOUNT_TEXT.tooShort })
  .min(PASSWORD_MIN, ACCOUNT_TEXT.tooShort)
  .max(PASSWORD_MAX, ACCOUNT_TEXT.tooLong);

/**
 * A new password, twice; the current one unless the password was handed out (`mustChange`: the
 * person just signed in with it, and the form asks only for the new one).
 */
export function passwordChangeSchema(mustChange: boolean) {
  return z
    .object({
      currentPassword: mustChange
        ? z.string().optional()
        : z
            .string({ error: ACCOUNT_TEXT.currentRequired })
            .min(1, ACCOUNT_TEXT.currentRequired)
            .max(PASSWORD_MAX),
      newPassword,
      confirmPassword: z.string({ error: ACCOUNT_TEXT.mismatch }),
    })
    .refine((p) => p.newPassword === p.confirmPassword, {
      message: ACCOUNT_TEXT.mismatch,
      path: ['confirmPassword'],
      // said with the other fields' messages, not only once they are right
      when: ({ value }) => {
        const typed = value as { newPassword?: unknown; confirmPassword?: unknown } | null;
        return typeof typed?.newPassword === 'string' && typeof typed.confirmPassword === 'string';
      },
    });
}
export type PasswordChange = z.output<ReturnType<typeof passwordChangeSchema>>;

/** A passkey as 'Your account' lists it: its days in words, written by the server. */
export type PasskeyRow = { id: number; name: string; added: string; lastUsed: string | null };
