/**
 * Issue 31, storefront items 1, 7, 8 and 9, in Chromium against the real server (web/e2e/start-server.mjs:
 * temp data dir, demo seed):
 * - §1 a page reloaded after the app changed its address (a search typed in the shop, a page link, a menu
 *   link) hydrates as cleanly as one opened from its address: no console error, no API request;
 * - §7 on a phone the contact form's warnings never pile up, one goes once its cause is fixed, and no toast
 *   covers the thank-you panel;
 * - §8 an unknown order's address redirects home (a real redirect from the server, and in the app) with the
 *   tracking message shown there;
 * - §9 every public page names the shop's picture as its og:image, and each page of the shop is its own
 *   canonical address.
 * Screenshots go to test-results/screenshots/storefront-<page>-<width>.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { MESSAGES } from '../../packages/shared/src/messages';
import { AdminApi } from './support/admin-api';
import { DESKTOP, PHONE, screenshotPath } from './support/screens';
import { expect, test, type Page } from './support/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const UNKNOWN_ORDER = '00000000-0000-4000-8000-0000000000aa';

/** Console errors and warnings, and uncaught page errors, in the order they came. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The API requests made while `action` runs and the page it leads to hydrates and goes quiet. */
async function apiCallsDuring(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  };
  page.on('request', onRequest);
  await action();
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return calls;
}

async function violations(page: Page): Promise<Array<[string, number]>> {
  const result = await new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
  return result.violations.map((v) => [v.id, v.nodes.length]);
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

test('when a page is reloaded after the app changed its address (a search typed in the shop, a menu link), then it hydrates with no console error and asks the API for nothing', async ({
  page,
}) => {
  const problems = collectProblems(page);
  // The API requests under way: a reload must not catch the answers the in-app move itself asked for.
  let inFlight = 0;
  page.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/') && inFlight++));
  const done = (request: { url(): string }) => void (new URL(request.url()).pathname.startsWith('/api/') && inFlight--);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const settled = () => expect.poll(() => inFlight).toBe(0);
  const reloadCleanly = async (name: string) => {
    await settled();
    const calls = await apiCallsDuring(page, () => page.reload());
    expect(calls, name).toEqual([]);
    expect(problems, name).toEqual([]);
  };

  await page.goto('/site/shop');
  await hydrated(page);
  // The box asks for suggestions 200 ms after the typing stops: that request belongs to the typing, and must
  // be over before the reload is watched.
  const suggested = page.waitForResponse((response) =>
    response.url().includes('/api/v2/products/suggestions?search=oli'),
  );
  await page.getByTestId('shop-search').fill('oli');
  await page.getByTestId('shop-search').press('Enter');
  await expect(page).toHaveURL(/\/site\/shop\?search=oli$/);
  await expect(page.getByRole('heading', { name: 'Results for “oli”' })).toBeVisible();
  await expect(page.getByTestId('product-count')).toBeVisible();
  await suggested;
  await reloadCleanly('the shop after a search typed on the page');
  await expect(page.getByRole('heading', { name: 'Results for “oli”' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recipes', exact: true }).click();
  await expect(page).toHaveURL(/\/site\/recipes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  await expect(page.getByTestId('recipe-card').first()).toBeVisible();
  await reloadCleanly('the recipes after a menu link');
});

test('when a shopper on a phone sends the contact form without the terms twice, then ticks them and sends, then one warning showed, it went with the tick, and no toast covers the thank-you panel', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.goto('/site/contact');
  await hydrated(page);
  await page.getByTestId('contact-firstname').fill('Giulia');
  await page.getByTestId('contact-lastname').fill('Rossi');
  await page.getByTestId('contact-email').fill('giulia.rossi@example.com');
  await page.getByTestId('contact-title').fill('A gift box for my mother');
  await page.getByTestId('contact-message').fill('Can you add a card with a few words to a gift box?');

  const warnings = page.getByTestId('toast-warning');
  await page.getByTestId('contact-submit').click();
  await expect(warnings).toHaveCount(1);
  await expect(warnings).toContainText(MESSAGES.contactTermsRequired.title);
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-terms')).not.toBeChecked();
  // The second press showed the warning again in the place of the first, not beside it.
  await expect(warnings).toHaveCount(1);

  await page.getByTestId('contact-terms').check();
  await expect(warnings).toHaveCount(0);

  // Sent from the foot of the form, scrolled to the top of the screen: the shorter panel takes its place.
  await page.getByTestId('contact-submit').evaluate((button) => button.scrollIntoView({ block: 'start' }));
  await page.getByTestId('contact-submit').click();
  const panel = page.getByTestId('contact-sent');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('toast-success')).toBeVisible();
  const panelBox = (await panel.boundingBox())!;
  const toastBoxes = await page.locator('.ant-notification-notice').evaluateAll((notices) =>
    notices.map((notice) => {
      const box = notice.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    }),
  );
  expect(toastBoxes.length).toBeGreaterThan(0);
  const scrolled = await page.evaluate(() => window.scrollY);
  for (const toast of toastBoxes) {
    const overlaps = toast.top < panelBox.y + scrolled + panelBox.height && toast.bottom > panelBox.y + scrolled;
    expect(overlaps, `a toast at ${toast.top}–${toast.bottom} px over the panel`).toBe(false);
  }
  const file = screenshotPath(testInfo, 'contact-sent-with-toast', PHONE.width);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  await testInfo.attach('storefront-contact-sent-with-toast-390', { path: file, contentType: 'image/png' });
  // At 1280 px as the app leaves it when sent there: the panel brought into view below the toasts.
  await page.setViewportSize(DESKTOP);
  await panel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const wide = screenshotPath(testInfo, 'contact-sent-with-toast', DESKTOP.width);
  await page.screenshot({ path: wide, animations: 'disabled', caret: 'hide' });
  await testInfo.attach('storefront-contact-sent-with-toast-1280', { path: wide, contentType: 'image/png' });
  expect(await violations(page)).toEqual([]);
});

test('when an unknown order is opened, then the server and the app redirect home with the tracking message; and every public page names the shop’s picture as og:image, each shop page its own canonical address', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const admin = await AdminApi.login(request, baseURL!);
  const known = (await admin.get('/api/v2/admin/orders?limit=1')).result[0] as { id: string; number: string };

  // §8 on the server: a real redirect, not a 200 lookup page; a real order still opens.
  const missing = await request.get(`/site/orders/${UNKNOWN_ORDER}`, { maxRedirects: 0 });
  expect(missing.status()).toBe(302);
  expect(missing.headers()['location']).toBe('/site?notice=order-not-found');
  expect((await request.get(`/site/orders/${known.id}`, { maxRedirects: 0 })).status()).toBe(200);

  const problems = collectProblems(page);
  await page.goto(`/site/orders/${UNKNOWN_ORDER}`);
  await expect(page).toHaveURL(/\/site\?notice=order-not-found$/);
  await hydrated(page);
  const notice = page.getByTestId('home-order-not-found');
  await expect(notice).toContainText(MESSAGES.orderNotFound.title);
  await expect(notice).toContainText(MESSAGES.orderNotFound.description);
  await expect(notice.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/site/tracking');
  expect(problems).toEqual([]);
  expect(await violations(page)).toEqual([]);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const file = screenshotPath(testInfo, 'home-order-not-found', size.width);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`storefront-home-order-not-found-${size.width}`, { path: file, contentType: 'image/png' });
  }

  // §8 in the app: the tracking form finds a number whose order is gone by the time it opens.
  await page.route('**/api/v2/orders/exist/**', (route) =>
    route.fulfill({ json: { result: { id: UNKNOWN_ORDER }, status: 200 } }),
  );
  await page.goto('/site/tracking');
  await hydrated(page);
  await page.getByTestId('tracking-input').fill(known.number);
  await page.getByTestId('tracking-input').press('Enter');
  await expect(page).toHaveURL(/\/site\?notice=order-not-found$/);
  await expect(page.getByTestId('home-order-not-found')).toContainText(MESSAGES.orderNotFound.title);

  // §9: the origin is the server's PUBLIC_URL, as its canonical links give it.
  const home = await request.get('/site');
  const origin = /<link rel="canonical" href="([^"]+)\/site"/.exec(await home.text())![1];
  const shopPicture = `${origin}/assets/static/about-us.webp`;
  const headOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    return {
      image: /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] ?? null,
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    };
  };
  for (const path of ['/site', '/site/shop', '/site/recipes', '/site/about', '/site/terms', '/site/contact']) {
    expect(await headOf(path), path).toEqual({ image: shopPicture, canonical: `${origin}${path}` });
  }
  for (const path of ['/site/tracking', '/site/cart']) {
    expect((await headOf(path)).image, path).toBe(shopPicture);
  }
  const picture = await request.get(new URL(shopPicture).pathname);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/webp');
  expect(await headOf('/site/shop?page=2')).toEqual({ image: shopPicture, canonical: `${origin}/site/shop?page=2` });

  // The head the app writes once live says the same as the server's.
  const liveHead = () =>
    page.evaluate(() => ({
      image: document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content ?? null,
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
    }));
  await page.goto('/site/shop?page=2');
  await hydrated(page);
  expect(await liveHead()).toEqual({ image: shopPicture, canonical: `${origin}/site/shop?page=2` });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/site\/about$/);
  await expect.poll(liveHead).toEqual({ image: shopPicture, canonical: `${origin}/site/about` });
});
