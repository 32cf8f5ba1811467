/**
 * Issue 14, paper for the parcel: from an order's page the admin downloads its invoice and packing slip, and
 * each file is a PDF named after the order number. The spec makes its own order through the API.
 */
import fs from 'node:fs/promises';
import { expect, test } from './support/test';
import { AdminApi, uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';

test("an admin downloads the invoice and the packing slip from an order's page, and its pick list from the orders list", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const word = uniqueWord();
  const api = await AdminApi.login(request, baseURL!);
  const order = await api.createOrder({
    payer_full_name: `Giulia Caffè ${word}`,
    transaction_paypal_fee: '1.81',
    transaction_net_amount: '43.59',
    products: [{ product_id: 'e2e-oil', product: `Olio E2E ${word}`, price: 18.75, quantity: 2 }],
  });

  await signInAsDemoAdmin(page, `/admin/orders/${order.id}`);
  await expect(page.getByTestId('order-title')).toContainText(order.number);

  for (const kind of ['invoice', 'packing-slip'] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByTestId(`order-${kind}`).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${kind}-${order.number}.pdf`);
    const file = await download.path();
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  }
  await shot(page, testInfo, 'order-paperwork');

  // The orders list: the same order selected, its pick list from the bulk bar.
  await page.goto(`/admin/orders?number=${order.number}`);
  await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('orders-pick-list').click();
  const pickList = await downloading;
  expect(pickList.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}-1-order\.pdf$/);
  const bytes = await fs.readFile(await pickList.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
