import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary, type RedisServer, startRedis } from '../test/cluster';
import { uid } from '../test/harness';
import { type LeaseStore, RedisLeaseStore, runUnderLease } from './leases';

const binary = findBinary('redis-server');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const quiet = { info: () => undefined, warn: () => undefined };

describe.skipIf(!binary)(binary ? 'leases in Redis' : 'leases in Redis (SKIPPED: redis-server not installed)', () => {
  let redis: RedisServer;
  let clients: ReturnType<typeof createClient>[] = [];
  const client = async () => {
    const c: ReturnType<typeof createClient> = createClient({ url: redis.url, disableOfflineQueue: true });
    await c.connect();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    redis = await startRedis(binary!);
  });
  afterAll(async () => {
    for (const c of clients) if (c.isOpen) await c.close();
    clients = [];
    await redis?.stop();
  });

  it('when a lease is held, then only its holder renews or releases it, and another takes it once it lapses', async () => {
    const store = new RedisLeaseStore(await client());
    const name = `job-${uid()}`;
    expect(await store.acquire(name, 'a', 200)).toBe(true);
    expect(await store.acquire(name, 'b', 200)).toBe(false);
    expect(await store.renew(name, 'b', 200)).toBe(false);
    await store.release(name, 'b');
    expect(await store.holder(name)).toBe('a');
    // Acquiring what one holds already extends it.
    expect(await store.acquire(name, 'a', 200)).toBe(true);
    expect(await store.renew(name, 'a', 200)).toBe(true);
    await sleep(300);
    expect(await store.renew(name, 'a', 200)).toBe(false);
    expect(await store.acquire(name, 'b', 200)).toBe(true);
    expect(await store.holder(name)).toBe('b');
    await store.release(name, 'b');
    expect(await store.holder(name)).toBe(null);
  });

  it('when two instances race for a free lease 20 times over, then exactly one gets it each time', async () => {
    const [one, two] = [new RedisLeaseStore(await client()), new RedisLeaseStore(await client())];
    for (let i = 0; i < 20; i++) {
      const name = `race-${uid()}`;
      const won = await Promise.all([one.acquire(name, 'a', 5_000), two.acquire(name, 'b', 5_000)]);
      expect(won.filter(Boolean).length).toBe(1);
    }
  });

  it('when the instance running the work dies, then the other starts it after the lease lapses, and never both at once', async () => {
    const name = `work-${uid()}`;
    const running = new Set<string>();
    let overlap = false;
    const runner = (owner: string, store: LeaseStore) =>
      runUnderLease(
        name,
        () => {
          if (running.size > 0) overlap = true;
          running.add(owner);
          return () => running.delete(owner);
        },
        { store, owner, ttlMs: 300, renewMs: 100, log: quiet },
      );
    const clientA = await client();
    const stopA = runner('a', new RedisLeaseStore(clientA));
    await until('a to run the work', () => running.has('a'));
    const stopB = runner('b', new RedisLeaseStore(await client()));
    await sleep(400);
    expect([...running]).toEqual(['a']);

    // "a" dies: its connection is gone, it renews no more (and, failing to, stops its work).
    clientA.destroy();
    await until('b to take over', () => running.has('b'));
    expect([...running]).toEqual(['b']);
    expect(overlap).toBe(false);
    await stopA();
    await stopB();
    expect(running.size).toBe(0);
  });

  it('when the holder stops cleanly, then it releases the lease and the other takes it at its next try', async () => {
    const name = `handover-${uid()}`;
    const store = new RedisLeaseStore(await client());
    const log: string[] = [];
    const logger = { info: (m: string) => log.push(m), warn: (m: string) => log.push(m) };
    const started: string[] = [];
    const options = (owner: string) => ({ store, owner, ttlMs: 60_000, renewMs: 50, log: logger });
    const stopA = runUnderLease(name, () => (started.push('a'), () => undefined), options('a'));
    await until('a to hold it', () => started.includes('a'));
    const stopB = runUnderLease(name, () => (started.push('b'), () => undefined), options('b'));
    await stopA();
    // Well before the 60 s lease would lapse on its own.
    await until('b to take it', () => started.includes('b'), 2_000);
    expect(await store.holder(name)).toBe('b');
    expect(log).toContain(`lease ${name} taken by instance a`);
    expect(log).toContain(`lease ${name} lost by instance a (shutting down)`);
    expect(log).toContain(`lease ${name} taken by instance b`);
    await stopB();
    expect(await store.holder(name)).toBe(null);
  });
});
