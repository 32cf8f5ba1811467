/**
 * A control-centre list's page number and page size read from the URL (its search params). An old or
 * hand-edited link with anything unusable falls back to the default rather than reaching the server, which
 * refuses pages past MAX_PAGE with a 400.
 */
import { MAX_PAGE } from '@shop/shared/admin';

export function pageFromSearchParam(value: string | null, fallback = 1): number {
  if (!value || !/^\d{1,6}$/.test(value)) return fallback;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : fallback;
}

/** One of the list's own page sizes, or its default. */
export function pageSizeFromSearchParam(value: string | null, sizes: readonly number[], fallback: number): number {
  const size = Number(value);
  return sizes.includes(size) ? size : fallback;
}
