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
/** Searches make arbitrary keys: past this many entries the cache starts over rather than grow. */
const MAX_ENTRIES = 500;
export const CATALOG_INVALIDATION_CHANNEL = 'shop:catalog-invalidated';

const store = new Map<string, { expires: number; value: Promise<unknown> }>();
/** Epoch ms from which everything cached may be stale (a scheduled record becomes visible then). */
let staleFrom = Number.POSITIVE_INFINITY;

/**
 * False while another instance's changes could go unheard (REDIS_URL set and the subscription down): the
 * cache is bypassed then, every read goes to the database, until the subscription is back.
 */
let hearingOthers = true;
let publish: (() => Promise<void>) | null = null;

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!hearingOthers) return load();
  const now = Date.now();
  if (now >= staleFrom) dropCatalogCache();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (store.size >= MAX_ENTRIES) store.clear();
  const value = load();
  store.set(key, { expires: now + TTL_MS, value });
  // A failed load must not be served from the cache.
  value.catch(() => store.get(key)?.value === value && store.delete(key));
  return value;
}

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
