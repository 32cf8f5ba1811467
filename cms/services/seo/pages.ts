import type { Payload } from 'payload';
import {
  categoryHead,
  homeHead,
  idSchema,
  notFoundHead,
  ORDER_NOT_FOUND_HOME,
  pageHead,
  productHead,
  recipeHead,
  siteUrls,
  STATIC_PAGE_META,
} from '@shop/shared';
import { AppError } from '../../lib/app-error';
import { cached } from '../../lib/catalog-cache';
import { env } from '../../lib/env';
import * as catalog from '../catalog';
import { getSettings } from '../settings';
import type { PageHead } from './head';

/**
 * A storefront page as the server answers it: the HTTP status and what goes into its head, or where a page
 * that is not there sends the shopper instead.
 */
export type StorefrontPage = HeadedPage | { status: 302; location: string };

/** A page the server answers with its HTML. */
export interface HeadedPage {
  /** 200 or 404; a page drawn from a form sent to it says how the form went (400, 429, 503). */
  status: 200 | 400 | 404 | 429 | 503;
  head: PageHead;
}

const urls = () => siteUrls(env.publicUrl);

const page = (path: string, meta: PageHead['meta'], extra: Partial<PageHead> = {}): HeadedPage => ({
  status: 200,
  head: pageHead(path, meta, urls(), extra),
});

/**
 * What the SPA shows for a path it does not know, or for a record that is missing or not published: its own
 * not-found screen, which crawlers are told is none of the shop's pages.
 */
export const notFoundPage = (): HeadedPage => ({ status: 404, head: notFoundHead(STATIC_PAGE_META.notFound) });

/** The record behind a path, or null when the catalogue has none that shoppers may see. */
async function found<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

const STATIC_PATHS: Record<string, keyof typeof STATIC_PAGE_META> = {
  '/site': 'home',
  '/site/shop': 'shop',
  '/site/recipes': 'recipes',
  '/site/about': 'about',
  '/site/terms': 'terms',
  '/site/contact': 'contact',
  '/site/tracking': 'tracking',
};

/** SPEC §8: a missing order on the public site sends the shopper home, where the tracking message says why. */
const ORDER_NOT_FOUND: StorefrontPage = { status: 302, location: ORDER_NOT_FOUND_HOME };

/**
 * An order's page, drawn in the browser (it is the shopper's alone: no canonical link, not for indexing,
 * no picture), or home when there is no such order.
 */
async function orderPage(payload: Payload, path: string, id: string): Promise<StorefrontPage> {
  const { totalDocs } = await payload.count({
    collection: 'orders',
    where: { id: { equals: id } },
    overrideAccess: true,
  });
  if (totalDocs === 0) return ORDER_NOT_FOUND;
  return page(path, STATIC_PAGE_META.order, { canonical: null, noindex: true, image: null });
}

/** The storefront's paths as the SPA's router reads them (web/src/app/router.tsx), with the one id they hold. */
const RECORD_PATH = /^\/site\/(shop|category|recipes|orders)\/([^/]+)$/;
const ORDERS_PREFIX = '/site/orders/';

async function resolvePage(payload: Payload, path: string): Promise<StorefrontPage> {
  const staticPage = STATIC_PATHS[path];
  if (staticPage === 'home') return { status: 200, head: homeHead(urls()) };
  if (staticPage) return page(path, STATIC_PAGE_META[staticPage]);
  // A shopper's cart and orders are theirs alone: nothing a search engine should list.
  if (path === '/site/cart') return page(path, STATIC_PAGE_META.cart, { noindex: true });

  const match = RECORD_PATH.exec(path);
  if (!match) return notFoundPage();
  const [, kind, rawId] = match;
  const id = idSchema.safeParse(rawId);
  if (kind === 'orders') return id.success ? orderPage(payload, path, id.data) : ORDER_NOT_FOUND;
  if (!id.success) return notFoundPage();

  if (kind === 'shop') {
    const [product, settings] = await Promise.all([
      found(() => catalog.getProduct(payload, id.data)),
      getSettings(payload),
    ]);
    if (!product) return notFoundPage();
    return { status: 200, head: productHead(product, settings.currency_code, urls()) };
  }
  if (kind === 'category') {
    const category = await found(() => catalog.getCategory(payload, id.data));
    if (!category) return notFoundPage();
    return { status: 200, head: categoryHead(category, urls()) };
  }
  const recipe = await found(() => catalog.getRecipe(payload, id.data));
  if (!recipe) return notFoundPage();
  return { status: 200, head: recipeHead(recipe, urls()) };
}

/** "/site/shop/" and "/site/shop" are one page (the SPA's router reads both); the canonical URL has no slash. */
export const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The page for a storefront path, kept in the catalogue cache beside the records it was made from: a product
 * saved, a scheduled one coming due or the cache's TTL drops both together. A not-found page is not kept
 * (an unknown id is anyone's to make up, and must not push real entries out of the cache).
 */
export async function storefrontPage(payload: Payload, rawPath: string): Promise<StorefrontPage> {
  const path = normalisePath(rawPath);
  // An order is there or not at the moment it is asked for (one just paid for, one deleted): never kept.
  if (path.startsWith(ORDERS_PREFIX)) return resolvePage(payload, path);
  const NOT_KEPT = Symbol('not kept');
  let missing: StorefrontPage | null = null;
  try {
    return await cached(`seo-page:${path}`, async () => {
      const result = await resolvePage(payload, path);
      if (result.status === 200) return result;
      missing = result;
      throw NOT_KEPT;
    });
  } catch (err) {
    if (err !== NOT_KEPT) throw err;
    // Another request's not-found answer was shared with this one, or this one's own.
    return missing ?? notFoundPage();
  }
}
