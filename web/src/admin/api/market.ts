import type { AdminMarketDay, AdminMarketDayDetail, MarketDayInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiPost, apiUrl, fetchResult } from '../../lib/api';

/** The list of market days, coming and past (issue 32 §1), also its SWR key. */
export const MARKET_DAYS_KEY = 'admin/market/days';

export const marketDayKey = (id: string) => `${MARKET_DAYS_KEY}/${encodeURIComponent(id)}`;

/** The server answers the days as a list; a paged answer ({items}) is read the same way. */
const fetchDays = async (key: string): Promise<AdminMarketDay[]> => {
  const result = await fetchResult<AdminMarketDay[] | { items: AdminMarketDay[] }>(key);
  return Array.isArray(result) ? result : result.items;
};

export function useMarketDays() {
  return useSWR<AdminMarketDay[]>(MARKET_DAYS_KEY, fetchDays, { keepPreviousData: true });
}

/** A day with its sales and running totals; an open day is refetched every 15 s while the page is shown. */
export function useMarketDay(id: string | undefined) {
  return useSWR<AdminMarketDayDetail>(id ? marketDayKey(id) : null, fetchResult, {
    shouldRetryOnError: false,
    refreshInterval: (day) => (day?.status === 'OPEN' ? 15_000 : 0),
  });
}

export const refreshMarketDays = () => mutate(MARKET_DAYS_KEY);

/** 201 with the day; 400 with [{path, message}] for a refused field. */
export const planMarketDay = (input: MarketDayInput) => apiPost<AdminMarketDay>(MARKET_DAYS_KEY, input);

/** 200 with the day, now OPEN; 409 when it is not PLANNED. */
export const openMarketDay = (id: string, openingCash: number) =>
  apiPost<AdminMarketDayDetail>(`${marketDayKey(id)}/open`, { opening_cash: openingCash });

/** 200 with the day, now CLOSED, its totals with the counted cash and the difference; 409 when it is not OPEN. */
export const closeMarketDay = (id: string, countedCash: number) =>
  apiPost<AdminMarketDayDetail>(`${marketDayKey(id)}/close`, { counted_cash: countedCash });

/** The day's Z-report, a PDF the server makes once the day is closed. */
export const zReportUrl = (id: string) => `${apiUrl}${marketDayKey(id)}/z-report.pdf`;
