/**
 * Payload's own panel at /cms (issue 11), in Chromium against the real server: an editor writes and
 * publishes a rich-text recipe that the storefront then shows, an admin writes a changelog entry that the
 * control centre's dashboard lists, and an editor is kept away from the orders. Each test makes its own
 * accounts and records through the API; the panel is driven only through its own screens.
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './support/test';
import sharp from 'sharp';
import { AdminApi, DEMO_ADMIN, uniqueWord } from './support/admin-api';
import { signIn } from './support/admin-screens';
import { backToDesktop, captureScreens, DESKTOP, PHONE, SCREENSHOTS } from './support/screens';

/** Typed in the panel as is: the panel sends the password as typed, the server hashes it (issue 11). */
const EDITOR_PASSWORD = 'Basilico-2026!';

async function createEditor(request: APIRequestContext, baseURL: string, word: string): Promise<string> {
  await AdminApi.login(request, baseURL);
  const email = `editor.${word}@bottega.example`;
  const res = await request.post('/api/users', {
    headers: { Origin: new URL(baseURL).origin },
    data: { email, password: EDITOR_PASSWORD, firstname: 'Elena', lastname: `Editor ${word}`, role: 'editor' },
  });
  expect(res.status(), await res.text()).toBe(201);
  // The request context now holds the admin's cookie; the browser page signs in on its own.
  return email;
}

async function signInToPanel(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/cms/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/cms$/);
}

/** A small PNG nobody else has, so that the panel's asset search finds exactly it. */
const pictureOf = (red: number) =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: { r: red, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** test-results/screenshots/cms-<name>-<width>.png at both widths: Payload's own screens, as editors see them. */
async function panelShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!SCREENSHOTS) return backToDesktop(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const file = path.join(testInfo.project.outputDir, 'screenshots', `cms-${name}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`cms-${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize(DESKTOP);
}

/** The body editor of the open document (Payload's Lexical field). */
const bodyEditor = (page: Page) => page.locator('.rich-text-lexical [contenteditable="true"]').first();

/**
 * Payload's rich-text field hands what was typed to the form in the browser's idle time (at the latest 500 ms
 * after the last key, its `runDeprioritized`): a save clicked sooner stores the text without its last words.
 * An idle callback queued now runs after Payload's, so once it has run the form holds everything typed.
 */
const richTextHandedOver = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestAnimationFrame(() => resolve()), { timeout: 2000 }),
      ),
  );

test.describe('content panel (/cms)', () => {
  test('an editor writes a recipe with a heading, bold, a list, a link and an image, publishes it, and the storefront shows all five', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const email = await createEditor(request, baseURL!, word);
    const admin = await AdminApi.login(request, baseURL!);
    const imageName = `cms-${word}.png`;
    const asset = await admin.uploadPng(await pictureOf(200), imageName);

    await signInToPanel(page, email, EDITOR_PASSWORD);

    await test.step('write the recipe in the panel', async () => {
      await page.goto('/cms/collections/recipes/create');
      await page.locator('#field-name').fill(`Panzanella ${word}`);
      await page.locator('#field-description').fill('Bread, tomatoes and the good oil.');
      const editor = bodyEditor(page);
      await editor.click();
      // Lexical's markdown shortcuts: "## " starts a heading, "[text](url)" becomes a link, "- " a list.
      await page.keyboard.type('## Method');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Soak the bread in ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('cold');
      await page.keyboard.press('Control+b');
      await page.keyboard.type(' water, then read [the olive oil guide](https://oliveoil.example.org/guide) again.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('- Tear the bread');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Dress with oil');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      // The slash menu's Upload opens the assets drawer; the search finds the picture uploaded above.
      await page.keyboard.type('/upload');
      await page
        .getByRole('option', { name: 'Upload' })
        .or(page.locator('.slash-menu-popup button:has-text("Upload")'))
        .first()
        .click();
      const drawer = page.locator('.drawer__content, [role="dialog"]').filter({ hasText: 'Assets' }).first();
      await drawer.getByPlaceholder(/Search by File Name/i).fill(`cms-${word}`);
      await drawer
        .getByRole('button', { name: new RegExp(`cms-${word}`) })
        .or(drawer.getByText(new RegExp(`cms-${word}`)))
        .first()
        .click();
      await expect(editor.locator('h2')).toHaveText('Method');
      await expect(editor.locator('strong[data-lexical-text]')).toHaveText('cold');
      await expect(editor.locator('li')).toHaveCount(2);
      await expect(editor.locator('a')).toHaveAttribute('href', 'https://oliveoil.example.org/guide');
      await expect(
        page
          .locator('.rich-text-lexical')
          .getByText(new RegExp(`cms-${word}`))
          .first(),
      ).toBeVisible();
      await panelShot(page, testInfo, 'recipe-editor');
    });

    const recipeId = await test.step('publish it', async () => {
      await richTextHandedOver(page);
      await page.getByRole('button', { name: 'Publish changes' }).click();
      await expect(page).toHaveURL(/\/cms\/collections\/recipes\/[0-9a-f-]{36}/);
      return /recipes\/([0-9a-f-]{36})/.exec(page.url())![1];
    });

    await test.step('the storefront recipe page shows heading, bold, list, link and image', async () => {
      await page.goto(`/site/recipes/${recipeId}`);
      const body = page.getByTestId('recipe-body');
      await expect(body.locator('h2')).toHaveText('Method');
      await expect(body.locator('strong')).toHaveText('cold');
      await expect(body.locator('li')).toHaveText(['Tear the bread', 'Dress with oil']);
      const link = body.getByRole('link', { name: 'the olive oil guide' });
      await expect(link).toHaveAttribute('href', 'https://oliveoil.example.org/guide');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('rel', /noreferrer/);
      const image = body.locator('img');
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAttribute('src', new RegExp(`/assets/${asset.id}`));
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await captureScreens(page, testInfo, 'cms-recipe');
    });
  });

  test('an admin writes a changelog entry in the panel and the control centre dashboard lists it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    await signInToPanel(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/cms/collections/changelogs/create');
    await page.locator('#field-version').fill('9.1.0');
    await page.locator('#field-title').fill(`Panel release ${word}`);
    await bodyEditor(page).click();
    await page.keyboard.type(`Recipes are now written in the content panel ${word}.`);
    await richTextHandedOver(page);
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await expect(page).toHaveURL(/\/cms\/collections\/changelogs\/[0-9a-f-]{36}/);

    // The same account, the same password, the other door: the control centre.
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const list = page.getByTestId('changelog-list');
    await expect(list).toContainText(`Panel release ${word}`);
    await expect(list).toContainText(`Recipes are now written in the content panel ${word}.`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });

  test('an editor opening the orders in the panel sees no orders', async ({ page, request, baseURL }, testInfo) => {
    const word = uniqueWord();
    const email = await createEditor(request, baseURL!, word);
    const admin = await AdminApi.login(request, baseURL!);
    const orders = (await admin.get('/api/orders?limit=1&depth=0')).docs as Array<{ number: string }>;
    expect(orders.length).toBe(1);

    await signInToPanel(page, email, EDITOR_PASSWORD);
    await expect(page.locator('body')).toContainText('Recipes');
    await expect(page.locator('body')).not.toContainText('Orders');
    await panelShot(page, testInfo, 'editor-dashboard');
    await page.goto('/cms/collections/orders');
    await expect(page.locator('body')).toContainText(/not found|unauthorized|not allowed/i);
    await expect(page.locator('body')).not.toContainText(orders[0].number);
    await expect(page.locator('table')).toHaveCount(0);
    await panelShot(page, testInfo, 'editor-orders');
  });
});
