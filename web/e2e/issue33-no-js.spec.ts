/**
 * Issue 33 §1: the storefront's forms and its not-found page with JavaScript off, in a browser context that runs
 * no script at all. The shop's search is a GET form whose Enter (or Search button) loads /site/shop?search=…,
 * which the server draws; an address that names no page answers 404 with the not-found screen drawn on the
 * server and its "Go Home" link. The tracking and contact forms without JavaScript: issue33-no-js-forms.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from './support/test';
import { SCREEN_SIZES, screenshotPath } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The demo seed's three products named "Aceto Balsamico …" (cms/seed/catalog-data.ts), sorted ("T" before "d"). */
const ACETO_PRODUCTS = [
  'Aceto Balsamico Tradizionale DOP 12 Years 100 ml',
  'Aceto Balsamico Tradizionale DOP Extravecchio 25 Years 100 ml',
  'Aceto Balsamico di Modena IGP 250 ml',
];

const noScript = (browser: Browser): Promise<BrowserContext> => browser.newContext({ javaScriptEnabled: false });

/**
 * The page at both widths, as it stands (support/screens.ts's captureScreens waits for the page through scripts
 * of its own, which do not run here).
 */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    const file = screenshotPath(testInfo, name, size.width);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`storefront-${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
}

test('when JavaScript is off and a shopper types in the shop search and presses Enter (or clicks Search), then the server draws the matching products', async ({
  browser,
}, testInfo) => {
  const context = await noScript(browser);
  const page = await context.newPage();
  await page.goto('/site/shop');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('Aceto Balsamico');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/site\/shop\?search=Aceto\+Balsamico$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “Aceto Balsamico”' })).toBeVisible();
  // Other specs add products of their own to the same shop, some of them balsamic too: the demo's three are there.
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await page.getByTestId('product-card').getByRole('heading').allInnerTexts()).toEqual(
    expect.arrayContaining(ACETO_PRODUCTS),
  );
  // The box keeps the search, as the app's own does.
  await expect(box).toHaveValue('Aceto Balsamico');
  await shoot(page, testInfo, 'issue33-no-js-search');

  // A word the demo catalogue has in one product's name and nowhere else.
  await box.fill('Puttanesca');
  await page.getByTestId('shop-search-button').click();
  await expect(page).toHaveURL(/\/site\/shop\?search=Puttanesca$/);
  await expect(page.getByTestId('product-card').getByRole('heading')).toHaveText(['Puttanesca Sauce 340 g']);
  await context.close();
});

test('when JavaScript is off and an address names no page, then the answer is 404 with "Page not found" and a "Go Home" link that works', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const request = await playwright.request.newContext({ baseURL });
  // A product id of the right shape that no product has.
  const missingProduct = '/site/shop/000000000000000000000000';
  expect((await request.get('/api/v2/products/000000000000000000000000')).status()).toBe(404);
  await request.dispose();

  const context = await noScript(browser);
  const page = await context.newPage();
  for (const address of ['/site/no-such-page', missingProduct, '/no-such-page']) {
    const res = await page.goto(address);
    expect(res?.status(), address).toBe(404);
    expect(await res?.text(), address).toContain('<meta name="robots" content="noindex');
    await expect(page.getByRole('heading', { level: 1 }), address).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Go Home' }), address).toHaveAttribute('href', '/site');
  }
  await page.goto('/site/no-such-page');
  await shoot(page, testInfo, 'issue33-no-js-404');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/site$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  await context.close();
});

test('when the not-found page is drawn by the server, then axe finds no WCAG 2.2 A or AA violation on it', async ({
  browser,
}) => {
  // The shop's scripts never load, so the page stays as the server drew it; the browser's own JavaScript stays
  // on, because axe runs in the page. (The shop's search form as drawn is checked by storefront-ssr.spec.ts.)
  const context = await browser.newContext();
  await context.route(/\/(bundle|__paypal)\/.*\.js(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/site/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
    expect(
      violations.map((v) => [v.id, v.nodes.length, JSON.stringify(v.nodes[0]?.target ?? [])]),
      `at ${size.width}px`,
    ).toEqual([]);
  }
  await context.close();
});
