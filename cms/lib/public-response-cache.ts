import type { Request as ExpressRequest, RequestHandler } from 'express';
import { handleEndpoints, type SanitizedConfig } from 'payload';
import { cached } from './catalog-cache';

/**
 * Whole answers of the storefront's public catalogue reads (`GET /api/v2/products…`, categories, recipes,
 * config), kept in the catalogue cache beside the data they were made from, so they are dropped by the same
 * invalidation (a product saved, a scheduled one due, the TTL). A hit skips Payload's request set-up and the
 * Fetch bridge: the answer depends on the URL alone, since these routes read the catalogue without a user.
 *
 * Not cached: requests that carry a session (an admin's page) or an Origin (a cross-origin call, whose CORS
 * headers are per origin), and any answer other than 200.
 */
export const PUBLIC_CATALOGUE_PATHS = [
  '/api/v2/config',
  '/api/v2/products',
  '/api/v2/products/*rest',
  '/api/v2/categories',
  '/api/v2/categories/*rest',
  '/api/v2/recipes',
  '/api/v2/recipes/*rest',
];

/** Whether an API path is one of PUBLIC_CATALOGUE_PATHS (for callers that are not express routes). */
export const isPublicCataloguePath = (path: string): boolean =>
  /^\/api\/v2\/(config|products|categories|recipes)(\/|$)/.test(path);

export interface CapturedAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** Headers that belong to one request's answer, never to a shared copy. */
const PER_REQUEST_HEADERS = /^(set-cookie|access-control-|vary$|date$|content-length$)/i;

const NOT_CACHEABLE = Symbol('not cacheable');

export const cacheable = (req: ExpressRequest) =>
  req.headers.origin === undefined && !/(^|;\s*)payload-token=/.test(req.headers.cookie ?? '');

/** Every query parameter these routes read (api-types.ts: the list, suggestions and cart queries). */
const KNOWN_PARAMS = new Set(['search', 'page', 'limit', 'products']);
/** The one parameter given once per value (the cart's product ids); the others say one thing once. */
const LIST_PARAMS = new Set(['products']);

/**
 * The answer's key: the path and the known parameters in a fixed order, so that reordering them or adding a
 * cache-buster does not make a new entry. A request with any other parameter, or with a single-valued one
 * named twice, is not looked up at all (null): the route may refuse it (its schema is strict), and an answer
 * kept without that parameter must not stand in for it; it goes through Payload, uncached.
 */
export function publicAnswerKey(path: string, query: URLSearchParams): string | null {
  const names = [...query.keys()];
  if (names.some((name) => !KNOWN_PARAMS.has(name))) return null;
  if (names.some((name) => !LIST_PARAMS.has(name) && query.getAll(name).length > 1)) return null;
  // A stable sort: the cart's ids keep their order among themselves.
  const kept = new URLSearchParams([...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const search = kept.toString();
  return `http:${path}${search ? `?${search}` : ''}`;
}

export async function capture(
  request: Request,
  config: Promise<SanitizedConfig> | SanitizedConfig,
): Promise<CapturedAnswer> {
  const response = await handleEndpoints({ config, request });
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, key) => {
    if (!PER_REQUEST_HEADERS.test(key)) headers.push([key, value]);
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The public answer for `request` (keyed by `key`, see publicAnswerKey): from the cache when it is there,
 * otherwise from the route's handler, in this process, and kept when it is a 200. Null when another request's
 * uncacheable answer was shared: the caller asks the handler itself. The middleware below and the storefront's
 * server-side loaders (services/seo/in-process-api.ts) both answer through it, so a page and the API share one
 * copy of each answer.
 */
export async function cachedPublicAnswer(
  key: string,
  request: Request,
  config: Promise<SanitizedConfig> | SanitizedConfig,
): Promise<CapturedAnswer | null> {
  let uncacheable: CapturedAnswer | undefined;
  return cached(key, async () => {
    const captured = await capture(request, config);
    if (captured.status === 200) return captured;
    uncacheable = captured;
    throw NOT_CACHEABLE;
  }).catch((err: unknown) => {
    if (err !== NOT_CACHEABLE) throw err;
    return uncacheable ?? null;
  });
}

/** `toPayloadRequest` is the bridge's own conversion (express-app.ts), so both hand Payload the same request. */
export function publicResponseCache(
  config: Promise<SanitizedConfig> | SanitizedConfig,
  toPayloadRequest: (req: ExpressRequest) => Request,
): RequestHandler {
  return async (req, res, next) => {
    if (!cacheable(req)) return next();
    const queryStart = req.originalUrl.indexOf('?');
    const key = publicAnswerKey(
      req.path,
      new URLSearchParams(queryStart === -1 ? '' : req.originalUrl.slice(queryStart + 1)),
    );
    if (key === null) return next();
    try {
      const answer = await cachedPublicAnswer(key, toPayloadRequest(req), config);
      // Another request's uncacheable answer was shared: let this one go through the bridge itself.
      if (!answer) return next();
      res.status(answer.status);
      for (const [key, value] of answer.headers) res.setHeader(key, value);
      res.end(answer.body);
    } catch (err) {
      next(err);
    }
  };
}
