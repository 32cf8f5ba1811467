import type { AdminConfig, AdminConfigInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { ApiError, apiHost, apiPost, fetchResult } from '../../lib/api';

export const adminConfigKey = 'admin/config';

/** The shop's settings with what the control centre shows read-only (currency, payment, environment). */
export function useAdminConfig() {
  return useSWR<AdminConfig>(adminConfigKey, fetchResult);
}

/** 200 with the saved settings; 400 when a field is refused (nothing is saved then). */
export const saveAdminConfig = (input: AdminConfigInput) => apiPost<AdminConfig>(adminConfigKey, input);

/** After a save the cached settings are the server's reply, so returning to the page shows them. */
export const storeAdminConfig = (config: AdminConfig) => mutate(adminConfigKey, config, { revalidate: false });
export const refreshAdminConfig = () => mutate(adminConfigKey);

export interface CategoryChoice {
  id: string;
  name: string;
  published: boolean;
}

/**
 * Every category, published or not, for the display-order select. The public `categories` call only lists
 * published categories that hold products, and the admin categories call arrives with part two, so this
 * asks Payload's own REST API (same origin, the admin's session cookie) until then.
 */
export const categoryChoicesKey = `${apiHost}/api/categories?limit=1000&depth=0&sort=name&select[name]=true&select[published]=true`;

interface PayloadCategoryDoc {
  id: string | number;
  name?: unknown;
  published?: unknown;
}

export async function fetchCategoryChoices(url: string): Promise<CategoryChoice[]> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError({ result: null, status: 500 });
  }
  // Payload answers an expired session with 401/403 like our API does, so SWR's error handler logs out.
  if (!response.ok) throw new ApiError({ result: null, status: response.status });
  const body = (await response.json().catch(() => null)) as { docs?: PayloadCategoryDoc[] } | null;
  if (!body || !Array.isArray(body.docs)) throw new ApiError({ result: null, status: 500 });
  return body.docs.map((doc) => ({
    id: String(doc.id),
    name: typeof doc.name === 'string' ? doc.name : String(doc.id),
    published: doc.published !== false,
  }));
}

export function useCategoryChoices() {
  return useSWR<CategoryChoice[]>(categoryChoicesKey, fetchCategoryChoices);
}
