/**
 * Requests kept on the phone until they can be sent (issue 51 items 1 and 2, decision 0208). A
 * request the customer submitted with no signal (or whose upload failed) is stored in IndexedDB
 * with its photos, already shrunk for upload, under the key the phone made when it was first
 * submitted; the same key goes with every attempt in the `Idempotency-Key` header, so however many
 * times it is sent (two tabs, the service worker, a retry after a lost answer) the server makes one
 * lead and answers each attempt with it (decision 0207). A request is kept from before its first
 * byte goes (state 'sending', under its own lock while the form sends it): a page closed or killed
 * in the middle of an upload leaves it waiting for the next sender.
 *
 * The page (request-form.tsx) and the service worker (app/sw/service-worker.ts) both use this file,
 * so it imports nothing but the key's header name: the worker is built from it on its own.
 */
import { IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';

export type SavedPhoto = { blob: Blob; name: string };

export type SavedRequest = {
  /** the request's key: made once, when the customer first pressed Submit */
  key: string;
  /** when it was saved (the phone's clock): the list's order */
  savedAt: number;
  /** the form's fields, as sent */
  fields: [string, string][];
  photos: SavedPhoto[];
  /** what the customer sees in the list: the part and what it is for */
  summary: string;
  /**
   * being sent by the form that made it (shown nowhere; once that sender is gone, read as
   * waiting); waiting to go; sent (with the server's answer); refused by the server (its words)
   */
  state: 'sending' | 'waiting' | 'sent' | 'refused';
  caseNumber?: string;
  reply?: string;
  message?: string;
};

const DB_NAME = 'phmb-requests';
const STORE = 'requests';
/** The lock that makes one tab (or the worker) at a time send; the others then find them sent. */
const LOCK = 'phmb-send-saved-requests';
/** Each request's own lock, held by whoever is sending it (the form's first send included). */
const requestLock = (key: string) => `${LOCK}:${key}`;
/** An upload that has not finished in this long is given up, for a later try (it holds the lock). */
const SEND_LIMIT_MS = 5 * 60_000;

const locks = () => (globalThis.navigator as Navigator | undefined)?.locks;
/** Open pages hear here when a saved request changed (sent by another tab or the worker). */
export const SAVED_CHANNEL = 'phmb-saved-requests';
/** The browser's background sync tag (Chrome and Android; elsewhere the page and visits send). */
export const SYNC_TAG = 'send-saved-requests';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

/** One transaction on the store; resolves with what `work` asked for once the transaction is done. */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

const announce = () => {
  try {
    const channel = new BroadcastChannel(SAVED_CHANNEL);
    channel.postMessage('changed');
    channel.close();
  } catch {
    // no BroadcastChannel: open pages find out at their next look
  }
};

/** Keeps a request on the phone (rejects when the phone will not store it: private mode, full). */
export async function saveRequest(request: SavedRequest): Promise<void> {
  await inStore('readwrite', (store) => store.put(request));
  announce();
}

/** The requests' locks held now, in every tab and the worker (undefined: no Web Locks here). */
async function heldLocks(): Promise<Set<string> | undefined> {
  const held = await locks()
    ?.query()
    .catch(() => undefined);
  return held && new Set((held.held ?? []).flatMap((lock) => lock.name ?? []));
}

/**
 * The requests kept on this phone, oldest first. One being sent whose sender is gone (its page
 * closed mid-upload: its lock was let go; without Web Locks, its send time is up) is waiting.
 */
export async function listSaved(): Promise<SavedRequest[]> {
  const all = await inStore('readonly', (store) => store.getAll() as IDBRequest<SavedRequest[]>);
  const held = all.some((r) => r.state === 'sending') ? await heldLocks() : undefined;
  const gone = (r: SavedRequest) =>
    held ? !held.has(requestLock(r.key)) : Date.now() - r.savedAt > SEND_LIMIT_MS;
  return all
    .map((r) => (r.state === 'sending' && gone(r) ? { ...r, state: 'waiting' as const } : r))
    .sort((a, b) => a.savedAt - b.savedAt);
}

/**
 * The form's own send of a new request: kept on the phone first (state 'sending', under the
 * request's lock for as long as `send` runs), so a page closed in the middle of the upload leaves
 * it waiting for the next sender. Sent, or refused as it is (`later(err)` false), it leaves the
 * phone; a phone that will not keep it sends it all the same.
 */
export async function sendKeeping<T>(
  request: Omit<SavedRequest, 'savedAt' | 'state'>,
  send: () => Promise<T>,
  later: (err: unknown) => boolean,
): Promise<T> {
  const run = async () => {
    const kept = await saveRequest({ ...request, savedAt: Date.now(), state: 'sending' }).then(
      () => true,
      () => false,
    );
    const leave = () => (kept ? forgetSaved(request.key).catch(() => undefined) : undefined);
    try {
      const result = await send();
      await leave();
      return result;
    } catch (err) {
      if (!later(err)) await leave();
      throw err;
    }
  };
  const manager = locks();
  return manager ? manager.request(requestLock(request.key), run) : run();
}

/** Removes a kept request (the customer deleted it, or saw it sent). */
export async function forgetSaved(key: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(key));
  announce();
}

type Attempt =
  | { outcome: 'sent'; caseNumber: string; reply?: string }
  | { outcome: 'refused'; message: string }
  | { outcome: 'later' };

/**
 * What an answer to POST /api/leads means for a kept request: a case number is sent; our API's
 * refusal of the request itself (a 4xx with its words, other than 408, 409 'being answered' and
 * 429) is final; anything else (no answer, a timeout, a busy or failing server, a network's own
 * login page or proxy answering for us) is for later.
 */
export function readAnswer(status: number, body: unknown): Attempt {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (status >= 200 && status < 300 && typeof data.caseNumber === 'string') {
    return {
      outcome: 'sent',
      caseNumber: data.caseNumber,
      reply: typeof data.reply === 'string' ? data.reply : undefined,
    };
  }
  const ours = typeof data.message === 'string' && data.message !== '';
  if (ours && status >= 400 && status < 500 && ![408, 409, 429].includes(status)) {
    return { outcome: 'refused', message: data.message as string };
  }
  return { outcome: 'later' };
}

/** Writes what a send found, unless the request was deleted meanwhile (it stays deleted). */
async function settle(key: string, found: Partial<SavedRequest>): Promise<void> {
  await inStore('readwrite', (store) => {
    const read = store.get(key) as IDBRequest<SavedRequest | undefined>;
    read.onsuccess = () => {
      if (read.result) store.put({ ...read.result, ...found });
    };
    return read;
  });
  announce();
}

async function attempt(request: SavedRequest): Promise<Attempt> {
  const body = new FormData();
  for (const [name, value] of request.fields) body.append(name, value);
  for (const photo of request.photos) body.append('photos', photo.blob, photo.name);
  let response: Response;
  try {
    response = await fetch('/api/leads', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [IDEMPOTENCY_HEADER]: request.key },
      signal: AbortSignal.timeout(SEND_LIMIT_MS),
    });
  } catch {
    return { outcome: 'later' };
  }
  const data: unknown = await response.json().catch(() => undefined);
  return readAnswer(response.status, data);
}

/**
 * Sends every kept request that waits, one sender at a time across tabs and the worker (the Web
 * Locks API where there is one; without it the key still makes one lead of two sends). Returns how
 * many still wait afterwards.
 */
export async function sendSaved(): Promise<number> {
  const manager = locks();
  /** Sends one, unless another sender has it now (then it is not this run's to count). */
  const sendOne = async (listed: SavedRequest): Promise<boolean> => {
    // read again under its lock: its sender may have just sent it, or the customer deleted it
    const request = await inStore('readonly', (store) => store.get(listed.key) as IDBRequest<SavedRequest>);
    if (request?.state !== 'waiting' && request?.state !== 'sending') return false;
    const result = await attempt(request);
    if (result.outcome === 'later') return true;
    const { outcome, ...answer } = result;
    // once sent, only the case number is worth keeping (the photos are the server's now)
    const kept = outcome === 'sent' ? { fields: [], photos: [] } : {};
    await settle(request.key, { ...answer, ...kept, state: outcome });
    return false;
  };
  const run = async () => {
    let waiting = 0;
    // read again inside the lock: another sender may have sent them meanwhile
    for (const request of await listSaved()) {
      if (request.state !== 'waiting') continue;
      const stillWaiting = manager
        ? await manager.request(requestLock(request.key), { ifAvailable: true }, (lock) =>
            lock ? sendOne(request) : false,
          )
        : await sendOne(request);
      if (stillWaiting) waiting++;
    }
    return waiting;
  };
  return manager ? manager.request(LOCK, run) : run();
}
