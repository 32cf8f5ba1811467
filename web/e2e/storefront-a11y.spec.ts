/**
 * Accessibility as a test (issue 23 §3): axe-core with the WCAG 2.0–2.2 A and AA rules on every storefront
 * page, at 1280 and at 390 px, each page opened once per width, against the real server (web/e2e/start-server.mjs:
 * temp data dir, demo seed). The spec makes its own category, product, recipe and order through the API, so
 * the pages it checks have content whatever the demo data holds. A violation is reported with its rule, the
 * number of nodes and the first node's selector, so the failure says what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, test, type Page } from './support/test';
import { AdminApi, uniqueWord, type Doc } from './support/admin-api';
import { DESKTOP, PHONE } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const word = uniqueWord();
let category: Doc;
let product: Doc;
let recipeId = '';
let orderId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request, baseURL!);
  const origin = new URL(baseURL!).origin;
  category = await admin.createCategory(`Axe pantry ${word}`);
  product = await admin.createProduct({
    name: `Axe Olio ${word}`,
    categories: [category.id],
    price: 14,
    apply_discount: true,
    discount_unit: '%',
    discount_amount: 10,
  });
  const recipe = await request.post('/api/recipes', {
    headers: { Origin: origin },
    data: {
      name: `Axe bruschetta ${word}`,
      description: 'Toasted bread, garlic and new oil.',
      ingredients: [{ item: '4 slices of bread' }, { item: '2 tbsp olive oil' }],
      products: [{ product: product.id, quantity: 2 }],
      _status: 'published',
    },
  });
  expect(recipe.status(), await recipe.text()).toBe(201);
  recipeId = ((await recipe.json()) as { doc: { id: string } }).doc.id;
  const order = await admin.createOrder({
    payer_full_name: `Axel Axe ${word}`,
    products: [{ product_id: String(product.id), product: String(product.name), price: 12.6, quantity: 2 }],
  });
  orderId = String(order.id);
  await request.dispose();
});

/** The violations on the page as [rule, nodes, first node's target and what is wrong with it], empty when it passes. */
async function violations(page: Page): Promise<Array<[string, number, string, string]>> {
  const result = await new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
  return result.violations.map((v) => [
    v.id,
    v.nodes.length,
    JSON.stringify(v.nodes[0]?.target ?? []),
    v.nodes[0]?.failureSummary ?? '',
  ]);
}

/**
 * The page has drawn its data: nothing busy and no skeleton left. (Images need not have arrived: axe checks
 * their alternatives, not their pixels.)
 */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-busy="true"], .ant-skeleton, .ui-skeleton, .page-loader').length === 0,
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

interface StorefrontPage {
  name: string;
  open: (page: Page) => Promise<void>;
}

const goto = (path: string) => async (page: Page) => {
  await page.goto(path);
};

const PAGES: StorefrontPage[] = [
  { name: 'home', open: goto('/site') },
  { name: 'shop', open: goto('/site/shop') },
  {
    name: 'shop with a search',
    open: async (page) => {
      await page.goto('/site/shop');
      const search = page.getByTestId('shop-search');
      await search.fill(`Axe Olio ${word}`);
      await search.press('Escape');
      await page.getByTestId('shop-search-button').click();
      await expect(page.getByTestId('product-card')).toHaveCount(1);
    },
  },
  { name: 'category', open: (page) => goto(`/site/category/${category.id}`)(page) },
  { name: 'product', open: (page) => goto(`/site/shop/${product.id}`)(page) },
  { name: 'recipes', open: goto('/site/recipes') },
  { name: 'recipe', open: (page) => goto(`/site/recipes/${recipeId}`)(page) },
  { name: 'about', open: goto('/site/about') },
  { name: 'terms', open: goto('/site/terms') },
  { name: 'contact', open: goto('/site/contact') },
  { name: 'tracking', open: goto('/site/tracking') },
  {
    name: 'cart with items',
    open: async (page) => {
      await page.goto(`/site/shop/${product.id}`);
      await page.getByTestId('add-to-cart').first().click();
      await page.goto('/site/cart');
      await expect(page.getByText(String(product.name)).first()).toBeVisible();
    },
  },
  { name: 'order', open: (page) => goto(`/site/orders/${orderId}`)(page) },
  { name: '404', open: goto(`/site/no-such-page-${word}`) },
];

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });
    for (const entry of PAGES) {
      test(`when the ${entry.name} page is checked with axe at ${size.width} px, then it has no WCAG 2.2 A or AA violation`, async ({
        page,
      }) => {
        await entry.open(page);
        await expect(page.locator('h1').first()).toBeVisible();
        await loaded(page);
        expect(await violations(page), `${entry.name} at ${size.width}px`).toEqual([]);
      });
    }
  });
}
