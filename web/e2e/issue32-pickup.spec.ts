/**
 * Issue 32 §4, pick up at the market, on a phone (390 px): a shopper picks a market day in the cart, pays
 * through the PayPal emulator without shipping, and the order page names the day; the stall marks the order
 * picked up, and the order is COMPLETED with its timeline entry. axe (WCAG 2.2 A/AA) on the cart's summary and
 * the order page; every delivery choice is at least 44 px tall.
 *
 * Figures worked out by hand (demo settings: dollars, $7.90 shipping): one $12.50 bottle is $12.50 + $7.90 =
 * $20.40 shipped, $12.50 collected. The day is far ahead so its text is fixed: 2099-05-16 is a Saturday.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, type Page, test } from './support/test';
import { addFromProductPage, CheckoutAdmin, publicConfig, screenshots } from './checkout-helpers';
import { uniqueWord } from './support/admin-api';
import { paypalButtonsSettled } from './support/paypal-settled';
import { signInAsDemoAdmin } from './support/admin-screens';
import { PHONE } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function axeViolations(page: Page, selector: string): Promise<Array<[string, string, string]>> {
  await paypalButtonsSettled(page);
  const result = await new AxeBuilder({ page })
    .options(VIOLATIONS_ONLY)
    .include(selector)
    .withTags(WCAG_TAGS)
    .analyze();
  return result.violations.map((v) => [
    v.id,
    JSON.stringify(v.nodes[0]?.target ?? []),
    v.nodes[0]?.failureSummary ?? '',
  ]);
}

test('at 390 px, a shopper collects her order at a market day: no shipping, the order names the day, the stall marks it picked up', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const config = await publicConfig(request);
  expect(config.shipment_amount).toBe(7.9);
  const origin = new URL(baseURL!).origin;
  const admin = await CheckoutAdmin.login(request, baseURL);
  const word = uniqueWord();
  const place = `Piazza ${word}`;
  const oil = await admin.createProduct({ name: `Olio ${word}`, price: 12.5 });
  const created = await request.post('/api/v2/admin/market/days', {
    headers: { Origin: origin },
    data: { place, date: '2099-05-16', opens_at: '08:00', closes_at: '13:30', pickup: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const dayId = ((await created.json()) as { result: { id: string } }).result.id;
  const when = 'Pick up at ' + place + ', Saturday, May 16, 2099, 8:00 AM–1:30 PM';
  let orderId = '';

  await page.setViewportSize(PHONE);

  await test.step('the cart offers the day beside shipping; choosing it makes shipping $0.00', async () => {
    await addFromProductPage(page, oil, 1);
    await page.goto('/site/cart');
    await expect(page.getByTestId('cart-total')).toHaveText('$20.40');
    const choice = page.getByRole('radio', { name: new RegExp(`Pick up at ${place}`) });
    await expect(choice).toBeVisible();
    await expect(page.getByRole('radio', { name: /Ship to me/ })).toBeChecked();
    // The keyboard reaches the choice, and Space picks it.
    await choice.focus();
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
    await expect(page.locator(`label:has([data-day="${dayId}"])`)).toContainText(
      'Saturday, May 16, 2099, 8:00 AM–1:30 PM',
    );
    await expect(page.getByTestId('cart-shipping')).toHaveText('$0.00');
    await expect(page.getByTestId('cart-summary')).toContainText('Pick up at the market');
    await expect(page.getByTestId('cart-total')).toHaveText('$12.50');
    await expect(page.getByTestId('cart-ships-to')).toHaveCount(0);
    for (const box of await page.locator('.pickup-choice-option').all()) {
      expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await axeViolations(page, '.cart-summary'), 'cart summary').toEqual([]);
    await screenshots(page, testInfo, 'pickup-cart');
  });

  await test.step('she pays without shipping, and the order page names the day and place', async () => {
    await page.getByTestId('cart-terms').check();
    await expect(page.getByTestId('paypal-button')).toHaveAttribute('aria-disabled', 'false');
    await page.getByTestId('paypal-button').click();
    await expect(page).toHaveURL(/\/site\/orders\/[A-Za-z0-9-]+$/);
    orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByTestId('order-pickup-text')).toHaveText(when);
    await expect(page.getByTestId('order-shipping')).toHaveText('$0.00');
    await expect(page.getByTestId('order-total')).toHaveText('$12.50');
    expect(await axeViolations(page, 'main'), 'order page').toEqual([]);
    await screenshots(page, testInfo, 'pickup-order');
    const stored = await admin.order(orderId);
    expect(stored).toMatchObject({ pickup_day_id: dayId, shipment_amount: 0, transaction_gross_amount: '12.50' });
  });

  await test.step('the stall marks it picked up with its "Picked up" button: COMPLETED, with its timeline entry', async () => {
    const day = await request.get(`/api/v2/admin/market/days/${dayId}`, { headers: { Origin: origin } });
    expect(day.status()).toBe(200);
    const pickups = ((await day.json()) as { result: { pickups: Array<{ id: string }> } }).result.pickups;
    expect(pickups.map((p) => p.id)).toEqual([orderId]);
    // The family's phone: signed in, on the day's stall screen.
    const stallContext = await browser.newContext({ viewport: PHONE, baseURL });
    const stall = await stallContext.newPage();
    await signInAsDemoAdmin(stall);
    await stall.setViewportSize(PHONE);
    await stall.goto(`/admin/market/${dayId}`);
    const row = stall.locator(`[data-testid="pickup-row"][data-order="${orderId}"]`);
    await expect(row).toContainText(`${oil.name}`);
    await row.getByTestId('pickup-mark').click();
    await row.getByTestId('pickup-confirm').click();
    await expect(row).toHaveCount(0);
    // The office sees where the order was collected, where a parcel has its address.
    await stall.goto(`/admin/orders/${orderId}`);
    await expect(stall.getByTestId('order-pickup-when')).toHaveText('Saturday, May 16, 2099, 8:00 AM–1:30 PM');
    await expect(stall.getByTestId('order-pickup')).toContainText(place);
    await stallContext.close();
    const events = await request.get(`/api/v2/admin/orders/${orderId}/events`, { headers: { Origin: origin } });
    const changes = (
      (await events.json()) as { result: Array<{ type: string; from: string; to: string; note: string }> }
    ).result
      .filter((event) => event.type === 'status')
      .map(({ from, to, note }) => ({ from, to, note }));
    expect(changes).toEqual([{ from: 'NEW', to: 'COMPLETED', note: `Picked up at ${place}` }]);
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'COMPLETED');
    await expect(page.getByTestId('order-pickup-text')).toHaveText(when);
  });
});
