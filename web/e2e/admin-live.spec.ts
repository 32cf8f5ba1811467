/**
 * Issue 14 parts 5 and 6: a second admin's open control centre hears about an order paid in another browser
 * (the storefront's PayPal checkout against the emulator) without a reload, and the command palette (Ctrl+K,
 * or the search button on a phone) jumps to an order by its number.
 */
import path from 'node:path';
import { expect, test } from './support/test';
import { addFromProductPage, CheckoutAdmin, uid } from './checkout-helpers';
import { DEMO_ADMIN } from './support/admin-api';
import { shot, signIn } from './support/admin-screens';
import { DESKTOP, PHONE } from './support/screens';

const ORDER_URL = /\/site\/orders\/([A-Za-z0-9-]+)$/;

test('an admin with the orders screen open sees a new paid order appear, and finds it again with the palette', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const seller = await CheckoutAdmin.login(request, baseURL);
  const product = await seller.createProduct({ name: `Bresaola ${uid()}`, price: 6.4 });

  // The admin: signed in, on the orders screen, in a browser of their own.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/admin/orders');
  await expect(admin.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(admin.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  // The shopper, in another browser: one product, PayPal through the emulator (payer John Doe).
  const shopperContext = await browser.newContext({ viewport: DESKTOP });
  const shopper = await shopperContext.newPage();
  await addFromProductPage(shopper, product, 1);
  await shopper.goto('/site/cart');
  await shopper.getByTestId('cart-terms').check();
  await shopper.getByTestId('paypal-button').click();
  await expect(shopper).toHaveURL(ORDER_URL);
  const orderId = ORDER_URL.exec(new URL(shopper.url()).pathname)![1];
  const orderNumber = (await shopper.getByTestId('order-number').innerText()).trim();

  // $6.40 plus the demo settings' $7.90 shipping.
  const alert = admin.getByTestId('live-order');
  await expect(alert).toContainText(`New order #${orderNumber} — $14.30 from John D.`);
  // The open list took the order in without a reload.
  await expect(admin.getByRole('row', { name: new RegExp(`${orderNumber} John Doe`) })).toBeVisible();
  await shot(admin, testInfo, 'live-order-alert');

  await alert.getByTestId('live-order-link').click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));

  // Back to the dashboard, then Ctrl+K and the order number: Enter goes to the order.
  await admin.goto('/admin/home');
  await expect(admin.getByTestId('command-palette-button')).toBeVisible();
  await admin.keyboard.press('Control+k');
  const palette = admin.getByRole('dialog', { name: 'Go to' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await input.fill(orderNumber.toLowerCase());
  const option = palette.getByRole('option', { name: new RegExp(`#${orderNumber}`) });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  // The viewport, not the full page: the dialog and its mask belong to the screen as one sees it. The
  // palette stays open across the phone breakpoint, where the layout swaps the sider for the top bar.
  for (const size of [DESKTOP, PHONE]) {
    await admin.setViewportSize(size);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    const file = path.join(testInfo.project.outputDir, 'screenshots', `admin-command-palette-${size.width}.png`);
    await admin.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`admin-command-palette-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await admin.setViewportSize(DESKTOP);
  await input.press('Enter');
  await expect(palette).toBeHidden();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));

  // Escape closes it; the arrows move through the screens.
  await admin.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await input.fill('set');
  await expect(palette.getByRole('option', { name: /Settings/ })).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await expect(palette).toBeHidden();

  // On a phone there is no keyboard shortcut to know: the top bar's search button opens the same palette.
  await admin.setViewportSize(PHONE);
  await admin.getByTestId('command-palette-button').click();
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('notif');
  await palette.getByRole('option', { name: /Notifications/ }).click();
  await expect(admin).toHaveURL(/\/admin\/notifications$/);

  await shopperContext.close();
  await adminContext.close();
});
