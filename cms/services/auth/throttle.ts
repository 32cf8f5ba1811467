import { LRUCache } from 'lru-cache';
import type { Redis } from '../../lib/redis';
import { RedisFallback } from '../../lib/redis-fallback';

/**
 * Counts events per key within a fixed window. The in-memory store serves one process; several app instances
 * share the Redis one (REDIS_URL), which is why callers only see this interface.
 */
export interface AttemptStore {
  /** Adds one event to the key's window (starting the window on the first event) and returns the count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Takes one event back (never below 0), keeping the window's end. */
  decrement(key: string): Promise<void>;
  /** Events counted in the key's current window; 0 once the window has passed. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/**
 * How many keys one process counts at most. A key is an address or an (address, account) pair; about 250 bytes
 * each with an email of the longest kind, so some 5 MB at most of the heap.
 */
export const MAX_COUNTED_KEYS = 20_000;

export class MemoryAttemptStore implements AttemptStore {
  /**
   * An attacker rotating addresses creates keys faster than windows end: past `maxKeys` the key counted least
   * recently goes. An address that keeps guessing is counted on every guess, so it is always the most recent
   * key and never the one to go; to push out another address's count, a flood has to bring `maxKeys` keys of
   * its own within that window (AuthThrottle stops counting accounts for a refused address, so that takes
   * thousands of addresses). Reads (`count`) do not keep a key: only counting does.
   */
  private readonly windows: LRUCache<string, Window>;

  constructor(
    maxKeys = MAX_COUNTED_KEYS,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    const current = this.windows.get(key);
    if (current && current.endsAt > now) {
      current.count += 1;
      return current.count;
    }
    this.windows.set(key, { count: 1, endsAt: now + windowMs });
    return 1;
  }

  async decrement(key: string): Promise<void> {
    const current = this.windows.peek(key);
    if (current && current.endsAt > this.now() && current.count > 0) current.count -= 1;
  }

  async count(key: string): Promise<number> {
    const current = this.windows.peek(key);
    if (!current) return 0;
    if (current.endsAt <= this.now()) {
      this.windows.delete(key);
      return 0;
    }
    return current.count;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

/** INCR, and PEXPIRE when the count starts a window, as one step: no key can be left counting without an end. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** DECR keeps the key's expiry; the check keeps a count that has already ended (or was reset) from going below 0. */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The same windows in Redis, shared by every app instance: a flood spread over several instances is counted
 * once. Each step is one Lua script, so two instances counting the same key at the same moment cannot lose
 * an increment or start two windows.
 *
 * While Redis cannot be reached the counts go to `fallback` (this process's memory): a sign-in keeps working,
 * still throttled per instance, rather than failing or letting every guess through.
 */
export class RedisAttemptStore implements AttemptStore {
  private readonly outage: RedisFallback;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: AttemptStore = new MemoryAttemptStore(),
    private readonly prefix = 'throttle:',
    warn: (message: string) => void = (m) => console.warn(m),
  ) {
    this.outage = new RedisFallback((reason) =>
      warn(`Sign-in throttle: Redis unavailable (${reason}); counting in this process until it is back`),
    );
  }

  increment(key: string, windowMs: number): Promise<number> {
    return this.outage.run(
      async () =>
        Number(await this.redis.eval(INCREMENT, { keys: [this.prefix + key], arguments: [String(windowMs)] })),
      () => this.fallback.increment(key, windowMs),
    );
  }

  decrement(key: string): Promise<void> {
    return this.outage.run(
      async () => {
        await this.redis.eval(DECREMENT, { keys: [this.prefix + key] });
      },
      () => this.fallback.decrement(key),
    );
  }

  count(key: string): Promise<number> {
    return this.outage.run(
      async () => Number((await this.redis.get(this.prefix + key)) ?? 0),
      () => this.fallback.count(key),
    );
  }

  reset(key: string): Promise<void> {
    return this.outage.run(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      () => this.fallback.reset(key),
    );
  }
}

export interface ThrottleLimits {
  /** Failures allowed per (client address, account) before that pair is refused. */
  perAccount: number;
  /** Failures allowed per client address over every account and reset link. */
  perAddress: number;
  windowMs: number;
  /** Reset-link mails per signed-in account. */
  resetMails: number;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Guessing defence for sign-in and the reset/invite links. Failures are counted per client address and per
 * (address, account), never per account alone: an account-wide lock would let any stranger lock the owner out,
 * while a flood from one address leaves every other address alone.
 *
 * Every attempt is counted when it starts and given back when it succeeds. Counting only once a password
 * has proved wrong would let a burst of parallel guesses all pass the check before the first one failed.
 */
export class AuthThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: ThrottleLimits,
  ) {}

  private addressKey = (address: string) => `auth:address:${address}`;
  private accountKey = (address: string, email: string) => `auth:account:${address}:${normaliseEmail(email)}`;

  /**
   * Counts a sign-in (with the email tried) or a link check (without) as failed until it succeeds. False
   * when this address, or this address for this account, has used up its failures: the attempt must be
   * refused without looking at the password or token.
   */
  async admit(address: string, email?: string): Promise<boolean> {
    const byAddress = await this.store.increment(this.addressKey(address), this.limits.windowMs);
    // A refused address counts no more accounts: otherwise each made-up email would be one more key in the
    // store, and one address alone could flood it until other addresses' counts were pushed out.
    if (byAddress > this.limits.perAddress) return false;
    const byAccount =
      email === undefined ? 0 : await this.store.increment(this.accountKey(address, email), this.limits.windowMs);
    return byAccount <= this.limits.perAccount;
  }

  /**
   * The attempt was right: it does not count against the address, and a right password also clears what
   * the address got wrong for that account.
   */
  async succeeded(address: string, email?: string): Promise<void> {
    await this.store.decrement(this.addressKey(address));
    if (email !== undefined) await this.store.reset(this.accountKey(address, email));
  }

  /** True when the address has used up its failures; for calls that are not guesses themselves. */
  async isBlocked(address: string): Promise<boolean> {
    return (await this.store.count(this.addressKey(address))) >= this.limits.perAddress;
  }

  /** Takes one reset mail from the account's allowance; false once it is used up for this window. */
  async takeResetMail(userId: string): Promise<boolean> {
    const sent = await this.store.increment(`auth:reset-mail:${userId}`, this.limits.windowMs);
    return sent <= this.limits.resetMails;
  }
}
