/**
 * Issue 14, part 1: an admin marks an order shipped with a tracking number and sees it on the order's timeline,
 * adds an internal note, then changes a product's price in the control centre and finds the change, before
 * and after, in the audit log (filters in the URL, the row expanded, the CSV export downloaded).
 */
import fs from 'node:fs/promises';
import { expect, test } from './support/test';
import { AdminApi, DEMO_ADMIN, uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';

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
