/**
 * The request page's side of the requests kept on the phone (saved-requests.ts, decision 0208):
 * the list the page shows, keeping a new one, and sending what waits while the page is open: at
 * once, when the phone says it is back online, when another tab or the service worker changed
 * one, and on a back-off timer (the `online` event is not always told: a phone can have a network
 * with nothing behind it). The background sync, where the browser has it, sends it after the page
 * is closed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { REQUEST_FORM_ISLAND } from './island.ts';
import {
  forgetSaved,
  listSaved,
  SAVED_CHANNEL,
  saveRequest,
  sendSaved,
  SYNC_TAG,
  type SavedRequest,
} from './saved-requests.ts';

/** Waits between tries while the page is open: soon at first, then every five minutes. */
export const RETRY_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;

/** Tells the island's entry to start the form at the next visit while something is kept. */
function markSaved(any: boolean) {
  try {
    if (any) localStorage.setItem(REQUEST_FORM_ISLAND.savedKey, '1');
    else localStorage.removeItem(REQUEST_FORM_ISLAND.savedKey);
  } catch {
    // storage off: the next visit starts the form at the first touch instead
  }
}

/** Asks the browser to send it for us once there is signal, page open or not (where it can). */
function askForBackgroundSync() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (registration as { sync?: { register: (tag: string) => Promise<void> } }).sync;
      return sync?.register(SYNC_TAG);
    })
    .catch(() => undefined);
}

export function useSavedRequests() {
  const [saved, setSaved] = useState<readonly SavedRequest[]>([]);
  const [sendingNow, setSendingNow] = useState(false);
  const tries = useRef(0);

  const refresh = useCallback(async () => {
    try {
      const list = await listSaved();
      setSaved(list);
      markSaved(list.length > 0);
    } catch {
      // no IndexedDB here (a private window on some phones): nothing is kept, nothing to show
    }
  }, []);

  const sendNow = useCallback(async () => {
    setSendingNow(true);
    try {
      await sendSaved();
    } catch {
      // the store could not be read: the next try reads it again
    } finally {
      setSendingNow(false);
      await refresh();
    }
  }, [refresh]);

  /** Keeps a request on the phone and asks for it to be sent; rejects when the phone cannot keep it. */
  const keep = useCallback(
    async (request: Omit<SavedRequest, 'savedAt' | 'state'>) => {
      await saveRequest({ ...request, savedAt: Date.now(), state: 'waiting' });
      markSaved(true);
      tries.current = 0;
      askForBackgroundSync();
      await refresh();
    },
    [refresh],
  );

  const forget = useCallback(
    async (key: string) => {
      await forgetSaved(key).catch(() => undefined);
      await refresh();
    },
    [refresh],
  );

  // at the first look, anything waiting goes out at once: opening the page is a moment with signal
  useEffect(() => {
    let channel: BroadcastChannel | undefined;
    try {
      channel = new BroadcastChannel(SAVED_CHANNEL);
      channel.onmessage = () => void refresh();
    } catch {
      // no BroadcastChannel: the timer and the online event still look again
    }
    void listSaved()
      .then((list) => (list.some((r) => r.state === 'waiting') ? sendNow() : refresh()))
      .catch(() => undefined);
    return () => channel?.close();
  }, [refresh, sendNow]);

  const waiting = saved.filter((r) => r.state === 'waiting').length;
  useEffect(() => {
    if (!waiting) {
      tries.current = 0;
      return;
    }
    const online = () => {
      tries.current = 0;
      void sendNow();
    };
    const wait = RETRY_MS[Math.min(tries.current, RETRY_MS.length - 1)];
    const timer = setTimeout(() => {
      tries.current++;
      void sendNow();
    }, wait);
    addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      removeEventListener('online', online);
    };
    // `saved` too: each look (a new list) sets the next try
  }, [waiting, saved, sendNow]);

  // one the form is sending now is its own to show (its progress); kept only in case the page closes
  const shown = saved.filter((r) => r.state !== 'sending');
  return { saved: shown, sendingNow, keep, forget, sendNow };
}
