/**
 * The storefront drawn on the server (issue 23 part 1): what a crawler, a link preview or a shopper without
 * JavaScript gets in the body of each public page, the data handed over for hydration, the render cache
 * following catalogue changes, and hostile addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { decodeHtml, requireWebBuild } from './storefront-html';
import { createCategory, createOrder, createProduct, createRecipe } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  requireWebBuild(['web/dist/index.html', 'web/dist/.vite/manifest.json', 'web/dist-ssr/entry-server.js']);
  server = await startServer();
  admin = await server.loginAdmin();
});
afterAll(() => server?.stop());

interface Page {
  status: number;
  html: string;
  /** The markup the server put inside #root. */
  root: string;
  /** Its text, tags dropped and entities read back, blanks collapsed. */
  text: string;
  links: string[];
  handover: { origin: string; data?: Record<string, { status: number; result: unknown }> } | null;
}

const decode = decodeHtml;

async function open(pathname: string): Promise<Page> {
  const res = await server.raw({ path: pathname, headers: { accept: 'text/html' } });
  const root =
    /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="shop-handover">/.exec(res.text)?.[1] ?? '';
  const handoverText = /<script type="application\/json" id="shop-handover">([\s\S]*?)<\/script>/.exec(res.text)?.[1];
  return {
    status: res.status,
    html: res.text,
    root,
    text: decode(root.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim(),
    links: [...root.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => decode(m[1])),
    handover: handoverText ? (JSON.parse(handoverText) as Page['handover']) : null,
  };
}

describe('a product page without JavaScript', () => {
  it('when a product at $18.50 is opened, then the body shows its name, price, description, breadcrumb links and the cart button, and hands over its data', async () => {
    const name = `Olio Rendered ${uid()}`;
    const product = await createProduct(admin, {
      name,
      price: 18.5,
      description: 'Pressed the day the olives came in.',
    });
    const page = await open(`/site/shop/${product.id}`);

    expect(page.status).toBe(200);
    expect(page.text).toContain(name);
    expect(page.text).toContain('$18.50');
    expect(page.text).toContain('Pressed the day the olives came in.');
    expect(page.text).toContain('Add to cart');
    expect(page.links).toEqual(expect.arrayContaining(['/site', '/site/shop', '/site/cart']));
    // The data the page was drawn from travels with it: the browser hydrates without asking for it again.
    const handed = page.handover?.data?.[`products/${product.id}`];
    expect(handed?.status).toBe(200);
    expect((handed?.result as { name: string }).name).toBe(name);
    expect(page.handover?.data?.config?.status).toBe(200);
    // Server-rendered: the page needs no "needs JavaScript" notice, and carries no inline script to run.
    expect(page.html).not.toContain('needs JavaScript');
    expect(page.html.match(/<script(?![^>]*(src=|type="application\/(ld\+)?json"))[^>]*>/g)).toBeNull();
  });

  it('when a product is out of stock, then the body says "Not available" and the page carries its own styles', async () => {
    const name = `Sold Out ${uid()}`;
    const product = await createProduct(admin, { name, inventory_stock: false });
    const page = await open(`/site/shop/${product.id}`);
    expect(page.text).toContain(name);
    expect(page.text).toContain('Not available');
    // Styled at first paint: the page's own rules travel inside it, and no stylesheet request blocks it.
    expect(/<style>([\s\S]*?)<\/style>/.exec(page.html)?.[1]).toContain('.product-layout{');
    expect(page.html).not.toMatch(/<link rel="stylesheet"/);
    // The app starts from the boot script once the first screen is in (web/src/app/boot.ts), which is handed the
    // entry and every module to fetch with it: none is requested from the page itself.
    const boot =
      /<script type="module" crossorigin src="\/bundle\/boot-[^"]+\.js" data-entry="([^"]+)" data-modules="([^"]+)"><\/script>/.exec(
        page.html,
      );
    expect(boot?.[1]).toMatch(/^\/bundle\/index-[^"]+\.js$/);
    expect(boot?.[2].split(' ')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/bundle\/react-[^ ]+\.js$/),
        expect.stringMatching(/^\/bundle\/Product-[^ ]+\.js$/),
      ]),
    );
    expect(page.html).not.toMatch(/<link rel="modulepreload"/);
    expect(page.html.match(/<script type="module"/g)).toHaveLength(1);
  });

  it('when its price changes in the control centre, then the next page view shows the new price, and the old validator no longer matches', async () => {
    const product = await createProduct(admin, { name: `Aceto ${uid()}`, price: 9.5 });
    const pathname = `/site/shop/${product.id}`;
    expect((await open(pathname)).text).toContain('$9.50');
    const first = await server.raw({ path: pathname, headers: { accept: 'text/html' } });
    const etag = String(first.headers.etag);
    const unchanged = await server.raw({ path: pathname, headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);

    const res = await admin.api(`/api/products/${product.id}`, { method: 'PATCH', json: { price: 11.25 } });
    expect(res.status, res.text).toBe(200);
    const after = await open(pathname);
    expect(after.text).toContain('$11.25');
    expect(after.text).not.toContain('$9.50');
    const changed = await server.raw({ path: pathname, headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });

  it('when a product does not exist, then 404 with the not-found screen and its way home drawn, and no data handed over (issue 33)', async () => {
    const page = await open('/site/shop/00000000-0000-4000-8000-000000000000');
    expect(page.status).toBe(404);
    expect(page.text).toContain('Page not found');
    expect(page.links).toContain('/site');
    expect(page.html).not.toContain('needs JavaScript');
    // The app's router shows the product page at this address, not the drawing: it draws its own page over it
    // (which finds the product missing and moves on to /site/404) instead of hydrating the drawing.
    expect(page.handover).toEqual({ origin: server.baseUrl });
  });

  it('when an address names no page, then 404 with the not-found screen drawn and handed over for hydration (issue 33)', async () => {
    const page = await open('/site/nowhere');
    expect(page.status).toBe(404);
    expect(page.html).toContain('<meta name="robots" content="noindex');
    expect(page.text).toContain('Page not found');
    expect(page.links).toContain('/site');
    expect(page.handover?.data?.config?.status).toBe(200);
  });
});

describe('the shop without JavaScript', () => {
  it('when a search matches 12 products, then page 1 shows 10 with a link to page 2, and page 2 shows 2 with a link back', async () => {
    const word = `Zq${uid().replace(/[^a-z0-9]/gi, '')}`;
    const category = await createCategory(admin);
    for (let i = 1; i <= 12; i++) {
      await createProduct(admin, { name: `${word} Pasta ${String(i).padStart(2, '0')}`, categories: [category.id] });
    }
    const first = await open(`/site/shop?search=${word}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('12 products');
    expect(first.text.match(new RegExp(`${word} Pasta \\d\\d`, 'g'))?.length).toBe(10);
    expect(first.links).toContain(`/site/shop?search=${word}&page=2`);
    expect(first.links.some((href) => href.includes('page=0') || href.endsWith('page=1'))).toBe(false);

    const second = await open(`/site/shop?search=${word}&page=2`);
    expect(second.text.match(new RegExp(`${word} Pasta \\d\\d`, 'g'))?.length).toBe(2);
    expect(second.links).toContain(`/site/shop?search=${word}`);
    expect(second.links).not.toContain(`/site/shop?search=${word}&page=3`);
  });

  it('when the address carries a hostile search or parameters the shop does not read, then every answer is 200, escaped, and never a server error', async () => {
    for (const query of [
      '?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '?search=%E2%80%AE%00x',
      '?utm_source=flyer&page=1',
      `?search=${'a'.repeat(3000)}`,
      '?page%5B%5D=1&search%5Ba%5D=b',
      '?search=%ZZ',
    ]) {
      const page = await open(`/site/shop${query}`);
      expect(page.status, query).toBe(200);
      expect(page.root, query).not.toContain('<script>alert(1)');
      expect(page.text, query).toContain('Shop');
    }
  });

  it('when the address carries a page number that is not a whole number from 1 to 100000, then it answers 404 (issue 29: each made-up number was a new cached page)', async () => {
    for (const query of ['?page=abc', '?page=-3', '?page=0', '?page=1.5', '?page=99999999999', '?page=2&page=3']) {
      const page = await open(`/site/shop${query}`);
      expect(page.status, query).toBe(404);
      // The one not-found drawing every such address shares (issue 33), not a drawing of its own.
      expect(page.text, query).toContain('Page not found');
      expect(page.root, query).not.toContain('data-testid="product-card"');
    }
    // A whole number past the list's last page names no page either; the list's first page always does.
    const nothing = `nothing${uid().replace(/\W/g, '')}`;
    expect((await open(`/site/shop?search=${nothing}`)).status).toBe(200);
    expect((await open(`/site/shop?search=${nothing}&page=2`)).status).toBe(404);
  });
});

describe('categories and recipes without JavaScript', () => {
  it('when a category with two products is opened, then the body names the category and both products with links to them', async () => {
    const category = await createCategory(admin, { name: `Conserve ${uid()}` });
    const a = await createProduct(admin, { name: `Pesto ${uid()}`, categories: [category.id] });
    const b = await createProduct(admin, { name: `Sugo ${uid()}`, categories: [category.id] });
    const page = await open(`/site/category/${category.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(String(category.name));
    expect(page.text).toContain(String(a.name));
    expect(page.text).toContain(String(b.name));
    expect(page.links).toEqual(expect.arrayContaining([`/site/shop/${a.id}`, `/site/shop/${b.id}`]));
  });

  it('when a recipe is opened, then the body shows its ingredients and steps, and the recipes page links to it', async () => {
    const name = `Ragù ${uid()}`;
    const recipe = await createRecipe(admin, {
      name,
      ingredients: ['500 g beef', '2 jars of passata'],
      directions: ['Brown the meat.', 'Simmer for three hours.'],
    });
    const page = await open(`/site/recipes/${recipe.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(name);
    expect(page.text).toContain('2 jars of passata');
    expect(page.text).toContain('Simmer for three hours.');
    const list = await open('/site/recipes');
    expect(list.links).toContain(`/site/recipes/${recipe.id}`);
  });
});

describe('pages the browser fills', () => {
  it('when an order is asked for, then the body is empty and only the origin is handed over', async () => {
    const order = await createOrder(admin);
    const page = await open(`/site/orders/${order.id}`);
    expect(page.html).toMatch(/<div id="root"><\/div>/);
    expect(page.handover).toEqual({ origin: server.baseUrl });
  });

  it('when the cart is asked for, then the body is its shell alone (issue 33): the title and room for the lines, no one’s lines', async () => {
    const page = await open('/site/cart');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Order Review');
    expect(page.root.match(/class="cart-line cart-line--waiting"/g)).toHaveLength(2);
    expect(page.root).not.toContain('data-testid="cart-line"');
    expect(page.root).not.toContain('data-testid="cart-empty"');
  });

  it('when home, about, terms, contact and tracking are opened, then each body holds its own heading', async () => {
    const expected: Record<string, string> = {
      '/site': 'Real Italian flavour, made the slow way',
      '/site/about': 'A family, a kitchen and a market stall',
      '/site/terms': 'Terms and Conditions',
      '/site/contact': 'Contact us',
      '/site/tracking': 'Track your order',
    };
    for (const [pathname, heading] of Object.entries(expected)) {
      const page = await open(pathname);
      expect(page.status, pathname).toBe(200);
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(page.root)?.[1], pathname).toBe(heading);
    }
  });
});
