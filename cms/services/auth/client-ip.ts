import type { PayloadRequest } from 'payload';

/**
 * Payload's endpoints see a Fetch Request, not express's, so the express bridge (app.ts) hands the client
 * address over in this header. The bridge overwrites whatever a client sent under this name: only the
 * address express worked out (req.ip, which honours TRUST_PROXY) ever arrives here.
 */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';

/**
 * The client address of an /api request. Requests that did not come through the bridge (Local API calls
 * inside the process) share one bucket rather than escaping the throttle.
 */
export function clientAddress(req: Pick<PayloadRequest, 'headers'>): string {
  return req.headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
}
