/**
 * The public storefront end to end (SPEC §2 Public storefront, §4 Cart, §5 contact and search, §8), in
 * Chromium against the real server (web/e2e/start-server.mjs: temp data dir, demo seed).
 *
 * The demo catalogue is there so the pages look real; every assertion is about records this file creates
 * through the API (a category, two products, images, a contact message), recognisable by a random word.
 * Screenshots of every page at 1280 and 390 px go to test-results/screenshots/storefront-<page>-<width>.png.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { AdminApi, oilBottlePng, uniqueWord } from './support/admin-api';
import { captureScreens, PHONE, screenshotPath } from './support/screens';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `/site/...` exactly, whatever the host. */
const pathIs = (path: string) => new RegExp(`^[^/]+//[^/]+${escapeRegExp(path)}$`);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, label: string) => mainNav(page).getByRole('link', { name: label, exact: true });
const cardFor = (scope: Locator | Page, name: string) => scope.getByTestId('product-card').filter({ hasText: name });

test.describe('public storefront', () => {
  test('a shopper goes Home → Shop → search → category → product → cart → Recipes → Contact → 404 → Home', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    // 9 pages, each shot twice at full height.
    test.setTimeout(120_000);

    const word = uniqueWord();
    const categoryName = `E2E Tuscan Pantry ${uniqueWord()}`;
    const productName = `E2E Olio Nuovo ${word}`;
    const offerName = `E2E Aceto Balsamico ${uniqueWord()}`;
    const email = `e2e.shopper.${word}@example.com`;
    let categoryId = '';
    let productId = '';

    await test.step('arrange: a category with a discounted product and a new oil, through the API as admin', async () => {
      const admin = await AdminApi.login(request, baseURL!);
      const [oilImage, vinegarImage] = await Promise.all([
        oilBottlePng('green').then((png) => admin.uploadPng(png, `e2e-olio-${word}.png`)),
        oilBottlePng('amber').then((png) => admin.uploadPng(png, `e2e-aceto-${word}.png`)),
      ]);
      const category = await admin.createCategory(categoryName);
      categoryId = String(category.id);
      // The offer first: Home shows the newest product and, separately, the newest discounted one.
      await admin.createProduct({
        name: offerName,
        categories: [categoryId],
        img: vinegarImage.id,
        price: 24,
        stars: 4,
        apply_discount: true,
        discount_unit: '%',
        discount_amount: 20,
        quantity_amount: 250,
      });
      const product = await admin.createProduct({
        name: productName,
        categories: [categoryId],
        img: oilImage.id,
        price: 18.5,
      });
      productId = String(product.id);

      // The prices below are written in dollars, the demo settings' currency.
      const config = await request.get('/api/v2/config');
      expect(config.status()).toBe(200);
      expect(((await config.json()) as { result: { currency_code: string } }).result.currency_code).toBe('USD');
    });

    const badge = page.getByTestId('nav-cart-badge');

    await test.step('Home: weekly plan, the offer, the newest product and the featured products', async () => {
      await page.goto('/site');
      const weekly = page.getByTestId('weekly-banner');
      await expect(weekly).toBeVisible();
      const weeklyImg = weekly.getByRole('img');
      await weeklyImg.scrollIntoViewIfNeeded();
      await expect.poll(() => weeklyImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      await expect(page.getByTestId('newest-highlight')).toContainText(productName);
      const offer = page.getByTestId('discount-highlight');
      await expect(offer).toContainText(offerName);
      // 20 % off $24.00.
      await expect(offer.getByTestId('discount-price')).toHaveText('$19.20');
      // Five stars and the newest: first in the "All" tab of the featured products.
      await expect(cardFor(page.getByTestId('featured-products'), productName)).toBeVisible();
      await expect(badge).toHaveText('0');
      await page.evaluate(() => window.scrollTo(0, 0));
      await captureScreens(page, testInfo, 'home');
    });

    await test.step('Shop through the navbar: categories and products', async () => {
      await navLink(page, 'Shop').click();
      await expect(page).toHaveURL(pathIs('/site/shop'));
      await expect(page.getByTestId('shop-search')).toBeVisible();
      await expect(page.getByTestId('category-grid')).toBeVisible();
      await expect(page.getByTestId('product-count')).toBeVisible();
      await captureScreens(page, testInfo, 'shop');
    });

    const search = page.getByTestId('shop-search');

    await test.step('search by a word of the product name, Enter: only that product, the categories hide', async () => {
      await search.pressSequentially(word, { delay: 20 });
      // Suggestions come once there are more than 2 characters (SPEC §5).
      await expect(page.getByRole('listbox').getByRole('option').filter({ hasText: productName })).toBeVisible();
      await search.press('Enter');
      await expect(page.getByRole('heading', { name: `Results for “${word}”` })).toBeVisible();
      await expect(page.getByTestId('category-grid')).toBeHidden();
      const cards = page.getByTestId('product-grid').getByTestId('product-card');
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(productName);
      await expect(page.getByTestId('product-count')).toHaveText('1 product');
      await search.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(search).toHaveAttribute('aria-expanded', 'false');
      await captureScreens(page, testInfo, 'shop-search');
    });

    await test.step('clear the search: the category grid comes back', async () => {
      await search.fill('');
      await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
      await expect(page.getByTestId('category-grid')).toBeVisible();
    });

    await test.step('open the category from the category grid: it lists its products', async () => {
      const categoryCard = page
        .getByTestId('category-grid')
        .getByTestId('category-card')
        .filter({ hasText: categoryName });
      await expect(categoryCard).toContainText('2 products');
      await categoryCard.click();
      await expect(page).toHaveURL(pathIs(`/site/category/${encodeURIComponent(categoryId)}`));
      await expect(page.getByTestId('category-name')).toHaveText(categoryName);
      const cards = page.getByTestId('product-grid').getByTestId('product-card');
      await expect(cards).toHaveCount(2);
      await expect(cardFor(page, productName)).toBeVisible();
      await expect(cardFor(page, offerName)).toBeVisible();
      await captureScreens(page, testInfo, 'category');
    });

    await test.step('open the product: name, price, size and stock', async () => {
      await cardFor(page, productName).getByRole('link', { name: productName, exact: true }).click();
      const productPage = page.getByTestId('product-page');
      await expect(productPage).toBeVisible();
      await expect(page).toHaveURL(pathIs(`/site/shop/${encodeURIComponent(productId)}`));
      await expect(page.getByTestId('product-name')).toHaveText(productName);
      await expect(productPage.getByTestId('price')).toHaveText('$18.50');
      await expect(productPage).toContainText('500 ml');
      await expect(page.getByTestId('product-stock')).toContainText('In stock');
      await expect(page.getByTestId('product-categories')).toContainText(categoryName);
      await captureScreens(page, testInfo, 'product');
    });

    await test.step('add it to the cart: a notice, and the navbar badge shows 1', async () => {
      await page.getByTestId('product-page').getByTestId('add-to-cart').click();
      const toast = page.getByTestId('toast-success').filter({ hasText: 'Added to cart' });
      await expect(toast).toContainText(productName);
      await expect(badge).toHaveText('1');
      // Closed by hand, so it does not sit over the next pages' screenshots.
      await toast.getByRole('button', { name: /close/i }).click();
      await expect(toast).toHaveCount(0);
    });

    await test.step('Recipes through the navbar: recipe cards', async () => {
      await navLink(page, 'Recipes').click();
      await expect(page).toHaveURL(pathIs('/site/recipes'));
      await expect(page.getByTestId('recipe-card').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
      await expect(badge).toHaveText('1');
      await captureScreens(page, testInfo, 'recipes');
    });

    await test.step('Contact: without the terms ticked a warning and nothing is sent; ticked, it is sent and the form resets', async () => {
      await navLink(page, 'Contact').click();
      await expect(page).toHaveURL(pathIs('/site/contact'));
      const form = page.getByTestId('contact-form');
      await expect(form).toBeVisible();
      await captureScreens(page, testInfo, 'contact');

      const sent: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v2/contacts') sent.push(req.url());
      });

      const fields = {
        'contact-firstname': 'Giulia',
        'contact-lastname': 'Bianchi',
        'contact-email': email,
        'contact-telephone': '+39 055 123 4567',
        'contact-title': `Gift box for Christmas ${word}`,
        'contact-message': 'Ciao! Could you put together a gift box with the new olive oil and the aged balsamic?',
      };
      for (const [testId, value] of Object.entries(fields)) await page.getByTestId(testId).fill(value);

      const terms = page.getByTestId('contact-terms');
      await expect(terms).not.toBeChecked();
      await page.getByTestId('contact-submit').click();
      await expect(page.getByTestId('toast-warning').filter({ hasText: 'Please accept the terms' })).toBeVisible();
      expect(sent, 'no contact request without the terms').toHaveLength(0);
      // The form keeps what was typed.
      await expect(page.getByTestId('contact-email')).toHaveValue(email);

      await terms.check();
      const reply = page.waitForResponse(
        (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v2/contacts',
      );
      await page.getByTestId('contact-submit').click();
      expect((await reply).status()).toBe(201);
      await expect(page.getByTestId('toast-success').filter({ hasText: 'Request success sent!' })).toBeVisible();
      for (const testId of Object.keys(fields)) await expect(page.getByTestId(testId)).toHaveValue('');
      await expect(terms).not.toBeChecked();
      expect(sent).toHaveLength(1);
    });

    await test.step('the message is stored as a new contact notification (admin API)', async () => {
      const admin = await AdminApi.login(request, baseURL!);
      const docs = await admin.notificationsFrom(email);
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({
        type: 'contact',
        status: 'new',
        firstname: 'Giulia',
        lastname: 'Bianchi',
        email,
        telephone: '+39 055 123 4567',
        title: `Gift box for Christmas ${word}`,
      });
    });

    await test.step('an unknown path shows the 404 page; the cart survived the reload', async () => {
      await page.goto('/site/this-page-does-not-exist');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.getByTestId('not-found')).toContainText('404');
      await expect(page.getByTestId('error-page')).toHaveCount(0);
      await expect(badge).toHaveText('1');
      await captureScreens(page, testInfo, '404');
    });

    await test.step('Go Home leads back to /site', async () => {
      await page.getByTestId('go-home').click();
      await expect(page).toHaveURL(pathIs('/site'));
      await expect(page.getByTestId('weekly-banner')).toBeVisible();
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    });
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: PHONE });

    test('the menu button opens the menu; choosing an entry navigates and closes it', async ({ page }, testInfo) => {
      await page.goto('/site');
      await expect(page.getByTestId('weekly-banner')).toBeVisible();
      const button = page.getByTestId('mobile-menu-button');
      const menu = page.getByTestId('mobile-menu');

      await test.step('the navbar links give way to the menu button', async () => {
        await expect(button).toBeVisible();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(menu).toHaveCount(0);
        await expect(page.locator('.nav-links')).toBeHidden();
      });

      await test.step('the button opens the menu', async () => {
        await button.click();
        await expect(menu).toBeVisible();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(menu.getByRole('link')).toHaveText([
          'Home',
          'Shop',
          'Recipes',
          'About',
          'Contact',
          'Track order',
          'Cart (0)',
        ]);
        const file = screenshotPath(testInfo, 'mobile-menu', PHONE.width);
        await page.screenshot({ path: file, animations: 'disabled' });
        await testInfo.attach('storefront-mobile-menu-390', { path: file, contentType: 'image/png' });
      });

      await test.step('choosing an entry navigates there and closes the menu', async () => {
        await menu.getByRole('link', { name: 'Recipes' }).click();
        await expect(page).toHaveURL(pathIs('/site/recipes'));
        await expect(page.getByTestId('recipe-card').first()).toBeVisible();
        await expect(menu).toHaveCount(0);
        await expect(button).toHaveAttribute('aria-expanded', 'false');
      });

      await test.step('an open menu closes when the window grows to 728 px', async () => {
        await button.click();
        await expect(menu).toBeVisible();
        await page.setViewportSize({ width: 727, height: PHONE.height });
        await expect(menu).toBeVisible();
        await page.setViewportSize({ width: 728, height: PHONE.height });
        await expect(menu).toHaveCount(0);
        await expect(button).toBeHidden();
      });
    });
  });

  test('the contact API refuses a message without its required fields (400) and stores nothing', async ({
    request,
    baseURL,
  }) => {
    const email = `e2e.incomplete.${uniqueWord()}@example.com`;
    const res = await request.post('/api/v2/contacts', {
      data: { firstname: 'Giulia', email, message: 'No subject, no last name' },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400 });

    const admin = await AdminApi.login(request, baseURL!);
    expect(await admin.notificationsFrom(email)).toHaveLength(0);
  });
});
