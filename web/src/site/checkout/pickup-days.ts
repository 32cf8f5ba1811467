import type { PickupDay } from '@shop/shared';
import useSWR from 'swr';
import { fetchResult } from '../../lib/api';

export const pickupDaysKey = 'market/pickup-days';

/**
 * The coming market days an order may be collected at (issue 32 §4). Without an answer the cart simply offers
 * shipping alone.
 */
export function usePickupDays() {
  return useSWR<PickupDay[]>(pickupDaysKey, fetchResult, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** The chosen day while it is still offered; null (shipping) once it is not. */
export const offeredPickupDay = (days: readonly PickupDay[] | undefined, id: string | null): PickupDay | null =>
  (id && days?.find((day) => day.id === id)) || null;
