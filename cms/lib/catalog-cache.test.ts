import { afterEach, describe, expect, it } from 'vitest';
import {
  approximateBytes,
  CATALOG_CACHE_BYTES,
  cached,
  cachedNow,
  catalogCacheSize,
  invalidateCatalogCache,
} from './catalog-cache';

const MIB = 1024 * 1024;
/** A value the estimate weighs at 1 MiB: a string of 1 MiB less its 16 bytes of overhead. */
const oneMiB = (fill: string) => fill.repeat(MIB - 16);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => invalidateCatalogCache());

describe('catalogue cache bounds', () => {
  it('when a value is weighed, then strings count their length plus 16 and buffers their bytes plus 64', () => {
    expect(approximateBytes('abcd')).toBe(20);
    expect(approximateBytes(Buffer.alloc(1000))).toBe(1064);
    // 32 for the object, 16 + 1 for the key "a", 16 + 2 for the value "xy".
    expect(approximateBytes({ a: 'xy' })).toBe(67);
  });

  it('when 40 values of 1 MiB are cached, then it holds 16 MiB at most, and the least recently read go first', async () => {
    expect(CATALOG_CACHE_BYTES).toBe(16 * MIB);
    await cached('kept', async () => oneMiB('k'));
    for (let i = 0; i < 40; i++) {
      await cached(`page-${i}`, async () => oneMiB(String(i % 10)));
      await flush();
      // Read on every round, "kept" stays among the most recent.
      await cached('kept', async () => 'loaded again');
    }
    expect(catalogCacheSize().bytes).toBeLessThanOrEqual(16 * MIB);
    expect(catalogCacheSize().entries).toBe(16);
    expect(await cached('kept', async () => 'loaded again')).toBe(oneMiB('k'));
    let loads = 0;
    await cached('page-0', async () => ++loads);
    expect(loads).toBe(1);
  });

  it('when a load fails, then the next read loads again', async () => {
    await expect(cached('failing', () => Promise.reject(new Error('database busy')))).rejects.toThrow('database busy');
    await flush();
    expect(await cached('failing', async () => 'loaded')).toBe('loaded');
  });
});

describe('answering at once from the catalogue cache', () => {
  it('when a value is loading, loaded, then the catalogue changes, then cachedNow has nothing, the value, nothing', async () => {
    let finish: (value: string) => void = () => undefined;
    const loading = cached('now', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cachedNow('now')).toBeUndefined();
    finish('olive oil');
    await loading;
    expect(cachedNow('now')).toBe('olive oil');
    expect(cachedNow('never loaded')).toBeUndefined();
    await invalidateCatalogCache();
    expect(cachedNow('now')).toBeUndefined();
  });
});
