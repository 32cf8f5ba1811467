import { LRUCache } from 'lru-cache';
import type { OrderListQuery, OrderSearchIndex } from './order-search';

/*
 * Issue 33 §2: a broad search ("@example", one letter of a number) matches most of the archive, and counting it
 * walks every order however quick its page is. Its count is kept here under the orders' generation (a number
 * the database bumps in the same transaction as every write that can change a list: SQLite's triggers,
 * MongoDB's Orders hooks) and the list's conditions. Each list reads the generation from the database first,
 * so a count made before any write, by this process or another, is never found again: it ages out of the LRU.
 */

/** Enough for every search the control centre's admins run between two order writes. */
const MAX_COUNTS = 1_000;

const counts = new LRUCache<string, number>({ max: MAX_COUNTS });

type CountedQuery = Pick<OrderListQuery, 'statuses' | 'channel' | 'words' | 'number'>;

/** The key of a list's count as the orders now are, or null when the database keeps no generation. */
export async function listCountKey(index: OrderSearchIndex, query: CountedQuery): Promise<string | null> {
  const generation = await index.generation();
  if (generation === null) return null;
  return JSON.stringify([generation, [...query.statuses].sort(), query.channel ?? '', query.words, query.number]);
}

export const knownListCount = (key: string | null): number | undefined => (key === null ? undefined : counts.get(key));

export function rememberListCount(key: string | null, count: number): void {
  if (key !== null) counts.set(key, count);
}
