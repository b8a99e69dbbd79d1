/**
 * The few service-worker types the DOM library lacks: the project type-checks with one set of
 * libraries (tsconfig.json), and the worker's own ("WebWorker") cannot sit beside the DOM's. Only
 * what app/sw uses is declared.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
export interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
export interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
export interface Clients {
  claim(): Promise<void>;
  matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
}
export interface WorkerScope {
  readonly clients: Clients;
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
