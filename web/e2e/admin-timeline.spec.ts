/**
 * Issue 14, part 1: an admin marks an order shipped with a tracking number and sees it on the order's timeline,
 * adds an internal note, then changes a product's price in the control centre and finds the change, before
 * and after, in the audit log (filters in the URL, the row expanded, the CSV export downloaded).
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { AdminApi, DEMO_ADMIN, uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE } from './support/screens';

const axeSource = createRequire(import.meta.url)('axe-core').source as string;

// axe is injected as a script; the shop's CSP (script-src 'self') would rightly refuse it.
test.use({ bypassCSP: true });

/** The axe violations inside `selector` (rule id and how many nodes), for WCAG 2.0–2.2 A and AA. */
async function axeViolations(page: Page, selector: string): Promise<Array<[string, number]>> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (include) => {
    type Axe = {
      run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(
      { include: [include] },
      {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      },
    );
    return result.violations.map((v): [string, number] => [v.id, v.nodes.length]);
  }, selector);
}

/** A real checkout through the PayPal emulator (2 × 12.50 + the demo's 7.90 shipping = 32.90), and its capture. */
async function paidOrder(
  request: APIRequestContext,
  productId: string,
): Promise<{ orderId: string; captureId: string }> {
  const created = await request.post('/api/v2/payments/create', {
    data: { products: [{ id: productId, quantity: 2 }], coupon_code: null },
  });
  expect(created.status()).toBe(201);
  const payment = (await created.json()).result;
  expect((await request.post(`/__paypal/v2/checkout/orders/${payment.id}/approve`, { data: {} })).status()).toBe(200);
  const captured = await request.post('/api/v2/payments/capture', { data: { ...payment, orderId: payment.id } });
  expect(captured.status()).toBe(200);
  const snap = await (await request.get(`/__paypal/__inspect/orders/${payment.id}`)).json();
  return {
    orderId: (await captured.json()).result.id,
    captureId: snap.order.purchase_units[0].payments.captures[0].id,
  };
}

test('an admin ships an order with a tracking number, notes it on the timeline, and finds a price change in the audit log', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const word = uniqueWord();
  const api = await AdminApi.login(request, baseURL!);
  const order = await api.createOrder({
    payer_full_name: `Lucia Timeline ${word}`,
    products: [{ product_id: 'e2e-timeline', product: 'Olio nuovo', price: 12.5, quantity: 2 }],
  });
  const product = await api.createProduct({
    name: `Pecorino ${word}`,
    price: 12.5,
    categories: [await api.anyCategoryId()],
  });

  await signInAsDemoAdmin(page);

  await test.step('marking the order shipped asks for the tracking number, which the timeline then shows', async () => {
    await page.goto(`/admin/orders/${order.id}`);
    const timeline = page.getByTestId('order-history');
    await expect(timeline.getByTestId('order-event')).toHaveCount(1);
    await expect(timeline.getByTestId('order-event').first()).toHaveAttribute('data-type', 'paid');
    await page.getByTestId('order-action-ship').click();
    await expect(page.getByText('Are you sure you want to mark this order as shipped?')).toBeVisible();
    await page.getByTestId('order-tracking-input').fill('1Z999AA10123456784');
    await shot(page, testInfo, 'order-ship-tracking');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('order-status-select')).toContainText('Shipped to destination address');
    const shipped = timeline.locator('[data-testid="order-event"][data-type="status"]');
    await expect(shipped).toHaveCount(1);
    await expect(shipped).toContainText('Order Processing');
    await expect(shipped).toContainText('Shipped to destination address');
    await expect(shipped.getByTestId('order-event-tracking')).toContainText('1Z999AA10123456784');
    await expect(shipped).toContainText(DEMO_ADMIN.email);
  });

  await test.step('a note is added under the timeline', async () => {
    await expect(page.getByTestId('order-note-add')).toBeDisabled();
    await page.getByTestId('order-note-input').fill('Lasciare il pacco alla vicina, interno 3');
    await page.getByTestId('order-note-add').click();
    const note = page.getByTestId('order-history').getByTestId('order-event-note');
    await expect(note).toHaveText('Lasciare il pacco alla vicina, interno 3');
    await expect(page.getByTestId('order-note-input')).toHaveValue('');
    await page.getByTestId('order-history').scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'order-timeline');
  });

  await test.step('a price change made in the control centre is in the audit log with before and after', async () => {
    await page.goto(`/admin/products/edit/${product.id}`);
    await expect(page.getByTestId('product-price')).toHaveValue('12.50');
    await page.getByTestId('product-price').fill('14.9');
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Request success sent!');

    await page.goto('/admin/home');
    await page.getByRole('menuitem', { name: /Audit log/ }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    await page.getByTestId('audit-filter-record').locator('input').fill(product.id);
    await page.getByTestId('audit-filter-record').locator('input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/audit-log\\?record=${product.id}$`));
    const update = page.getByTestId('audit-row-products-update');
    await expect(update).toHaveCount(1);
    await expect(update).toContainText(DEMO_ADMIN.email);
    await expect(update).toContainText('price');
    await expect(page.getByTestId('audit-row-products-create')).toHaveCount(1);
    await update.getByRole('button', { name: /expand/i }).click();
    const priceRow = page.getByTestId('audit-changes').locator('tr', { hasText: 'price' });
    await expect(priceRow.locator('td').nth(1)).toHaveText('12.5');
    await expect(priceRow.locator('td').nth(2)).toHaveText('14.9');
    await shot(page, testInfo, 'audit-log');

    // The filters live in the URL: a reload shows the same entries.
    await page.reload();
    await expect(page.getByTestId('audit-row-products-update')).toHaveCount(1);

    const downloading = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await fs.readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text).toContain(`,products,${product.id},Pecorino ${word},update,price,12.5,14.9`);
    expect(text).toContain(`,name,,Pecorino ${word}`);
  });
});

test('PayPal reverses one payment and denies another: each order page says so at the top and on its timeline', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = await AdminApi.login(request, baseURL!);
  const product = await api.createProduct({
    name: `Olio ${uniqueWord()}`,
    price: 12.5,
    categories: [await api.anyCategoryId()],
  });
  const atPayPal = async (captureId: string, knob: string, data: Record<string, unknown>) =>
    expect((await request.post(`/__paypal/v2/payments/captures/${captureId}/${knob}`, { data })).status()).toBeLessThan(
      300,
    );
  /** Waits until the shop heard PayPal (its webhook) and marked the order. */
  const markedAs = (orderId: string, alert: string) =>
    expect
      .poll(async () => (await api.get(`/api/v2/admin/orders/${orderId}`)).result.payment_alert, { timeout: 20_000 })
      .toBe(alert);

  const reversed = await paidOrder(request, product.id);
  await atPayPal(reversed.captureId, 'reverse', { amount: { currency_code: 'USD', value: '20.00' } });
  const denied = await paidOrder(request, product.id);
  await atPayPal(denied.captureId, 'hold', { reason: 'ECHECK' });
  await markedAs(denied.orderId, 'PENDING');
  await atPayPal(denied.captureId, 'deny', {});
  await markedAs(reversed.orderId, 'REVERSED');
  await markedAs(denied.orderId, 'DENIED');

  await signInAsDemoAdmin(page);
  const pages = [
    {
      order: reversed,
      name: 'order-payment-reversed',
      alert: 'order-payment-alert-reversed',
      text: 'PayPal reversed $20.00 of this payment (a dispute): the money is gone.',
      timeline: ['PayPal reversed $20.00 of this payment (a dispute): the money is gone.'],
      refunded: 'Refunded $0.00 of $32.90; PayPal reversed $20.00 (a dispute)',
      offersShipping: true,
    },
    {
      order: denied,
      name: 'order-payment-denied',
      alert: 'order-payment-alert-denied',
      text: 'PayPal denied this payment (an eCheck that has not cleared): do not ship.',
      timeline: [
        'PayPal holds this payment as pending (an eCheck that has not cleared): wait before shipping.',
        'PayPal denied this payment (an eCheck that has not cleared): do not ship.',
      ],
      refunded: 'Refunded $0.00 of $32.90',
      offersShipping: false,
    },
  ];
  for (const shown of pages) {
    await test.step(`${shown.name}: the mark at the top, the entries on the timeline, axe clean at both widths`, async () => {
      await page.goto(`/admin/orders/${shown.order.orderId}`);
      // Opening a new order moves it to Order Processing: the page has settled once that is shown.
      await expect(page.getByTestId('order-status-select')).toContainText('Order Processing');
      const alert = page.getByTestId(shown.alert);
      await expect(alert).toHaveText(shown.text);
      await expect(alert).toHaveAttribute('role', 'alert');
      await expect(page.getByTestId('order-history').getByTestId('order-event-payment')).toHaveText(shown.timeline);
      await expect(page.getByTestId('order-refunded-total')).toHaveText(shown.refunded);
      // A denied payment is never shipped (every door answers 409), so the page does not offer it.
      await expect(page.getByRole('button', { name: 'Mark as Shipped' })).toHaveCount(shown.offersShipping ? 1 : 0);
      await shot(page, testInfo, shown.name);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        for (const selector of ['.order-payment-alerts', '[data-testid="order-history"]'])
          expect(await axeViolations(page, selector), `${selector} at ${size.width}px`).toEqual([]);
      }
      await page.setViewportSize(DESKTOP);
    });
  }
});
