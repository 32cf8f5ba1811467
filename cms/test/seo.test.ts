/**
 * Search engines and link previews (issue 15 part 1): the head the server writes into each storefront page
 * (cms/services/seo), its JSON-LD checked against the properties Google requires, sitemap.xml and robots.txt.
 */
import { richTextHeading, richTextList, richTextRoot } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { decodeHtml, requireWebBuild } from './storefront-html';
import { createOrder, createProduct, createRecipe, uploadImage } from './factories';

/**
 * Required properties, written out from the documentation rather than taken from the code under test:
 * - Product snippet, https://developers.google.com/search/docs/appearance/structured-data/product-snippet
 *   ("Product information: name" plus one of review, aggregateRating or offers) and merchant listings,
 *   https://developers.google.com/search/docs/appearance/structured-data/merchant-listing (name, image,
 *   offers with price, priceCurrency; availability recommended there, required by the shop's issue 15).
 * - Offer, https://schema.org/Offer as Google reads it: price, priceCurrency, availability.
 * - Recipe, https://developers.google.com/search/docs/appearance/structured-data/recipe (required: name,
 *   image; recipeIngredient and recipeInstructions recommended, required by issue 15), HowToStep's text.
 */
const REQUIRED = {
  Product: ['@context', '@type', 'name', 'image', 'offers'],
  Offer: ['@type', 'price', 'priceCurrency', 'availability'],
  Recipe: ['@context', '@type', 'name', 'image', 'recipeIngredient', 'recipeInstructions'],
  HowToStep: ['@type', 'text'],
  Organization: ['@context', '@type', 'name', 'url'],
  WebSite: ['@context', '@type', 'name', 'url'],
} as const;

type Json = Record<string, unknown>;

function missing(kind: keyof typeof REQUIRED, data: Json): string[] {
  return REQUIRED[kind].filter((key) => data[key] === undefined || data[key] === '' || data[key] === null);
}

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  // The storefront's HTML is the web build's index.html with the head filled in: `npm test` builds first.
  requireWebBuild();
  server = await startServer();
  admin = await server.loginAdmin();
});
afterAll(() => server?.stop());

interface Page {
  status: number;
  html: string;
  head: string;
  title: string | undefined;
  meta(key: string): string | undefined;
  link(rel: string): string | undefined;
  jsonLd: Json[];
}

const decode = decodeHtml;

async function open(pathname: string): Promise<Page> {
  const res = await server.raw({ path: pathname, headers: { accept: 'text/html' } });
  const head = /<head>([\s\S]*)<\/head>/.exec(res.text)?.[1] ?? '';
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = head.match(/<(meta|link)\b[^>]*>/g) ?? [];
  return {
    status: res.status,
    html: res.text,
    head,
    title: (() => {
      const raw = /<title>([^<]*)<\/title>/.exec(head)?.[1];
      return raw === undefined ? undefined : decode(raw);
    })(),
    meta: (key) => {
      const tag = tags.find((t) => attr(t, 'name') === key || attr(t, 'property') === key);
      const content = tag && attr(tag, 'content');
      return content === undefined ? undefined : decode(content);
    },
    link: (rel) => {
      const tag = tags.find((t) => t.startsWith('<link') && attr(t, 'rel') === rel);
      return tag && attr(tag, 'href');
    },
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Json,
    ),
  };
}

/** The first category of a product as the REST API returned it (an id, or the category itself). */
const categoryOf = (product: Json): string => {
  const [first] = product.categories as Array<string | { id: string }>;
  return typeof first === 'string' ? first : first.id;
};

const ofType = (page: Page, type: string) => page.jsonLd.filter((data) => data['@type'] === type);

describe('a product page', () => {
  it('when a published product with a picture and a discount is opened, then its head names it, links it and describes it as a Product with its offer', async () => {
    const image = await uploadImage(admin, { width: 400, height: 400 });
    const name = `Olio Santo ${uid()}`;
    const product = await createProduct(admin, {
      name,
      description: 'Cold pressed in November from Taggiasca olives.',
      price: 18.4,
      apply_discount: true,
      discount_unit: '%',
      discount_amount: 10,
      inventory_stock: true,
      img: image.id,
    });
    const page = await open(`/site/shop/${product.id}`);

    expect(page.status).toBe(200);
    expect(page.title).toBe(`${name} · Bottega di Famiglia`);
    expect(page.meta('description')).toBe('Cold pressed in November from Taggiasca olives.');
    expect(page.meta('robots')).toBeUndefined();
    const url = `${server.baseUrl}/site/shop/${product.id}`;
    expect(page.link('canonical')).toBe(url);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:title')).toBe(`${name} · Bottega di Famiglia`);
    expect(page.meta('og:description')).toBe('Cold pressed in November from Taggiasca olives.');
    expect(page.meta('og:image')).toBe(`${server.baseUrl}/assets/${image.id}`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:image')).toBe(`${server.baseUrl}/assets/${image.id}`);
    // Only one title and one description: the template's own are replaced, not joined.
    expect(page.head.match(/<title>/g)).toHaveLength(1);
    expect(page.head.match(/name="description"/g)).toHaveLength(1);
    // The SPA still loads from it, and hydrates what the server drew (storefront-ssr.test.ts).
    expect(page.html).toMatch(/<div id="root">(<link rel="preload" as="image"[^>]*>)*<!--\$-->/);
    expect(page.html).toMatch(
      /<script type="module" crossorigin src="\/bundle\/boot-[^"]+\.js" data-entry="\/bundle\/index-[^"]+\.js"[^>]*><\/script>/,
    );

    const [data] = ofType(page, 'Product');
    expect(ofType(page, 'Product')).toHaveLength(1);
    expect(missing('Product', data)).toEqual([]);
    const offer = data.offers as Json;
    expect(missing('Offer', offer)).toEqual([]);
    expect(data['@context']).toBe('https://schema.org');
    expect(data.name).toBe(name);
    expect(data.image).toEqual([`${server.baseUrl}/assets/${image.id}`]);
    expect(data.sku).toBe(product.id);
    expect(data.url).toBe(url);
    // 18.40 less 10 % is 16.56: the price the shopper pays.
    expect(offer.price).toBe('16.56');
    expect(offer.priceCurrency).toBe('USD');
    expect(offer.availability).toBe('https://schema.org/InStock');
    expect(offer.url).toBe(url);
  });

  it('when a product is out of stock, then its offer says so', async () => {
    const product = await createProduct(admin, { price: 7, inventory_stock: false });
    const [data] = ofType(await open(`/site/shop/${product.id}`), 'Product');
    expect((data.offers as Json).availability).toBe('https://schema.org/OutOfStock');
    expect((data.offers as Json).price).toBe('7.00');
  });

  it('when a product is named to break out of the page, then every tag and the JSON-LD keep it as text', async () => {
    const hostile = `</script><script>alert(1)</script>"&`;
    const product = await createProduct(admin, { name: hostile, description: `<img src=x onerror=alert(2)> & "q"` });
    const page = await open(`/site/shop/${product.id}`);

    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('<img src=x');
    expect(page.head).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp; · Bottega di Famiglia</title>',
    );
    expect(page.title).toBe(`${hostile} · Bottega di Famiglia`);
    expect(page.meta('og:title')).toBe(`${hostile} · Bottega di Famiglia`);
    expect(page.meta('description')).toBe(`<img src=x onerror=alert(2)> & "q"`);
    // The JSON-LD block ends where it should, and reads back to the same name.
    expect(page.head).toContain(
      '"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\"\\u0026"',
    );
    expect(ofType(page, 'Product')[0].name).toBe(hostile);
  });

  it('when a product is renamed, then its page shows the new name on the next visit', async () => {
    const product = await createProduct(admin, { name: `Aceto ${uid()}` });
    await open(`/site/shop/${product.id}`);
    const renamed = `Aceto Balsamico ${uid()}`;
    const res = await admin.api(`/api/products/${product.id}`, { method: 'PATCH', json: { name: renamed } });
    expect(res.status).toBe(200);
    const page = await open(`/site/shop/${product.id}`);
    expect(page.title).toBe(`${renamed} · Bottega di Famiglia`);
    expect(ofType(page, 'Product')[0].name).toBe(renamed);
  });
});

describe('pages that are not there', () => {
  it('when an unpublished product is opened, then the SPA comes back with 404, noindex and nothing about the product', async () => {
    const product = await createProduct(admin, { name: `Draft ${uid()}`, published: false });
    const page = await open(`/site/shop/${product.id}`);
    expect(page.status).toBe(404);
    expect(page.meta('robots')).toBe('noindex');
    expect(page.title).toBe('Page not found · Bottega di Famiglia');
    expect(page.link('canonical')).toBeUndefined();
    expect(page.jsonLd).toEqual([]);
    expect(page.html).not.toContain('Draft ');
    // The not-found screen drawn in its place (issue 33).
    expect(page.html).toContain('Sorry, we could not find that page');
  });

  it('when an unknown id, a malformed id or an unknown path is opened, then 404 with noindex', async () => {
    for (const pathname of [
      '/site/shop/00000000-0000-4000-8000-000000000000',
      '/site/recipes/00000000-0000-4000-8000-000000000000',
      '/site/category/not_an_id!',
      '/site/nowhere',
      '/site/404',
    ]) {
      const page = await open(pathname);
      expect(page.status, pathname).toBe(404);
      expect(page.meta('robots'), pathname).toBe('noindex');
    }
  });

  it('when a shopper opens their cart or an order, then the page is served but not for indexing', async () => {
    const order = await createOrder(admin);
    for (const pathname of ['/site/cart', `/site/orders/${order.id}`]) {
      const page = await open(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.meta('robots'), pathname).toBe('noindex');
    }
  });

  it('when an order that does not exist (or an id that cannot) is opened, then the server redirects home with the tracking notice (SPEC §8)', async () => {
    for (const pathname of ['/site/orders/00000000-0000-4000-8000-000000000000', '/site/orders/not%20an%20id']) {
      const res = await server.raw({ path: pathname, headers: { accept: 'text/html' } });
      expect(res.status, pathname).toBe(302);
      expect(res.headers.location, pathname).toBe('/site?notice=order-not-found');
    }
  });
});

describe('a recipe page', () => {
  it('when a published recipe is opened, then its JSON-LD is a Recipe with its ingredients and one HowToStep per step', async () => {
    const image = await uploadImage(admin, { width: 400, height: 300 });
    const name = `Spaghetti aglio e olio ${uid()}`;
    const res = await admin.api('/api/recipes', {
      method: 'POST',
      json: {
        name,
        description: 'Garlic, oil and chilli.',
        ingredients: [{ item: '200 g spaghetti' }, { item: '4 tbsp olive oil' }, { item: '2 cloves garlic' }],
        // The heading names a part of the method; it is not a step.
        body: richTextRoot([
          richTextHeading('Method'),
          richTextList(['Boil the pasta.', 'Warm the garlic in the oil.', 'Toss together.'], 'number'),
        ]),
        img: image.id,
        _status: 'published',
      },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.doc.id as string;
    const page = await open(`/site/recipes/${id}`);

    expect(page.status).toBe(200);
    expect(page.title).toBe(`${name} · Bottega di Famiglia`);
    expect(page.meta('description')).toBe('Garlic, oil and chilli.');
    expect(page.link('canonical')).toBe(`${server.baseUrl}/site/recipes/${id}`);
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe(`${server.baseUrl}/assets/${image.id}`);
    const [data] = ofType(page, 'Recipe');
    expect(missing('Recipe', data)).toEqual([]);
    expect(data.name).toBe(name);
    expect(data.image).toEqual([`${server.baseUrl}/assets/${image.id}`]);
    expect(data.recipeIngredient).toEqual(['200 g spaghetti', '4 tbsp olive oil', '2 cloves garlic']);
    const steps = data.recipeInstructions as Json[];
    for (const step of steps) expect(missing('HowToStep', step)).toEqual([]);
    expect(steps).toEqual([
      { '@type': 'HowToStep', text: 'Boil the pasta.' },
      { '@type': 'HowToStep', text: 'Warm the garlic in the oil.' },
      { '@type': 'HowToStep', text: 'Toss together.' },
    ]);
    expect(data.author).toEqual({
      '@type': 'Organization',
      name: 'Bottega di Famiglia',
      url: `${server.baseUrl}/site`,
    });
  });
});

describe('home and the static pages', () => {
  it('when home is opened, then it carries the shop’s title and the Organization and WebSite JSON-LD', async () => {
    const page = await open('/site');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Bottega di Famiglia — Italian food');
    expect(page.link('canonical')).toBe(`${server.baseUrl}/site`);
    expect(page.meta('og:type')).toBe('website');
    const [organization] = ofType(page, 'Organization');
    const [website] = ofType(page, 'WebSite');
    expect(missing('Organization', organization)).toEqual([]);
    expect(missing('WebSite', website)).toEqual([]);
    expect(website.url).toBe(`${server.baseUrl}/site`);
  });

  it('when the static pages are opened, then each has its own title and description and a canonical link without a trailing slash', async () => {
    const expected: Array<[string, string]> = [
      ['/site/shop/', 'Shop · Bottega di Famiglia'],
      ['/site/recipes', 'Recipes · Bottega di Famiglia'],
      ['/site/about', 'About us · Bottega di Famiglia'],
      ['/site/terms', 'Terms and Conditions · Bottega di Famiglia'],
      ['/site/contact', 'Contact us · Bottega di Famiglia'],
    ];
    const descriptions = new Set<string | undefined>();
    for (const [pathname, title] of expected) {
      const page = await open(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.title, pathname).toBe(title);
      expect(page.link('canonical'), pathname).toBe(`${server.baseUrl}${pathname.replace(/\/$/, '')}`);
      descriptions.add(page.meta('description'));
    }
    expect(descriptions.size).toBe(5);
  });

  it('when a published category is opened, then it carries its name and its own description', async () => {
    const categoryId = categoryOf(await createProduct(admin));
    const page = await open(`/site/category/${categoryId}`);
    expect(page.status).toBe(200);
    expect(page.meta('description')).toBe('A test category');
    expect(page.link('canonical')).toBe(`${server.baseUrl}/site/category/${categoryId}`);
  });
});

describe('sitemap.xml and robots.txt', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('when products are published or not, then the sitemap lists the published ones with their change time, and a publication shows on the next read', async () => {
    const shown = await createProduct(admin, { name: `Pesto ${uid()}` });
    // In the same category, so that publishing it adds one URL (a category shows once it holds a product).
    const hidden = await createProduct(admin, {
      name: `Sugo ${uid()}`,
      published: false,
      categories: [categoryOf(shown)],
    });
    const recipe = await createRecipe(admin);

    const first = await server.raw({ path: '/sitemap.xml' });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/xml/);
    expect(first.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const listed = locs(first.text);
    expect(listed).toContain(`${server.baseUrl}/site/shop/${shown.id}`);
    expect(listed).not.toContain(`${server.baseUrl}/site/shop/${hidden.id}`);
    expect(listed).toContain(`${server.baseUrl}/site/recipes/${recipe.id}`);
    for (const page of ['/site', '/site/shop', '/site/recipes', '/site/about', '/site/terms', '/site/contact']) {
      expect(listed).toContain(`${server.baseUrl}${page}`);
    }
    expect(listed).not.toContain(`${server.baseUrl}/site/cart`);
    const entry = new RegExp(`<loc>${server.baseUrl}/site/shop/${shown.id}</loc><lastmod>([^<]+)</lastmod>`).exec(
      first.text,
    );
    expect(entry?.[1]).toBe(new Date(String(shown.updatedAt)).toISOString());

    const res = await admin.api(`/api/products/${hidden.id}`, { method: 'PATCH', json: { published: true } });
    expect(res.status).toBe(200);
    const second = await server.raw({ path: '/sitemap.xml' });
    expect(locs(second.text)).toContain(`${server.baseUrl}/site/shop/${hidden.id}`);
    expect(locs(second.text)).toHaveLength(listed.length + 1);
  });

  it('when robots.txt is read, then it names the sitemap by its absolute URL and keeps the back office out', async () => {
    const res = await server.raw({ path: '/robots.txt' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    for (const line of ['User-agent: *', 'Disallow: /admin', 'Disallow: /cms', 'Disallow: /api/']) {
      expect(lines).toContain(line);
    }
  });
});
