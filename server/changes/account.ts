/**
 * Each person's changes to their own account (issue 49 items 2 and 3, decisions 0201 and 0202):
 * their name, their password, 'Sign out everywhere else', their passkeys and their notifications. Anyone signed in
 * makes them, on themselves only (the service reads who from the session, never from the input).
 * `keepSession` is the screen's own value (the session it is served in), never the form's.
 * Declared once (decision 0182).
 */
import { z } from 'zod';
import { change } from './change.ts';
import { PUSH_KINDS } from '#app/modules/messages/push-lines.ts';
import { given, rowId, yesNo } from './inputs.ts';

const keepSession = z.string({ message: 'The session is missing.' }).min(1).max(200);

export const accountChanges = {
  'account.rename': change({
    who: 'staff',
    input: z.object({ displayName: given }),
    run: ({ services, user }, input) => services.account.rename(user, input),
  }),
  'account.changePassword': change({
    who: 'staff',
    input: z.object({ currentPassword: given, newPassword: given, confirmPassword: given, keepSession }),
    run: ({ services, user }, { keepSession: keep, ...input }) =>
      services.account.changePassword(user, input, keep),
  }),
  'account.signOutOthers': change({
    who: 'staff',
    input: z.object({ keepSession }),
    run: ({ services, user }, { keepSession: keep }) => services.account.signOutOthers(user, keep),
  }),
  'passkeys.options': change({
    who: 'staff',
    input: z.object({}),
    run: ({ services, user }) => services.passkeys.registrationOptions(user),
  }),
  'passkeys.add': change({
    who: 'staff',
    input: z.object({ challengeId: given, response: given, name: given }),
    run: ({ services, user }, input) => services.passkeys.register(user, input),
    created: true,
  }),
  'passkeys.remove': change({
    who: 'staff',
    input: z.object({ id: rowId }),
    run: ({ services, user }, { id }) => services.passkeys.remove(user, id),
  }),
  // notifications (issue 51 item 4, decision 0205): this browser's subscription is the session's
  'push.subscribe': change({
    who: 'staff',
    input: z.object({ endpoint: given, keys: given, keepSession }),
    run: ({ services, user }, { keepSession: session, ...input }) =>
      services.push.subscribe(user, session, input),
    created: true,
  }),
  'push.unsubscribe': change({
    who: 'staff',
    input: z.object({ keepSession }),
    run: ({ services, user }, { keepSession: session }) => services.push.unsubscribe(user, session),
  }),
  'push.choose': change({
    who: 'staff',
    input: z.object(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, yesNo]))),
    run: ({ services, user }, input) => services.push.choose(user, input),
  }),
};
