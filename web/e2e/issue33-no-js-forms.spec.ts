/**
 * Issue 33 §1: the tracking search and the contact form in a browser that runs no script. The tracking box is a
 * GET form the server answers (the order's page, or SPEC §8's words); the contact form posts to its page, whose
 * action checks the shared schema and answers the thanks or the form again with its errors and what was typed.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, test, type Page, type TestInfo } from './support/test';
import { AdminApi, uniqueWord } from './support/admin-api';
import { SCREEN_SIZES, screenshotPath } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The page as the server drew it, at both widths, with axe at each. Axe runs as a script, which this context
 * does not run: the drawn HTML is shown again, its scripts taken out, in a context that runs axe's alone.
 */
async function checkAndShoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const drawn = (await page.content()).replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '');
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const copy = await context.newPage();
  await copy.route(page.url(), (route) => route.fulfill({ body: drawn, contentType: 'text/html' }));
  await copy.goto(page.url());
  for (const size of SCREEN_SIZES) {
    await copy.setViewportSize(size);
    const axe = await new AxeBuilder({ page: copy }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      name,
    ).toEqual([]);
    const file = screenshotPath(testInfo, name, size.width);
    await copy.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await context.close();
}

test('when JavaScript is off, then the tracking box finds an order by its number with Enter, and an unknown number says SPEC §8\'s "No orders found" on the page', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const request = await playwright.request.newContext({ baseURL });
  const api = await AdminApi.login(request, baseURL!);
  const order = await api.createOrder({
    payer_full_name: `Tracked ${uniqueWord()}`,
    products: [{ product_id: 'gone-1', product: 'Olio Nuovo 500 ml', price: 18.5, quantity: 2 }],
  });
  await request.dispose();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/site/tracking');
  const box = page
    .getByRole('searchbox', { name: 'Order number' })
    .or(page.getByRole('textbox', { name: 'Order number' }));
  // Lower case and spaced, as a shopper copies it: the number is read as the API reads it.
  await box.fill(` ${order.number.toLowerCase()} `);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/site/orders/${order.id}$`));

  await page.goto('/site/tracking');
  await box.fill('ZZZZ9999');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/site\/tracking\?number=ZZZZ9999$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Opsss!, No orders found!Check that the order number is correct and try again...',
  );
  await checkAndShoot(page, testInfo, 'issue33-no-js-tracking-not-found');
  await context.close();
});

test("when JavaScript is off, then the contact form sent empty comes back with each field's reason and SPEC §8's words, keeps what was typed, and once corrected sends the message and says thank you", async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const email = `no.script.${uniqueWord()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/site/contact');
  await page.getByLabel('First name').fill('Giulia');
  // Good enough for the browser's own check of an email field, not for the shop's schema.
  await page.getByLabel('Email').fill('giulia@example');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page).toHaveURL(/\/site\/contact$/);
  await expect(page.getByTestId('contact-notice')).toHaveText(
    'Cannot send request!Check that all fields are entered correctly',
  );
  await expect(page.getByText('Please enter your last name')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter your subject')).toBeVisible();
  await expect(page.getByText('Please enter your message')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Giulia');
  await expect(page.getByLabel('Email')).toHaveValue('giulia@example');
  await checkAndShoot(page, testInfo, 'issue33-no-js-contact-refused');

  await page.getByLabel('Last name').fill('Bianchi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Subject').fill('Olive oil for a wedding');
  await page.getByLabel('Message').fill('Could you send 40 small bottles to Boston in May?');
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Giulia!' })).toBeVisible();
  await expect(page.getByTestId('contact-sent')).toContainText(email);
  await checkAndShoot(page, testInfo, 'issue33-no-js-contact-sent');
  await context.close();

  const request = await playwright.request.newContext({ baseURL });
  const api = await AdminApi.login(request, baseURL!);
  const stored = await api.notificationsFrom(email);
  expect(stored.map((doc) => [doc.firstname, doc.lastname, doc.title, doc.message])).toEqual([
    ['Giulia', 'Bianchi', 'Olive oil for a wedding', 'Could you send 40 small bottles to Boston in May?'],
  ]);
  await request.dispose();
});
