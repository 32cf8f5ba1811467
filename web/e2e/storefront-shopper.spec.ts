/**
 * Issue 23 §2, what a new shopper tripped over at 1280 and 390 px: the search kept in the URL, where the shop
 * ships before paying, the terms warning that followed to the thank-you page, the add notice's way to the cart,
 * suggestions that open their product and quantities that are refused rather than guessed. Each test creates
 * its own products (names carry a random word) through the admin API, in Chromium against the real server.
 * Screenshots go to test-results/screenshots/storefront-shopper-<screen>-<width>.png.
 */
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './support/test';
import { cartLine } from './checkout-helpers';
import { AdminApi, oilBottlePng, uniqueWord, type Doc } from './support/admin-api';
import { SCREEN_SIZES, SCREENSHOTS, screenshotPath, settle } from './support/screens';

const ORDER_URL = /\/site\/orders\/[^/]+$/;
const cardFor = (page: Page, name: string) => page.getByTestId('product-card').filter({ hasText: name });

interface Arranged {
  admin: AdminApi;
  word: string;
  category: Doc;
  image: Doc;
}

async function arrange(request: APIRequestContext, baseURL: string | undefined): Promise<Arranged> {
  const admin = await AdminApi.login(request, baseURL!);
  const word = uniqueWord();
  const [category, image] = await Promise.all([
    admin.createCategory(`E2E Shopper ${word}`, `Picked for the shopper test ${word}.`),
    oilBottlePng('green').then((png) => admin.uploadPng(png, `e2e-shopper-${word}.png`)),
  ]);
  return { admin, word, category, image };
}

/** The visible part of the page at the current width (toasts included), as the shopper sees it. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  if (!SCREENSHOTS) return;
  // A whole page is shot from its top: scrolled on a phone, the navbar is fixed and would land mid-picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  const file = screenshotPath(testInfo, `shopper-${name}`, page.viewportSize()!.width);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(`shopper-${name}-${page.viewportSize()!.width}`, { path: file, contentType: 'image/png' });
}

/** Where the shop ships lives in the settings; a test that changes it puts back what was there. */
async function setPaymentCountries(request: APIRequestContext, origin: string, countries: string[]): Promise<void> {
  const res = await request.post('/api/globals/shop-settings', {
    headers: { Origin: origin },
    data: { payment_country: countries },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('storefront: what a shopper tripped over (issue 23)', () => {
  test('when a shopper searches, opens a product and comes back, then the search is still there, also after a reload and from a shared link', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const { admin, word, category, image } = await arrange(request, baseURL);
    const name = `E2E Olive Taggiasche ${word}`;
    const product = await admin.createProduct({ name, categories: [category.id], img: image.id });

    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/site/shop');
      await expect(page.getByTestId('category-grid')).toBeVisible();
      const search = page.getByTestId('shop-search');
      // SPEC §5: the text is left-trimmed and Enter searches.
      await search.fill(`   ${word}`);
      await expect(search).toHaveValue(word);
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/site/shop\\?search=${word}$`));
      await expect(cardFor(page, name)).toBeVisible();
      await expect(page.getByTestId('category-grid')).toHaveCount(0);
      if (size.width === SCREEN_SIZES[0].width) await shot(page, testInfo, 'search');

      await cardFor(page, name).getByRole('link', { name }).first().click();
      await expect(page).toHaveURL(`/site/shop/${product.id}`);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/site/shop\\?search=${word}$`));
      await expect(search, `Back at ${size.width} px`).toHaveValue(word);
      await expect(page.getByTestId('product-count')).toHaveText('1 product');
      await expect(page.getByTestId('category-grid')).toHaveCount(0);

      await page.reload();
      await expect(search, `reload at ${size.width} px`).toHaveValue(word);
      await expect(cardFor(page, name)).toBeVisible();
      await expect(page.getByTestId('category-grid')).toHaveCount(0);

      // Clearing resets: the whole pantry and the categories again, and the URL without the search.
      await page.getByRole('button', { name: 'Clear the search' }).click();
      await expect(page).toHaveURL(/\/site\/shop$/);
      await expect(page.getByTestId('category-grid')).toBeVisible();
    }

    // A shared link, in a page that never searched.
    await page.goto(`/site/shop?search=${encodeURIComponent(word)}`);
    await expect(page.getByTestId('shop-search')).toHaveValue(word);
    await expect(page.getByTestId('product-count')).toHaveText('1 product');
    await shot(page, testInfo, 'search');
  });

  test('when a shopper opens the cart, then it says where the shop ships, with readable names, before the payment buttons', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const { admin, word, category, image } = await arrange(request, baseURL);
    const product = await admin.createProduct({ name: `E2E Ships ${word}`, categories: [category.id], img: image.id });
    const origin = new URL(baseURL!).origin;
    const before = (await admin.get('/api/globals/shop-settings')).payment_country as string[];
    await setPaymentCountries(request, origin, ['US', 'EU', 'CA']);
    try {
      await page.goto(`/site/shop/${product.id}`);
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('1');
      await page.goto('/site/cart');
      const shipsTo = page.getByTestId('cart-ships-to');
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        await expect(shipsTo).toContainText('We ship to United States, the European Union and Canada only.');
        const payment = page.getByTestId('checkout-buttons');
        await expect(payment).toBeVisible();
        const shipsBox = (await shipsTo.boundingBox())!;
        const payBox = (await payment.boundingBox())!;
        expect(shipsBox.y + shipsBox.height, `above the payment buttons at ${size.width} px`).toBeLessThanOrEqual(
          payBox.y,
        );
        await shipsTo.getByText('Countries of the European Union').click();
        const members = page.getByTestId('cart-ships-to-eu');
        await expect(members).toBeVisible();
        await expect(members).toContainText('Austria, Belgium, Bulgaria');
        await expect(members).toContainText('Italy');
        await expect(members).not.toContainText('United Kingdom');
        await shot(page, testInfo, 'cart-ships-to', true);
        await shipsTo.getByText('Countries of the European Union').click();
      }
    } finally {
      await setPaymentCountries(request, origin, before);
    }
  });

  test('when a shopper pays before ticking the terms, then ticking clears the warning and it never reaches the order page', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const { admin, word, category, image } = await arrange(request, baseURL);
    for (const size of SCREEN_SIZES) {
      const product = await admin.createProduct({
        name: `E2E Terms ${word} ${size.width}`,
        categories: [category.id],
        img: image.id,
      });
      await page.setViewportSize(size);
      await page.goto(`/site/shop/${product.id}`);
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('1');
      await page.goto('/site/cart');
      const paypalButton = page.getByTestId('paypal-button');
      await expect(paypalButton).toHaveAttribute('aria-disabled', 'true');
      await paypalButton.click({ force: true });
      const warning = page.getByTestId('toast-warning').filter({ hasText: 'Please accept the terms' });
      await expect(warning).toBeVisible();
      if (size.width !== SCREEN_SIZES[0].width) await shot(page, testInfo, 'terms-warning');

      // The warning lasts 5 s by itself; ticking the box closes it at once.
      await page.getByTestId('cart-terms').check();
      await expect(warning, `closed by the tick at ${size.width} px`).toHaveCount(0, { timeout: 1_500 });

      // Unticked again and clicked: the warning is back; ticked and paid within its 5 s, the thank-you page
      // shows no warning over the order number.
      await page.getByTestId('cart-terms').uncheck();
      await paypalButton.click({ force: true });
      await expect(warning).toBeVisible();
      await page.getByTestId('cart-terms').check();
      await paypalButton.click();
      await expect(page).toHaveURL(ORDER_URL);
      await expect(page.getByTestId('order-number')).toBeVisible();
      await expect(page.getByTestId('toast-warning')).toHaveCount(0, { timeout: 1_500 });
      await shot(page, testInfo, 'order');
    }
  });

  test('when a shopper adds to the cart, then the notice offers the way to the cart and leaves the cart badge visible', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const { admin, word, category, image } = await arrange(request, baseURL);
    const product = await admin.createProduct({ name: `E2E Notice ${word}`, categories: [category.id], img: image.id });
    let expected = 0;
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/site/shop/${product.id}`);
      await page.getByTestId('add-to-cart').click();
      expected += 1;
      const badge = page.getByTestId('nav-cart-badge');
      await expect(badge).toHaveText(String(expected));
      // The whole cart button (bag and count), not only the count.
      const cartButton = page.getByRole('link', { name: /^Cart, / });
      const toast = page.getByTestId('toast-success').filter({ hasText: 'Added to cart' });
      const viewCart = toast.getByRole('link', { name: 'View cart' });
      await expect(viewCart).toBeVisible();
      // Let the toast finish sliding in before measuring.
      await page.waitForTimeout(400);
      const badgeBox = (await cartButton.boundingBox())!;
      const toastBox = (await toast.boundingBox())!;
      const overlaps =
        toastBox.x < badgeBox.x + badgeBox.width &&
        badgeBox.x < toastBox.x + toastBox.width &&
        toastBox.y < badgeBox.y + badgeBox.height &&
        badgeBox.y < toastBox.y + toastBox.height;
      expect(overlaps, `the notice leaves the badge visible at ${size.width} px`).toBe(false);
      await shot(page, testInfo, 'added-notice');

      await viewCart.click();
      await expect(page).toHaveURL(/\/site\/cart$/);
      await expect(cartLine(page, product.id)).toBeVisible();
      await expect(toast).toHaveCount(0, { timeout: 1_500 });
    }
  });

  test('when a shopper picks a search suggestion, then its product opens', async ({ page, request, baseURL }) => {
    const { admin, word, category, image } = await arrange(request, baseURL);
    const name = `E2E Pesto ${word}`;
    const product = await admin.createProduct({ name, categories: [category.id], img: image.id });
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/site/shop');
      const search = page.getByTestId('shop-search');
      await search.pressSequentially(word, { delay: 20 });
      const option = page.getByRole('listbox').getByRole('option', { name });
      await expect(option).toBeVisible();
      if (size.width === SCREEN_SIZES[0].width) {
        await option.click();
      } else {
        await search.press('ArrowDown');
        await search.press('Enter');
      }
      await expect(page, `the product at ${size.width} px`).toHaveURL(`/site/shop/${product.id}`);
      await expect(page.getByTestId('product-name')).toHaveText(name);
    }
  });

  test('when a shopper types a quantity that is not a whole number from 1 to 999, then it is refused beside the box until corrected', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const { admin, word, category, image } = await arrange(request, baseURL);
    const product = await admin.createProduct({
      name: `E2E Quantity ${word}`,
      categories: [category.id],
      img: image.id,
    });
    const badge = page.getByTestId('nav-cart-badge');
    let inCart = 0;
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/site/shop/${product.id}`);
      const box = page.getByTestId('product-quantity');
      const error = page.getByTestId('product-quantity-error');
      const add = page.getByTestId('add-to-cart');
      for (const text of ['2.5', '-3']) {
        await box.fill(text);
        await expect(box, `"${text}" stays as typed at ${size.width} px`).toHaveValue(text);
        await expect(error).toHaveText('Enter a whole number from 1 to 999');
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        await expect(add).toBeDisabled();
        await box.blur();
        await expect(box, `"${text}" is not settled into a number on leaving the box`).toHaveValue(text);
        await expect(add).toBeDisabled();
      }
      await box.fill('1000');
      await expect(error).toHaveText('The quantity is at most 999');
      await expect(add).toBeDisabled();
      await shot(page, testInfo, 'product-quantity');
      await box.fill('2');
      await expect(error).toHaveCount(0);
      await expect(add).toBeEnabled();
      await add.click();
      inCart += 2;
      await expect(badge).toHaveText(String(inCart));
    }

    await page.goto('/site/cart');
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      const line = cartLine(page, product.id);
      const box = line.getByTestId('cart-line-qty');
      await box.fill('2.5');
      await expect(box).toHaveValue('2.5');
      await expect(line.getByTestId('cart-line-qty-error')).toHaveText('Enter a whole number from 1 to 999');
      await expect(page.getByTestId('cart-payment-quantity')).toBeVisible();
      await expect(page.getByTestId('checkout-buttons')).toHaveCount(0);
      await expect(badge, 'the cart keeps its last good quantity').toHaveText(String(inCart));
      await shot(page, testInfo, 'cart-quantity', true);
      await box.fill('5');
      await expect(line.getByTestId('cart-line-qty-error')).toHaveCount(0);
      await expect(badge).toHaveText('5');
      await expect(page.getByTestId('checkout-buttons')).toBeVisible();
      inCart = 5;
    }
  });
});
