/**
 * The one API client of the SPA (SPEC §7, DESIGN "API contract"). Components never call fetch: they use the
 * per-resource hooks that sit on top of these functions.
 */
import type { Envelope } from '@shop/shared';

/** Empty means same origin: production serves SPA and API together, and the Vite dev server proxies /api. */
export const apiHost: string = (import.meta.env.VITE_API_HOST ?? '').replace(/\/+$/, '');
export const apiUrl = `${apiHost}/api/v2/`;

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly (QueryScalar | null | undefined)[];
export type Query = Record<string, QueryValue>;
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

function isEmpty(value: QueryScalar | null | undefined): value is null | undefined | '' {
  return (
    value === undefined || value === null || value === '' || (typeof value === 'number' && !Number.isFinite(value))
  );
}

/**
 * `key=value` pairs joined by `&`, arrays as `key[0]=value`. Empty values (undefined, null, '', NaN) are
 * left out, also inside arrays, whose remaining items are numbered without gaps so the server sees a dense
 * list. Brackets are written raw, as SPEC §7 spells them; keys and values are percent-encoded.
 * Returns '' or the query without its leading '?'.
 */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const name = encodeURIComponent(key);
    if (Array.isArray(value)) {
      let index = 0;
      for (const item of value as readonly (QueryScalar | null | undefined)[]) {
        if (isEmpty(item)) continue;
        parts.push(`${name}[${index}]=${encodeURIComponent(String(item))}`);
        index += 1;
      }
    } else if (!isEmpty(value as QueryScalar | null | undefined)) {
      parts.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/** A path below api/v2/ with its query, e.g. `products?page=1`: also the SWR key of GET hooks. */
export function withQuery(path: string, query?: Query): string {
  const qs = encodeQuery(query);
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export interface RequestOptions {
  method?: HttpMethod;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

const failure = <T>(): Envelope<T> => ({ result: null as T, status: 500 });

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';
}

/**
 * Sends one call and always resolves to an envelope, never throws: a network failure or a reply that is not
 * JSON reads as `{result: null, status: 500}` (SPEC §7 "network failure as status 500"), so callers handle
 * every outcome through `status` alone.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'get', query, body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl + withQuery(path.replace(/^\/+/, ''), query), {
      method: method.toUpperCase(),
      credentials: 'include',
      cache: 'no-store',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch {
    return failure<T>();
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return failure<T>();
  }
  if (isEnvelope(parsed)) {
    const envelope = parsed as Envelope<T>;
    return { ...envelope, result: envelope.result === undefined ? (null as T) : envelope.result };
  }
  // JSON without our envelope (e.g. a proxy's error page as JSON): keep the HTTP status, drop the body.
  return { result: null as T, status: response.ok ? 500 : response.status };
}

export const apiGet = <T>(path: string, query?: Query) => request<T>(path, { query });
export const apiPost = <T>(path: string, body?: unknown) => request<T>(path, { method: 'post', body });
export const apiPut = <T>(path: string, body?: unknown) => request<T>(path, { method: 'put', body });
export const apiDelete = <T>(path: string) => request<T>(path, { method: 'delete' });

export const isOk = (status: number) => status >= 200 && status < 300;

/** What SWR sees when a GET did not succeed; `status` lets pages tell a missing record from an outage. */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope<unknown>;
  constructor(envelope: Envelope<unknown>) {
    super(`API call failed with status ${envelope.status}`);
    this.name = 'ApiError';
    this.status = envelope.status;
    this.envelope = envelope;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * SWR fetcher: the key is the path with its query. SWR needs a rejection to set `error`, so this wrapper
 * (unlike `request`) throws an ApiError for any non-2xx status.
 */
export async function fetchResult<T>(key: string): Promise<T> {
  const envelope = await request<T>(key);
  if (!isOk(envelope.status)) throw new ApiError(envelope);
  return envelope.result;
}

export interface ListPage<T> {
  items: T[];
  count: number;
}

/** SWR fetcher for paginated lists: keeps pagination.count next to the items. */
export async function fetchList<T>(key: string): Promise<ListPage<T>> {
  const envelope = await request<T[]>(key);
  if (!isOk(envelope.status)) throw new ApiError(envelope);
  const items = Array.isArray(envelope.result) ? envelope.result : [];
  return { items, count: envelope.pagination?.count ?? items.length };
}

/**
 * Full WebP by default; `preview` is 720 px wide in the picture's proportions, `card` 480 px square and
 * `thumbnail` 160 px, all made by the server.
 */
export type AssetSize = 'full' | 'preview' | 'card' | 'thumbnail';

export function assetUrl(id: string | null | undefined, size: AssetSize = 'full'): string | undefined {
  if (!id) return undefined;
  const base = `${apiHost}/assets/${encodeURIComponent(id)}`;
  return size === 'full' ? base : `${base}?size=${size}`;
}

export const staticAssetUrl = (name: 'about-us.webp' | 'contact-us.webp' | 'weekly-schedule.webp') =>
  `${apiHost}/assets/static/${name}`;
