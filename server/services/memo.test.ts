/** The memo's promises, on a clock the test moves by hand. */
import { describe, expect, it } from 'vitest';
import { createMemo } from './memo.ts';

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 1_000;
  const memo = createMemo<string>({ ttlMs: 30_000, maxEntries: 3, ...options, clock: () => time });
  const loads: string[] = [];
  const loader =
    (key: string, value = `${key}@${time}`) =>
    () => {
      loads.push(key);
      return Promise.resolve(value);
    };
  return { memo, loads, loader, advance: (ms: number) => (time += ms) };
}

describe('createMemo', () => {
  it('keeps a value for its TTL and loads it again after', async () => {
    const { memo, loads, loader, advance } = setup();
    const first = memo.get('a', loader('a'));
    expect(memo.get('a', loader('a'))).toBe(first);
    advance(29_999);
    expect(await memo.get('a', loader('a'))).toBe('a@1000');
    advance(1);
    expect(await memo.get('a', loader('a'))).toBe('a@31000');
    expect(loads).toEqual(['a', 'a']);
  });

  it('loads again when the clock went back, instead of keeping the value until it catches up', async () => {
    const { memo, loads, loader, advance } = setup();
    await memo.get('a', loader('a'));
    advance(-3_600_000);
    expect(await memo.get('a', loader('a'))).toBe('a@-3599000');
    expect(loads).toEqual(['a', 'a']);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const { memo } = setup();
    let calls = 0;
    let release!: (value: string) => void;
    const slow = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([memo.get('k', slow), memo.get('k', slow)]);
    release('v');
    expect(await both).toEqual(['v', 'v']);
    expect(calls).toBe(1);
  });

  it('does not keep a failed load: callers see the error, the next call loads again', async () => {
    const { memo, loader } = setup();
    await expect(memo.get('a', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(memo.size).toBe(0);
    expect(await memo.get('a', loader('a', 'back'))).toBe('back');
  });

  it('a failure does not remove a value loaded anew after a clear', async () => {
    const { memo, loader } = setup();
    let fail!: (err: Error) => void;
    const failing = memo.get('a', () => new Promise<string>((_, reject) => (fail = reject)));
    memo.clear();
    const fresh = memo.get('a', loader('a', 'fresh'));
    fail(new Error('late failure'));
    await expect(failing).rejects.toThrow('late failure');
    expect(memo.get('a', loader('a', 'other'))).toBe(fresh);
    expect(await fresh).toBe('fresh');
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const { memo, loads, loader, advance } = setup({ maxEntries: 2 });
    await memo.get('a', loader('a'));
    advance(10);
    await memo.get('b', loader('b'));
    advance(10);
    await memo.get('c', loader('c'));
    expect(memo.size).toBe(2);
    await memo.get('b', loader('b'));
    await memo.get('c', loader('c'));
    await memo.get('a', loader('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('an expired key loaded again counts as new, not as the oldest', async () => {
    const { memo, loads, loader, advance } = setup({ maxEntries: 2, ttlMs: 100 });
    await memo.get('a', loader('a'));
    advance(50);
    await memo.get('b', loader('b'));
    advance(60); // a expired, b not
    await memo.get('a', loader('a'));
    await memo.get('c', loader('c')); // drops b, the oldest now
    await memo.get('a', loader('a'));
    expect(loads).toEqual(['a', 'b', 'a', 'c']);
  });

  it('clear() and delete() forget what they are told to', async () => {
    const { memo, loads, loader } = setup();
    await memo.get('a', loader('a'));
    await memo.get('b', loader('b'));
    memo.delete('a');
    await memo.get('a', loader('a'));
    await memo.get('b', loader('b'));
    memo.clear();
    expect(memo.size).toBe(0);
    await memo.get('b', loader('b'));
    expect(loads).toEqual(['a', 'b', 'a', 'b']);
  });
});
