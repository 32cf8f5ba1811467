// Issue 13 figures, ratios within one run: GET /api/v2/products through nginx with one and with two instances
// behind it; a rate-limited endpoint with its counters in Redis against in this process's memory; and how long
// the reconciler lease took to reach the surviving instance after the holder was killed (SIGKILL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createClient } from 'redis';
import {
  clusterSecret,
  findBinary,
  type Instance,
  type Proxy,
  startInstance,
  startNginx,
  startRedis,
} from '../cms/test/cluster';
import { freePort } from '../cms/test/harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEASE_TTL_MS = 5_000;
const LEASE_RENEW_MS = 1_000;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** 5xx answers and connection errors: a 404 for an unknown order number is a normal answer. */
  failed: number;
}

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: 20, duration: SECONDS, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result['5xx'] + result.errors,
  };
}

/** Two runs of each, taking turns, so that a burst of other work on the machine does not land on one side. */
async function alternate(first: string, second: string): Promise<[Load, Load]> {
  const runs: Load[][] = [[], []];
  for (let round = 0; round < 2; round++) {
    runs[0].push(await load(first));
    runs[1].push(await load(second));
  }
  const mean = (r: Load[]): Load => ({
    rps: (r[0].rps + r[1].rps) / 2,
    p50: Math.max(r[0].p50, r[1].p50),
    p99: Math.max(r[0].p99, r[1].p99),
    failed: r[0].failed + r[1].failed,
  });
  return [mean(runs[0]), mean(runs[1])];
}

const line = (label: string, r: Load) =>
  `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms${r.failed ? `, ${r.failed} 5xx/errors` : ''})`;

export async function benchScaleOut(): Promise<void> {
  console.log('\n== Scale-out (issue 13) ==');
  const redisBinary = findBinary('redis-server');
  const nginxBinary = findBinary('nginx');
  if (!redisBinary || !nginxBinary) {
    console.log('skipped: redis-server and nginx are needed (apt-get install redis-server nginx)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-scale-'));
  const redis = await startRedis(redisBinary);
  const redisClient = createClient({ url: redis.url });
  await redisClient.connect();
  const instances: Instance[] = [];
  const proxies: Proxy[] = [];
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      PAYLOAD_SECRET: clusterSecret(),
      SEED_DEMO: 'true',
      PAYPAL_EMULATOR: 'true',
      // Quiet: at info level every 404 of the lookup below is logged, and the logging is what would be measured.
      LOG_LEVEL: 'warn',
      LEASE_TTL_MS: String(LEASE_TTL_MS),
      LEASE_RENEW_MS: String(LEASE_RENEW_MS),
      // High enough that the limiter counts every request but never refuses one: its cost is what is measured.
      ORDER_LOOKUP_RATE_LIMIT: '100000000',
    };
    // The first seeds the demo catalogue; the second starts on the seeded database.
    const a = await startInstance('a', { ...env, PORT: String(portA) });
    instances.push(a);
    const b = await startInstance('b', { ...env, PORT: String(portB) });
    instances.push(b);
    const one = await startNginx(nginxBinary, path.join(dir, 'nginx-one'), [portA]);
    const two = await startNginx(nginxBinary, path.join(dir, 'nginx-two'), [portA, portB]);
    proxies.push(one, two);

    const products = '/api/v2/products';
    await load(`${two.url}${products}`); // warm both instances' caches and connections
    const direct = await load(`${a.baseUrl}${products}`);
    const [viaOne, viaTwo] = await alternate(`${one.url}${products}`, `${two.url}${products}`);
    console.log(line('products, instance A directly', direct));
    console.log(line('products, nginx → 1 instance', viaOne));
    console.log(line('products, nginx → 2 instances', viaTwo));
    console.log(`  ratio 2 instances / 1 instance: ${(viaTwo.rps / viaOne.rps).toFixed(2)}`);
    console.log(`  ratio nginx → 1 / direct: ${(viaOne.rps / direct.rps).toFixed(2)}`);
    console.log(`  (${os.cpus().length} CPU cores shared by nginx, the instances and the load generator)`);

    // A rate-limited read (order lookup: the limiter, then one indexed query) on two fresh instances on the
    // same database, alike but for where the limiter counts: R in Redis, M in its own memory (no REDIS_URL).
    const lookup = '/api/v2/orders/exist/ABCDEFGH';
    const r = await startInstance('r', { ...env, SEED_DEMO: 'false' });
    instances.push(r);
    const m = await startInstance('m', { ...env, REDIS_URL: '', SEED_DEMO: 'false' });
    instances.push(m);
    for (const instance of [r, m]) {
      const res = await fetch(`${instance.baseUrl}${lookup}`);
      if (res.status === 429) throw new Error(`order lookup on ${instance.name} is refused (429): limit too low`);
      await load(`${instance.baseUrl}${lookup}`); // warm-up, not counted
    }
    const [limitedRedis, limitedMemory] = await alternate(`${r.baseUrl}${lookup}`, `${m.baseUrl}${lookup}`);
    console.log(line('order lookup, rate limit counted in Redis', limitedRedis));
    console.log(line('order lookup, rate limit counted in memory', limitedMemory));
    console.log(`  ratio Redis / memory: ${(limitedRedis.rps / limitedMemory.rps).toFixed(2)}`);
    for (const instance of [r, m]) {
      await instance.stop();
      instances.splice(instances.indexOf(instance), 1);
    }

    // Hand-over: the holder of the reconciler lease dies; the survivor takes it once it lapses.
    const holder = await redisClient.get('lease:payment-reconciler');
    const [victim, survivor] = holder === 'a' ? [a, b] : [b, a];
    const killedAt = Date.now();
    await victim.kill();
    instances.splice(instances.indexOf(victim), 1);
    // Polled every 10 ms: the hand-over is known to within that.
    const deadline = Date.now() + LEASE_TTL_MS + 10_000;
    let holderNow = holder;
    while (holderNow !== survivor.name && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      holderNow = await redisClient.get('lease:payment-reconciler');
    }
    console.log(
      holderNow === survivor.name
        ? `reconciler lease hand-over after SIGKILL: ${Date.now() - killedAt} ms ` +
            `(LEASE_TTL_MS ${LEASE_TTL_MS}, LEASE_RENEW_MS ${LEASE_RENEW_MS}; at most TTL + one renewal interval)`
        : 'reconciler lease hand-over: the survivor did not take the lease',
    );
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await Promise.all(proxies.map((p) => p.stop()));
    await redisClient.close().catch(() => undefined);
    await redis.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
