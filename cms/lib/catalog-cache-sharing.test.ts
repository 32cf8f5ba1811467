import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary, type RedisServer, startRedis } from '../test/cluster';
import {
  CATALOG_INVALIDATION_CHANNEL,
  cached,
  invalidateCatalogCache,
  shareCatalogInvalidation,
} from './catalog-cache';

const binary = findBinary('redis-server');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** How many times the loader ran: a cached read does not run it. */
function counter() {
  let loads = 0;
  return { read: () => cached('catalogue-page', async () => ++loads), loads: () => loads };
}

describe.skipIf(!binary)(
  binary ? 'catalogue cache shared through Redis' : 'catalogue cache shared (SKIPPED: redis-server not installed)',
  () => {
    let redis: RedisServer;
    const clients: ReturnType<typeof createClient>[] = [];
    let commands: ReturnType<typeof createClient>;
    let subscriber: ReturnType<typeof createClient>;
    let otherInstance: ReturnType<typeof createClient>;
    let stopSharing: () => void;
    const received: string[] = [];

    const client = async () => {
      const c: ReturnType<typeof createClient> = createClient({ url: redis.url, disableOfflineQueue: true });
      c.on('error', () => undefined);
      await c.connect();
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      redis = await startRedis(binary!);
      [commands, subscriber, otherInstance] = [await client(), await client(), await client()];
      stopSharing = await shareCatalogInvalidation(commands, subscriber, 'this-instance', () => undefined);
      const listener = await client();
      await listener.subscribe(CATALOG_INVALIDATION_CHANNEL, (sender) => received.push(sender));
    });
    afterAll(async () => {
      stopSharing?.();
      for (const c of clients) if (c.isOpen) await c.close().catch(() => c.destroy());
      await redis?.stop();
    });

    it('when another instance announces a change, then this one drops its copy; its own echo does not', async () => {
      await invalidateCatalogCache();
      const page = counter();
      expect(await page.read()).toBe(1);
      expect(await page.read()).toBe(1);

      await otherInstance.publish(CATALOG_INVALIDATION_CHANNEL, 'this-instance');
      await sleep(100);
      expect(await page.read()).toBe(1);

      await otherInstance.publish(CATALOG_INVALIDATION_CHANNEL, 'other-instance');
      await sleep(100);
      expect(await page.read()).toBe(2);
    });

    it('when this instance changes the catalogue, then the other instances are told, naming this one as the sender', async () => {
      received.length = 0;
      await invalidateCatalogCache();
      await until('the announcement', () => received.length === 1);
      expect(received).toEqual(['this-instance']);
    });

    it('when the subscription is down, then the cache is bypassed, and once it is back it is used again from empty', async () => {
      await invalidateCatalogCache();
      const page = counter();
      expect(await page.read()).toBe(1);
      expect(await page.read()).toBe(1);

      // Redis restarts: while it is away nothing another instance announces can arrive.
      await redis.stop();
      await until('the subscriber to notice', () => !subscriber.isReady);
      expect(await page.read()).toBe(2);
      expect(await page.read()).toBe(3);

      redis = await startRedis(binary!, redis.port);
      await until('the subscriber to be back', () => subscriber.isReady);
      await sleep(50);
      expect(await page.read()).toBe(4);
      expect(await page.read()).toBe(4);
    }, 20_000);
  },
);
