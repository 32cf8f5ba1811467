/**
 * The buying part of the storefront (SPEC §2 Cart, Order page, Tracking; §4 Payment, Stock, Cart; §5):
 * cart page, PayPal checkout against the server's PayPal emulator, order page and order tracking.
 * Every test creates its own products through the API, so it never depends on the demo catalog.
 */
import { expect, test } from './support/test';
import { MESSAGES } from '../../packages/shared/src';
import { addFromProductPage, CheckoutAdmin, cartLine, publicConfig, screenshots, uid } from './checkout-helpers';

const ORDER_URL = /\/site\/orders\/[A-Za-z0-9-]+$/;

test.describe('checkout', () => {
  test('a shopper buys two products with PayPal, then finds the order again by its number', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await CheckoutAdmin.login(request, baseURL);
    const config = await publicConfig(request);
    // The amounts below are worked out by hand for the demo settings: dollars, a $7.90 shipment fee.
    expect(config.currency_code).toBe('USD');
    expect(config.shipment_amount).toBe(7.9);
    const tag = uid();
    const oil = await admin.createProduct({ name: `Olio Nuovo ${tag}`, price: 18.5 });
    const vinegar = await admin.createProduct({
      name: `Balsamico Riserva ${tag}`,
      price: 12,
      apply_discount: true,
      discount_unit: '%',
      discount_amount: 25,
    });

    // Two products from their product pages; the badge counts items.
    await addFromProductPage(page, oil, 1);
    await addFromProductPage(page, vinegar, 2);

    await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
    await expect(page).toHaveURL(/\/site\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Review' })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    // The discounted line shows the struck list price.
    const vinegarLine = cartLine(page, vinegar.id);
    await expect(vinegarLine.getByTestId('list-price')).toHaveText('$12.00');
    // 25 % off $12.00.
    await expect(vinegarLine.getByTestId('price')).toHaveText('$9.00');

    // Three bottles of oil: the store, the badge, the line and the totals follow.
    const oilQty = cartLine(page, oil.id).getByTestId('cart-line-qty');
    await oilQty.fill('3');
    await oilQty.press('Tab');
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('4');

    // Oil 3 × $18.50 = $55.50; vinegar 1 × $9.00; list prices $55.50 + $12.00 = $67.50 of items, −$3.00 of
    // sale savings, plus $7.90 shipping = $72.40 (issue 31 §2: the column adds up from the top).
    await expect(cartLine(page, oil.id).getByTestId('cart-line-total')).toHaveText('$55.50');
    await expect(page.getByTestId('cart-items')).toHaveText('$67.50');
    await expect(page.getByTestId('cart-sale')).toHaveText('−$3.00');
    await expect(page.getByTestId('cart-shipping')).toHaveText('$7.90');
    await expect(page.getByTestId('cart-summary')).toContainText(config.shipment_method);
    await expect(page.getByTestId('cart-total')).toHaveText('$72.40');

    // SPEC §5: the payment buttons stay disabled until the terms are ticked.
    const paypalButton = page.getByTestId('paypal-button');
    await expect(paypalButton).toBeVisible();
    await expect(paypalButton).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('paypal-card-button')).toBeVisible();
    await expect(page.getByTestId('cart-terms')).not.toBeChecked();
    // A click on the disabled button says why nothing happens, and creates no payment. (Playwright itself
    // refuses to click an aria-disabled button, hence force.)
    await paypalButton.click({ force: true });
    await expect(page.getByText('Please accept the terms')).toBeVisible();
    await expect(page).toHaveURL(/\/site\/cart$/);
    await page.getByTestId('cart-terms').check();
    await expect(paypalButton).toHaveAttribute('aria-disabled', 'false');

    await screenshots(page, testInfo, 'cart', () => expect(page.getByTestId('paypal-button')).toBeVisible());

    // Pay: the emulator approves as its test payer (US address) and the server captures.
    await page.getByTestId('paypal-button').click();
    await expect(page).toHaveURL(ORDER_URL);
    const orderUrl = new URL(page.url()).pathname;

    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('$72.40');
    await expect(page.getByTestId('order-shipping')).toHaveText('$7.90');
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByTestId('order-status')).toHaveText('Order Received');
    await expect(page.getByTestId('order-resend')).toBeVisible();
    // SPEC §4: the cart has left session storage.
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('0');
    expect(await page.evaluate(() => window.sessionStorage.getItem('cart'))).toBeNull();

    const orderNumber = (await page.getByTestId('order-number').innerText()).trim();
    expect(orderNumber).toMatch(/^[A-Z0-9]{4,20}$/);

    await screenshots(page, testInfo, 'order', () => expect(page.getByTestId('order-number')).toBeVisible());

    // The confirmation the payment sent is not a resend: the first ask is sent at once, a second within the
    // minute is refused politely.
    await page.getByTestId('order-resend').click();
    await expect(page.getByTestId('toast-success').getByText('Confirmation sent', { exact: true })).toBeVisible();
    await page.getByTestId('order-resend').click();
    await expect(page.getByText(MESSAGES.resendRateLimited.title)).toBeVisible();

    // Tracking by number leads back to the same order page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track order' }).click();
    await expect(page).toHaveURL(/\/site\/tracking$/);
    await page.getByTestId('tracking-input').fill(orderNumber.toLowerCase());
    await page.getByTestId('tracking-input').press('Enter');
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  });

  test('when the answer to the capture is lost, the shopper sees it retried, then a way to try again, and no money is taken twice', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await CheckoutAdmin.login(request, baseURL);
    const product = await admin.createProduct({ name: `Pesto Genovese ${uid()}`, price: 6.4 });
    await addFromProductPage(page, product, 1);
    await page.goto('/site/cart');
    await page.getByTestId('cart-terms').check();

    // The server receives each capture and does its work; the browser never hears back (a dropped connection).
    let lost = 0;
    let answered = true;
    await page.route('**/api/v2/payments/capture', async (route) => {
      if (answered) return route.continue();
      await route.fetch();
      lost += 1;
      await route.abort('connectionreset');
    });
    answered = false;
    await page.getByTestId('paypal-button').click();
    await expect(page.getByTestId('capture-retrying')).toBeVisible();
    await expect(page.getByTestId('capture-retrying')).toContainText('Still confirming your payment with PayPal');
    // One try and four repeats (after 1, 2, 4 and 8 seconds), then the shopper is told what happens next.
    await expect(page.getByTestId('capture-unconfirmed')).toBeVisible({ timeout: 30_000 });
    expect(lost).toBe(5);
    await expect(page.getByTestId('capture-unconfirmed')).toContainText('You will not be charged twice');
    await screenshots(page, testInfo, 'capture-unconfirmed', () =>
      expect(page.getByTestId('capture-unconfirmed')).toBeVisible(),
    );

    answered = true;
    await page.getByTestId('capture-try-again').click();
    await expect(page).toHaveURL(ORDER_URL);
    // $6.40 + $7.90 shipping, charged once although the capture reached the server six times.
    await expect(page.getByTestId('order-total')).toHaveText('$14.30');
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await admin.order(orderId);
    expect(stored.transaction_gross_amount).toBe('14.30');
    expect(await admin.countOrdersFor(String(stored.paypal_order_id))).toBe(1);
  });

  test('an unknown order number shows the not-found notice and clears the search', async ({ page }, testInfo) => {
    await page.goto('/site/tracking');
    await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
    await screenshots(page, testInfo, 'tracking');

    const input = page.getByTestId('tracking-input');
    // An empty value does nothing.
    await input.press('Enter');
    await expect(page.getByText(MESSAGES.orderNotFound.title)).toHaveCount(0);

    await input.fill('ZZZZ9999');
    await input.press('Enter');
    await expect(page.getByText(MESSAGES.orderNotFound.title)).toBeVisible();
    await expect(page.getByText(MESSAGES.orderNotFound.description)).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(page).toHaveURL(/\/site\/tracking$/);
  });

  test('an out-of-stock product cannot be added to the cart', async ({ page, request, baseURL }) => {
    const admin = await CheckoutAdmin.login(request, baseURL);
    const product = await admin.createProduct({ name: `Pesto Finito ${uid()}`, price: 7.5, inventory_stock: false });

    await page.goto(`/site/shop/${product.id}`);
    await expect(page.getByTestId('product-name')).toHaveText(product.name);
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('0');
    await expect(page.getByTestId('product-stock')).toContainText('not available');
    await expect(page.getByTestId('add-to-cart')).toBeDisabled();
    await expect(page.getByTestId('add-to-cart')).toHaveText(/Not available/);
    await page.getByTestId('add-to-cart').click({ force: true });
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('0');

    await page.goto('/site/cart');
    await expect(page.getByTestId('cart-empty')).toBeVisible();
  });

  test('lines that are no longer sold are flagged and block the payment until removed', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await CheckoutAdmin.login(request, baseURL);
    const tag = uid();
    const gone = await admin.createProduct({ name: `Sugo Antico ${tag}`, price: 6 });
    const empty = await admin.createProduct({ name: `Pasta Lunga ${tag}`, price: 4.2 });
    await addFromProductPage(page, gone, 1);
    await addFromProductPage(page, empty, 2);

    await admin.updateProduct(gone.id, { published: false });
    await admin.updateProduct(empty.id, { inventory_stock: false });

    await page.goto('/site/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(cartLine(page, gone.id).getByTestId('cart-unavailable')).toHaveText('No longer available');
    await expect(cartLine(page, empty.id).getByTestId('cart-unavailable')).toHaveText('Not available');
    await expect(page.getByTestId('cart-payment-blocked')).toBeVisible();
    await expect(page.getByTestId('paypal-button')).toHaveCount(0);
    await screenshots(page, testInfo, 'cart-unavailable');

    await cartLine(page, gone.id).getByTestId('cart-line-remove').click();
    await expect(page.getByText('Removed from cart').first()).toBeVisible();
    await cartLine(page, empty.id).getByTestId('cart-line-remove').click();
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('0');
    await screenshots(page, testInfo, 'cart-empty');
    await page.getByRole('link', { name: 'Go to shop' }).click();
    await expect(page).toHaveURL(/\/site\/shop$/);
  });

  test('a product sold out while the cart is open is refused at payment and flagged', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await CheckoutAdmin.login(request, baseURL);
    const product = await admin.createProduct({ name: `Crema di Carciofi ${uid()}`, price: 9.9 });
    await addFromProductPage(page, product, 1);
    await page.goto('/site/cart');
    await page.getByTestId('cart-terms').check();
    await expect(page.getByTestId('paypal-button')).toHaveAttribute('aria-disabled', 'false');

    await admin.updateProduct(product.id, { inventory_stock: false });
    await page.getByTestId('paypal-button').click();

    await expect(page.getByText(MESSAGES.paymentCreateFailed.title)).toBeVisible();
    await expect(cartLine(page, product.id).getByTestId('cart-unavailable')).toHaveText('Not available');
    await expect(page.getByTestId('cart-payment-blocked')).toBeVisible();
    await expect(page).toHaveURL(/\/site\/cart$/);
  });

  test('a payment that PayPal holds as pending tells the shopper to wait for the email', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await CheckoutAdmin.login(request, baseURL);
    const product = await admin.createProduct({ name: `Olive Taggiasche ${uid()}`, price: 11 });
    await addFromProductPage(page, product, 1);
    await page.goto('/site/cart');
    await page.getByTestId('cart-terms').check();
    await page.evaluate(() => {
      (window as unknown as { __PAYPAL_EMULATOR_APPROVAL__: unknown }).__PAYPAL_EMULATOR_APPROVAL__ = {
        capture_status: 'PENDING',
      };
    });
    await page.getByTestId('paypal-button').click();

    await expect(page.getByTestId('cart-pending')).toBeVisible();
    await expect(page.getByText('Your payment is pending').first()).toBeVisible();
    await expect(page.getByTestId('nav-cart-badge')).toHaveText('0');
    await expect(page).toHaveURL(/\/site\/cart$/);
    await screenshots(page, testInfo, 'cart-pending');
  });
});
