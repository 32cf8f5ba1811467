/**
 * Issue 12, part 2: the storefront's first screens run without antd, PayPal's SDK bindings or echarts; those
 * load only where they are used. Checked by what the browser fetches (chunk names) and by what antd would
 * leave in the page (its class names, its CSS-in-JS style tags), then that the lazily loaded parts still
 * work: the first toast brings antd in, themed, and the contact form's antd buttons wear the shop's olive.
 * Byte sizes are bench material (bench/catalog.ts), not asserted here.
 */
import { expect, test, type Page } from './support/test';

/** Chunks that belong to antd's scope, the checkout and the control centre's charts. */
const LAZY_ONLY = /\/(AntdScope|notify-host|PayPalCheckout|react-paypal|echarts|[A-Za-z]*Chart)[-.][^/]*\.js$/;

/** Records every script the page requests from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** What antd leaves behind once any of it has rendered: its classes and its injected style tags. */
const antdTraces = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('[class*="ant-"], style[data-css-hash], style[data-rc-order]').length);

test.describe('first visit', () => {
  test('when a shopper opens home, the shop, a category and a product, then no antd, PayPal or chart code loads', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/site', { waitUntil: 'networkidle' });
    await expect(page.getByTestId('featured-products').getByTestId('product-card').first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page.getByTestId('category-grid')).toBeVisible();
    await page.getByTestId('category-card').first().click();
    await expect(page.getByTestId('category-name')).toBeVisible();
    await page.getByTestId('product-card').first().locator('.product-card-name a').click();
    await expect(page.getByTestId('product-name')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The walk did load the storefront's own chunks (so the recording works) and nothing from the lazy set.
    expect(scripts.some((url) => /\/bundle\/Product-[^/]*\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => LAZY_ONLY.test(url))).toEqual([]);
    expect(await antdTraces(page)).toBe(0);
  });

  test('when the first toast is asked for, then antd loads with it and shows it in the shop’s theme', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/site/shop', { waitUntil: 'networkidle' });
    expect(scripts.filter((url) => LAZY_ONLY.test(url))).toEqual([]);

    const card = page
      .getByTestId('product-grid')
      .getByTestId('product-card')
      .filter({ hasNot: page.getByText('Not available', { exact: true }) })
      .first();
    const name = (await card.locator('.product-card-name').textContent())!.trim();
    await card.hover();
    await card.getByTestId('add-to-cart').click();

    const toast = page.getByTestId('toast-success').filter({ hasText: 'Added to cart' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`1 × ${name} is now in your cart.`);
    // The success icon takes the theme's green rather than antd's default #52c41a.
    await expect(toast.locator('.ant-notification-notice-icon').first()).toHaveCSS('color', 'rgb(91, 138, 58)');
    expect(scripts.some((url) => /\/notify-host-[^/]*\.js$/.test(url))).toBe(true);
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('1');
  });

  test('when a shopper opens the contact form, then its antd parts arrive with the shop’s theme', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/site/contact', { waitUntil: 'networkidle' });
    const send = page.getByTestId('contact-submit');
    await expect(send).toBeVisible();
    // antd's primary button in the shop's olive (#5a6e2c), not antd's default blue.
    await expect(send).toHaveCSS('background-color', 'rgb(90, 110, 44)');
    expect(scripts.some((url) => /\/AntdScope-[^/]*\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => /PayPalCheckout|react-paypal|echarts/.test(url))).toEqual([]);
  });
});
