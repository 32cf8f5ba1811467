/**
 * Issue 14, bulk work on the orders list, as the issue words it: an admin selects three orders, marks them
 * shipped with a tracking number each, opens each of the three and sees the change on its timeline (from → to,
 * the tracking number, who), prints the pick list of the three and exports the list as CSV, reading both files
 * back. A fourth selected order was shipped already: the bar holds it back by the order page's own rule and
 * the results report it, unchanged. The spec makes its own orders through the API, all with one unique payer
 * word so the list can be filtered down to them.
 */
import { expect, test } from './support/test';
import { AdminApi, DEMO_ADMIN, uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';
import { readCsvDownload, readPdfDownload } from './support/files';

test('an admin marks three selected orders shipped with tracking numbers, sees each timeline, prints their pick list and exports the list', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const word = uniqueWord();
  const api = await AdminApi.login(request, baseURL!);
  const caffe = (price: number, quantity: number) => ({
    product_id: `e2e-caffe-${word}`,
    product: 'Caffè in grani',
    price,
    quantity,
  });
  const olio = (quantity: number) => ({ product_id: `e2e-olio-${word}`, product: 'Olio nuovo', price: 9.99, quantity });
  // Created oldest first: the list and the export (newest first) show Dario, Carla, Bianca, Anna.
  const anna = await api.createOrder({ payer_full_name: `Anna Bulk ${word}`, products: [caffe(12.5, 2)] });
  const bianca = await api.createOrder({
    payer_full_name: `Bianca Bulk ${word}`,
    status: 'NEW',
    products: [caffe(12.5, 1), olio(2)],
  });
  const carla = await api.createOrder({ payer_full_name: `Carla Bulk ${word}`, products: [olio(3)] });
  const dario = await api.createOrder({
    payer_full_name: `Dario Bulk ${word}`,
    status: 'SHIPPED',
    products: [caffe(4, 1)],
  });
  const shipped = [
    { order: anna, from: 'Order Processing', tracking: '1Z999AA10123456784' },
    { order: bianca, from: 'Order Received', tracking: 'RR123456785IT' },
    { order: carla, from: 'Order Processing', tracking: '9400111899223344556677' },
  ];
  const all = [anna, bianca, carla, dario];

  await signInAsDemoAdmin(page);
  const listUrl = `/admin/orders?search=${word}`;
  await page.goto(listUrl);
  for (const order of all) await expect(page.getByTestId(`order-row-${order.number}`)).toBeVisible();
  await expect(page.getByTestId('orders-bulk-count')).toHaveText('Select orders to act on them');

  await test.step('four orders are selected; the bar counts the three it may ship', async () => {
    for (const order of all) {
      await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
    }
    // Ticking a box selects; it does not open the order.
    await expect(page).toHaveURL(/\/admin\/orders\?search=/);
    await expect(page.getByTestId('orders-bulk-count')).toHaveText('4 selected');
    await expect(page.getByTestId('bulk-ship')).toHaveText('Mark shipped (3 of 4)');
    await expect(page.getByTestId('bulk-complete')).toHaveText('Complete');
    await shot(page, testInfo, 'orders-bulk-selected');
  });

  await test.step('each of the three gets its tracking number; the shipped one is held back and reported', async () => {
    await page.getByTestId('bulk-ship').click();
    await expect(page.getByTestId('bulk-ship-skipped')).toContainText(`${dario.number}: The order is already shipped`);
    await expect(page.getByTestId(`tracking-input-${dario.number}`)).toHaveCount(0);
    // A tracking number is optional, but one that is typed must be a tracking number: the form says so.
    await page.getByTestId(`tracking-input-${shipped[0].order.number}`).fill('<b>1</b>');
    await page.getByTestId('bulk-ship-submit').click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toHaveText(
      'A tracking number has letters, digits, spaces and dashes only',
    );
    for (const { order, tracking } of shipped) {
      await page.getByTestId(`tracking-input-${order.number}`).fill(tracking);
    }
    await shot(page, testInfo, 'orders-bulk-tracking');
    await page.getByTestId('bulk-ship-submit').click();

    const results = page.getByTestId('bulk-results');
    await expect(page.getByText('3 of 4 orders changed')).toBeVisible();
    await expect(results.getByTestId(`bulk-result-${dario.number}`)).toHaveText(
      `${dario.number}: The order is already shipped`,
    );
    for (const { order } of shipped) {
      await expect(results.getByTestId(`bulk-result-${order.number}`)).toContainText('Shipped to destination address');
    }
    await shot(page, testInfo, 'orders-bulk-results');
    await page.getByTestId('bulk-results-close').click();

    // The list was fetched again: all four rows now show Shipped, and the selection is cleared.
    for (const order of all) {
      await expect(page.getByTestId(`order-row-${order.number}`)).toContainText('Shipped to destination address');
    }
    await expect(page.getByTestId('orders-bulk-count')).toHaveText('Select orders to act on them');
  });

  await test.step("each shipped order's timeline shows the change: from → to, the tracking number and who", async () => {
    for (const [index, { order, from, tracking }] of shipped.entries()) {
      await page.getByTestId(`order-row-${order.number}`).click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
      await expect(page.getByTestId('order-title')).toContainText(order.number);
      const change = page.getByTestId('order-history').locator('[data-testid="order-event"][data-type="status"]');
      await expect(change).toHaveCount(1);
      await expect(change).toContainText(from);
      await expect(change).toContainText('Shipped to destination address');
      await expect(change.getByTestId('order-event-tracking')).toContainText(tracking);
      await expect(change).toContainText(DEMO_ADMIN.email);
      // Shipped orders show no Mark as Shipped button, by the same rule the bulk bar applied.
      await expect(page.getByTestId('order-action-ship')).toHaveCount(0);
      await expect(page.getByTestId('order-action-complete')).toBeVisible();
      if (index === 1) {
        await page.getByTestId('order-history').scrollIntoViewIfNeeded();
        await shot(page, testInfo, 'order-timeline-bulk-shipped');
      }
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/orders\?search=/);
    }
  });

  await test.step('the pick list of the three sums each product over them', async () => {
    for (const { order } of shipped) {
      await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
    }
    await expect(page.getByTestId('orders-bulk-count')).toHaveText('3 selected');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('orders-pick-list').click();
    const pickList = await downloading;
    expect(pickList.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}-3-orders\.pdf$/);
    const text = await readPdfDownload(pickList);
    const quantityOf = (name: string) => {
      const found = [...text.matchAll(new RegExp(`(\\d+)\\s+${name}`, 'g'))];
      expect(found, name).toHaveLength(1);
      return Number(found[0][1]);
    };
    // Caffè: Anna 2 + Bianca 1; olio: Bianca 2 + Carla 3. Dario's caffè is not selected.
    expect(quantityOf('Caffè in grani')).toBe(3);
    expect(quantityOf('Olio nuovo')).toBe(5);
    expect(text).toContain('3 orders, 8 items');
    for (const { order } of shipped) expect(text).toContain(order.number);
    expect(text).not.toContain(dario.number);
    await page.getByTestId('bulk-clear').click();
  });

  await test.step('the export is the list as filtered, with the tracking numbers', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByTestId('orders-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = await readCsvDownload(download);
    // Just these four, newest first.
    expect(rows.map((r) => [r['Order number'], r['Customer name'], r.Items, r.Total, r['Tracking number']])).toEqual([
      [dario.number, `Dario Bulk ${word}`, '1× Caffè in grani', '11.90', ''],
      // A tracking number of digits only is written as a text formula, so a spreadsheet keeps every digit.
      [carla.number, `Carla Bulk ${word}`, '3× Olio nuovo', '37.87', '="9400111899223344556677"'],
      [bianca.number, `Bianca Bulk ${word}`, '1× Caffè in grani; 2× Olio nuovo', '40.38', 'RR123456785IT'],
      [anna.number, `Anna Bulk ${word}`, '2× Caffè in grani', '32.90', '1Z999AA10123456784'],
    ]);
  });
});
