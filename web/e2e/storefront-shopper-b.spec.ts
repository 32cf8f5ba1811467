/**
 * Issue 23 §2 items 7–10, in Chromium against the real server at 1280 and at 390 px: a recipe that needs two
 * jars adds two (and says so in the success colour), the admin sets the quantities in the control centre, a
 * sent contact message leaves a thank-you in the page, the product cards' buttons sit below the photo on a
 * phone and the back-to-top button leaves the end of the page uncovered, and "Add all to cart" has its visible
 * label in its accessible name. Each test makes its own data. Screenshots go to test-results/screenshots/ and,
 * when SHOTS_DIR is set, there too.
 */
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from './support/test';
import { AdminApi, uniqueWord, type Doc } from './support/admin-api';
import { signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE, SCREENSHOTS, settle } from './support/screens';

async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const dirs = SCREENSHOTS ? [path.join(testInfo.project.outputDir, 'screenshots')] : [];
  if (process.env.SHOTS_DIR) dirs.push(process.env.SHOTS_DIR);
  for (const dir of dirs) {
    const file = path.join(dir, `shopper-b-${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  }
}

/** A published recipe with its products (rows of product and quantity) through Payload's REST API. */
async function makeRecipe(
  admin: AdminApi,
  request: import('@playwright/test').APIRequestContext,
  origin: string,
  name: string,
  rows: Array<{ product: string; quantity: number }>,
): Promise<string> {
  void admin;
  const res = await request.post('/api/recipes', {
    headers: { Origin: origin },
    data: { name, description: 'A family recipe made by the end-to-end test.', products: rows, _status: 'published' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { doc: { id: string } }).doc.id;
}

const cartLine = (page: Page, id: string) => page.locator(`[data-testid="cart-line"][data-product-id="${id}"]`);

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('when a recipe needs two jars of ragù, then "Add all to cart" adds two, shows it, and the notice is in the success colour', async ({
      page,
      request,
      baseURL,
    }, testInfo) => {
      const admin = await AdminApi.login(request, baseURL!);
      const word = uniqueWord();
      const category = await admin.anyCategoryId();
      const ragu = await admin.createProduct({
        name: `Ragù jar ${word}`,
        price: 7,
        categories: [category],
        apply_shipping: false,
      });
      const pasta = await admin.createProduct({
        name: `Tagliatelle ${word}`,
        price: 4,
        categories: [category],
        apply_shipping: false,
      });
      const name = `Tagliatelle al ragù ${word}`;
      const recipeId = await makeRecipe(admin, request, new URL(baseURL!).origin, name, [
        { product: String(ragu.id), quantity: 2 },
        { product: String(pasta.id), quantity: 1 },
      ]);

      await page.goto(`/site/recipes/${recipeId}`);
      const raguRow = page.locator(`[data-testid="recipe-product"][data-product-id="${ragu.id}"]`);
      await expect(raguRow.getByTestId('recipe-product-quantity')).toHaveText('2 ×');
      await expect(
        page
          .locator(`[data-testid="recipe-product"][data-product-id="${pasta.id}"]`)
          .getByTestId('recipe-product-quantity'),
      ).toHaveCount(0);

      // Item 10: the accessible name starts with the visible label (WCAG 2.5.3).
      const button = page.getByTestId('recipe-add-all');
      const visible = (await button.innerText()).trim();
      expect(visible).toBe('Add all to cart');
      const accessibleName = await button.getAttribute('aria-label');
      expect(accessibleName ?? visible).toContain(visible);
      await expect(page.getByRole('button', { name: new RegExp(`^${visible}`) })).toHaveCount(1);

      await button.click();
      const notice = page.getByTestId('recipe-cart-message').locator('.ui-notice');
      await expect(notice).toContainText('Added 2 products (3 items) to your cart.');
      await expect(notice).toHaveClass(/ui-notice--success/);
      // The success colour: the green of "In stock", not the olive of an information notice.
      await expect(notice).toHaveCSS('background-color', 'rgb(246, 255, 237)');
      await expect(notice.locator('.ui-notice-icon')).toHaveCSS('color', 'rgb(47, 116, 18)');
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('3');
      await settle(page);
      await snap(page, testInfo, 'recipe-added');

      await page.goto('/site/cart');
      await expect(cartLine(page, String(ragu.id)).getByTestId('cart-line-total')).toHaveText('$14.00');
      await expect(cartLine(page, String(pasta.id)).getByTestId('cart-line-total')).toHaveText('$4.00');
    });

    test('when a contact message is sent, then a thank-you stays in the page, and "Send another message" brings back an empty form', async ({
      page,
    }, testInfo) => {
      const word = uniqueWord();
      await page.goto('/site/contact');
      await page.getByTestId('contact-firstname').fill('Giulia');
      await page.getByTestId('contact-lastname').fill(`Rossi ${word}`);
      await page.getByTestId('contact-email').fill(`giulia.${word.toLowerCase()}@example.com`);
      await page.getByTestId('contact-title').fill('A gift box');
      await page.getByTestId('contact-message').fill('Do you make gift boxes for Christmas?');
      await page.getByTestId('contact-terms').check();
      await page.getByTestId('contact-submit').click();

      const sent = page.getByTestId('contact-sent');
      await expect(sent).toBeVisible();
      await expect(sent).toHaveAttribute('role', 'status');
      await expect(sent.getByRole('heading', { name: 'Thank you, Giulia!' })).toBeFocused();
      await expect(sent).toContainText(`giulia.${word.toLowerCase()}@example.com`);
      await expect(page.getByTestId('contact-form')).toBeHidden();
      // Still there once the toast has gone.
      await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
      await expect(sent).toBeVisible();
      await settle(page);
      await snap(page, testInfo, 'contact-sent');

      await sent.getByRole('button', { name: 'Send another message' }).click();
      await expect(sent).toHaveCount(0);
      await expect(page.getByTestId('contact-form')).toBeVisible();
      await expect(page.getByTestId('contact-firstname')).toHaveValue('');
      await expect(page.getByTestId('contact-message')).toHaveValue('');
    });

    test('when the shop is scrolled to its end, then the card buttons do not cover the photo on a phone and back-to-top covers nothing', async ({
      page,
    }, testInfo) => {
      await page.goto('/site/shop');
      const card = page.getByTestId('product-card').first();
      await expect(card).toBeVisible();
      await settle(page);
      const photo = await card.locator('.product-card-img').boundingBox();
      const actions = await card.locator('.product-card-actions').boundingBox();
      expect(photo && actions).toBeTruthy();
      if (size.width <= 727) {
        // Below the photo, visible without hovering.
        expect(actions!.y).toBeGreaterThanOrEqual(photo!.y + photo!.height - 0.5);
        await expect(card.getByTestId('add-to-cart')).toBeVisible();
        await expect(card.locator('.product-card-actions')).toHaveCSS('opacity', '1');
      } else {
        // Desktop keeps the buttons over the photo, shown on hover.
        expect(actions!.y).toBeLessThan(photo!.y + photo!.height);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 140));
      await page.waitForTimeout(300);
      await snap(page, testInfo, 'shop-cards', false);

      // At the very end of the page the button sits on empty footer, over no text and no card.
      // Scrolled to the end until no more products load (the shop scrolls on and on).
      // Done when two looks in a row find the same height: one slow page of products must not end it early.
      let height = 0;
      let unchanged = 0;
      for (let i = 0; i < 30 && unchanged < 2; i += 1) {
        const now = await page.evaluate(() => document.documentElement.scrollHeight);
        unchanged = now === height ? unchanged + 1 : 0;
        height = now;
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(700);
      }
      const top = page.getByTestId('scroll-top');
      await expect(top).toBeVisible();
      const overlaps = await top.evaluate((button) => {
        const b = button.getBoundingClientRect();
        const hit = (r: DOMRect) =>
          r.width > 0 && r.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || button.contains(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if (Array.from(range.getClientRects()).some(hit)) found.push(node.textContent.trim());
        }
        document.querySelectorAll('a, button, input, img, [data-testid="product-card"]').forEach((el) => {
          if (el !== button && !button.contains(el) && hit(el.getBoundingClientRect()))
            found.push(el.outerHTML.slice(0, 60));
        });
        return found;
      });
      expect(overlaps).toEqual([]);
      await snap(page, testInfo, 'shop-end', false);
    });

    test('when the admin sets a quantity in the control centre, then the recipe page adds that many', async ({
      page,
      request,
      baseURL,
    }, testInfo) => {
      const admin = await AdminApi.login(request, baseURL!);
      const word = uniqueWord();
      const category = await admin.anyCategoryId();
      const passata: Doc = await admin.createProduct({
        name: `Passata ${word}`,
        price: 3,
        categories: [category],
        apply_shipping: false,
      });
      const name = `Sugo ${word}`;
      const recipeId = await makeRecipe(admin, request, new URL(baseURL!).origin, name, [
        { product: String(passata.id), quantity: 1 },
      ]);

      await page.setViewportSize(DESKTOP);
      await signInAsDemoAdmin(page);
      await page.setViewportSize(size);
      await page.goto('/admin/recipes');
      const row = page.getByTestId(`recipe-row-${recipeId}`);
      await row.getByRole('button', { name: `Choose products for ${name}` }).click();
      const drawer = page.getByTestId('recipe-drawer');
      const quantity = drawer.getByRole('spinbutton', { name: `Quantity of ${passata.name}` });
      await expect(quantity).toHaveValue('1');
      await quantity.fill('3');
      await quantity.blur();
      await settle(page);
      await snap(page, testInfo, 'admin-recipe-drawer');
      await drawer.getByTestId('recipe-drawer-save').click();
      await expect(drawer).toBeHidden();

      const stored = await admin.get(`/api/v2/admin/recipes/${recipeId}`);
      expect(stored.result.products.map((p: Doc) => [p.id, p.quantity])).toEqual([[passata.id, 3]]);
      await page.goto(`/site/recipes/${recipeId}`);
      await page.getByTestId('recipe-add-all').click();
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('3');
    });
  });
}
