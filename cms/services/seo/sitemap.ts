import type { Payload } from 'payload';
import { cached } from '../../lib/catalog-cache';
import { env } from '../../lib/env';
import * as catalog from '../catalog';
import { escapeHtml } from './head';

/** The storefront pages that exist whatever the catalogue holds (the cart, tracking and orders are no one's to list). */
const STATIC_PATHS = ['/site', '/site/shop', '/site/recipes', '/site/about', '/site/terms', '/site/contact'];

/** One page of the product list read at a time; a family shop's catalogue fits in one or two. */
const PRODUCT_PAGE_SIZE = 500;

interface Entry {
  path: string;
  lastmod?: string;
}

async function publishedProducts(payload: Payload): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let page = 1; ; page++) {
    const { items, pagination } = await catalog.listProducts(payload, { page, limit: PRODUCT_PAGE_SIZE });
    entries.push(...items.map((p) => ({ path: `/site/shop/${p.id}`, lastmod: p.updated_at })));
    if (items.length === 0 || page * PRODUCT_PAGE_SIZE >= pagination.count) return entries;
  }
}

/**
 * Recipes' change times are not in the storefront's recipe shape, so they are read here, with the same rule as
 * the storefront's reads (published only, no user).
 */
async function publishedRecipes(payload: Payload): Promise<Entry[]> {
  const res = await payload.find({
    collection: 'recipes',
    where: { _status: { equals: 'published' } },
    select: { updatedAt: true },
    sort: '-createdAt',
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  return res.docs.map((doc) => ({ path: `/site/recipes/${doc.id}`, lastmod: String(doc.updatedAt ?? '') }));
}

/** W3C date-time, as sitemaps.org asks for; anything unreadable is left out rather than guessed. */
function lastmod(value: string | undefined): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

function render(entries: Entry[]): string {
  const urls = entries.map((entry) => {
    const modified = lastmod(entry.lastmod);
    const loc = `<loc>${escapeHtml(`${env.publicUrl}${entry.path}`)}</loc>`;
    return `  <url>${loc}${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * sitemap.xml (https://www.sitemaps.org/protocol.html): the storefront's own pages, then every published
 * category holding products, product and recipe. Made once per catalogue state and kept in the catalogue
 * cache, so a change (or a scheduled record coming due) makes a new one on the next request, and repeated
 * crawls cost nothing.
 */
export function sitemapXml(payload: Payload): Promise<string> {
  return cached('seo-sitemap', async () => {
    const [categories, products, recipes] = await Promise.all([
      catalog.listCategories(payload),
      publishedProducts(payload),
      publishedRecipes(payload),
    ]);
    return render([
      ...STATIC_PATHS.map((path) => ({ path })),
      ...categories.map((c) => ({ path: `/site/category/${c.id}`, lastmod: c.updated_at })),
      ...products,
      ...recipes,
    ]);
  });
}

/**
 * robots.txt. The API stays out of search results, but the catalogue reads the storefront makes are allowed:
 * a crawler that renders the SPA needs them to see a page's content (for Google the longer, more specific
 * Allow wins over Disallow: /api/).
 */
export function robotsTxt(): string {
  return [
    '# The storefront is for everyone; the control centre, the content panel and the APIs are not pages.',
    'User-agent: *',
    'Allow: /site',
    'Allow: /api/v2/config',
    'Allow: /api/v2/products',
    'Allow: /api/v2/categories',
    'Allow: /api/v2/recipes',
    'Disallow: /admin',
    'Disallow: /cms',
    'Disallow: /api/',
    'Disallow: /__paypal/',
    '',
    `Sitemap: ${env.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
