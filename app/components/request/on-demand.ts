/**
 * A part of the request form fetched when it is first wanted, not with the page (decision 0116):
 * `load()` fetches it once and resolves with it; `current` is the module once it is there, so a
 * render can use it without suspending. A failed fetch (a dropped connection) is tried again at
 * the next `load()`.
 */
export type OnDemand<T> = {
  load: () => Promise<T>;
  /** load() ahead of need: a failure is left for the load() that needs it to report */
  preload: () => void;
  readonly current: T | undefined;
};

export function onDemand<T>(fetchModule: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const load = () =>
    (loading ??= fetchModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    load,
    preload: () => void load().catch(() => undefined),
    get current() {
      return loaded;
    },
  };
}
