/**
 * Issue 31, the storefront's money and cart items (#2–#6, #10), in Chromium against the real server.
 *
 * Figures worked out by hand (demo settings: dollars, $7.90 shipping). Olio at $10.90 with $2.00 off sells at
 * $8.90; Pasta at $4.90 has no sale. 2 × Olio + 1 × Pasta: items at full price 2 × 10.90 + 4.90 = $26.70,
 * sale savings 2 × 2.00 = −$4.00, goods 22.70, the 10 % code takes −$2.27, shipping $7.90, total
 * 26.70 − 4.00 − 2.27 + 7.90 = $28.33.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, type Page, test } from './support/test';
import { cartLine } from './checkout-helpers';
import { AdminApi, uniqueWord } from './support/admin-api';
import { paypalButtonsSettled } from './support/paypal-settled';
import { waitForMailMatch } from './support/outbox';
import { captureScreens, DESKTOP } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await paypalButtonsSettled(page);
  const result = await new AxeBuilder({ page })
    .options(VIOLATIONS_ONLY)
    .include(selector)
    .withTags(WCAG_TAGS)
    .analyze();
  return result.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes[0]?.target ?? [])}`);
}

/** The summary's rows as read from top to bottom: [label, amount]. */
async function summaryRows(page: Page, scope: string): Promise<string[][]> {
  return page
    .locator(`${scope} .totals-row`)
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('.totals-label')?.textContent?.trim() ?? '',
        row.querySelector('dd')?.textContent?.trim() ?? '',
      ]),
    );
}

const EXPECTED_SUMMARY = (totalLabel: string) => [
  ['Items at full price', '$26.70'],
  ['Sale savings', '−$4.00'],
  ['Discount code', '−$2.27'],
  ['Shipping', '$7.90'],
  [totalLabel, '$28.33'],
];

async function categoryOf(admin: AdminApi): Promise<string[]> {
  return [await admin.anyCategoryId()];
}

test.describe('issue 31: cart money and quantities', () => {
  test('when a cart with a sale and a code is paid, then cart, order page and mail read items, savings, shipping, total top to bottom', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await AdminApi.login(request, baseURL!);
    const word = uniqueWord();
    const categories = await categoryOf(admin);
    const olio = await admin.createProduct({
      name: `Olio ${word}`,
      price: 10.9,
      apply_discount: true,
      discount_unit: 'CASH',
      discount_amount: 2,
      categories,
    });
    const pasta = await admin.createProduct({ name: `Pasta ${word}`, price: 4.9, categories });
    const code = `SUM${word.toUpperCase()}`;
    await admin.createCoupon({ code, kind: 'percent', amount: 10 });

    await test.step('the cart adds up from items at full price down to the total', async () => {
      await page.goto('/site');
      await page.evaluate(
        ([a, b]) =>
          sessionStorage.setItem(
            'cart',
            JSON.stringify([
              { id: a, quantity: 2 },
              { id: b, quantity: 1 },
            ]),
          ),
        [olio.id, pasta.id],
      );
      await page.goto('/site/cart');
      await expect(cartLine(page, olio.id).getByTestId('cart-line-total')).toHaveText('$17.80');
      await page.getByLabel('Discount code').fill(code);
      await page.getByTestId('cart-coupon-apply').click();
      await expect(page.getByTestId('cart-coupon-code')).toHaveText(code);
      expect(await summaryRows(page, '[data-testid="cart-summary"]')).toEqual(EXPECTED_SUMMARY('Total'));
      await expect(page.getByTestId('cart-items-count')).toHaveText('3 items');
      expect(await axeViolations(page, '.cart-summary')).toEqual([]);
      await captureScreens(page, testInfo, 'issue31-cart');
    });

    await test.step('the order page adds up the same way, its sale and list prices apart', async () => {
      await page.getByTestId('cart-terms').check();
      await expect(page.getByTestId('paypal-button')).toHaveAttribute('aria-disabled', 'false');
      await page.getByTestId('paypal-button').click();
      await expect(page).toHaveURL(/\/site\/orders\/[A-Za-z0-9-]+$/);
      await expect(page.getByTestId('order-total')).toHaveText('$28.33');
      expect(await summaryRows(page, '[data-testid="order-products"]')).toEqual(EXPECTED_SUMMARY('Total paid'));

      // #10: on a desktop the sale price and the struck-out price stand apart, in the text and on the screen.
      await page.setViewportSize(DESKTOP);
      const unit = page.getByTestId('order-line').filter({ hasText: olio.name }).locator('.order-col-unit');
      await expect(unit).toHaveText('$8.90 $10.90');
      const now = (await unit.getByTestId('price').boundingBox())!;
      const was = (await unit.getByTestId('list-price').boundingBox())!;
      expect(was.x - (now.x + now.width), 'gap between the sale and the list price').toBeGreaterThanOrEqual(6);
      expect(await axeViolations(page, '[data-testid="order-products"]')).toEqual([]);
      await captureScreens(page, testInfo, 'issue31-order');
    });

    await test.step('the confirmation mail lists the same lines in the same order', async () => {
      const orderId = new URL(page.url()).pathname.split('/').pop()!;
      const order = await admin.get(`/api/orders/${orderId}?depth=0`);
      // The outbox reader turns quoted-printable bytes into characters one by one: the minus sign's UTF-8
      // bytes arrive as three characters.
      const minus = '(?:\u2212|\u00e2\u0088\u0092)';
      await waitForMailMatch(
        String(order.payer_email_address),
        new RegExp(
          [
            'Items at full price: \\$26\\.70',
            `Sale savings: ${minus}\\$4\\.00`,
            `Discount code ${code}: ${minus}\\$2\\.27`,
            'Shipping: \\$7\\.90',
            'Total paid: \\$28\\.33',
          ].join('\\r?\\n'),
        ),
      );
    });
  });

  test('when 3 are left, then adding 2 to 2 adds the 1 left and says so, and 9 typed in the cart names the stock', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await AdminApi.login(request, baseURL!);
    const name = `Aceto ${uniqueWord()}`;
    const aceto = await admin.createProduct({
      name,
      price: 9,
      stock_quantity: 3,
      low_stock_threshold: 5,
      categories: await categoryOf(admin),
    });

    await test.step('#4: 2, then 2 more of 3: the cart takes the 1 left and the notice says so', async () => {
      await page.goto(`/site/shop/${aceto.id}`);
      await expect(page.getByTestId('product-stock-left')).toContainText('Only 3 left');
      await page.getByTestId('product-quantity-increase').click();
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('2');
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('3');
      const toast = page.getByTestId('toast-success').filter({ hasText: 'Added 1 of 2' });
      await expect(toast).toContainText(`Only 3 of ${name} are left, and your cart now holds all 3`);
    });

    await test.step('#3: 9 typed in the cart: the box and the payment area both name the stock', async () => {
      await page.goto('/site/cart');
      const qty = cartLine(page, aceto.id).getByTestId('cart-line-qty');
      await expect(qty).toHaveValue('3');
      await qty.fill('9');
      await expect(cartLine(page, aceto.id).getByTestId('cart-line-qty-error')).toHaveText('Only 3 left');
      const payment = page.getByTestId('cart-payment-quantity');
      await expect(payment).toContainText(`Only 3 of ${name} left`);
      await expect(payment).toContainText('Lower the quantity');
      await expect(payment).not.toContainText('whole number');
      expect(await axeViolations(page, '.cart-summary')).toEqual([]);
      await captureScreens(page, testInfo, 'issue31-cart-stock');

      // A box holding no number at all still gets the format's words.
      await qty.fill('2.5');
      await expect(payment).toContainText('whole number');
    });
  });

  test('when a code is applied, then a restored browser session brings it back with the cart, and a date in a refusal reads like the shop’s dates', async ({
    browser,
    context,
    page,
    request,
    baseURL,
  }) => {
    const admin = await AdminApi.login(request, baseURL!);
    const word = uniqueWord();
    const oil = await admin.createProduct({ name: `Olio ${word}`, price: 20, categories: await categoryOf(admin) });
    const code = `KEEP${word.toUpperCase()}`;
    const expired = `OLD${word.toUpperCase()}`;
    await admin.createCoupon({ code, kind: 'cash', amount: 3 });
    await admin.createCoupon({ code: expired, kind: 'percent', amount: 10, ends_at: '2024-03-31T12:00:00.000Z' });

    await test.step('#6: an expired code names its end date as March 31st, 2024', async () => {
      await page.goto(`/site/shop/${oil.id}`);
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('1');
      await page.goto('/site/cart');
      await page.getByLabel('Discount code').fill(expired);
      await page.getByTestId('cart-coupon-apply').click();
      await expect(page.getByTestId('cart-coupon-problem')).toHaveText(
        `The discount code ${expired} expired on March 31st, 2024`,
      );
    });

    await test.step('#5: the applied code comes back with the cart in a restored browser', async () => {
      await page.getByLabel('Discount code').fill(code);
      await page.getByTestId('cart-coupon-apply').click();
      await expect(page.getByTestId('cart-coupon')).toHaveText('−$3.00');
      // 20.00 − 3.00 + 7.90
      await expect(page.getByTestId('cart-total')).toHaveText('$24.90');

      const restored = await browser.newContext({ storageState: await context.storageState() });
      try {
        const again = await restored.newPage();
        await again.goto('/site/cart');
        await expect(cartLine(again, oil.id).getByTestId('cart-line-qty')).toHaveValue('1');
        await expect(again.getByTestId('cart-coupon-code')).toHaveText(code);
        await expect(again.getByTestId('cart-total')).toHaveText('$24.90');
      } finally {
        await restored.close();
      }
    });
  });
});
