/**
 * Issue 33 §2: the cart page is drawn on the server as a shell without any shopper's data (its title, room for
 * the lines, the summary's frame), and the browser fills the lines from session storage once the page is live:
 * no hydration warning, and nothing on screen moves when the lines arrive (the lines' list keeps its place and
 * its room, the summary beside it stays put, no layout-shift entry adds up to 0.01). Checked at 1280 and 390
 * px, empty and with two products, with axe and a screenshot of each (test-results/screenshots/
 * storefront-cart-shell-<state>-<width>.png).
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, test, type Browser, type Page } from './support/test';
import { AdminApi, uniqueWord, type Doc } from './support/admin-api';
import { paypalButtonsSettled } from './support/paypal-settled';
import { DESKTOP, PHONE, screenshotPath, settle } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const HYDRATION_WORDS = /hydrat|did not match|text content|server rendered|server html/i;
/** Layout shift that no one would see: Lighthouse calls below 0.1 good. */
const NO_SHIFT = 0.01;

const word = uniqueWord();
let products: Doc[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request, baseURL!);
  const category = await admin.createCategory(`Oils ${word}`);
  // Names as long as most of the catalogue's: two lines on a desktop, three on a phone.
  products = [
    await admin.createProduct({ name: `Olio Nuovo ${word} Coratina Riserva`, categories: [category.id] }),
    await admin.createProduct({ name: `Aceto ${word} Balsamico di Modena`, categories: [category.id], price: 9.9 }),
  ];
  await request.dispose();
});

async function violations(page: Page): Promise<Array<[string, number, string]>> {
  const result = await new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS).analyze();
  return result.violations.map((v) => [v.id, v.nodes.length, JSON.stringify(v.nodes[0]?.target ?? [])]);
}

interface Box {
  top: number;
  left: number;
  height: number;
}

const boxOf = async (page: Page, selector: string): Promise<Box | null> =>
  page.locator(selector).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return rect.height === 0 ? null : { top: rect.top, left: rect.left, height: rect.height };
  });

/**
 * A page that notes its layout shifts from the first paint on (read back with `shiftOf`) and its console's
 * errors and hydration messages, in a context of its own at `size`, with `cart` in session storage as the
 * shop keeps it.
 */
async function cartPage(browser: Browser, size: typeof DESKTOP | typeof PHONE, cart: Doc[]) {
  const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
  await context.addInitScript(
    (stored) => {
      if (location.protocol === 'about:') return;
      if (stored !== '[]') sessionStorage.setItem('cart', stored);
      const shifts: number[] = [];
      (window as unknown as { cartShifts: number[] }).cartShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    },
    JSON.stringify(cart.map((product) => ({ id: product.id, quantity: 1 }))),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || HYDRATION_WORDS.test(message.text())) {
      problems.push(`[${message.type()}] ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`[pageerror] ${error.message}`));
  return { context, page, problems };
}

const shiftOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { cartShifts: number[] }).cartShifts.reduce((sum, v) => sum + v, 0));

test('when /site/cart is asked for without its scripts, then its HTML is the cart’s shell with no shopper’s data, not for indexing, and axe finds nothing in it', async ({
  request,
  browser,
}) => {
  const res = await request.get('/site/cart');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<meta name="robots" content="noindex"/);
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="shop-handover">/.exec(
    html,
  )?.[1];
  expect(root, 'the server drew the page').toBeTruthy();
  expect(root).toContain('data-testid="cart-waiting"');
  expect(root).toMatch(/<h1 class="page-title">Order Review<\/h1>/);
  expect(root!.match(/class="cart-line cart-line--waiting"/g)).toHaveLength(2);
  expect(root).toMatch(/<h2 class="cart-summary-title">Order summary<\/h2>/);
  // Nobody's cart: neither lines nor the empty state.
  expect(root).not.toContain('data-testid="cart-line"');
  expect(root).not.toContain('data-testid="cart-empty"');

  // The shop's scripts never load, so the page stays as the server drew it; the browser's own JavaScript stays
  // on, because axe runs in the page.
  const context = await browser.newContext();
  await context.route(/\/(bundle|__paypal)\/.*\.js(\?|$)/, (route) => route.abort());
  try {
    const page = await context.newPage();
    await page.goto('/site/cart');
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect(page.getByRole('heading', { level: 1, name: 'Order Review' })).toBeVisible();
      await expect(page.locator('.cart-line--waiting')).toHaveCount(2);
      // The summary's frame stands beside the lines; below them (a phone) it waits for them.
      await expect(page.locator('.cart-summary--waiting')).toBeVisible({ visible: size === DESKTOP });
      expect(await violations(page), `shell at ${size.width}px`).toEqual([]);
    }
  } finally {
    await context.close();
  }
});

for (const size of [DESKTOP, PHONE]) {
  test(`when the cart holds two products at ${size.width} px, then they fill the room the server kept after hydration, with no shift, no console error, and no axe violation; empty, the shell gives way to the empty state`, async ({
    browser,
  }, testInfo) => {
    const filled = await cartPage(browser, size, products);
    try {
      const { page } = filled;
      // The app is held back until the server's drawing has been measured.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/bundle/boot-*.js', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/site/cart', { waitUntil: 'commit' });
      await expect(page.getByTestId('cart-waiting')).toBeVisible();
      const shellLines = await boxOf(page, '[data-testid="cart-lines"]');
      const shellSummary = size === DESKTOP ? await boxOf(page, '.cart-summary') : null;
      expect(shellLines).not.toBeNull();

      release();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await expect(page.getByTestId('cart-line-name')).toHaveText(products.map((product) => String(product.name)));
      await expect(page.getByTestId('nav-cart-badge')).toHaveText('2');
      await paypalButtonsSettled(page);
      await settle(page);

      const lines = (await boxOf(page, '[data-testid="cart-lines"]'))!;
      expect(lines.top, 'the lines start where the room for them did').toBeCloseTo(shellLines!.top, 0);
      expect(lines.left).toBeCloseTo(shellLines!.left, 0);
      // Within a line of text: a name one line longer or shorter than the catalogue's usual is not a shift.
      expect(Math.abs(lines.height - shellLines!.height), 'the lines take the room kept for them').toBeLessThan(24);
      if (shellSummary) {
        const summary = (await boxOf(page, '.cart-summary'))!;
        expect([summary.top, summary.left]).toEqual([shellSummary.top, shellSummary.left]);
      }
      expect(await shiftOf(page), 'cumulative layout shift').toBeLessThan(NO_SHIFT);
      expect(filled.problems).toEqual([]);
      expect(await violations(page), `two products at ${size.width}px`).toEqual([]);
      await page.screenshot({ path: screenshotPath(testInfo, 'cart-shell-two', size.width), fullPage: true });
    } finally {
      await filled.context.close();
    }

    const empty = await cartPage(browser, size, []);
    try {
      const { page } = empty;
      await page.goto('/site/cart');
      await expect(page.getByTestId('cart-empty')).toBeVisible();
      await expect(page.getByTestId('cart-waiting')).toHaveCount(0);
      await settle(page);
      expect(await shiftOf(page), 'cumulative layout shift').toBeLessThan(NO_SHIFT);
      expect(empty.problems).toEqual([]);
      expect(await violations(page), `empty at ${size.width}px`).toEqual([]);
      await page.screenshot({ path: screenshotPath(testInfo, 'cart-shell-empty', size.width), fullPage: true });
    } finally {
      await empty.context.close();
    }
  });
}
