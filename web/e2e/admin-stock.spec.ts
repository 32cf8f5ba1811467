/**
 * Stock counts (issue 24 §1) in Chromium against the real server, at 1280 and 390 px: after a market day the
 * family takes the bottles sold there off the count with "Adjust stock" in the products list, and the
 * storefront's product page says "Only N left" once the count is at or below the product's threshold.
 * Screens go to test-results/screenshots/admin-stock-*-<width>.png.
 */
import { expect, test, type Page } from './support/test';
import { AdminApi, DEMO_ADMIN, uniqueWord } from './support/admin-api';
import { shot, signIn } from './support/admin-screens';
import { DESKTOP, PHONE } from './support/screens';

async function adjust(page: Page, name: string, change: number, reason: string) {
  await page.goto(`/admin/products/product?search=${encodeURIComponent(name)}`);
  await page.getByTestId(`stock-adjust-${name}`).click();
  await page.getByTestId('stock-adjust-change').fill(String(change));
  await page.getByTestId('stock-adjust-reason').fill(reason);
  await page.getByTestId('stock-adjust-save').click();
  await expect(page.getByTestId('stock-adjust-save')).toHaveCount(0);
}

test('after a market day the family adjusts the stock and the shop says how few are left', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await AdminApi.login(request, baseURL!);
  const name = `E2E Olio Nuovo ${uniqueWord()}`;
  const product = await api.createProduct({
    name,
    categories: [await api.anyCategoryId()],
    stock_quantity: 6,
    low_stock_threshold: 3,
  });
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await test.step('at 1280 px: 4 sold at the market leave 2, shown on the list', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/products/product?search=${encodeURIComponent(name)}`);
    await expect(page.getByTestId(`product-row-${name}`)).toContainText('6 left');
    await page.getByTestId(`stock-adjust-${name}`).click();
    await expect(page.getByTestId('stock-adjust-current')).toHaveText('6 left now.');
    await page.getByTestId('stock-adjust-change').fill('-4');
    await page.getByTestId('stock-adjust-reason').fill('Farmers market Saturday');
    await expect(page.getByTestId('stock-adjust-after')).toHaveText('After: 2');
    await shot(page, testInfo, 'stock-adjust');
    await page.getByTestId('stock-adjust-save').click();
    await expect(page.getByTestId(`product-row-${name}`)).toContainText('2 left');
    await shot(page, testInfo, 'stock-list');
  });

  await test.step('a change below 0 is refused with the count left', async () => {
    await page.getByTestId(`stock-adjust-${name}`).click();
    await page.getByTestId('stock-adjust-change').fill('-5');
    await page.getByTestId('stock-adjust-reason').fill('Breakage');
    await page.getByTestId('stock-adjust-save').click();
    await expect(page.getByTestId('stock-adjust-error')).toHaveText(
      `Only 2 of ${name} left: the count cannot go below 0`,
    );
    await page.keyboard.press('Escape');
  });

  for (const size of [DESKTOP, PHONE]) {
    await test.step(`at ${size.width} px the product page says "Only 2 left"`, async () => {
      await page.setViewportSize(size);
      await page.goto(`/site/shop/${product.id}`);
      await expect(page.getByTestId('product-stock-left')).toContainText('Only 2 left');
    });
  }

  await test.step('at 390 px: a delivery of 10 makes 12, and the page stops counting aloud', async () => {
    await page.setViewportSize(PHONE);
    await adjust(page, name, 10, 'Delivery from the mill');
    await expect(page.getByTestId(`product-row-${name}`)).toContainText('12 left');
    await page.goto(`/site/shop/${product.id}`);
    await expect(page.getByTestId('product-stock')).toContainText('In stock');
    await expect(page.getByTestId('product-stock-left')).toHaveCount(0);
  });
});

test('a shopper buys the last bottle: the admin is told it sold out, the dashboard lists it, the shop no longer sells it', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await AdminApi.login(request, baseURL!);
  const name = `E2E Olio Ultimo ${uniqueWord()}`;
  const product = await api.createProduct({
    name,
    price: 6.4,
    categories: [await api.anyCategoryId()],
    stock_quantity: 1,
    low_stock_threshold: 1,
  });

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);

  for (const size of [DESKTOP, PHONE]) {
    const shopperContext = await browser.newContext({ viewport: size });
    const shopper = await shopperContext.newPage();
    await shopper.goto(`/site/shop/${product.id}`);
    if (size === DESKTOP) {
      await test.step('at 1280 px the shopper reads "Only 1 left" and buys it', async () => {
        await expect(shopper.getByTestId('product-stock-left')).toContainText('Only 1 left');
        await shopper.getByTestId('add-to-cart').click();
        await expect(shopper.getByTestId('nav-cart-badge')).toHaveText('1');
        await shopper.goto('/site/cart');
        await shopper.getByTestId('cart-terms').check();
        await shopper.getByTestId('paypal-button').click();
        await expect(shopper).toHaveURL(/\/site\/orders\/[A-Za-z0-9-]+$/);
      });
      await test.step('the admin is told at once and the dashboard lists it as sold out', async () => {
        await expect(admin.getByTestId('live-stock')).toContainText(`${name} has sold out`);
        await admin.goto('/admin/home');
        await expect(admin.getByTestId('dashboard-low-stock-item').filter({ hasText: name })).toContainText(
          `${name}: sold out`,
        );
        await shot(admin, testInfo, 'stock-dashboard');
      });
    } else {
      await test.step('at 390 px the next shopper finds it not available', async () => {
        await expect(shopper.getByTestId('product-stock')).toContainText('not available');
        await expect(shopper.getByTestId('add-to-cart')).toBeDisabled();
      });
    }
    await shopperContext.close();
  }
  await adminContext.close();
});

test('when only 3 are left, then the product page and the cart take at most 3 and say so', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await AdminApi.login(request, baseURL!);
  const product = await api.createProduct({
    name: `E2E Olio Scarso ${uniqueWord()}`,
    categories: [await api.anyCategoryId()],
    stock_quantity: 3,
    low_stock_threshold: 5,
  });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/site/shop/${product.id}`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    const box = page.getByTestId('product-quantity');
    await box.fill('4');
    await expect(page.getByTestId('product-quantity-error')).toHaveText('Only 3 left');
    await expect(page.getByTestId('add-to-cart')).toBeDisabled();
    await box.fill('1');
    await expect(page.getByTestId('add-to-cart')).toBeEnabled();
  }
  await page.getByTestId('add-to-cart').click();
  await page.goto('/site/cart');
  const line = page.getByTestId('cart-line-qty');
  await line.fill('4');
  await expect(page.getByTestId('cart-line-qty-error')).toHaveText('Only 3 left');
  await line.fill('3');
  await expect(page.getByTestId('cart-line-qty-error')).toHaveCount(0);
  // At what is left, + says it can go no further (aria-disabled keeps it focusable).
  await expect(page.getByRole('button', { name: /^Increase quantity of/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(line).toHaveValue('3');
});

test('when fewer are left at payment than the cart holds, then the cart holds what is left, says so, and the next payment goes through', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await AdminApi.login(request, baseURL!);
  const name = `E2E Olio Conteso ${uniqueWord()}`;
  // No threshold: the shop does not say how many are left, so the cart may ask for 3.
  const product = await api.createProduct({
    name,
    price: 10,
    categories: [await api.anyCategoryId()],
    stock_quantity: 5,
  });
  await page.goto(`/site/shop/${product.id}`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByTestId('product-quantity').fill('3');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('nav-cart-badge')).toHaveText('3');
  // Meanwhile 3 bottles go at the market.
  const market = await request.post(`/api/v2/admin/products/${product.id}/stock`, {
    headers: { Origin: new URL(baseURL!).origin },
    data: { change: -3, reason: 'Farmers market' },
  });
  expect(market.status()).toBe(200);

  await page.goto('/site/cart');
  await page.getByTestId('cart-terms').check();
  await page.getByTestId('paypal-button').click();
  await expect(page.getByText(`Only 2 of ${name} left`)).toBeVisible();
  await expect(page.getByText('Your cart now holds 2, all that is left: check the total and pay again.')).toBeVisible();
  await expect(page.getByTestId('cart-line-qty')).toHaveValue('2');
  await expect(page.getByTestId('cart-unavailable')).toHaveCount(0);
  await page.getByTestId('paypal-button').click();
  await expect(page).toHaveURL(/\/site\/orders\/[A-Za-z0-9-]+$/);
  const left = (await api.get(`/api/v2/admin/products/${product.id}`)).result as { stock_quantity: number };
  expect(left.stock_quantity).toBe(0);
});
