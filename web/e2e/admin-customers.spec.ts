/**
 * Issue 24 §2: the family finds a buyer under Customers (through the drawer and through the command palette),
 * opens the customer, reads the order history and follows it to an order, whose page links back. Both screens
 * are checked with axe (WCAG 2.0–2.2 A and AA) at 1280 and 390 px.
 *
 * Figures worked out by hand: Giulia pays twice, with her email typed two ways: 2 × 12.50 + 7.90 = 32.90 and
 * 1 × 12.50 + 7.90 = 20.40, so 2 orders and $53.30 spent.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, type Page, test } from './support/test';
import { AdminApi, uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const word = uniqueWord();
const name = `Giulia Ferri${word}`;
const email = `giulia.${word}@bottega.example`;
let firstOrder = { id: '', number: '' };
let secondOrder = { id: '', number: '' };

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request, baseURL!);
  const line = (quantity: number) => ({ product_id: 'e2e-oil', product: `Olio ${word}`, price: 12.5, quantity });
  const first = await admin.createOrder({
    payer_full_name: name,
    payer_email_address: ` Giulia.${word}@Bottega.example`,
    products: [line(2)],
  });
  const second = await admin.createOrder({
    payer_full_name: name,
    payer_email_address: `${email} `,
    products: [line(1)],
  });
  firstOrder = { id: first.id, number: first.number };
  secondOrder = { id: second.id, number: second.number };
  await request.dispose();
});

/** The screen's own content; the drawer and top bar are the layout's (checked by the admin layout's own spec). */
async function axeViolations(page: Page): Promise<Array<[string, string, string]>> {
  const result = await new AxeBuilder({ page })
    .options(VIOLATIONS_ONLY)
    .include('.admin-content')
    .withTags(WCAG_TAGS)
    .analyze();
  return result.violations.map((v) => [
    v.id,
    JSON.stringify(v.nodes[0]?.target ?? []),
    v.nodes[0]?.failureSummary ?? '',
  ]);
}

/** Drawer entry Customers: the sider at 1280 px, the menu button's drawer at 390 px. */
async function openCustomersFromDrawer(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByTestId('admin-menu-button').click();
  await page.getByTestId('admin-nav-customers').click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
}

for (const size of [DESKTOP, PHONE]) {
  const phone = size === PHONE;
  test(`at ${size.width} px, an admin finds the buyer under Customers, opens her and follows to an order`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(size);
    await signInAsDemoAdmin(page);
    await page.setViewportSize(size);
    await openCustomersFromDrawer(page, phone);

    await test.step('the search finds her by email, once, with both orders and what she spent', async () => {
      const search = page.getByRole('searchbox', { name: 'Search customers by name or email' });
      await search.fill(word.toUpperCase());
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`search=${word.toUpperCase()}`));
      const row = page.getByTestId(`customer-row-${email}`);
      await expect(row).toBeVisible();
      await expect(page.locator('.customers-row')).toHaveCount(1);
      await expect(row).toContainText(name);
      await expect(row).toContainText('$53.30');
      await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
      expect(await axeViolations(page), `customers list at ${size.width}px`).toEqual([]);
      // shot() takes both widths: once is enough.
      if (!phone) await shot(page, testInfo, 'customers-list');
      await page.setViewportSize(size);
    });

    await test.step('the sort is kept in the URL and a reload shows the same list', async () => {
      await page.getByRole('columnheader', { name: /Total spent/ }).click();
      await expect(page).toHaveURL(/sort=total_spent&dir=asc/);
      await page.reload();
      await expect(page.getByTestId(`customer-row-${email}`)).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'Search customers by name or email' })).toHaveValue(
        word.toUpperCase(),
      );
    });

    await test.step('the detail shows her figures and the order history, newest first', async () => {
      await page.getByTestId(`customer-row-${email}`).getByTestId('customer-link').click();
      await expect(page).toHaveURL(/\/admin\/customers\/[a-f0-9]{32}$/);
      await expect(page.getByTestId('customer-title')).toHaveText(name);
      await expect(page.getByTestId('customer-email')).toHaveText(email);
      await expect(page.getByTestId('customer-orders-count')).toHaveText('2');
      await expect(page.getByTestId('customer-total-spent')).toHaveText('$53.30');
      await expect(page.getByTestId('customer-order-link')).toHaveText([secondOrder.number, firstOrder.number]);
      expect(await axeViolations(page), `customer detail at ${size.width}px`).toEqual([]);
      if (!phone) await shot(page, testInfo, 'customer-detail');
      await page.setViewportSize(size);
    });

    await test.step('an order of the history opens, and its page links back to the customer', async () => {
      const customerUrl = page.url();
      await page.getByTestId('customer-order-link').filter({ hasText: firstOrder.number }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${firstOrder.id}$`));
      await expect(page.getByTestId('order-title')).toHaveText(`Order ${firstOrder.number}`);
      await page.getByTestId('order-customer-link').getByRole('link').click();
      await expect(page).toHaveURL(customerUrl);
    });
  });
}

test('the command palette finds the customer by name and by email, and the keyboard opens her', async ({ page }) => {
  await signInAsDemoAdmin(page);
  await expect(page.getByTestId('command-palette-button')).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Go to' });
  for (const query of [`ferri${word}`, email.toUpperCase()]) {
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    const input = palette.getByRole('combobox');
    await expect(input).toBeFocused();
    await input.fill(query);
    const option = palette.getByTestId('command-palette-option-customer');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(name);
    await expect(option).toContainText(email);
    // No screen matches these words: the customer is the first option, already chosen; Enter opens her.
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/customers\/[a-f0-9]{32}$/);
    await expect(page.getByTestId('customer-title')).toHaveText(name);
  }
});
