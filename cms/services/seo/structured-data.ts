import {
  discountedUnitPrice,
  isRichTextValue,
  type PublicProduct,
  type Recipe,
  richTextBlocks,
  type RichTextNode,
  SHOP_DESCRIPTION,
  SHOP_NAME,
} from '@shop/shared';

/**
 * schema.org objects for the storefront's pages, as Google reads them for rich results:
 * https://developers.google.com/search/docs/appearance/structured-data/product-snippet (Product, Offer),
 * …/structured-data/recipe (Recipe), …/structured-data/organization (Organization).
 */
const CONTEXT = 'https://schema.org';

export interface SiteUrls {
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
  /** The absolute URL of a page path. */
  page(path: string): string;
  /** The absolute URL of an asset (the full-size picture). */
  asset(id: string): string;
}

export const siteUrls = (origin: string): SiteUrls => ({
  origin,
  page: (path) => `${origin}${path}`,
  asset: (id) => `${origin}/assets/${encodeURIComponent(id)}`,
});

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

/** The body without its headings ("Method", "To serve"): they name parts of the method, not steps of it. */
function withoutHeadings(node: RichTextNode): RichTextNode {
  return {
    ...node,
    children: node.children?.filter((child) => child.type !== 'heading').map(withoutHeadings),
  };
}

/** The method's steps: one per paragraph or list item of the recipe's rich-text body, in order. */
export function recipeSteps(recipe: Recipe): string[] {
  if (!isRichTextValue(recipe.body)) return recipe.directions;
  return richTextBlocks({ root: withoutHeadings(recipe.body.root) });
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
