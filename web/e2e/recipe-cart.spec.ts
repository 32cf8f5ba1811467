/**
 * Recipes that fill the cart (issue 15 part 3), in Chromium against the real server (web/e2e/start-server.mjs:
 * temp data dir, demo seed). The spec makes its own recipe with three products (one out of stock, two with
 * different discounts, none shipped so the totals do not depend on the shop's shipping fee) through the API,
 * then, at 1280 and at 390 px, a shopper presses "Add all to cart": the page names the product that is not
 * available, and the cart holds the other two at their discounted prices; a second press adds one more of each.
 * An admin then changes the recipe's products in the control centre's recipes screen.
 * Screenshots: test-results/screenshots/storefront-recipe-cart-<width>.png, admin-recipes-<width>.png and
 * admin-recipes-drawer-<width>.png.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { AdminApi, DEMO_ADMIN, uniqueWord, type Doc } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE, screenshotPath, settle } from './support/screens';

const word = uniqueWord();
const recipeName = `Olive oil pici ${word}`;
let recipeId = '';
let oil: Doc;
let pici: Doc;
let soldOut: Doc;
let spare: Doc;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request: APIRequestContext = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request, baseURL!);
  const origin = new URL(baseURL!).origin;
  const category = await admin.anyCategoryId();
  const product = (name: string, extra: Record<string, unknown>) =>
    admin.createProduct({ name: `${name} ${word}`, categories: [category], apply_shipping: false, ...extra });
  // 14.00 − 25 % = 10.50 a bottle; 8.40 − 1.90 = 6.50 a pack.
  oil = await product('Recipe Olio', { price: 14, apply_discount: true, discount_unit: '%', discount_amount: 25 });
  pici = await product('Recipe Pici', {
    price: 8.4,
    apply_discount: true,
    discount_unit: 'CASH',
    discount_amount: 1.9,
  });
  soldOut = await product('Recipe Pecorino', { price: 20, inventory_stock: false });
  spare = await product('Recipe Aglione', { price: 3.2 });

  const res = await request.post('/api/recipes', {
    headers: { Origin: origin },
    data: {
      name: recipeName,
      description: 'Thick hand-rolled Tuscan pasta with garlic, oil and pecorino.',
      ingredients: [{ item: '400 g pici' }, { item: '4 tbsp olive oil' }, { item: '80 g pecorino' }],
      _status: 'published',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  recipeId = ((await res.json()) as { doc: { id: string } }).doc.id;
  const set = await request.put(`/api/v2/admin/recipes/${recipeId}`, {
    headers: { Origin: origin },
    data: { products: [oil.id, soldOut.id, pici.id] },
  });
  expect(set.status(), await set.text()).toBe(200);
  await request.dispose();
});

const recipeProduct = (page: Page, id: string) =>
  page.locator(`[data-testid="recipe-product"][data-product-id="${id}"]`);
const cartLine = (page: Page, id: string) => page.locator(`[data-testid="cart-line"][data-product-id="${id}"]`);

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a shopper adds all of a recipe’s products: the unavailable one is named, the cart holds the other two with the right totals', async ({
      page,
    }, testInfo) => {
      await test.step('the recipe page lists the three products with price and availability', async () => {
        await page.goto(`/site/recipes/${recipeId}`);
        await expect(page.getByTestId('recipe-name')).toHaveText(recipeName);
        await expect(page.getByTestId('recipe-product-name')).toHaveText([oil.name, soldOut.name, pici.name]);
        await expect(recipeProduct(page, oil.id).getByTestId('price')).toHaveText('$10.50');
        await expect(recipeProduct(page, oil.id).getByTestId('list-price')).toHaveText('$14.00');
        await expect(recipeProduct(page, pici.id).getByTestId('price')).toHaveText('$6.50');
        await expect(recipeProduct(page, soldOut.id).getByTestId('recipe-product-stock')).toHaveText('Not available');
        await expect(recipeProduct(page, oil.id).getByTestId('recipe-product-stock')).toHaveText('In stock');
        await expect(page.getByTestId('nav-cart-badge')).toHaveText('0');
      });

      await test.step('"Add all to cart" adds the two available ones and names the one that is not', async () => {
        const button = page.getByRole('button', { name: `Add all to cart: the products for ${recipeName}` });
        await button.click();
        const message = page.getByTestId('recipe-cart-message');
        await expect(message).toHaveAttribute('aria-live', 'polite');
        await expect(message).toContainText('Added 2 products to your cart.');
        await expect(message).toContainText(`Not available at the moment: ${soldOut.name}.`);
        await expect(page.getByTestId('nav-cart-badge')).toHaveText('2');
        await settle(page);
        const file = screenshotPath(testInfo, 'recipe-cart', size.width);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
        await testInfo.attach(`storefront-recipe-cart-${size.width}`, { path: file, contentType: 'image/png' });
      });

      await test.step('the cart holds one of each at its discounted price: 10.50 + 6.50 = 17.00', async () => {
        await page.goto('/site/cart');
        await expect(page.getByTestId('cart-line')).toHaveCount(2);
        await expect(cartLine(page, soldOut.id)).toHaveCount(0);
        await expect(cartLine(page, oil.id).getByTestId('cart-line-total')).toHaveText('$10.50');
        await expect(cartLine(page, pici.id).getByTestId('cart-line-total')).toHaveText('$6.50');
        // Full prices 14.00 + 8.40 = 22.40; 3.50 off the oil, 1.90 off the pici: 22.40 − 5.40 = 17.00.
        await expect(page.getByTestId('cart-items')).toHaveText('$22.40');
        await expect(page.getByTestId('cart-sale')).toHaveText('−$5.40');
        await expect(page.getByTestId('cart-shipping')).toHaveText('Free');
        await expect(page.getByTestId('cart-total')).toHaveText('$17.00');
      });

      await test.step('a second press adds one more of each: 2 × 10.50 + 2 × 6.50 = 34.00', async () => {
        await page.goto(`/site/recipes/${recipeId}`);
        await page.getByTestId('recipe-add-all').click();
        await expect(page.getByTestId('nav-cart-badge')).toHaveText('4');
        await page.goto('/site/cart');
        await expect(cartLine(page, oil.id).getByTestId('cart-line-total')).toHaveText('$21.00');
        await expect(cartLine(page, pici.id).getByTestId('cart-line-total')).toHaveText('$13.00');
        await expect(page.getByTestId('cart-total')).toHaveText('$34.00');
      });
    });
  });
}

test('an admin chooses a recipe’s products in the control centre, and the recipe page follows', async ({
  page,
}, testInfo) => {
  await signInAsDemoAdmin(page);
  await page.getByRole('menuitem', { name: 'Recipes' }).first().click();
  await expect(page).toHaveURL(/\/admin\/recipes$/);
  const row = page.getByTestId(`recipe-row-${recipeId}`);
  await expect(row.getByTestId('recipe-row-count')).toHaveText('3');
  await shot(page, testInfo, 'recipes');

  await row.getByRole('button', { name: `Choose products for ${recipeName}` }).click();
  const drawer = page.getByTestId('recipe-drawer');
  await expect(drawer.getByTestId('recipe-drawer-item')).toHaveCount(3);
  // The sold-out pecorino goes, the garlic comes (searched by name), and the pici move to the top.
  await drawer.getByRole('button', { name: `Remove ${soldOut.name}` }).click();
  await drawer.locator('#recipe-products-select').fill(`Aglione ${word}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: spare.name }).click();
  // The picker closes, so the list below it is in view again for the screenshot.
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: `Move ${pici.name} up` }).click();
  await expect(drawer.getByTestId('recipe-drawer-item')).toHaveText([
    new RegExp(pici.name),
    new RegExp(oil.name),
    new RegExp(spare.name),
  ]);
  await shot(page, testInfo, 'recipes-drawer');
  await drawer.getByTestId('recipe-drawer-save').click();
  await expect(drawer).toBeHidden();
  await expect(row.getByTestId('recipe-row-count')).toHaveText('3');

  await page.goto(`/site/recipes/${recipeId}`);
  await expect(page.getByTestId('recipe-product-name')).toHaveText([pici.name, oil.name, spare.name]);
});

test('the content panel’s recipe edit view shows the products field with the recipe’s products in order', async ({
  page,
}, testInfo) => {
  await page.goto('/cms/login');
  await page.locator('input[name="email"]').fill(DEMO_ADMIN.email);
  await page.locator('input[name="password"]').fill(DEMO_ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/cms$/);

  await page.goto(`/cms/collections/recipes/${recipeId}`);
  const field = page.locator('#field-products');
  await expect(field).toBeVisible();
  // Whatever an earlier test left there: the names the recipe page lists, in the same order.
  const res = await page.request.get(`/api/v2/recipes/${recipeId}`);
  const names = ((await res.json()) as { result: { products: { name: string }[] } }).result.products.map((p) => p.name);
  const quantities = (
    (await res.json()) as { result: { products: { recipe_quantity: number }[] } }
  ).result.products.map((p) => p.recipe_quantity);
  // Each chosen product is a row of the array (issue 23): its product, then how many the recipe uses.
  const products = field.getByRole('button', { name: /^Edit / });
  const amounts = field.getByRole('spinbutton', { name: /^Quantity/ });
  await expect(products).toHaveCount(names.length);
  await expect(amounts).toHaveCount(names.length);
  for (const [i, name] of names.entries()) {
    await expect(products.nth(i)).toHaveAccessibleName(`Edit ${name}`);
    await expect(amounts.nth(i)).toHaveValue(String(quantities[i]));
  }
  await field.scrollIntoViewIfNeeded();
  const file = screenshotPath(testInfo, 'recipe-products', DESKTOP.width).replace('storefront-', 'cms-');
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  await testInfo.attach('cms-recipe-products-1280', { path: file, contentType: 'image/png' });
});
