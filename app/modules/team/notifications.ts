/**
 * Notifications on 'Your account' (issue 51 item 4, decision 0205): the words of the section, the
 * four choices' labels, and the schemas of what the page sends (a browser's push subscription, the
 * choices). The server reads them again. Pure.
 */
import { z } from 'zod';
import { PUSH_KINDS, type PushKind } from '#app/modules/messages/push-lines.ts';

export const NOTIFICATIONS_TEXT = {
  heading: 'Notifications',
  hint: 'Get a notification on this phone or computer within seconds of what you choose below, even when the back office is closed. Tapping it opens the lead or the conversation.',
  turnOn: 'Turn on notifications here',
  turningOn: 'Turning on…',
  turnOff: 'Turn off notifications here',
  on: 'Notifications are on for this phone or computer.',
  onElsewhere: (n: number) =>
    `On for ${n === 1 ? '1 other phone or computer' : `${n} other phones or computers`} where you are signed in.`,
  off: 'Notifications are off here.',
  turnedOn: 'Notifications are on here.',
  turnedOff: 'Notifications are off here.',
  unsupported:
    'This browser cannot show notifications. On an iPhone or iPad, add the back office to the home screen first and open it from there.',
  denied:
    'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
  failed: 'Notifications could not be turned on. Try again.',
  choicesHeading: 'Notify me about',
  choicesHint: 'For every phone and computer where you turn notifications on.',
  save: 'Save choices',
  saved: 'Your choices are saved.',
  signedOutNote: 'Signing out here turns them off here until you sign in again.',
  // the server's refusals
  badEndpoint: 'That is not a push service’s address.',
  badKeys: 'The browser’s keys are missing or malformed.',
  badChoice: 'Tick the box or leave it empty.',
} as const;

export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  requests: 'New requests',
  replies: 'Customers’ questions and replies',
  acceptances: 'Acceptances',
  failures: 'Messages that failed to send',
};

const base64url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), message);

/** A browser's subscription as `PushSubscription.toJSON()` gives it (the endpoint checked by the server). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: NOTIFICATIONS_TEXT.badEndpoint })
    .min(1, NOTIFICATIONS_TEXT.badEndpoint)
    .max(2000, NOTIFICATIONS_TEXT.badEndpoint),
  keys: z.object(
    {
      // an uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291)
      p256dh: base64url(65, NOTIFICATIONS_TEXT.badKeys),
      auth: base64url(16, NOTIFICATIONS_TEXT.badKeys),
    },
    { error: NOTIFICATIONS_TEXT.badKeys },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The choices: each kind on or off (all off is a choice too). */
export const pushChoicesSchema = z.object(
  Object.fromEntries(
    PUSH_KINDS.map((kind) => [kind, z.boolean({ error: NOTIFICATIONS_TEXT.badChoice })]),
  ) as Record<PushKind, z.ZodBoolean>,
);
export type PushChoices = z.infer<typeof pushChoicesSchema>;

/** What the section shows. */
export type NotificationsState = {
  /** the server's VAPID public key, base64url: the browser's `applicationServerKey` */
  publicKey: string;
  /** whether this session has a subscription */
  here: boolean;
  /** how many of the person's other sessions have one */
  elsewhere: number;
  kinds: PushKind[];
};
