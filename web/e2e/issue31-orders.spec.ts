/**
 * Issue 31 §11–§15, the control centre's orders: at 390 px the order's products and the orders list show what
 * a person needs without sideways scroll (so do the other lists); "Mark as Shipped" asks for the carrier,
 * preselected from the number or the shop's shipping method, and the shopper's page links to it; the refund
 * dialog says the reason is mailed and keeps an internal note apart; focus goes where the next action is; a
 * refund of 0 or nothing says why. Each screen touched is checked with axe (WCAG 2.0–2.2 A and AA).
 */
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { AdminApi, uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE } from './support/screens';

const axeSource = createRequire(import.meta.url)('axe-core').source as string;

// axe is injected as a script; the shop's CSP (script-src 'self') would rightly refuse it.
test.use({ bypassCSP: true });

/** The axe violations inside `selector` (rule id, node count, where), for WCAG 2.0–2.2 A and AA. */
async function axeViolations(page: Page, selector: string): Promise<Array<[string, number, string]>> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (include) => {
    type Violation = { id: string; nodes: Array<{ target: string[]; failureSummary: string }> };
    type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(
      { include: [include] },
      {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      },
    );
    return result.violations.map((v): [string, number, string] => [
      v.id,
      v.nodes.length,
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join(' | '),
    ]);
  }, selector);
}

/** The tables on screen that are wider than their box (they would need sideways scroll), by test id or class. */
const overflowingTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => {
        // The widest cell says what widens the table.
        const widest = [...box.querySelectorAll<HTMLElement>('td')].sort((a, b) => b.scrollWidth - a.scrollWidth)[0];
        const where = box.closest('[data-testid]')?.getAttribute('data-testid') ?? '?';
        return `${where}: ${box.scrollWidth} > ${box.clientWidth} (${widest?.scrollWidth}: ${widest?.innerText.slice(0, 60)})`;
      }),
  );

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/** A real checkout through the PayPal emulator: 2 × 12.50 + the demo's 7.90 shipping = 32.90. */
async function paidOrder(request: APIRequestContext, productId: string): Promise<string> {
  const created = await request.post('/api/v2/payments/create', {
    data: { products: [{ id: productId, quantity: 2 }], coupon_code: null },
  });
  expect(created.status()).toBe(201);
  const payment = (await created.json()).result;
  expect((await request.post(`/__paypal/v2/checkout/orders/${payment.id}/approve`, { data: {} })).status()).toBe(200);
  const captured = await request.post('/api/v2/payments/capture', { data: { ...payment, orderId: payment.id } });
  expect(captured.status()).toBe(200);
  return (await captured.json()).result.id as string;
}

test('on a phone the order page and the orders lists (open, archive) show product, quantity, total, amount, status and date without sideways scroll, as do the other lists', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = await AdminApi.login(request, baseURL!);
  const name = `Rosa ${uniqueWord()}`;
  const order = await api.createOrder({
    payer_full_name: name,
    products: [
      { product_id: 'p-olio', product: 'Olio extra vergine Taggiasca 500 ml', price: 8.9, quantity: 2 },
      { product_id: 'p-aceto', product: 'Aceto balsamico di Modena', price: 12, quantity: 1 },
    ],
  });
  const archived = await api.createOrder({
    payer_full_name: name,
    status: 'COMPLETED',
    products: [{ product_id: 'p-miele', product: 'Miele di castagno', price: 9.5, quantity: 3 }],
  });
  await signInAsDemoAdmin(page);
  await page.setViewportSize(PHONE);

  await page.goto(`/admin/orders/${order.id}`);
  const products = page.getByTestId('order-products');
  // One stacked cell per line: the product, 2 × $8.90 and the line's total, all inside the 390 px screen.
  const first = products.getByTestId('order-line-stacked').first();
  await expect(first).toContainText('Olio extra vergine Taggiasca 500 ml');
  await expect(first).toContainText('2 × $8.90');
  await expect(first).toContainText('$17.80');
  await expect(products.getByTestId('order-line-stacked').nth(1)).toContainText('$12.00');
  expect(await overflowingTables(page)).toEqual([]);
  expect(await axeViolations(page, '.order-detail')).toEqual([]);
  await shot(page, testInfo, 'issue31-order-page');

  for (const [tab, row, amount, status] of [
    ['open', order, '$37.70', 'Processing'],
    ['archive', archived, '$36.40', 'Completed'],
  ] as const) {
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/orders?tab=${tab}&search=${encodeURIComponent(name)}`);
    const cell = page.getByTestId(`order-stacked-${row.number}`);
    // The list answers after the search; a loaded machine may take a while.
    await expect(cell).toContainText(row.number, { timeout: 20_000 });
    await expect(cell).toContainText(name);
    await expect(cell).toContainText(amount);
    await expect(page.getByTestId(`order-row-${row.number}`)).toContainText(status);
    const box = await page.getByTestId(`order-row-${row.number}`).getByText(status).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await overflowingTables(page)).toEqual([]);
    expect(await axeViolations(page, '.orders-page')).toEqual([]);
    if (tab === 'open') await shot(page, testInfo, 'issue31-orders-list');
  }

  // The other lists of the control centre: nothing cut off at 390 px either.
  const cut: string[] = [];
  for (const path of ['customers', 'products/product', 'coupons', 'notifications', 'audit-log']) {
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/${path}`);
    await expect(page.locator('.ant-table').first()).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    cut.push(...(await overflowingTables(page)).map((t) => `${path} ${t}`));
  }
  expect(cut).toEqual([]);
});

test("Mark as Shipped asks for the carrier (from the number, else the shop's method), opens on the number, ships on Enter, moves focus to the next action, and the shopper's page links to that carrier", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = await AdminApi.login(request, baseURL!);
  const order = await api.createOrder({
    payer_full_name: `Luca ${uniqueWord()}`,
    products: [{ product_id: 'p-olio', product: 'Olio extra vergine', price: 8.9, quantity: 2 }],
  });
  const method = (await api.get('/api/v2/admin/config')).result.shop.shipment_method as string;
  await signInAsDemoAdmin(page, `/admin/orders/${order.id}`);
  await page.getByTestId('order-action-ship').click();

  const dialog = page.getByRole('dialog');
  const input = dialog.getByTestId('order-tracking-input');
  // The dialog opens on its first field, not on its confirm button.
  await expect(input).toBeFocused();
  const carrier = (label: string) => dialog.getByRole('radio', { name: label, exact: true });
  // The demo shop ships USPS Priority: USPS is chosen until the number says otherwise.
  expect(method).toMatch(/USPS/);
  await expect(carrier('USPS')).toBeChecked();
  await input.fill('1Z999AA10123456784');
  await expect(carrier('UPS')).toBeChecked();
  await expect(dialog.getByTestId('order-ship-carrier-hint')).toContainText("from the tracking number's format");
  // A number no carrier prints (Poste Italiane's LX…IT) leaves the shop's method.
  await input.fill('LX123456789IT');
  await expect(carrier('USPS')).toBeChecked();
  await carrier('Other').check();
  await expect(dialog.getByTestId('order-ship-tracking-url')).toBeVisible();
  await dialog.getByTestId('order-ship-tracking-url').fill('http://not-secure.example');
  await expect(dialog.getByRole('alert')).toContainText('https://');
  await carrier('DHL').check();
  expect(await axeViolations(page, '.ant-modal')).toEqual([]);
  await shot(page, testInfo, 'issue31-ship-dialog');

  // Enter in the tracking field ships; focus then goes to the next action (Complete Order), not the body.
  await input.focus();
  await input.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-carrier')).toHaveText('DHL');
  await expect(page.getByTestId('order-action-complete')).toBeFocused();

  // Complete Order: confirmed, then focus on what is left to do, never the body.
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('order-action-complete')).toHaveCount(0);
  await expect.poll(() => focusedTestId(page)).not.toBe('BODY');

  const shopper = await page.context().newPage();
  await shopper.goto(`/site/orders/${order.id}`);
  const link = shopper.getByTestId('order-tracking-link');
  await expect(link).toContainText('Follow your parcel with DHL');
  await expect(link).toHaveAttribute(
    'href',
    'https://www.dhl.com/global-en/home/tracking.html?tracking-id=LX123456789IT&submit=1',
  );
  await shopper.close();
});

test("the refund dialog opens on the amount, says the reason is mailed, keeps an internal note from the shopper, names a 0 or empty amount's problem, and Esc gives focus back to Refund", async ({
  page,
  request,
  baseURL,
}) => {
  const api = await AdminApi.login(request, baseURL!);
  const product = await api.createProduct({
    name: `Olio ${uniqueWord()}`,
    price: 12.5,
    categories: [await api.anyCategoryId()],
  });
  const orderId = await paidOrder(request, product.id);
  await signInAsDemoAdmin(page, `/admin/orders/${orderId}`);

  const refundButton = page.getByTestId('order-refund');
  await refundButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('refund-amount')).toBeFocused();
  await expect(dialog.getByTestId('refund-reason-mailed')).toHaveText(
    'The reason is mailed to the shopper with the refund.',
  );
  await expect(dialog.getByLabel('Internal note (optional)')).toBeVisible();
  // 0 and an empty amount: the server's words under the field, not just a red border.
  for (const amount of ['0', '']) {
    await dialog.getByTestId('refund-amount').fill(amount);
    await expect(dialog.getByTestId('refund-amount-error')).toHaveText('The amount must be more than 0');
  }
  expect(await axeViolations(page, '.ant-modal')).toEqual([]);
  // Esc closes the dialog and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(refundButton).toBeFocused();

  await refundButton.click();
  await dialog.getByTestId('refund-amount').fill('5.00');
  await dialog.getByTestId('refund-reason').fill('Bottle of Taggiasca arrived broken');
  await dialog.getByTestId('refund-internal-note').fill('Courier claim 77-Q filed');
  await dialog.getByTestId('refund-next').click();
  await dialog.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('order-refund-internal-note')).toHaveText('Internal note: Courier claim 77-Q filed');

  const shopper = await page.context().newPage();
  await shopper.goto(`/site/orders/${orderId}`);
  await expect(shopper.getByTestId('order-parcel').or(shopper.locator('main'))).toBeVisible();
  await expect(shopper.locator('body')).not.toContainText('Courier claim');
  await shopper.close();
});

// The desktop width for the specs that do not set one.
test.use({ viewport: DESKTOP });
