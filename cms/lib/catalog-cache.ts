import { LRUCache } from 'lru-cache';
import type { Redis } from './redis';

/**
 * A per-process read-through cache for the public catalog, which every storefront visit reads and which
 * changes only when an admin edits it, or when a scheduled product or category comes due. Payload hooks
 * clear it on every change (see hooks/invalidate-catalog-cache.ts); with several app instances (REDIS_URL)
 * the clearing is published to all of them (shareCatalogInvalidation below). The TTL bounds how stale a copy
 * can get if a change is ever missed; `expireCatalogAt` bounds it by the next scheduled publication, which no
 * hook announces.
 */
const TTL_MS = 30_000;
/**
 * What the copies may weigh together. Searches, cart contents and page numbers make arbitrary keys, so the
 * cache is bounded by size, not by a count: the least recently read entries make room (issue 29: 450 made-up
 * page numbers, 82 KB each, used to take the 160 MB heap `npm start` gives the server). 16 MiB holds the
 * whole catalogue of a family shop and its API answers, and some sixty drawn pages (about 250 KB each as
 * weighed, render.ts): the pages shoppers open most stay, the others are drawn again when asked.
 */
export const CATALOG_CACHE_BYTES = 16 * 1024 * 1024;
/** One entry larger than this is served but not kept: it would push out dozens of ordinary ones. */
const MAX_ENTRY_BYTES = CATALOG_CACHE_BYTES / 16;
/** What a load in flight counts for until its value is known and weighed. */
const PENDING_BYTES = 16 * 1024;
export const CATALOG_INVALIDATION_CHANNEL = 'shop:catalog-invalidated';

/**
 * An estimate of what a cached value holds in the heap: strings by their length (the catalogue's text is
 * mostly one byte a character in V8), buffers by their bytes, objects and arrays by their entries plus a
 * fixed overhead. Shared objects and cycles count once.
 */
export function approximateBytes(value: unknown, seen = new Set<object>()): number {
  if (typeof value === 'string') return 16 + value.length;
  if (value === null || typeof value !== 'object') return 8;
  if (seen.has(value)) return 0;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
  if (value instanceof Map) {
    let bytes = 64;
    for (const [key, entry] of value) bytes += approximateBytes(key, seen) + approximateBytes(entry, seen);
    return bytes;
  }
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateBytes(item, seen);
    return bytes;
  }
  for (const key of Object.keys(value)) {
    bytes += 16 + key.length + approximateBytes((value as Record<string, unknown>)[key], seen);
  }
  return bytes;
}

interface Entry {
  value: Promise<unknown>;
  /** The value once the load has resolved: read without waiting for a microtask (cachedNow). */
  settled?: { value: unknown };
}

const store = new LRUCache<string, Entry>({
  maxSize: CATALOG_CACHE_BYTES,
  maxEntrySize: MAX_ENTRY_BYTES,
  ttl: TTL_MS,
  // Reads do not extend a copy's life: the TTL bounds how stale it can get.
  updateAgeOnGet: false,
});
/** Epoch ms from which everything cached may be stale (a scheduled record becomes visible then). */
let staleFrom = Number.POSITIVE_INFINITY;

/**
 * False while another instance's changes could go unheard (REDIS_URL set and the subscription down): the
 * cache is bypassed then, every read goes to the database, until the subscription is back.
 */
let hearingOthers = true;
let publish: (() => Promise<void>) | null = null;

/**
 * The cached value for `key`, or `load()`'s, kept for TTL_MS once it has resolved. A load in flight is
 * shared by every caller of the same key. `bytes` weighs the value when it holds more than itself (a drawn
 * page whose finished HTML lives as long as it does).
 */
export function cached<T>(
  key: string,
  load: () => Promise<T>,
  bytes: (value: T) => number = approximateBytes,
): Promise<T> {
  if (!hearingOthers) return load();
  if (Date.now() >= staleFrom) dropCatalogCache();
  const hit = store.get(key);
  if (hit) return hit.value as Promise<T>;
  const loading = load();
  store.set(key, { value: loading }, { size: PENDING_BYTES });
  const stillThere = () => store.peek(key)?.value === loading;
  loading.then(
    (value) => {
      // Weighed once known (a new entry object: lru-cache weighs only a changed value); an entry dropped
      // meanwhile (invalidated, evicted) stays dropped.
      if (stillThere())
        store.set(key, { value: loading, settled: { value } }, { size: Math.max(1, bytes(value)), noUpdateTTL: true });
    },
    // A failed load must not be served from the cache.
    () => stillThere() && store.delete(key),
  );
  return loading;
}

/**
 * The value kept for `key` if it is loaded and still valid, else undefined; never loads anything. For a
 * caller that must answer at once or step aside (the catalogue answers served before the rest of the
 * middleware: public-response-cache.ts), under the same rules as `cached`.
 */
export function cachedNow<T>(key: string): T | undefined {
  if (!hearingOthers) return undefined;
  if (Date.now() >= staleFrom) dropCatalogCache();
  return store.get(key)?.settled?.value as T | undefined;
}

/** What the cache holds now: entries and their estimated bytes (tests and the memory bench). */
export const catalogCacheSize = (): { entries: number; bytes: number } => ({
  entries: store.size,
  bytes: store.calculatedSize,
});

/** Everything cached so far (and until the next invalidation) is dropped at `epochMs`. */
export function expireCatalogAt(epochMs: number): void {
  if (epochMs < staleFrom) staleFrom = epochMs;
}

function dropCatalogCache(): void {
  store.clear();
  staleFrom = Number.POSITIVE_INFINITY;
}

/**
 * The catalogue changed: this process's copy is dropped now and, with several instances, every other
 * instance is told. Resolves once Redis has taken the message (it hands it to every subscriber before it
 * answers), so a caller that waits for it knows the others have it; never rejects.
 */
export async function invalidateCatalogCache(): Promise<void> {
  dropCatalogCache();
  await publish?.();
}

/**
 * Shares invalidation between instances through a Redis channel. Each message names its sender, and an
 * instance skips its own: it dropped its copy synchronously when it published, and clearing again when the
 * echo arrives would only throw away what was loaded in between (after the change, hence fresh).
 *
 * While the subscription is down, messages sent meanwhile are lost: the cache is bypassed until it is back,
 * and emptied then, since a change may have been missed. Returns the function that stops sharing.
 */
export async function shareCatalogInvalidation(
  redis: Redis,
  subscriber: Redis,
  instanceId: string,
  warn: (message: string) => void,
): Promise<() => void> {
  const onDown = () => {
    hearingOthers = false;
  };
  const onReady = () => {
    dropCatalogCache();
    hearingOthers = true;
  };
  subscriber.on('error', onDown);
  subscriber.on('end', onDown);
  subscriber.on('ready', onReady);
  await subscriber.subscribe(CATALOG_INVALIDATION_CHANNEL, (sender) => {
    if (sender !== instanceId) dropCatalogCache();
  });
  hearingOthers = subscriber.isReady;
  let warned = false;
  publish = async () => {
    try {
      await redis.publish(CATALOG_INVALIDATION_CHANNEL, instanceId);
      warned = false;
    } catch (err) {
      // The others keep their copies for up to TTL_MS; said once per outage, not per write.
      if (!warned) warn(`Catalogue change not announced to other instances: ${(err as Error).message}`);
      warned = true;
    }
  };
  return () => {
    publish = null;
    hearingOthers = true;
    subscriber.off('error', onDown);
    subscriber.off('end', onDown);
    subscriber.off('ready', onReady);
  };
}
