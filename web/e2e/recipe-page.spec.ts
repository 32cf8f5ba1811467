/**
 * A recipe's own storefront page (issue 11 part 3), in Chromium against the real server
 * (web/e2e/start-server.mjs: temp data dir, demo seed). The spec writes its own recipe through /api with a
 * rich-text body (a bold word, a heading, a numbered list, a link to another site, an image) and checks that
 * the page renders each of them, reached from Home's news block and from the recipes list. Screenshots at
 * 1280 and 390 px go to test-results/screenshots/storefront-recipe-page-<width>.png.
 */
import { expect, test, type APIRequestContext } from './support/test';
import {
  richTextHeading,
  richTextLink,
  richTextList,
  richTextParagraph,
  richTextRoot,
  richTextText,
  richTextUpload,
} from '../../packages/shared/src/rich-text';
import { AdminApi, oilBottlePng, uniqueWord } from './support/admin-api';
import { captureScreens } from './support/screens';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EXTERNAL_URL = 'https://en.wikipedia.org/wiki/Olive_oil';

test.describe('recipe page', () => {
  const word = uniqueWord();
  const name = `Olive oil cake ${word}`;
  const bold = `cold ${word}`;
  const imageAlt = `A slice of cake ${word}`;
  let recipeId = '';
  let imageId = '';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request: APIRequestContext = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request, baseURL!);
    const origin = new URL(baseURL!).origin;
    imageId = (await admin.uploadPng(await oilBottlePng('amber'), `cake-${word}.png`)).id;
    const alt = await request.patch(`/api/assets/${imageId}`, { headers: { Origin: origin }, data: { alt: imageAlt } });
    expect(alt.status()).toBe(200);

    const res = await request.post('/api/recipes', {
      headers: { Origin: origin },
      data: {
        name,
        description: 'A moist cake made with extra virgin olive oil instead of butter.',
        ingredients: [{ item: '3 eggs' }, { item: '200 g sugar' }, { item: '120 ml extra virgin olive oil' }],
        body: richTextRoot([
          richTextParagraph([richTextText('Start with '), richTextText(bold, { bold: true }), richTextText(' eggs.')]),
          richTextHeading('Method'),
          richTextList(['Whisk the eggs with the sugar.', 'Fold in the oil.', 'Bake for 40 minutes.'], 'number'),
          richTextUpload(imageId),
          // The editor did not ask for a new tab: the storefront opens another site in one anyway.
          richTextParagraph([richTextText('Why olive oil? '), richTextLink('Read about it', EXTERNAL_URL)]),
        ]),
        _status: 'published',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    recipeId = ((await res.json()) as { doc: { id: string } }).doc.id;
    await request.dispose();
  });

  test('a shopper opens the recipe from Home and from the list, and sees its heading, bold word, list, link and image', async ({
    page,
  }, testInfo) => {
    await test.step('Home news block links to the recipe page', async () => {
      await page.goto('/site');
      const teaser = page.getByTestId('recipe-teaser').filter({ hasText: name });
      await teaser.click();
      await expect(page).toHaveURL(new RegExp(`/site/recipes/${recipeId}$`));
      await expect(page.getByTestId('recipe-name')).toHaveText(name);
    });

    await test.step('the recipes list links to the recipe page', async () => {
      await page.goto('/site/recipes');
      const card = page.getByTestId('recipe-card').filter({ hasText: name });
      await card.getByTestId('recipe-card-link').click();
      await expect(page).toHaveURL(new RegExp(`/site/recipes/${recipeId}$`));
    });

    await test.step('the page shows the recipe and its rich-text body', async () => {
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByTestId('recipe-ingredients').getByRole('listitem')).toHaveText([
        '3 eggs',
        '200 g sugar',
        '120 ml extra virgin olive oil',
      ]);

      const body = page.getByTestId('recipe-body');
      await expect(body.getByRole('heading', { level: 2, name: 'Method' })).toBeVisible();
      await expect(body.locator('strong')).toHaveText(bold);
      await expect(body.locator('ol > li')).toHaveText([
        'Whisk the eggs with the sugar.',
        'Fold in the oil.',
        'Bake for 40 minutes.',
      ]);

      const link = body.getByRole('link', { name: 'Read about it' });
      await expect(link).toHaveAttribute('href', EXTERNAL_URL);
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('target', '_blank');

      const image = body.getByRole('img', { name: imageAlt });
      await expect(image).toHaveAttribute('src', `/assets/${imageId}`);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });

    // From the top, so the sticky navbar is where a shopper first sees it in the full-page shots.
    await page.evaluate(() => window.scrollTo(0, 0));
    await captureScreens(page, testInfo, 'recipe-page');
  });

  test('an unknown recipe goes to the 404 page', async ({ page }) => {
    await page.goto(`/site/recipes/${UNKNOWN_ID}`);
    await expect(page).toHaveURL(/\/site\/404$/);
  });
});
