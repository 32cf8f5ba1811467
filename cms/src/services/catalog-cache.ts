/**
 * A per-process read-through cache for the public catalog, which every storefront visit reads and which
 * changes only when an admin edits it. Payload hooks clear it on every change (see
 * hooks/invalidate-catalog-cache.ts); the TTL bounds how stale another app instance can be, since each
 * instance only hears its own changes.
 */
const TTL_MS = 30_000;
/** Searches make arbitrary keys: past this many entries the cache starts over rather than grow. */
const MAX_ENTRIES = 500;

const store = new Map<string, { expires: number; value: Promise<unknown> }>();

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (store.size >= MAX_ENTRIES) store.clear();
  const value = load();
  store.set(key, { expires: now + TTL_MS, value });
  // A failed load must not be served from the cache.
  value.catch(() => store.get(key)?.value === value && store.delete(key));
  return value;
}

export function invalidateCatalogCache(): void {
  store.clear();
}
