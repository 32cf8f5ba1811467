/**
 * A storefront page's head: title, description, canonical URL, link-preview tags and schema.org data. One
 * builder per kind of page, used by the server for the page it sends (cms/services/seo) and by the SPA when
 * the shopper moves to another page (web/src/site/lib/use-document-meta.ts), so the head is the same however
 * the page was reached (issue 23).
 *
 * schema.org objects as Google reads them for rich results:
 * https://developers.google.com/search/docs/appearance/structured-data/product-snippet (Product, Offer),
 * …/structured-data/recipe (Recipe), …/structured-data/breadcrumb (BreadcrumbList),
 * …/structured-data/organization (Organization).
 */
import type { CategoryDetail, PublicCategory, PublicProduct, Recipe } from './api-types';
import { discountedUnitPrice } from './pricing';
import { isRichTextValue, richTextBlocks, type RichTextNode } from './rich-text';
import { categoryMeta, documentHead, type PageMeta, productMeta, recipeMeta, SHOP_DESCRIPTION, SHOP_NAME } from './seo';

const CONTEXT = 'https://schema.org';

export interface SiteUrls {
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
  /** The absolute URL of a page path. */
  page(path: string): string;
  /** The absolute URL of an asset (the full-size picture). */
  asset(id: string): string;
  /** The absolute URL of the shop's own picture (SHOP_PICTURE). */
  shopPicture: string;
}

/**
 * The shop's own picture, the link preview of every page that has none of its own (home, the shop, the
 * static pages, the cart): the family at the bottega from the About page, 1200×700, one of the fixed
 * storefront pictures served under /assets/static/ (cms/seed/artwork.ts). A product's page shows its product.
 */
export const SHOP_PICTURE = 'about-us.webp';

export const siteUrls = (origin: string): SiteUrls => {
  const base = origin.replace(/\/+$/, '');
  return {
    origin: base,
    page: (path) => `${base}${path}`,
    asset: (id) => `${base}/assets/${encodeURIComponent(id)}`,
    shopPicture: `${base}/assets/static/${SHOP_PICTURE}`,
  };
};

const SHOP_PATH = '/site/shop';

/**
 * The tracking page and the query that carries a typed order number (issue 33): its form sends the number
 * there without JavaScript, the server limits and looks it up there, and a page drawn for it is never kept.
 */
export const TRACKING_PATH = '/site/tracking';
export const TRACKING_PARAM = 'number';

/**
 * Home, saying why the shopper was sent there: SPEC §8 sends a missing order on the public site home, and
 * the tracking message there tells the shopper why (issue 31 §8). The server draws it too (it keeps this
 * query when it draws home), so the page reads the same before and after its scripts run.
 */
export const HOME_NOTICE_PARAM = 'notice';
export const ORDER_NOT_FOUND_NOTICE = 'order-not-found';
export const ORDER_NOT_FOUND_HOME = `/site?${HOME_NOTICE_PARAM}=${ORDER_NOT_FOUND_NOTICE}`;

/**
 * The canonical path of one page of the shop's list: each page of the list is its own address (`?page=2`),
 * page 1 is the shop itself. A search's pages point at the shop: a search is anyone's to make up, not a
 * page of the catalogue to list (issue 31 §9).
 */
export function shopCanonicalPath(search: string, page: number): string {
  if (search.trim() !== '' || page <= 1) return SHOP_PATH;
  return `${SHOP_PATH}?page=${page}`;
}

/** Everything that goes into a storefront page's <head> for one URL. */
export interface PageHead {
  meta: PageMeta;
  /** Absolute URL of the page; none for a page that is not found. */
  canonical: string | null;
  ogType: 'website' | 'product' | 'article';
  /** Absolute URL of the page's picture. */
  image: string | null;
  /** schema.org objects, each written as its own JSON-LD block. */
  jsonLd: object[];
  /** Search engines are asked to leave the page out of their index (a missing record, a shopper's own page). */
  noindex: boolean;
}

/** One element of the head. `pageOnly` marks what holds for this URL alone (`data-page-head` in the HTML). */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  /** The script's JSON text. */
  json?: object;
  pageOnly: boolean;
}

/** The head's tags after <title> and the description meta, in the order the server writes them. */
export function headTags(head: PageHead): HeadTag[] {
  const { title, description } = documentHead(head.meta);
  const name = (key: string, content: string, pageOnly = false): HeadTag => ({
    tag: 'meta',
    attributes: { name: key, content },
    pageOnly,
  });
  const property = (key: string, content: string, pageOnly = false): HeadTag => ({
    tag: 'meta',
    attributes: { property: key, content },
    pageOnly,
  });
  const tags: HeadTag[] = [];
  if (head.noindex) tags.push(name('robots', 'noindex', true));
  if (head.canonical)
    tags.push({ tag: 'link', attributes: { rel: 'canonical', href: head.canonical }, pageOnly: true });
  tags.push(
    property('og:site_name', SHOP_NAME),
    property('og:type', head.ogType, true),
    property('og:title', title),
    property('og:description', description),
  );
  if (head.canonical) tags.push(property('og:url', head.canonical, true));
  if (head.image) tags.push(property('og:image', head.image, true));
  tags.push(
    name('twitter:card', head.image ? 'summary_large_image' : 'summary', true),
    name('twitter:title', title),
    name('twitter:description', description),
  );
  if (head.image) tags.push(name('twitter:image', head.image, true));
  for (const json of head.jsonLd) {
    tags.push({ tag: 'script', attributes: { type: 'application/ld+json' }, json, pageOnly: true });
  }
  return tags;
}

// ---------------------------------------------------------------------------------------------------------
// schema.org

const shopAsOrganization = (urls: SiteUrls) => ({ '@type': 'Organization', name: SHOP_NAME, url: urls.page('/site') });

/**
 * Without `aggregateRating`: a product's stars are the shop's own score, set in the control centre, not
 * shoppers' reviews. Google wants a rating count with it and does not show ratings a business gives itself
 * (its review-snippet guidelines), so publishing the stars as a rating would only earn a structured-data error.
 */
export function productJsonLd(product: PublicProduct, currency: string, urls: SiteUrls): object {
  const url = urls.page(`/site/shop/${product.id}`);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.img ? { image: [urls.asset(product.img.id)] } : {}),
    sku: product.id,
    productID: product.id,
    url,
    ...(product.categories.length > 0 ? { category: product.categories[0].name } : {}),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'Offer',
      url,
      // What the shopper pays for one unit, discount included; schema.org wants a dot and no currency sign.
      price: discountedUnitPrice(product).toFixed(2),
      priceCurrency: currency,
      availability: product.inventory_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: shopAsOrganization(urls),
    },
  };
}

/** The trail the page's visible breadcrumb shows, the current page last (it has no link there but an item here). */
export function breadcrumbJsonLd(trail: ReadonlyArray<{ name: string; path: string }>, urls: SiteUrls): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: urls.page(crumb.path),
    })),
  };
}

function collect(node: RichTextNode, match: (node: RichTextNode) => boolean, out: RichTextNode[] = []): RichTextNode[] {
  if (match(node)) out.push(node);
  else for (const child of node.children ?? []) collect(child, match, out);
  return out;
}

const holdsLink = (node: RichTextNode): boolean =>
  node.type === 'link' || node.type === 'autolink' || (node.children ?? []).some(holdsLink);

const textOf = (node: RichTextNode): string[] =>
  richTextBlocks({ root: { type: 'root', version: 1, children: [node] } });

/**
 * The method's steps, and nothing else: an introduction, a heading ("Method") or a reading tip ("Read more on
 * Wikipedia") is not a step. A body that lists its method has the items of its numbered lists as steps (of
 * any list, when none is numbered); a body written as paragraphs has those after its first heading (all of
 * them without one), leaving out paragraphs that carry a link. A recipe without a rich-text body has its
 * plain directions.
 */
export function recipeSteps(recipe: Pick<Recipe, 'body' | 'directions'>): string[] {
  if (!isRichTextValue(recipe.body)) return recipe.directions;
  const root = recipe.body.root;
  const lists = collect(root, (node) => node.type === 'list');
  if (lists.length > 0) {
    const numbered = lists.filter((list) => list.listType === 'number');
    const items = (numbered.length > 0 ? numbered : lists).flatMap((list) =>
      (list.children ?? []).filter((child) => child.type === 'listitem'),
    );
    return items.flatMap(textOf);
  }
  const top = root.children ?? [];
  const firstHeading = top.findIndex((node) => node.type === 'heading');
  return top
    .slice(firstHeading + 1)
    .filter((node) => node.type === 'paragraph' && !holdsLink(node))
    .flatMap(textOf);
}

export function recipeJsonLd(recipe: Recipe, urls: SiteUrls): object {
  const url = urls.page(`/site/recipes/${recipe.id}`);
  return {
    '@context': CONTEXT,
    '@type': 'Recipe',
    name: recipe.name,
    ...(recipe.img ? { image: [urls.asset(recipe.img.id)] } : {}),
    ...(recipe.description ? { description: recipe.description } : {}),
    url,
    ...(recipe.created_at ? { datePublished: recipe.created_at } : {}),
    author: shopAsOrganization(urls),
    recipeIngredient: recipe.ingredients,
    recipeInstructions: recipeSteps(recipe).map((text) => ({ '@type': 'HowToStep', text })),
  };
}

/** Home: who runs the shop, and the site itself. */
export function homeJsonLd(urls: SiteUrls): object[] {
  return [
    { '@context': CONTEXT, ...shopAsOrganization(urls), description: SHOP_DESCRIPTION },
    { '@context': CONTEXT, '@type': 'WebSite', name: SHOP_NAME, url: urls.page('/site') },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// One head per kind of page

/** A page at `path` whose head says only what `meta` says, with the shop's picture, unless `extra` adds to it. */
export const pageHead = (path: string, meta: PageMeta, urls: SiteUrls, extra: Partial<PageHead> = {}): PageHead => ({
  meta,
  canonical: urls.page(path),
  ogType: 'website',
  image: urls.shopPicture,
  jsonLd: [],
  noindex: false,
  ...extra,
});

export const homeHead = (urls: SiteUrls): PageHead => pageHead('/site', {}, urls, { jsonLd: homeJsonLd(urls) });

/** The storefront's visible trail to a product: Home / Shop / the product. */
export const productTrail = (product: Pick<PublicProduct, 'id' | 'name'>) => [
  { name: 'Home', path: '/site' },
  { name: 'Shop', path: '/site/shop' },
  { name: product.name, path: `/site/shop/${product.id}` },
];

export const categoryTrail = (category: Pick<PublicCategory, 'id' | 'name'>) => [
  { name: 'Home', path: '/site' },
  { name: 'Shop', path: '/site/shop' },
  { name: category.name, path: `/site/category/${category.id}` },
];

export const productHead = (product: PublicProduct, currency: string, urls: SiteUrls): PageHead =>
  pageHead(`/site/shop/${product.id}`, productMeta(product), urls, {
    ogType: 'product',
    image: product.img ? urls.asset(product.img.id) : null,
    jsonLd: [productJsonLd(product, currency, urls), breadcrumbJsonLd(productTrail(product), urls)],
  });

export const categoryHead = (category: CategoryDetail | PublicCategory, urls: SiteUrls): PageHead =>
  pageHead(`/site/category/${category.id}`, categoryMeta(category), urls, {
    image: category.img ? urls.asset(category.img.id) : null,
    jsonLd: [breadcrumbJsonLd(categoryTrail(category), urls)],
  });

export const recipeHead = (recipe: Recipe, urls: SiteUrls): PageHead =>
  pageHead(`/site/recipes/${recipe.id}`, recipeMeta(recipe), urls, {
    ogType: 'article',
    image: recipe.img ? urls.asset(recipe.img.id) : null,
    jsonLd: [recipeJsonLd(recipe, urls)],
  });

/** What the SPA shows for a path it does not know, or for a record that is missing or not published. */
export const notFoundHead = (meta: PageMeta): PageHead => ({
  meta,
  canonical: null,
  ogType: 'website',
  image: null,
  jsonLd: [],
  noindex: true,
});
