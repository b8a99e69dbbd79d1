/**
 * The service worker's types the DOM library lacks, in one place for app/sw: the project
 * type-checks with one set of libraries (tsconfig.json), and the worker's own ("WebWorker") cannot
 * sit beside the DOM's. Only what app/sw uses, and only its shape, so a test can hand the worker's
 * functions plain objects (app/sw/push.test.ts).
 */
export type ExtendableEvent = { waitUntil(promise: Promise<unknown>): void };
export type FetchEvent = ExtendableEvent & {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
};
export type SyncEvent = ExtendableEvent & { readonly tag: string };
export type PushEvent = ExtendableEvent & { readonly data: { json(): unknown; text(): string } | null };
export type NotificationEvent = ExtendableEvent & { readonly notification: { data: unknown; close(): void } };
export type WindowClient = {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
};
export type Clients = {
  claim(): Promise<void>;
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<unknown>;
};
export type WorkerScope = {
  readonly clients: Clients;
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};
