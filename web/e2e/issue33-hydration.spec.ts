/**
 * Issue 33 §1: no hydration warning or error on any page the server draws, loaded fresh at 1280 and 390 px
 * and reloaded after moves inside the app. React reports a page it could not hydrate as drawn through
 * console.error (main.tsx's onRecoverableError logs "Hydration: …"), and a mismatch it tolerates as a
 * warning ("did not match", "Text content"): any console error, or any message naming hydration, fails.
 */
import { expect, test, type ConsoleMessage, type Page } from './support/test';
import { DESKTOP, PHONE } from './support/screens';

interface Listed {
  id: string;
}

let productId = '';
let categoryId = '';
let recipeId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const first = async (path: string): Promise<string> => {
    const res = await request.get(`/api/v2/${path}`);
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { result: Listed[] }).result[0]!.id;
  };
  productId = await first('products?search=Aceto');
  categoryId = await first('categories');
  recipeId = await first('recipes');
  await request.dispose();
});

const PAGES = () => [
  '/site',
  '/site/shop',
  '/site/shop?page=2',
  '/site/shop?search=olive',
  `/site/shop/${productId}`,
  `/site/category/${categoryId}`,
  '/site/recipes',
  `/site/recipes/${recipeId}`,
  '/site/about',
  '/site/terms',
  '/site/contact',
  '/site/tracking',
  '/site/no-such-page',
  // A missing product: the app draws its own page over the server's not-found drawing and moves to /site/404.
  '/site/shop/000000000000000000000000',
];

const HYDRATION_WORDS = /hydrat|did not match|text content|server rendered|server html/i;

/** Every console error and every message about hydration, with the address it was logged on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // The browser's own line for an answer with status 404 (the not-found page, the missing product's API
    // answer) is the network's, not the page's.
    if (/^Failed to load resource: the server responded with a status of 404/.test(text)) return;
    if (message.type() === 'error' || HYDRATION_WORDS.test(text)) {
      problems.push(`${page.url()} [${message.type()}] ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`${page.url()} [pageerror] ${error.message}`));
  return problems;
}

/**
 * Once the page is live: React reports what it could not hydrate as it commits, before the page's effects
 * mark it hydrated (useDocumentMeta).
 */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Follows the first link in the page's main content whose address starts with `prefix`. */
async function follow(page: Page, prefix: string): Promise<void> {
  const link = page.locator(`main a[href^="${prefix}"]:visible`).first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
  await expect(page.locator('h1').first()).toBeVisible();
}

for (const size of [DESKTOP, PHONE]) {
  test(`when each drawn page is loaded fresh at ${size.width} px, then the console shows no hydration warning or error`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const problems = watchConsole(page);
    for (const address of PAGES()) {
      await page.goto(address);
      await hydrated(page);
      expect(problems, address).toEqual([]);
    }
  });
}

test('when a shopper moves through the shop by its links and reloads on the way, then the console shows no hydration warning or error', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const problems = watchConsole(page);
  // From the not-found page home, then through the catalogue by its own links: a page reloaded after in-app
  // moves starts on the history entry the app made.
  await page.goto('/site/no-such-page');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/site$/);
  await follow(page, '/site/shop/');
  await follow(page, '/site/category/');
  await page.reload();
  await hydrated(page);
  await follow(page, '/site/shop/');
  await page.goBack();
  await expect(page).toHaveURL(/\/site\/category\//);
  await page.goto('/site/recipes');
  await follow(page, '/site/recipes/');
  await page.reload();
  await hydrated(page);
  expect(problems).toEqual([]);
});
