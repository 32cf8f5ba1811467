/**
 * Where a route's loader and action get the shop's data (issue 33). On the server the renderer hands one in
 * through react-router's request context: it answers from the API's own handlers in the same process, with
 * the API's caching and rules and no HTTP request to itself (cms/services/seo/in-process-api.ts). In the
 * browser there is no context, and the same loaders ask /api/v2.
 */
import type { Envelope } from '@shop/shared';
import { apiPost, request } from '../lib/api';

export interface ShopData {
  /** GET /api/v2/<key>, a key being the path below /api/v2/ with its query (the SWR keys of lib/api). */
  get(key: string): Promise<Envelope<unknown>>;
  /** POST /api/v2/<key> with a JSON body. */
  post(key: string, body: unknown): Promise<Envelope<unknown>>;
}

/** What the server passes as the request context of react-router's static handler. */
export interface ServerRouteContext {
  shopData: ShopData;
}

const browserShopData: ShopData = {
  get: (key) => request(key),
  post: (key, body) => apiPost(key, body),
};

function isServerContext(context: unknown): context is ServerRouteContext {
  return typeof context === 'object' && context !== null && 'shopData' in context;
}

/** The server's in-process data when the loader runs there, null in the browser. */
export const serverShopData = (context: unknown): ShopData | null =>
  isServerContext(context) ? context.shopData : null;

/** The data source for a loader or action: the server's own when it runs there, /api/v2 otherwise. */
export const shopDataOf = (context: unknown): ShopData => serverShopData(context) ?? browserShopData;
