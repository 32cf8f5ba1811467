import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary, type RedisServer, startRedis } from '../../test/cluster';
import { uid } from '../../test/harness';
import { AuthThrottle, MemoryAttemptStore, RedisAttemptStore } from './throttle';

const binary = findBinary('redis-server');
const MINUTE = 60_000;

describe.skipIf(!binary)(
  binary ? 'RedisAttemptStore' : 'RedisAttemptStore (SKIPPED: redis-server not installed)',
  () => {
    let redis: RedisServer;
    let first: ReturnType<typeof createClient>;
    let second: ReturnType<typeof createClient>;

    beforeAll(async () => {
      redis = await startRedis(binary!);
      first = createClient({ url: redis.url });
      second = createClient({ url: redis.url });
      await Promise.all([first.connect(), second.connect()]);
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      await redis?.stop();
    });

    it('when two instances count the same key, then they share one count and one window', async () => {
      const key = `k-${uid()}`;
      const a = new RedisAttemptStore(first);
      const b = new RedisAttemptStore(second);
      expect(await a.increment(key, 10 * MINUTE)).toBe(1);
      expect(await b.increment(key, 10 * MINUTE)).toBe(2);
      expect(await a.increment(key, 10 * MINUTE)).toBe(3);
      expect(await b.count(key)).toBe(3);
      // The window starts with the first event and is not pushed back by later ones.
      const ttl = await first.pTTL(`throttle:${key}`);
      expect(ttl).toBeGreaterThan(9 * MINUTE);
      expect(ttl).toBeLessThanOrEqual(10 * MINUTE);
    });

    it('when 50 increments race from two clients, then none is lost', async () => {
      const key = `race-${uid()}`;
      const a = new RedisAttemptStore(first);
      const b = new RedisAttemptStore(second);
      const counts = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).increment(key, MINUTE)));
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await a.count(key)).toBe(50);
    });

    it('when an event is taken back, then the count drops by one, never below 0, and the window keeps its end', async () => {
      const key = `dec-${uid()}`;
      const store = new RedisAttemptStore(first);
      await store.increment(key, 5 * MINUTE);
      await store.increment(key, 5 * MINUTE);
      await store.decrement(key);
      expect(await store.count(key)).toBe(1);
      expect(await first.pTTL(`throttle:${key}`)).toBeGreaterThan(4 * MINUTE);
      await store.decrement(key);
      await store.decrement(key);
      expect(await store.count(key)).toBe(0);
      await store.decrement(`never-${uid()}`);
      expect(await store.count(`never-${uid()}`)).toBe(0);
      expect(await first.exists(`throttle:never-${uid()}`)).toBe(0);
    });

    it('when the window has passed, then the count starts at 1 again', async () => {
      const key = `short-${uid()}`;
      const store = new RedisAttemptStore(first);
      expect(await store.increment(key, 150)).toBe(1);
      expect(await store.increment(key, 150)).toBe(2);
      await new Promise((r) => setTimeout(r, 250));
      expect(await store.count(key)).toBe(0);
      expect(await store.increment(key, 150)).toBe(1);
    });

    it('when a key is reset, then its count is 0', async () => {
      const key = `reset-${uid()}`;
      const store = new RedisAttemptStore(first);
      await store.increment(key, MINUTE);
      await store.reset(key);
      expect(await store.count(key)).toBe(0);
    });

    it('when a flood of sign-ins is spread over two instances, then the sixth failure is refused as on one', async () => {
      const limits = { perAccount: 5, perAddress: 100, windowMs: 15 * MINUTE, resetMails: 1 };
      const prefix = `t-${uid()}:`;
      const instances = [
        new AuthThrottle(new RedisAttemptStore(first, undefined, prefix), limits),
        new AuthThrottle(new RedisAttemptStore(second, undefined, prefix), limits),
      ];
      const admitted: boolean[] = [];
      for (let i = 0; i < 8; i++) admitted.push(await instances[i % 2].admit('10.0.0.9', 'owner@shop.example'));
      expect(admitted).toEqual([true, true, true, true, true, false, false, false]);
    });

    it('when Redis cannot be reached, then counting goes on in the fallback store and one warning is given', async () => {
      const dead: ReturnType<typeof createClient> = createClient({ url: redis.url, disableOfflineQueue: true });
      await dead.connect();
      dead.destroy();
      const warnings: string[] = [];
      const fallback = new MemoryAttemptStore();
      const store = new RedisAttemptStore(dead, fallback, 'throttle:', (m) => warnings.push(m));
      expect(await store.increment('k', MINUTE)).toBe(1);
      expect(await store.increment('k', MINUTE)).toBe(2);
      expect(await fallback.count('k')).toBe(2);
      expect(warnings.length).toBe(1);
    });
  },
);
