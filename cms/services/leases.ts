import { randomUUID } from 'node:crypto';
import { sql } from '@payloadcms/db-sqlite';
import type { Payload } from 'payload';
import type { Redis } from '../lib/redis';

/**
 * A lease: the right, for a limited time, to run one piece of work that must run in one instance only (the
 * payment reconciler, scheduled publishing). Its holder renews it well before it lapses; an instance that dies
 * stops renewing, and once the time is up another instance takes it. Every change is conditional on who
 * holds it, so two instances can never both believe they hold the same lease.
 */
export interface LeaseStore {
  /** Takes the lease when nobody holds it or its time is up, or extends it when `owner` holds it already. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease only while `owner` holds it; false when someone else has taken it. */
  renew(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (a clean shutdown), only if `owner` holds it. */
  release(name: string, owner: string): Promise<void>;
}

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Leases as Redis keys holding the owner's name and expiring with the lease (Redis's clock decides). */
export class RedisLeaseStore implements LeaseStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lease:',
  ) {}

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const set = await this.redis.set(this.prefix + name, owner, {
      condition: 'NX',
      expiration: { type: 'PX', value: ttlMs },
    });
    return set === 'OK' || this.renew(name, owner, ttlMs);
  }

  async renew(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const renewed = await this.redis.eval(RENEW, { keys: [this.prefix + name], arguments: [owner, String(ttlMs)] });
    return Number(renewed) === 1;
  }

  async release(name: string, owner: string): Promise<void> {
    await this.redis.eval(RELEASE, { keys: [this.prefix + name], arguments: [owner] });
  }

  /** Who holds the lease now (for tests and operators); null when nobody does. */
  holder(name: string): Promise<string | null> {
    return this.redis.get(this.prefix + name);
  }
}

interface SqliteDb {
  name: string;
  drizzle?: { run(query: ReturnType<typeof sql>): Promise<{ rowsAffected: number }> };
}
interface MongoDb {
  name: string;
  collections?: Record<
    string,
    {
      updateOne(
        filter: object,
        update: object,
        options?: object,
      ): Promise<{ matchedCount: number; upsertedCount: number }>;
      deleteOne(filter: object): Promise<unknown>;
    }
  >;
}

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Leases as rows of the `leases` collection, for a shop without Redis: several processes on one SQLite file,
 * or several instances on MongoDB. Each change is ONE conditional statement (as lib/conditional-update.ts
 * does for mail claims), since Payload's read-then-update would let two instances both see the lease free.
 * Expiry times come from each instance's clock: instances on different machines need their clocks in sync
 * (NTP) to well within the lease's time.
 */
export class DatabaseLeaseStore implements LeaseStore {
  private static readonly collection = 'leases';

  constructor(private readonly payload: Payload) {}

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMs);
    const mongo = this.mongo();
    if (mongo) {
      try {
        // Matches when the lease is ours or lapsed; when no row matches, the upsert inserts one, which the
        // unique name refuses if a row exists (someone else holds it): exactly one of two racing instances wins.
        const result = await mongo.updateOne(
          { name, $or: [{ owner }, { expires_at: { $lt: now } }] },
          { $set: { owner, expires_at: expiresAt } },
          { upsert: true },
        );
        return result.matchedCount + result.upsertedCount === 1;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    const db = this.sqlite();
    const iso = now.toISOString();
    const taken = await db.run(
      sql`UPDATE leases SET owner = ${owner}, expires_at = ${expiresAt.toISOString()}, updated_at = ${iso}
          WHERE name = ${name} AND (owner = ${owner} OR expires_at < ${iso})`,
    );
    if (taken.rowsAffected === 1) return true;
    const inserted = await db.run(
      sql`INSERT INTO leases (id, name, owner, expires_at, updated_at, created_at)
          VALUES (${randomUUID()}, ${name}, ${owner}, ${expiresAt.toISOString()}, ${iso}, ${iso})
          ON CONFLICT (name) DO NOTHING`,
    );
    return inserted.rowsAffected === 1;
  }

  async renew(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMs);
    const mongo = this.mongo();
    if (mongo) {
      const result = await mongo.updateOne({ name, owner }, { $set: { expires_at: expiresAt } });
      return result.matchedCount === 1;
    }
    const renewed = await this.sqlite().run(
      sql`UPDATE leases SET expires_at = ${expiresAt.toISOString()}, updated_at = ${now.toISOString()}
          WHERE name = ${name} AND owner = ${owner}`,
    );
    return renewed.rowsAffected === 1;
  }

  async release(name: string, owner: string): Promise<void> {
    const mongo = this.mongo();
    if (mongo) await mongo.deleteOne({ name, owner });
    else await this.sqlite().run(sql`DELETE FROM leases WHERE name = ${name} AND owner = ${owner}`);
  }

  /** Owners of the unexpired leases whose name starts with `prefix` (instance heartbeats). */
  async liveHolders(prefix: string): Promise<string[]> {
    const res = await this.payload.find({
      collection: DatabaseLeaseStore.collection,
      where: { expires_at: { greater_than: new Date().toISOString() } },
      limit: 1000,
      depth: 0,
      pagination: false,
      overrideAccess: true,
    });
    return res.docs.filter((doc) => String(doc.name).startsWith(prefix)).map((doc) => String(doc.owner));
  }

  /** Rows of instances long gone (each start names a new instance), so the table stays small. */
  async forgetLapsed(prefix: string, before: Date): Promise<void> {
    await this.payload.delete({
      collection: DatabaseLeaseStore.collection,
      where: { and: [{ name: { like: prefix } }, { expires_at: { less_than: before.toISOString() } }] },
      overrideAccess: true,
    });
  }

  private mongo() {
    const db = this.payload.db as unknown as MongoDb;
    if (db.name !== 'mongoose') return null;
    const model = db.collections?.[DatabaseLeaseStore.collection];
    if (!model) throw new Error('No MongoDB model for leases');
    return model;
  }

  private sqlite() {
    const db = this.payload.db as unknown as SqliteDb;
    if (!db.drizzle) throw new Error(`Leases are not supported on the ${db.name} adapter`);
    return db.drizzle;
  }
}

export interface LeaseLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface LeaseOptions {
  store: LeaseStore;
  /** This instance's name (lib/env.ts instanceId). */
  owner: string;
  ttlMs: number;
  /** How often the holder renews, and how often the others try to take it. */
  renewMs: number;
  log: LeaseLog;
}

/**
 * Runs `start` in whichever instance holds the lease `name`: every `renewMs` the holder renews it and the
 * others try to take it. `start` is called when this instance takes the lease (and so runs the work at once,
 * which after a hand-over is what the dead instance left unfinished) and the function it returns when the
 * lease is lost. A renewal that fails (the store unreachable) counts as lost: the work stops here rather than
 * risk running twice, and resumes once the lease is this instance's again.
 *
 * Returns the function that stops it for good and releases the lease, so that another instance takes over
 * at once instead of after the lease's time (a clean shutdown).
 */
export function runUnderLease(name: string, start: () => () => void, options: LeaseOptions): () => Promise<void> {
  const { store, owner, ttlMs, renewMs, log } = options;
  let stopWork: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let tick: Promise<void> = Promise.resolve();

  const lose = (why: string) => {
    if (!stopWork) return;
    stopWork();
    stopWork = null;
    log.info(`lease ${name} lost by instance ${owner} (${why})`);
  };

  const round = async () => {
    let holds: boolean;
    try {
      holds = stopWork ? await store.renew(name, owner, ttlMs) : await store.acquire(name, owner, ttlMs);
    } catch (err) {
      if (stopWork) log.warn(`lease ${name}: renewal failed: ${err instanceof Error ? err.message : String(err)}`);
      lose('its store could not be reached');
      return;
    }
    if (stopped) return;
    if (holds && !stopWork) {
      log.info(`lease ${name} taken by instance ${owner}`);
      stopWork = start();
    } else if (!holds) {
      lose('another instance holds it');
    }
  };

  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      tick = round().finally(() => {
        if (!stopped) schedule(renewMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await tick;
    lose('shutting down');
    // Also when no work was started: a round may have taken the lease just as the stop came.
    await store.release(name, owner).catch(() => undefined);
  };
}

/**
 * Without Redis, each instance keeps a heartbeat lease (`instance:<id>`) in the database, so that one can tell
 * it is not alone: several instances without Redis each count rate limits on their own and serve catalogue
 * copies up to 30 s stale. Warns once, when it first sees another live instance. Returns the stop function.
 */
export function watchForOtherInstances(
  store: DatabaseLeaseStore,
  options: Omit<LeaseOptions, 'store'> & { warning: string },
): () => Promise<void> {
  const { owner, ttlMs, renewMs, log } = options;
  const heartbeat = `instance:${owner}`;
  let warned = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let tick: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      await store.acquire(heartbeat, owner, ttlMs);
      if (warned) return;
      const others = (await store.liveHolders('instance:')).filter((o) => o !== owner);
      if (others.length > 0) {
        warned = true;
        log.warn(
          `Another instance (${others.join(', ')}) uses this database and REDIS_URL is not set: ${options.warning}`,
        );
      }
    } catch (err) {
      log.warn(`instance heartbeat failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      tick = round().finally(() => {
        if (!stopped) schedule(renewMs);
      });
    }, delay);
    timer.unref();
  };
  // Heartbeats of instances that stopped a day ago or more are only clutter.
  void store
    .forgetLapsed('instance:', new Date(Date.now() - 24 * 60 * 60_000))
    .catch(() => undefined)
    .finally(() => schedule(0));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await tick;
    await store.release(heartbeat, owner).catch(() => undefined);
  };
}
