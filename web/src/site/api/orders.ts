import type { PublicOrder } from '@shop/shared';
import useSWR from 'swr';
import { apiGet, fetchResult } from '../../lib/api';

export const orderKey = (id: string) => `orders/${encodeURIComponent(id)}`;

/** The order page's order (SPEC §2). A 404 means unknown; the page then leaves for / (SPEC §8). */
export function useOrder(id: string | undefined) {
  return useSWR<PublicOrder>(id ? orderKey(id) : null, fetchResult, { revalidateOnFocus: false });
}

/**
 * Tracking: the id of the order with that number. 200 {id}; 404 unknown; 400 malformed number; 429 when the
 * same shopper looks up too many numbers in a minute.
 */
export const findOrderByNumber = (number: string) =>
  apiGet<{ id: string } | null>(`orders/exist/${encodeURIComponent(number)}`);
