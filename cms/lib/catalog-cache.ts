/**
 * A per-process read-through cache for the public catalog, which every storefront visit reads and which
 * changes only when an admin edits it, or when a scheduled product or category comes due. Payload hooks
 * clear it on every change (see hooks/invalidate-catalog-cache.ts); the TTL bounds how stale another app
 * instance can be, since each instance only hears its own changes; `expireCatalogAt` bounds it by the next
 * scheduled publication, which no hook announces.
 */
const TTL_MS = 30_000;
/** Searches make arbitrary keys: past this many entries the cache starts over rather than grow. */
const MAX_ENTRIES = 500;

const store = new Map<string, { expires: number; value: Promise<unknown> }>();
/** Epoch ms from which everything cached may be stale (a scheduled record becomes visible then). */
let staleFrom = Number.POSITIVE_INFINITY;

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  if (now >= staleFrom) invalidateCatalogCache();
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

export function invalidateCatalogCache(): void {
  store.clear();
  staleFrom = Number.POSITIVE_INFINITY;
}
