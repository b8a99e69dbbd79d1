/**
 * This browser's push subscription (issue 51 item 4, decision 0205): made when a person turns
 * notifications on, kept by the server for that session. A session ends (signing out, the idle
 * limit, the weekly expiry) and its subscription with it, while the browser keeps its own and its
 * permission: when the same person opens the back office again, `reattachHere` gives it to the new
 * session, so notifications do not stop without anyone choosing it. The person it belongs to is
 * kept beside it (a shared computer: someone else's session never takes it); turning them off here
 * forgets both.
 */
import { adminApi, rememberLogin } from '#app/components/admin/admin-api.ts';
import { REQUEST_FORM_ISLAND } from '#app/components/request/island.ts';

/** localStorage: the username whose notifications this browser's subscription carries */
const OWNER_KEY = 'phmb:push:username';

/** The key as the browser's `applicationServerKey` takes it: the bytes of the base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** Turns notifications on in this browser: permission, subscription, then the server keeps it. */
export async function subscribeHere(publicKey: string, token: string, username: string): Promise<void> {
  const registration = await navigator.serviceWorker.register(REQUEST_FORM_ISLAND.serviceWorker, {
    scope: '/',
  });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  rememberLogin(token);
  await adminApi.push.subscribe(subscription.toJSON());
  remember(username);
}

/** Forgets this browser's subscription (the server's is removed by the form). */
export async function unsubscribeHere(): Promise<void> {
  remember(null);
  const registration = await navigator.serviceWorker?.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function remember(username: string | null) {
  try {
    if (username === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, username);
  } catch {
    // storage off: notifications stop with the session, as the server alone would have it
  }
}

/**
 * At a back-office visit: this browser has a subscription its person turned on, permission still
 * given, and `here` is this person's session: the server keeps it for this session (the same
 * endpoint moves). Quiet about failures: the next visit tries again.
 */
export async function reattachHere(username: string): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return;
  let owner: string | null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
  } catch {
    return;
  }
  if (owner !== username) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await adminApi.push.subscribe(subscription.toJSON());
}
