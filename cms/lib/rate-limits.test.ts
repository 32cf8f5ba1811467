import type { Options } from 'express-rate-limit';
import { describe, expect, it } from 'vitest';
import { BoundedMemoryStore } from './rate-limits';

const MINUTE = 60_000;

/** A store of `maxClients` with a one-minute window, on a clock the test moves by hand. */
function clockedStore(maxClients: number) {
  const clock = { now: 1_000_000 };
  const store = new BoundedMemoryStore(maxClients, () => clock.now);
  store.init({ windowMs: MINUTE } as Options);
  return { clock, store };
}

describe('BoundedMemoryStore', () => {
  it('when hits fall in one window, then they add up, and once it has passed the count starts again', async () => {
    const { clock, store } = clockedStore(10);
    expect((await store.increment('203.0.113.1')).totalHits).toBe(1);
    clock.now += 30_000;
    expect((await store.increment('203.0.113.1')).totalHits).toBe(2);
    await store.decrement('203.0.113.1');
    expect((await store.get('203.0.113.1'))?.totalHits).toBe(1);
    clock.now += 30_000;
    expect(await store.get('203.0.113.1')).toBeUndefined();
    expect((await store.increment('203.0.113.1')).totalHits).toBe(1);
  });

  it('when a flood of new addresses arrives, then the addresses counted least recently go, and one that keeps sending keeps its count', async () => {
    const { store } = clockedStore(100);
    await store.increment('203.0.113.9');
    await store.increment('198.51.100.1');
    for (let i = 0; i < 10_000; i++) {
      await store.increment(`2001:db8:${i.toString(16)}::`);
      if (i % 50 === 0) await store.increment('198.51.100.1');
    }
    // Counted on every 50th request of the flood: never among the 100 least recent.
    expect((await store.get('198.51.100.1'))?.totalHits).toBe(201);
    expect(await store.get('203.0.113.9')).toBeUndefined();
    expect(await store.get('2001:db8:0::')).toBeUndefined();
    expect((await store.get('2001:db8:270f::'))?.totalHits).toBe(1);
  });
});
