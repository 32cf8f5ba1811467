import type { Payload } from 'payload';
import { connectedRedis, redisConfigured } from '../lib/redis';

/**
 * A check slower than this counts as failed: a probe that hangs for the database's own busy timeout (10 s on
 * SQLite) would keep a load balancer sending shoppers to an instance that cannot answer them.
 */
export const READINESS_TIMEOUT_MS = 2_000;

type CheckState = 'up' | 'down';

export interface Readiness {
  ready: boolean;
  /** What was checked and how it went; names only, never an address, a message or a version. */
  checks: Record<string, CheckState>;
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });

/**
 * One check at a time per dependency: while the database hangs, probes every few seconds from the proxy and
 * the orchestrator share the query already waiting instead of piling up more behind the lock.
 */
function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** A dependency's check, logging when it goes down and when it is back rather than on every probe. */
function watched(name: string, check: () => Promise<unknown>, log: Payload['logger']): () => Promise<CheckState> {
  let last: CheckState = 'up';
  return async () => {
    let now: CheckState;
    try {
      await within(check(), READINESS_TIMEOUT_MS);
      now = 'up';
      if (last === 'down') log.info(`Readiness: ${name} answers again`);
    } catch (err) {
      now = 'down';
      if (last === 'up')
        log.warn(`Readiness: ${name} does not answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    last = now;
    return now;
  };
}

/**
 * /readyz: whether this instance can serve shoppers now. The database through Payload (at most one row of
 * the users collection: the same call on SQLite and MongoDB), and Redis when REDIS_URL makes it part of the
 * shop (lib/redis.ts), since without it the rate limits and the catalogue caches of several instances drift
 * apart.
 */
export function readinessCheck(payload: Payload): () => Promise<Readiness> {
  const database = watched(
    'the database',
    singleFlight(() =>
      payload.find({
        collection: 'users',
        limit: 1,
        depth: 0,
        pagination: false,
        overrideAccess: true,
        select: { updatedAt: true },
      }),
    ),
    payload.logger,
  );
  const redis = watched(
    'Redis',
    singleFlight(async () => {
      const client = connectedRedis();
      if (!client) throw new Error('not connected');
      await client.ping();
    }),
    payload.logger,
  );
  return async () => {
    const [db, shared] = await Promise.all([database(), redisConfigured() ? redis() : null]);
    const checks: Record<string, CheckState> = { database: db, ...(shared ? { redis: shared } : {}) };
    return { ready: Object.values(checks).every((s) => s === 'up'), checks };
  };
}
