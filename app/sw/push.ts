/**
 * The service worker's part for staff notifications (issue 51 item 4, decision 0205), wired into the
 * site's one worker `/sw.js` (scope `/`): `showPush` for its `push` event shows what the server
 * sent (`{ title, body, url, tag }`, built by app/modules/messages/push-lines.ts), and `openPush`
 * for `notificationclick` focuses a back-office window already at that address, else opens it.
 *
 * The worker's types are app/sw/worker-types.ts's.
 */
import type { PushPayload } from '#app/modules/messages/push-lines.ts';
import { APP_ICONS } from '#app/modules/site/app-manifest.ts';
import type { Clients, NotificationEvent, PushEvent } from './worker-types.ts';

/** The parts of the worker's global scope these use. */
export type PushWorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag: string; data: { url: string }; icon?: string; badge?: string },
    ): Promise<void>;
  };
  clients: Pick<Clients, 'matchAll' | 'openWindow'>;
};

const FALLBACK_URL = '/admin/inbox';
const ICON = APP_ICONS[0].src;

/** The payload, whatever arrived: a notification shows even when its data could not be read. */
function payloadOf(event: PushEvent, scope: PushWorkerScope): PushPayload {
  let data: Partial<PushPayload>;
  try {
    data = (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    data = { body: event.data?.text() };
  }
  return {
    title: typeof data.title === 'string' ? data.title : 'Back office',
    body: typeof data.body === 'string' ? data.body : '',
    url: sameOriginPath(data.url, scope) ?? FALLBACK_URL,
    tag: typeof data.tag === 'string' ? data.tag : 'staff',
  };
}

/** A back-office path on this site, or undefined: a notification never opens another site. */
function sameOriginPath(url: unknown, scope: PushWorkerScope): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const target = new URL(url, scope.location.origin);
    if (target.origin !== scope.location.origin || !target.pathname.startsWith('/admin')) return undefined;
    return target.pathname + target.search;
  } catch {
    return undefined;
  }
}

/** The `push` event: shows the notification (one per tag: a newer one replaces it). */
export function showPush(event: PushEvent, scope: PushWorkerScope = self as unknown as PushWorkerScope) {
  const payload = payloadOf(event, scope);
  event.waitUntil(
    scope.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: ICON,
      badge: ICON,
      data: { url: payload.url },
    }),
  );
}

/** The `notificationclick` event: a window already at that address is focused, else one is opened. */
export function openPush(
  event: NotificationEvent,
  scope: PushWorkerScope = self as unknown as PushWorkerScope,
) {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = sameOriginPath(data?.url, scope) ?? FALLBACK_URL;
  const target = new URL(path, scope.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      // a back-office window elsewhere: brought there rather than a second one opened
      const other = windows.find((w) => new URL(w.url).pathname.startsWith('/admin') && w.navigate);
      if (other?.navigate) {
        try {
          await other.navigate(target);
          return await other.focus();
        } catch {
          // a window this worker does not control cannot be navigated: a new one opens instead
        }
      }
      return scope.clients.openWindow(target);
    })(),
  );
}
