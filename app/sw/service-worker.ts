/**
 * The site's one service worker, /sw.js, scope / (decision 0208). It does three things and
 * nothing else:
 * - keeps the request page and everything its form needs on the phone, so a customer who opened
 *   /find-my-part once can open it and fill it in with no signal: the page itself network first
 *   (a few seconds' wait, then the kept copy), its hashed scripts and styles from the phone;
 * - sends requests kept on the phone (saved-requests.ts) at any visit to the site and through the
 *   browser's background sync where it has one;
 * - shows staff notifications and opens what they are about when tapped (push.ts, decision 0205).
 * Every other request goes to the network as if there were no worker. A new build's worker has a
 * new list (vite.config.ts puts it in, `__SW_BUILD__`), takes over at once and drops the old
 * copies, so a deploy never leaves a stale form on a phone.
 */
import { sendSaved, SYNC_TAG } from '#app/components/request/saved-requests.ts';
import { openPush, showPush } from './push.ts';
import type { FetchEvent, WorkerScope } from './worker-types.ts';

/** Written by the build: a name for this build's copies, and the files the form needs. */
declare const __SW_BUILD__: { version: string; precache: readonly string[] };

const worker = self as unknown as WorkerScope;
const { version, precache } = __SW_BUILD__;
const PAGE = '/find-my-part';
const CACHE_PREFIX = 'find-my-part-';
const CACHE = `${CACHE_PREFIX}${version}`;
const KEPT = new Set(precache);
/** How long the request page may take from the network before the phone's copy is shown. */
const NETWORK_WAIT_MS = 4000;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // the page asked again of the server, not the browser's cache (a new build's worker must not
      // keep the old build's page), but with its ETag: unchanged, it costs a 304
      await cache.addAll([...precache, new Request(PAGE, { cache: 'no-cache' })]);
      // the old worker's pages switch to this build's files at their next load
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // the page that installed the worker is served by it from now on (its form's later scripts)
      await worker.clients.claim();
    })(),
  );
});

let sending: Promise<number> | undefined;
/** Sends what is kept, one run at a time in this worker (saved-requests.ts locks across tabs). */
const sendKept = () =>
  (sending ??= sendSaved()
    .catch(() => 1)
    .finally(() => (sending = undefined)));

worker.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    // any visit to the site is a moment with signal: a kept request goes out now
    event.waitUntil(sendKept());
    if (url.pathname === PAGE) event.respondWith(requestPage(request));
    return;
  }
  if (KEPT.has(url.pathname)) event.respondWith(keptFile(request));
});

worker.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  // rejected while some still wait: the browser tries again later, with its own back-off
  event.waitUntil(
    sendKept().then((waiting) => {
      if (waiting) throw new Error(`${waiting} kept request(s) still waiting`);
    }),
  );
});

/** The request page: the network's, kept for next time; the phone's copy when there is no answer soon. */
async function requestPage(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(PAGE, response.clone());
    return response;
  });
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_WAIT_MS));
  const first = await Promise.race([network, late]).catch(() => undefined);
  if (first?.ok) return first;
  const kept = await cache.match(PAGE);
  // nothing kept (or the network's own answer is all there is): as if there were no worker
  return kept ?? first ?? network;
}

/** A file of this build: hashed, so the phone's copy is the network's, byte for byte. */
async function keptFile(request: Request): Promise<Response> {
  const kept = await (await caches.open(CACHE)).match(request);
  return kept ?? fetch(request);
}

worker.addEventListener('push', (event) => showPush(event));
worker.addEventListener('notificationclick', (event) => openPush(event));
