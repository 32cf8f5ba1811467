import type { OrderChannel, OrderStatus } from '@shop/shared/admin';

/**
 * Issue 33 §2: the Orders screens' searches and counts at 100,000 orders, from indexes of their own: SQLite FTS5
 * (order-search-sqlite.ts) and a MongoDB text index (order-search-mongo.ts), each kept current on every order
 * write; order-search-index.ts picks the one of the running adapter. The index only narrows: the list's own conditions (services/admin/orders.ts, the same LIKE as
 * ever) still decide which orders match, so the results are those of the search without it.
 */
export interface OrderSearchQuery {
  /** The search box's words: each must appear in the payer's name or email. */
  words: readonly string[];
  /** The number search as normalizeOrderNumber left it, '' for none: it must appear in the order number. */
  number: string;
}

/** A searched list's page as the Orders screen asks for it (services/admin/orders.ts). */
export interface OrderListQuery extends OrderSearchQuery {
  statuses: readonly OrderStatus[];
  channel?: OrderChannel;
  sort: 'newest' | 'payer_asc' | 'payer_desc';
  page: number;
  limit: number;
}

/** A page's order with the list's columns (services/admin/orders.ts ORDER_LIST_SELECT), as Payload names them. */
export type OrderListRow = Record<string, unknown>;

export interface OrderSearchIndex {
  /**
   * The ids of a searched list's page, in list order, and how many orders the list has: the list's own
   * conditions (the tab's statuses, the channel, LIKE on each field) applied to the orders the index found.
   * Null when the index cannot answer (a word it cannot look up alone, a word with a LIKE wildcard).
   * `knownCount`: the list's count kept from an earlier read of the same orders (order-list-counts.ts), not
   * counted again. `rows`, when the index read them too: the page's orders with the list's columns, in order.
   * An unsearched list is answered as well where the index can (its counts, its indexes on createdAt).
   */
  page(
    query: OrderListQuery,
    knownCount?: number,
  ): Promise<{ ids: string[]; count: number; rows?: OrderListRow[] } | null>;
  /**
   * The ids of every order that may match, never fewer than those that do; null when the index cannot narrow
   * the search (no word it can look up, or more candidates than an id list should carry).
   */
  candidates(query: OrderSearchQuery): Promise<string[] | null>;
  /** How many orders have one of `statuses` (and `channel`); null to leave the count to the list's query. */
  count(statuses: readonly OrderStatus[], channel?: OrderChannel): Promise<number | null>;
  /**
   * The orders' generation: a number the database changes, in the same transaction, with every write that can
   * change what a list holds (order-list-counts.ts keys its counts by it). Null where none is kept.
   */
  generation(): Promise<string | null>;
}

/** Beyond this many candidates the list's own query (its indexes, then LIKE) is the better way. */
export const MAX_CANDIDATES = 10_000;

/** Both indexes look up runs of three characters (trigrams): a shorter word gives them nothing to look for. */
export const TRIGRAM = 3;

/**
 * A word the indexes can look up as it is: three characters or more (code points, as SQLite counts them), and
 * nothing that the database would turn into another text on the way (a lone surrogate becomes U+FFFD) or that
 * an index would skip (control characters). Other words are left to the list's own conditions.
 */
export function indexableWord(word: string): boolean {
  // In a /u pattern a surrogate range matches only a lone surrogate: a pair is one code point.
  return [...word].length >= TRIGRAM && !/[\uD800-\uDFFF]/u.test(word) && !/\p{Cc}/u.test(word);
}
