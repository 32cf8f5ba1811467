import type { AnalyticsResults, AnalyticsType } from '@shop/shared/admin';
import useSWR from 'swr';
import { fetchResult, withQuery } from '../../lib/api';

/** GET analytics/{type}?year= (SPEC §7), also the SWR key. */
export const analyticsKey = (type: AnalyticsType, year: number) => withQuery(`analytics/${type}`, { year });

/**
 * One figure of the analytics screen for one year. A past year's figures change only when an old order does,
 * so they are not refetched on focus; the screen's five types load side by side.
 */
export function useAnalytics<T extends AnalyticsType>(type: T, year: number) {
  return useSWR<AnalyticsResults[T]>(analyticsKey(type, year), fetchResult, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
