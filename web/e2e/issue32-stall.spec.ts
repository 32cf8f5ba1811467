/**
 * Issue 32 §2: the stall screen on a phone (390 px), with and without signal.
 *
 * Figures worked out by hand. Olio costs $18.50 (20 counted), Miele $7.25 (10 counted); the day opens with a
 * $50.00 float.
 *   Online:  1. 2 Olio, cash, $50 received → $37.00, change $13.00
 *            2. 1 Miele, card → $7.25
 *            3. 1 Olio + 2 Miele, 10 % off, cash exact → $33.00 − $3.30 = $29.70
 *            4. 3 Miele, $2.00 off, card → $21.75 − $2.00 = $19.75
 *            5. 1 Olio, cash, $20 received → $18.50, change $1.50
 *            5 sales, $112.20 (cash 37.00 + 29.70 + 18.50 = $85.20, card 7.25 + 19.75 = $27.00);
 *            Olio 20 − 4 = 16 left, Miele 10 − 6 = 4 left.
 *   Offline: 6. 2 Miele, cash, $20 received → $14.50, change $5.50
 *            7. 1 Olio + 1 Miele, card → $25.75
 *            8. 1 Olio, 50 % off, cash exact → $9.25
 *            8 sales, $161.70 (cash 85.20 + 14.50 + 9.25 = $108.95, card 27.00 + 25.75 = $52.75);
 *            Olio 16 − 2 = 14 left, Miele 4 − 3 = 1 left; expected cash 50.00 + 108.95 = $158.95.
 * Two phones: Pane has 1 counted; each phone sells it offline (card, $4.00): 2 sales, $8.00, 0 left and one sale
 * with a shortfall of 1.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { AdminApi, oilBottlePng, uniqueWord, type Doc } from './support/admin-api';
import { signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE, settle } from './support/screens';
import path from 'node:path';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const word = uniqueWord();
const today = new Date().toISOString().slice(0, 10);

let api: APIRequestContext;
let admin: AdminApi;
let origin = '';

async function v2(method: 'get' | 'post', route: string, data?: unknown): Promise<Doc> {
  const res = await api[method](`/api/v2/${route}`, { headers: { Origin: origin }, data });
  expect(res.status(), `${method} ${route}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).result as Doc;
}

async function openDay(place: string, pickup = false): Promise<string> {
  const day = await v2('post', 'admin/market/days', {
    place,
    date: today,
    opens_at: '08:00',
    closes_at: '13:00',
    pickup,
  });
  await v2('post', `admin/market/days/${day.id}/open`, { opening_cash: 50 });
  return day.id;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
  origin = new URL(baseURL!).origin;
  admin = await AdminApi.login(api, baseURL!);
});
test.afterAll(() => api.dispose());

interface Sale {
  taps: Array<[productId: string, units: number]>;
  payment: 'cash' | 'card';
  discount?: ['Percent' | 'Cash off', string];
  cash?: string;
}

/** Taps the tiles (a second unit through the stepper), fills the sale in and records it. */
async function sell(page: Page, sale: Sale): Promise<void> {
  for (const [productId, units] of sale.taps) {
    const tile = page.locator(`.stall-tile[data-product-id="${productId}"]`);
    await tile.click();
    const name = (await tile.locator('.stall-tile-name').textContent())!;
    for (let i = 1; i < units; i += 1) await page.getByRole('button', { name: `One more ${name}` }).click();
  }
  if (sale.discount) {
    await page.getByRole('radio', { name: sale.discount[0], exact: true }).check();
    await page
      .getByLabel(sale.discount[0] === 'Percent' ? 'Discount in percent' : 'Discount in dollars')
      .fill(sale.discount[1]);
  }
  await page.getByRole('radio', { name: sale.payment === 'cash' ? 'Cash' : 'Card', exact: true }).check();
  if (sale.cash) await page.getByLabel('Cash received').fill(sale.cash);
  await page.getByRole('button', { name: 'Record sale' }).click();
  await expect(page.getByTestId('stall-recorded')).toBeVisible();
  await expect(page.locator('.stall-lines')).toHaveCount(0);
}

async function expectTotals(page: Page, count: string, total: string, cash: string, card: string): Promise<void> {
  await expect(page.getByTestId('total-count')).toHaveText(count);
  await expect(page.getByTestId('total-amount')).toHaveText(total);
  await expect(page.getByTestId('total-cash')).toHaveText(cash);
  await expect(page.getByTestId('total-card')).toHaveText(card);
}

const tileLeft = (page: Page, productId: string) =>
  page.locator(`.stall-tile[data-product-id="${productId}"]`).getByTestId('tile-left');

/** Opens the stall and waits until its worker controls the page (precache done: the stall now opens offline). */
async function openStall(page: Page, dayId: string): Promise<void> {
  await page.goto(`/admin/market/${dayId}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  await expect(page.getByTestId('stall-waiting')).toHaveText('All sales sent');
}

async function axeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
  expect(result.violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))])).toEqual([]);
}

/** Every visible button, link and field of the stall is at least 44 × 44 px. */
async function tapTargetsTooSmall(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.stall button, .stall a, .stall input'))
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName} "${el.textContent?.trim() || el.getAttribute('aria-label')}" ${box.width}×${box.height}`,
      ),
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.screenshot({
      path: path.join(test.info().project.outputDir, 'screenshots', `stall-${name}-${size.width}.png`),
      fullPage: true,
      caret: 'hide',
    });
    await axeClean(page);
    expect(await tapTargetsTooSmall(page)).toEqual([]);
  }
  await page.setViewportSize(PHONE);
}

async function product(name: string, price: number, stock: number, img?: string): Promise<string> {
  const doc = await admin.createProduct({
    name: `${name} ${word}`,
    price,
    stock_quantity: stock,
    categories: [await admin.anyCategoryId()],
    ...(img ? { img } : {}),
  });
  return doc.id;
}

test('when five sales are made online, three offline and the page reloads offline, then the server has exactly eight', async ({
  page,
  context,
}) => {
  const picture = await admin.uploadPng(await oilBottlePng(), `stall-${word}.png`);
  const olio = await product('Olio', 18.5, 20, picture.id);
  const miele = await product('Miele', 7.25, 10);
  // A pickup day: the stall's pickup list is on the screens axe and the tap-target check look at.
  const dayId = await openDay(`Piazza ${word}`, true);

  await page.setViewportSize(PHONE);
  await signInAsDemoAdmin(page);
  await openStall(page, dayId);

  await sell(page, { taps: [[olio, 2]], payment: 'cash', cash: '50' });
  await expect(page.getByTestId('stall-recorded')).toHaveText('Sale recorded: $37.00, change $13.00');
  await sell(page, { taps: [[miele, 1]], payment: 'card' });
  await sell(page, {
    taps: [
      [olio, 1],
      [miele, 2],
    ],
    payment: 'cash',
    discount: ['Percent', '10'],
  });
  await expect(page.getByTestId('stall-recorded')).toHaveText('Sale recorded: $29.70');
  await sell(page, { taps: [[miele, 3]], payment: 'card', discount: ['Cash off', '2'] });
  await sell(page, { taps: [[olio, 1]], payment: 'cash', cash: '20' });
  await expect(page.getByTestId('stall-waiting')).toHaveText('All sales sent');
  await expectTotals(page, '5', '$112.20', '$85.20', '$27.00');
  await expect(tileLeft(page, olio)).toHaveText('16 left');
  await expect(tileLeft(page, miele)).toHaveText('4 left');

  await context.setOffline(true);
  await sell(page, { taps: [[miele, 2]], payment: 'cash', cash: '20' });
  await expect(page.getByTestId('stall-recorded')).toHaveText('Sale recorded: $14.50, change $5.50');
  await sell(page, {
    taps: [
      [olio, 1],
      [miele, 1],
    ],
    payment: 'card',
  });
  await sell(page, { taps: [[olio, 1]], payment: 'cash', discount: ['Percent', '50'] });
  await expect(page.getByTestId('stall-waiting')).toHaveText('3 sales waiting to be sent');
  await expectTotals(page, '8', '$161.70', '$108.95', '$52.75');
  await expect(tileLeft(page, olio)).toHaveText('14 left');
  await expect(tileLeft(page, miele)).toHaveText('1 left');

  // A sale in the making, so the checks below see the whole sale panel too.
  await page.locator(`.stall-tile[data-product-id="${olio}"]`).click();
  await expect(page.getByTestId('pickup-list')).toBeVisible();
  await shoot(page, 'offline');
  await page.getByRole('button', { name: 'Clear' }).click();

  // Reloaded with no network: the page, the tiles, their picture and the three sales come from the phone.
  await page.reload();
  await expect(page.getByText('No signal')).toBeVisible();
  await expect(page.getByTestId('stall-waiting')).toHaveText('3 sales waiting to be sent');
  await expect(page.getByTestId('queued-waiting')).toHaveCount(3);
  await expectTotals(page, '8', '$161.70', '$108.95', '$52.75');
  await expect(tileLeft(page, olio)).toHaveText('14 left');
  await expect(tileLeft(page, miele)).toHaveText('1 left');
  const olioPicture = page.locator(`.stall-tile[data-product-id="${olio}"] img`);
  await expect
    .poll(() => olioPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The first send after the network returns reaches the server but its answer is lost: the phone sends it
  // again with the same client_id, and the server answers 200 with the sale it already has.
  let answersLost = 0;
  await context.route('**/api/v2/admin/market/days/*/sales', async (route) => {
    if (answersLost > 0) return route.continue();
    answersLost += 1;
    await route.fetch();
    await route.abort('timedout');
  });
  await context.setOffline(false);
  await expect(page.getByTestId('stall-waiting')).toHaveText('All sales sent', { timeout: 20_000 });
  expect(answersLost, 'one answer was lost after the server recorded the sale').toBe(1);
  await expectTotals(page, '8', '$161.70', '$108.95', '$52.75');
  await expect(tileLeft(page, olio)).toHaveText('14 left');
  await expect(tileLeft(page, miele)).toHaveText('1 left');

  const day = await v2('get', `admin/market/days/${dayId}`);
  expect(day.sales).toHaveLength(8);
  expect(new Set(day.sales.map((sale: Doc) => sale.client_id)).size).toBe(8);
  expect(day.sales.map((sale: Doc) => sale.total)).toEqual([37, 7.25, 29.7, 19.75, 18.5, 14.5, 25.75, 9.25]);
  expect(day.totals).toMatchObject({
    sales_count: 8,
    total: 161.7,
    cash_total: 108.95,
    card_total: 52.75,
    expected_cash: 158.95,
  });
  const catalogue = await v2('get', 'admin/market/catalogue');
  const left = (id: string) => (catalogue as unknown as Doc[]).find((p) => p.id === id)?.stock_left;
  expect([left(olio), left(miele)]).toEqual([14, 1]);
});

test('when two phones sell the last unit offline, then both sales are recorded, 0 are left and one shortfall shows', async ({
  browser,
  page,
}) => {
  const pane = await product('Pane', 4, 1);
  const dayId = await openDay(`Mercato ${word}`);
  await signInAsDemoAdmin(page);
  const session = await page.context().storageState();
  const phones: Array<{ context: BrowserContext; page: Page }> = [];
  for (let i = 0; i < 2; i += 1) {
    const context = await browser.newContext({ storageState: session, viewport: PHONE });
    phones.push({ context, page: await context.newPage() });
  }
  for (const phone of phones) {
    await openStall(phone.page, dayId);
    await expect(tileLeft(phone.page, pane)).toHaveText('1 left');
    await phone.context.setOffline(true);
    await sell(phone.page, { taps: [[pane, 1]], payment: 'card' });
    await expect(phone.page.getByTestId('stall-waiting')).toHaveText('1 sale waiting to be sent');
    await expect(tileLeft(phone.page, pane)).toHaveText('None left');
  }
  for (const phone of phones) {
    await phone.context.setOffline(false);
    await expect(phone.page.getByTestId('stall-waiting')).toHaveText('All sales sent', { timeout: 20_000 });
  }
  await phones[1].page.reload();
  await expectTotals(phones[1].page, '2', '$8.00', '$0.00', '$8.00');
  await expect(tileLeft(phones[1].page, pane)).toHaveText('None left');

  const day = await v2('get', `admin/market/days/${dayId}`);
  expect(day.sales).toHaveLength(2);
  expect(day.sales.flatMap((sale: Doc) => sale.shortfalls)).toEqual([
    { product_id: pane, product: `Pane ${word}`, missing: 1 },
  ]);
  const catalogue = (await v2('get', 'admin/market/catalogue')) as unknown as Doc[];
  expect(catalogue.find((p) => p.id === pane)?.stock_left).toBe(0);
  for (const phone of phones) await phone.context.close();
});
