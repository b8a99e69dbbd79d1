/**
 * A small promise memo for data many requests ask for and few writes change (the public catalog
 * listings, their counts, the cities): a value is kept for `ttlMs`, concurrent misses of one key
 * share one load, a failed load is not kept, and at most `maxEntries` keys are held (the oldest
 * goes first: with one TTL for all, that is also the one closest to expiring). Writers call
 * `clear()` or `delete(key)`; a change made elsewhere (another process) can call them too.
 * The clock is injectable so tests can move time instead of waiting.
 */

export type MemoOptions = {
  ttlMs: number;
  maxEntries: number;
  /** milliseconds from any fixed origin; monotonic by default */
  clock?: () => number;
};

export type Memo<V> = {
  /** The memoized value of `key`, or `load()`'s (then kept until it expires, unless it fails). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
};

export function createMemo<V>({ ttlMs, maxEntries, clock = () => performance.now() }: MemoOptions): Memo<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      const now = clock();
      // a clock that went back (a wall clock set back) counts as expired, never as young
      if (hit && now >= hit.at && now - hit.at < ttlMs) return hit.value;
      const value = load();
      // re-inserted, so the Map's order stays the order of age
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry = { at: now, value };
      entries.set(key, entry);
      // forget a failure, unless the key has been loaded anew meanwhile
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
