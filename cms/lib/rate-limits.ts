import type { RequestHandler } from 'express';
import {
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  rateLimit,
  type Store,
} from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { MESSAGES } from '@shop/shared';
import { env } from './env';
import { sendEnvelope } from './express-helpers';
import { connectedRedis, type Redis } from './redis';
import { RedisFallback } from './redis-fallback';

type LimiterName = 'contact' | 'orderLookup' | 'couponCheck' | 'payment' | 'capture' | 'webhook' | 'reply';

/** Client addresses counted per limiter in one process: some 200 bytes each, about 1 MB per limiter at most. */
export const MAX_COUNTED_CLIENTS = 5_000;

/**
 * express-rate-limit's MemoryStore keeps every address seen within a window: a flood from many addresses (or
 * IPv6 prefixes) grows it without bound. This one holds at most `maxClients`, and past that the client counted
 * least recently goes. A client that keeps sending is counted on every request, so it is always the most
 * recent and never the one to go: to reset another client's count an attacker needs `maxClients` addresses of
 * its own within one window, and each of those has its own budget anyway.
 */
export class BoundedMemoryStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly clients: LRUCache<string, ClientRateLimitInfo & { resetTime: Date }>;

  constructor(
    maxClients = MAX_COUNTED_CLIENTS,
    private readonly now: () => number = Date.now,
  ) {
    this.clients = new LRUCache({ max: maxClients });
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private live(key: string) {
    const client = this.clients.peek(key);
    return client && client.resetTime.getTime() > this.now() ? client : undefined;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.live(key);
  }

  async increment(key: string): Promise<IncrementResponse> {
    const client = this.live(key) ?? { totalHits: 0, resetTime: new Date(this.now() + this.windowMs) };
    client.totalHits += 1;
    // Counting is what keeps a client: set() makes it the most recent.
    this.clients.set(key, client);
    return client;
  }

  async decrement(key: string): Promise<void> {
    const client = this.live(key);
    if (client && client.totalHits > 0) client.totalHits -= 1;
  }

  async resetKey(key: string): Promise<void> {
    this.clients.delete(key);
  }

  async resetAll(): Promise<void> {
    this.clients.clear();
  }
}

/**
 * Counters in Redis, so that a limit holds across every app instance. While Redis cannot be reached the
 * counting goes on in this process's memory: a limit per instance is weaker, but a Redis outage must neither
 * turn every checkout into a 500 nor switch the limits off.
 */
class SharedCounterStore implements Store {
  readonly localKeys = false;
  private readonly local = new BoundedMemoryStore();
  private readonly fallback: RedisFallback;

  constructor(
    private readonly shared: RedisStore,
    readonly prefix: string,
  ) {
    this.fallback = new RedisFallback((reason) =>
      console.warn(`Rate limit ${prefix}: Redis unavailable (${reason}); counting in this process until it is back`),
    );
  }

  init(options: Options): void {
    this.local.init(options);
    // The store loads its scripts here; a failure is retried by its first increment (NOSCRIPT), not fatal.
    void Promise.resolve(this.shared.init(options)).catch((err: unknown) => this.fallback.failed(err));
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.fallback.run(
      () => this.shared.get(key),
      () => this.local.get(key),
    );
  }

  async increment(key: string): Promise<IncrementResponse> {
    return this.fallback.run(
      () => this.shared.increment(key),
      () => this.local.increment(key),
    );
  }

  async decrement(key: string): Promise<void> {
    await this.fallback.run(
      () => this.shared.decrement(key),
      () => this.local.decrement(key),
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.fallback.run(
      () => this.shared.resetKey(key),
      () => this.local.resetKey(key),
    );
  }
}

function sharedStore(redis: Redis, name: LimiterName): Store {
  // One prefix per limiter: the same client address is counted apart on each endpoint.
  const prefix = `rl:${name}:`;
  const store = new RedisStore({
    prefix,
    sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
  });
  return new SharedCounterStore(store, prefix);
}

/**
 * Per-IP limits for what a shopper can send. The counters live in Redis when REDIS_URL is set (server.ts
 * connects it before the app is built), so several app instances share one budget per address; otherwise in
 * this process's memory.
 */
/**
 * A limiter counting a form sent to a storefront page (the tracking search, the contact form without
 * JavaScript) against the same budget as the API route the page's loader calls: when it runs out, the page is
 * still drawn, with `res.locals.pageFormRateLimited` set, and says so (services/seo/in-process-api.ts).
 */
export const pageFormLimit =
  (limiter: RequestHandler): RequestHandler =>
  (req, res, next) => {
    res.locals.pageForm = true;
    return limiter(req, res, next);
  };

export function createRateLimiters(): Record<LimiterName, RequestHandler> {
  const limited: RequestHandler = (_req, res, next) => {
    // A form sent to a storefront page without JavaScript (express-app.ts) is answered with the page, which
    // says SPEC §8's words in place of the form's outcome.
    if (res.locals.pageForm === true) {
      res.locals.pageFormRateLimited = true;
      return next();
    }
    sendEnvelope(res, MESSAGES.rateLimited, 429);
  };
  const redis = connectedRedis();
  const limiter = (name: LimiterName, windowMs: number, limit: number): RequestHandler =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: limited,
      store: redis ? sharedStore(redis, name) : new BoundedMemoryStore(),
    });
  return {
    contact: limiter('contact', 10 * 60 * 1000, env.contactRateLimit),
    // Each create opens an order at PayPal: a script must not be able to open thousands.
    payment: limiter('payment', 60 * 1000, Number(process.env.PAYMENT_RATE_LIMIT ?? 30)),
    // Same budget as create, counted apart: a shopper who retries a capture must not be stopped by their create.
    capture: limiter('capture', 60 * 1000, Number(process.env.PAYMENT_RATE_LIMIT ?? 30)),
    // PayPal sends a few webhooks per order; a flood from one address is not PayPal.
    webhook: limiter('webhook', 60 * 1000, Number(process.env.WEBHOOK_RATE_LIMIT ?? 120)),
    orderLookup: limiter('orderLookup', 60 * 1000, Number(process.env.ORDER_LOOKUP_RATE_LIMIT ?? 20)),
    // Checking a discount code: a shopper types a few; a script guessing codes is stopped.
    couponCheck: limiter('couponCheck', 60 * 1000, Number(process.env.COUPON_CHECK_RATE_LIMIT ?? 20)),
    // Replies to contact messages (and their resends) go out as mail from the shop's address: a stolen session
    // or a stuck button must not turn the shop into a mailer. Plenty for a family answering its messages.
    reply: limiter('reply', 10 * 60 * 1000, Number(process.env.REPLY_RATE_LIMIT ?? 30)),
  };
}
