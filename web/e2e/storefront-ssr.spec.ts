/**
 * The storefront drawn on the server (issue 23 part 1), in a real browser at 1280 and 390 px: every public
 * page hydrates without a console error and without asking the API for what its HTML carried; without
 * JavaScript the pages show their content and page through links, and axe finds nothing on them; after a
 * click in the SPA the head is as complete as on a page loaded from its address.
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

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request, baseURL!);
  category = await admin.createCategory(`Rendered pantry ${word}`);
  product = await admin.createProduct({ name: `Rendered Olio ${word}`, categories: [category.id], price: 16.4 });
  // Eleven more in the category's search, so the shop's search has a second page.
  for (let i = 1; i <= 11; i++) {
    await admin.createProduct({
      name: `Rendered Pasta ${word} ${String(i).padStart(2, '0')}`,
      categories: [category.id],
    });
  }
  const recipe = await request.post('/api/recipes', {
    headers: { Origin: new URL(baseURL!).origin },
    data: {
      name: `Rendered bruschetta ${word}`,
      description: 'Toasted bread, garlic and new oil.',
      ingredients: [{ item: '4 slices of bread' }],
      _status: 'published',
    },
  });
  expect(recipe.status(), await recipe.text()).toBe(201);
  recipeId = ((await recipe.json()) as { doc: { id: string } }).doc.id;
  await request.dispose();
});

const PAGES = () => [
  { name: 'home', path: '/site' },
  { name: 'shop', path: '/site/shop' },
  { name: 'shop search', path: `/site/shop?search=${encodeURIComponent(`Rendered Pasta ${word}`)}` },
  { name: 'category', path: `/site/category/${category.id}` },
  { name: 'product', path: `/site/shop/${product.id}` },
  { name: 'recipes', path: '/site/recipes' },
  { name: 'recipe', path: `/site/recipes/${recipeId}` },
  { name: 'about', path: '/site/about' },
  { name: 'terms', path: '/site/terms' },
  { name: 'contact', path: '/site/contact' },
  { name: 'tracking', path: '/site/tracking' },
];

async function violations(page: Page): Promise<Array<[string, number, string]>> {
  const result = await new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
  return result.violations.map((v) => [v.id, v.nodes.length, JSON.stringify(v.nodes[0]?.target ?? [])]);
}

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test(`when each public page is loaded at ${size.width} px, then it hydrates with no console error and no API request for what its HTML carried`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      for (const entry of PAGES()) {
        const apiCalls: string[] = [];
        const onRequest = (request: { url(): string }) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
        };
        page.on('request', onRequest);
        await page.goto(entry.path);
        await expect(page.locator('html[data-hydrated="true"]'), entry.name).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        page.off('request', onRequest);
        expect(apiCalls, entry.name).toEqual([]);
        expect(problems, entry.name).toEqual([]);
      }
    });

    test(`when the shop's scripts do not run at ${size.width} px, then every public page shows its content as the server drew it and axe finds no WCAG 2.2 A or AA violation`, async ({
      browser,
    }) => {
      // The shop's scripts never load, so the page stays as the server drew it; the browser's own JavaScript
      // stays on, because axe runs in the page.
      const context = await browser.newContext({ viewport: size });
      await context.route(/\/(bundle|__paypal)\/.*\.js(\?|$)/, (route) => route.abort());
      const page = await context.newPage();
      for (const entry of PAGES()) {
        const res = await page.goto(entry.path);
        expect(res?.status(), entry.name).toBe(200);
        await expect(page.locator('h1').first(), entry.name).toBeVisible();
        await expect(page.locator('html[data-hydrated]'), entry.name).toHaveCount(0);
        expect(await violations(page), `${entry.name} as the server drew it at ${size.width}px`).toEqual([]);
      }
      await context.close();
    });
  });
}

test('when a drawn page opens, then the app asks for its scripts only once the first screen’s pictures are in, and hydrates', async ({
  page,
}) => {
  await page.goto('/site/shop');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const timings = await page.evaluate(() => {
    const firstScreen = [
      ...new Set(
        [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.currentSrc),
      ),
    ];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      pictures: resources.filter((r) => firstScreen.includes(r.name)).map((r) => r.responseEnd),
      scripts: resources
        .filter((r) => /\/bundle\/[^/]+\.js$/.test(r.name) && !/\/bundle\/boot-/.test(r.name))
        .map((r) => r.startTime),
      firstScreen: firstScreen.length,
    };
  });
  // The shop's first screen holds up to four pictures (two category tiles, two product cards; other tests'
  // products may have none), each fetched once.
  expect(timings.firstScreen).toBeGreaterThan(0);
  expect(timings.pictures).toHaveLength(timings.firstScreen);
  expect(timings.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timings.scripts)).toBeGreaterThanOrEqual(Math.max(...timings.pictures));
});

test('when a first-screen picture is slow, then the app waits for it until the shopper presses a key, and starts at once', async ({
  page,
}) => {
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/assets\/[^/?]+\?size=preview/, (route) => {
    held.push(() => route.continue());
  });
  await page.goto('/site/shop', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  // The category tiles' pictures are held: nothing has started the app.
  expect(held.length).toBeGreaterThan(0);
  await expect(page.locator('html[data-app]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  expect(
    await page
      .locator('img[fetchpriority="high"]')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete),
  ).toBe(false);
  await Promise.all(held.map((release) => release()));
});

test('when JavaScript is off, then a product shows its name, price and "Add to cart", and the shop search pages through links', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/site/shop/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product.name));
  await expect(page.getByTestId('product-page')).toContainText('$16.40');

  await page.goto(`/site/shop?search=${encodeURIComponent(`Rendered Pasta ${word}`)}`);
  await expect(page.getByTestId('product-card')).toHaveCount(10);
  await page.getByTestId('shop-next-page').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await page.getByTestId('shop-previous-page').click();
  await expect(page.getByTestId('product-card')).toHaveCount(10);
  await context.close();
});

test('when a shopper who came in on page 2 scrolls down while later pages load, then "Previous page" stays above the list and takes them to page 1', async ({
  page,
}) => {
  // This spec's 13 products and the demo catalogue make more than three pages of 10: scrolling on page 2 loads
  // pages 3, 4… underneath, which used to push a "Previous page" link below the list away from the pointer.
  await page.setViewportSize(DESKTOP);
  await page.goto('/site/shop?page=2');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const previous = page.getByTestId('shop-previous-page');
  await expect(previous).toBeVisible();
  const before = await previous.boundingBox();
  await page.mouse.wheel(0, 20000);
  await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(20);
  await page.mouse.wheel(0, -40000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect((await previous.boundingBox())?.y).toBe(before?.y);
  await previous.click();
  await expect(page).toHaveURL(/\/site\/shop$/);
  await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
  await expect(previous).toHaveCount(0);
});

test('when a shopper clicks from home to the shop to a product, then the head keeps its canonical link, og:url, og:image and structured data', async ({
  page,
}) => {
  const head = () =>
    page.evaluate(() => ({
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href'),
      ogUrl: document.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content,
      ogType: document.querySelector<HTMLMetaElement>('meta[property="og:type"]')?.content,
      types: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => (JSON.parse(s.textContent ?? '{}') as { '@type': string })['@type'],
      ),
    }));
  await page.goto('/site');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const origin = (await head()).canonical!.replace(/\/site$/, '');
  expect(await head()).toEqual({
    canonical: `${origin}/site`,
    ogUrl: `${origin}/site`,
    ogType: 'website',
    types: ['Organization', 'WebSite'],
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveTitle('Shop · Bottega di Famiglia');
  expect(await head()).toEqual({
    canonical: `${origin}/site/shop`,
    ogUrl: `${origin}/site/shop`,
    ogType: 'website',
    types: [],
  });

  await page.goto(`/site/category/${category.id}`);
  await page
    .getByRole('link', { name: String(product.name) })
    .first()
    .click();
  await expect(page).toHaveTitle(`${String(product.name)} · Bottega di Famiglia`);
  expect(await head()).toEqual({
    canonical: `${origin}/site/shop/${product.id}`,
    ogUrl: `${origin}/site/shop/${product.id}`,
    ogType: 'product',
    types: ['Product', 'BreadcrumbList'],
  });

  // Hydrated: the button works at once, and the badge counts it.
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('nav-cart-badge')).toHaveText('1');
});
