/**
 * Issue 14, bulk work on the orders list: an admin selects three orders, marks them shipped with a tracking
 * number each (one of them was shipped already and is reported, not changed), sees the per-order results and
 * the refreshed list, then exports the filtered list as CSV and reads the file back. The spec makes its own
 * orders through the API, all with one unique payer word so the list can be filtered down to them.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, sha256hex, uniqueWord } from './support/admin-api';
import { shot, signIn } from './support/admin-screens';

/** RFC 4180 records (quoted fields with "" for a quote). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

test('an admin marks three selected orders shipped with tracking numbers, sees the results and exports the list', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const word = uniqueWord();
  const origin = new URL(baseURL!).origin;
  const login = await request.post('/api/v2/auth/login', {
    headers: { Origin: origin },
    data: { email: DEMO_ADMIN.email, password: sha256hex(DEMO_ADMIN.password) },
  });
  expect(login.status()).toBe(200);
  // Created oldest first: the list and the export (newest first) show Carla, Bianca, Anna.
  const seeds = [
    { name: `Anna Bulk ${word}`, status: 'PROCESSING', price: 12.5, quantity: 2 },
    { name: `Bianca Bulk ${word}`, status: 'NEW', price: 9.99, quantity: 1 },
    { name: `Carla Bulk ${word}`, status: 'SHIPPED', price: 4, quantity: 3 },
  ];
  const orders: Array<{ id: string; number: string; name: string }> = [];
  for (const seed of seeds) {
    const res = await request.post('/api/orders', {
      headers: { Origin: origin },
      data: {
        status: seed.status,
        payer_full_name: seed.name,
        payer_email_address: `${seed.name.split(' ')[0].toLowerCase()}.${word}@example.com`,
        shipment_full_name: seed.name,
        shipment_amount: 7.9,
        shipment_method: 'USPS Priority Mail',
        shipment_address: {
          address_line_1: '350 5th Ave',
          admin_area_1: 'NY',
          admin_area_2: 'New York',
          postal_code: '10118',
          country_code: 'US',
        },
        transaction_id: `E2E${word.toUpperCase()}${orders.length}`,
        transaction_status: 'COMPLETED',
        transaction_gross_amount: (seed.price * seed.quantity + 7.9).toFixed(2),
        currency_code: 'USD',
        products: [{ product_id: 'e2e-bulk', product: 'Caffè in grani', price: seed.price, quantity: seed.quantity }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const doc = ((await res.json()) as { doc: { id: string; number: string } }).doc;
    orders.push({ ...doc, name: seed.name });
  }
  const [anna, bianca, carla] = orders;

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/admin/orders?search=${word}`);
  for (const order of orders) await expect(page.getByTestId(`order-row-${order.number}`)).toBeVisible();
  await expect(page.getByTestId('orders-bulk-count')).toHaveText('Select orders to act on them');

  for (const order of orders) {
    await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
  }
  // Ticking a box selects; it does not open the order.
  await expect(page).toHaveURL(/\/admin\/orders\?search=/);
  await expect(page.getByTestId('orders-bulk-count')).toHaveText('3 selected');
  await shot(page, testInfo, 'orders-bulk-selected');

  await page.getByTestId('bulk-ship').click();
  await page.getByTestId('bulk-ship-submit').click();
  // Every order needs its tracking number: the form says so and sends nothing.
  await expect(page.locator('.ant-form-item-explain-error').first()).toHaveText('A tracking number is required');
  await page.getByTestId(`tracking-input-${anna.number}`).fill('1Z999AA10123456784');
  await page.getByTestId(`tracking-input-${bianca.number}`).fill('RR123456785IT');
  await page.getByTestId(`tracking-input-${carla.number}`).fill('9400111899223344556677');
  await shot(page, testInfo, 'orders-bulk-tracking');
  await page.getByTestId('bulk-ship-submit').click();

  const results = page.getByTestId('bulk-results');
  await expect(page.getByText('2 of 3 orders changed')).toBeVisible();
  await expect(results.getByTestId(`bulk-result-${carla.number}`)).toHaveText(
    `${carla.number}: The order is already shipped`,
  );
  await expect(results.getByTestId(`bulk-result-${anna.number}`)).toContainText('Shipped to destination address');
  await expect(results.getByTestId(`bulk-result-${bianca.number}`)).toContainText('Shipped to destination address');
  await shot(page, testInfo, 'orders-bulk-results');
  await page.getByTestId('bulk-results-close').click();

  // The list was fetched again: all three rows now show Shipped, and the selection is cleared.
  for (const order of orders) {
    await expect(page.getByTestId(`order-row-${order.number}`)).toContainText('Shipped to destination address');
  }
  await expect(page.getByTestId('orders-bulk-count')).toHaveText('Select orders to act on them');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('orders-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8'));
  const rows = records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
  // The export is the list as filtered: just these three, newest first, with their tracking numbers.
  expect(rows.map((r) => [r['Order number'], r['Customer name'], r.Items, r.Total, r['Tracking number']])).toEqual([
    [carla.number, carla.name, '3× Caffè in grani', '19.90', ''],
    [bianca.number, bianca.name, '1× Caffè in grani', '17.89', 'RR123456785IT'],
    [anna.number, anna.name, '2× Caffè in grani', '32.90', '1Z999AA10123456784'],
  ]);
});
