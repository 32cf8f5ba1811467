/**
 * The stall screen's calls (issue 32 §2). The two reads fall back to the copy the phone kept of their last
 * answer when the network is gone, so the screen draws its tiles and totals with no signal; a sale is sent by
 * the stall's queue (routes/market/stall/sale-sender.ts), never straight from a tap.
 */
import type { AdminMarketDayDetail, MarketProduct, MarketSale, MarketSaleInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { ApiError, isOk, request } from '../../lib/api';
import { keepSnapshot, readSnapshot } from '../routes/market/stall/sale-queue';

export const marketCatalogueKey = 'admin/market/catalogue';
export const marketDayKey = (id: string) => `admin/market/days/${encodeURIComponent(id)}`;

/** What a read gives the screen: the data, and whether it is the phone's copy rather than a fresh answer. */
export interface StallRead<T> {
  data: T;
  fromPhone: boolean;
}

/**
 * GET with the phone's copy as fallback: a fresh answer replaces the copy; no answer (status 500 from the
 * client, or a 5xx) reads the copy. A 401/403/404 is the server's word and is not papered over.
 */
async function readWithCopy<T>(key: string): Promise<StallRead<T>> {
  const envelope = await request<T>(key);
  if (isOk(envelope.status)) {
    await keepSnapshot(key, envelope.result).catch(() => undefined);
    return { data: envelope.result, fromPhone: false };
  }
  if (envelope.status >= 500) {
    const copy = await readSnapshot<T>(key).catch(() => undefined);
    if (copy !== undefined) return { data: copy, fromPhone: true };
  }
  throw new ApiError(envelope);
}

// The screen refetches after every sale sent and when the network returns; focus alone does not.
const stallReadOptions = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true } as const;

export function useMarketCatalogue() {
  return useSWR<StallRead<MarketProduct[]>>(marketCatalogueKey, readWithCopy, stallReadOptions);
}

export function useMarketDay(id: string | undefined) {
  return useSWR<StallRead<AdminMarketDayDetail>>(id ? marketDayKey(id) : null, readWithCopy, stallReadOptions);
}

export const refreshStall = (dayId: string) => Promise.all([mutate(marketCatalogueKey), mutate(marketDayKey(dayId))]);

// A market's signal can hold a request open for minutes: given up here, the sale is sent again with its
// client_id, which the server answers 200 if the first try did reach it.
const SALE_SEND_TIMEOUT_MS = 20_000;

/** 201 recorded; 200 the same client_id was recorded before (same sale, nothing changed); 4xx refused. */
export const postMarketSale = (dayId: string, input: MarketSaleInput) =>
  request<MarketSale>(`${marketDayKey(dayId)}/sales`, {
    method: 'post',
    body: input,
    signal: AbortSignal.timeout(SALE_SEND_TIMEOUT_MS),
  });
