/**
 * The data a server-rendered page was drawn from, handed over in the page so the browser hydrates from the
 * very same answers instead of asking for them again (issue 23).
 *
 * The SWR keys are the API paths below /api/v2/ (lib/api), so the hand-over is simply "this key answered that
 * envelope". One SWR middleware reads it, on both sides: on the server it serves what the routes' loaders
 * fetched (and notes any key the tree asked for that no loader named); in the browser it serves them while
 * the page hydrates.
 */
import type { Envelope } from '@shop/shared';
import type { Middleware, SWRConfiguration, SWRHook } from 'swr';
import { fetchList, isOk } from '../lib/api';

/** Element id of the JSON block in a server-rendered page. */
export const HANDOVER_ELEMENT_ID = 'shop-handover';

export interface Handover {
  /** The shop's public address (PUBLIC_URL): what rich text and the head call "this site". */
  origin: string;
  /** The envelopes the page was rendered from, by SWR key; absent on pages drawn in the browser only. */
  data?: Record<string, Envelope<unknown>>;
  /**
   * What the routes' loaders and action gave besides those envelopes (a tracking search's reason, a contact
   * form's errors), by route id: the browser's router starts from it instead of running them again.
   */
  routes?: HandedOverRoutes;
}

export interface HandedOverRoutes {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
}

export interface HandoverSource {
  data: Record<string, Envelope<unknown>>;
  /** Whether the hand-over still describes what is on screen (false once the shopper has moved on). */
  current(): boolean;
  /** Called with every key the tree asks for (the server's renderer collects them). */
  asked?(key: string): void;
}

/**
 * What the hook's fetcher would have resolved to for this envelope: the list fetcher keeps the count beside
 * the items; every other fetcher returns the result.
 */
function asFetched(envelope: Envelope<unknown>, fetcher: unknown): unknown {
  if (fetcher !== fetchList) return envelope.result;
  const items = Array.isArray(envelope.result) ? envelope.result : [];
  return { items, count: envelope.pagination?.count ?? items.length };
}

/**
 * useSWRInfinite passes its page-key function through the outer middlewares: its first page is what a
 * server render can draw, so that key stands for it.
 */
function firstPageKey(key: unknown): string | null {
  if (typeof key === 'string') return key;
  if (typeof key === 'function') {
    try {
      const first: unknown = (key as (index: number, previous: null) => unknown)(0, null);
      return typeof first === 'string' ? first : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function handoverMiddleware(source: HandoverSource): Middleware {
  return (useSWRNext: SWRHook) => (key, fetcher, config) => {
    const infinite = typeof key === 'function';
    const dataKey = firstPageKey(key);
    if (dataKey !== null) source.asked?.(dataKey);
    const envelope = dataKey !== null ? source.data[dataKey] : undefined;
    if (!envelope || !isOk(envelope.status)) return useSWRNext(key, fetcher, config);
    const fetched = asFetched(envelope, fetcher);
    // What the page was drawn from, without a request on mount while that page is on screen (the answer is
    // as fresh as the page). Later it is only the first thing shown, as SWR shows a cached answer, until
    // the hook's own request returns: a hook that stays mounted (the shop's config) keeps its data.
    const handedOver: SWRConfiguration = {
      ...config,
      fallbackData: infinite ? [fetched] : fetched,
      ...(source.current() ? { revalidateOnMount: false } : {}),
    };
    return useSWRNext(key, fetcher, handedOver as typeof config);
  };
}

/** The hand-over in a server-rendered page, or null in a page drawn in the browser only. */
export function readHandover(): Handover | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(HANDOVER_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as Handover;
  } catch {
    return null;
  }
}
