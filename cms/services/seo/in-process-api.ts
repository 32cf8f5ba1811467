import { type Envelope, MESSAGES } from '@shop/shared';
import type { SanitizedConfig } from 'payload';
import {
  cachedPublicAnswer,
  capture,
  type CapturedAnswer,
  isPublicCataloguePath,
  publicAnswerKey,
} from '../../lib/public-response-cache';
import { CLIENT_ADDRESS_HEADER } from '../auth/client-ip';

/**
 * The shop's API as the storefront's loaders see it on the server (issue 33): each call is answered by the
 * route's own handler in this process, through Payload's endpoint router, with no HTTP request to itself. The
 * public catalogue reads go through the same cached answers as GET /api/v2 (lib/public-response-cache.ts), so
 * a page and the API share one copy and one invalidation; everything else (a tracking search, a contact
 * message) is handled afresh, exactly as the API would handle it, published-only rules and all.
 */

/** web/src/app/shop-data.ts's interface (the web workspace's types are not the server's to import). */
export interface ShopData {
  get(key: string): Promise<Envelope<unknown>>;
  post(key: string, body: unknown): Promise<Envelope<unknown>>;
}

/** The page view a page's calls are made for. */
export interface PageVisit {
  /** The shopper's address (express's req.ip), which the handlers read as they read an API caller's. */
  clientAddress: string;
  /**
   * The page form's rate limit has run out: express-app.ts counts a form sent to a page on the page's route,
   * against the same budget as the API's route, so the call is answered 429 without being made.
   */
  rateLimited: boolean;
}

/** The calls a page form makes that the API rate-limits per address (express-app.ts). */
const RATE_LIMITED_CALLS = /^(orders\/exist\/|contacts$)/;

const failed = (status = 500): Envelope<unknown> => ({ result: null, status });

function envelopeOf(answer: CapturedAnswer): Envelope<unknown> {
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as Envelope<unknown>;
    if (typeof body?.status === 'number') return body;
  } catch {
    // Not the envelope: kept as a failure below.
  }
  return failed(answer.status >= 400 ? answer.status : 500);
}

export function inProcessApi(config: Promise<SanitizedConfig> | SanitizedConfig, origin: string) {
  return (visit: PageVisit): ShopData => {
    /**
     * The key as the API's address. A key whose path the URL parser would change (an id of "..") names another
     * route than the loader meant: refused, as express-helpers' toFetchRequest refuses such a path.
     */
    const requestFor = (key: string, init: RequestInit = {}): Request | null => {
      const path = `/api/v2/${key.split('?')[0]}`;
      const url = new URL(`/api/v2/${key}`, origin);
      if (url.pathname !== path) return null;
      const headers = new Headers(init.headers);
      headers.set('accept', 'application/json');
      headers.set(CLIENT_ADDRESS_HEADER, visit.clientAddress);
      return new Request(url, { ...init, headers });
    };
    const call = async (key: string, init?: RequestInit): Promise<Envelope<unknown>> => {
      if (visit.rateLimited && RATE_LIMITED_CALLS.test(key)) return { result: MESSAGES.rateLimited, status: 429 };
      const request = requestFor(key, init);
      if (!request) return failed(400);
      try {
        const url = new URL(request.url);
        const cacheKey =
          request.method === 'GET' && isPublicCataloguePath(url.pathname)
            ? publicAnswerKey(url.pathname, url.searchParams)
            : null;
        // Null from the cache: another request's answer that may not be kept was shared; this one asks itself.
        const answer =
          (cacheKey !== null ? await cachedPublicAnswer(cacheKey, request, config) : null) ??
          (await capture(requestFor(key, init) as Request, config));
        return envelopeOf(answer);
      } catch {
        return failed();
      }
    };
    return {
      get: (key) => call(key),
      post: (key, body) =>
        call(key, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    };
  };
}
