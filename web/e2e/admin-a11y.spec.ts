/**
 * Accessibility of the control centre as a test (issue 25 §2): axe-core with the WCAG 2.0–2.2 A and AA rules on
 * every control-centre screen (every route under web/src/admin/routes, forms new and edit, the sign-in) and on
 * its dialogs (a status confirmation, the ship dialog, the bulk ship dialog, the image picker, a recipe's
 * products drawer, the command palette, the phone's menu), at 1280 and at 390 px. One test per width signs in
 * once and walks the screens, so the suite stays quick; each check is a soft failure, so one run names every
 * screen that fails (rule, number of nodes, first node; every node in the attached JSON). Then a few keyboard
 * checks: Tab reaches the drawer toggle and Enter opens it, the palette opens with its shortcut and from its
 * button, and a focused entry draws a visible ring.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIOLATIONS_ONLY } from './support/axe';
import { expect, test, type Page } from './support/test';
import { AdminApi, uniqueWord, type Doc } from './support/admin-api';
import { signIn, signInAsDemoAdmin } from './support/admin-screens';
import { DESKTOP, PHONE } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const word = uniqueWord();
let category: Doc;
let product: Doc;
const orders: Array<Doc & { number: string }> = [];
let userId = '';
let notificationId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request, baseURL!);
  const origin = new URL(baseURL!).origin;
  category = await admin.createCategory(`Axe cellar ${word}`);
  product = await admin.createProduct({ name: `Axe Aceto ${word}`, categories: [category.id], price: 11 });
  // One order per width: each width's walk ships nothing, but both open their own order's dialogs.
  for (const who of ['Ada', 'Bea']) {
    orders.push(
      await admin.createOrder({
        payer_full_name: `${who} Axe ${word}`,
        products: [{ product_id: String(product.id), product: String(product.name), price: 11, quantity: 1 }],
      }),
    );
  }
  const contact = await request.post('/api/v2/contacts', {
    headers: { Origin: origin },
    data: {
      firstname: 'Axel',
      lastname: `Axe ${word}`,
      email: `axel.${word}@example.com`,
      telephone: '+1 (555) 010-2030',
      title: `Axe question ${word}`,
      message: 'Do you ship to Vermont?',
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  notificationId = String(((await contact.json()) as { result: { id: string } }).result.id);
  const users = (await admin.get('/api/v2/users')) as unknown as { result: Array<{ id: string }> };
  userId = users.result[0].id;
  await request.dispose();
});

type Violation = [rule: string, nodes: number, target: string, summary: string];

/**
 * The violations on the page as [rule, nodes, first node's target, what is wrong with it], empty when it
 * passes. Every failing node of a failing check is attached to the report as JSON.
 */
async function violations(page: Page, name: string, scope?: string): Promise<Violation[]> {
  let builder = new AxeBuilder({ page }).options(VIOLATIONS_ONLY).withTags(WCAG_TAGS);
  if (scope) builder = builder.include(scope);
  const result = await builder.analyze();
  if (result.violations.length > 0) {
    const nodes = result.violations.flatMap((v) =>
      v.nodes.map((n) => ({ rule: v.id, target: n.target, summary: n.failureSummary, html: n.html })),
    );
    await test.info().attach(`axe-${name}.json`, {
      body: JSON.stringify(nodes, null, 2),
      contentType: 'application/json',
    });
  }
  return result.violations.map((v) => [
    v.id,
    v.nodes.length,
    JSON.stringify(v.nodes[0]?.target ?? []),
    v.nodes[0]?.failureSummary ?? '',
  ]);
}

/** Nothing busy, no skeleton, no spinner left; fonts ready; antd's motion over. */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll(
        '[aria-busy="true"], .ant-skeleton, .ui-skeleton, .page-loader, .ant-spin-spinning, .ant-motion-collapse',
      ).length === 0,
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Entering transitions (fades of drawers, modals, menus) would be measured half-transparent.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5_000,
  });
}

/**
 * Goes to a screen and waits for its title. Once the control centre is loaded, the way its own links go (the
 * router follows a history entry, no reload): a reload per screen cost each width's walk about a minute.
 */
async function open(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname.startsWith('/admin/')) {
    await page.evaluate((to) => {
      window.history.pushState(window.history.state, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    await page.waitForURL((url) => url.pathname + url.search === path);
  } else {
    await page.goto(path);
  }
  await expect(page.locator('.admin-page-title, h1, h2').first()).toBeVisible();
  await loaded(page);
}

/** A failure is soft, so the walk goes on. */
async function check(page: Page, name: string, width: number, scope?: string): Promise<void> {
  await loaded(page);
  expect.soft(await violations(page, `${name}-${width}`, scope), `${name} at ${width}px`).toEqual([]);
}

/**
 * An open dialog is checked on its own: the page behind it is checked as its own screen, and under the mask
 * axe would count the dialog's box as covering the targets behind it.
 */
const checkDialog = (page: Page, name: string, width: number) =>
  check(page, name, width, '.ant-modal-root, .ant-drawer');

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test(`when every control-centre screen and dialog is checked with axe at ${size.width} px, then none has a WCAG 2.2 A or AA violation`, async ({
      page,
    }) => {
      test.setTimeout(420_000);
      const order = orders[size === DESKTOP ? 0 : 1];

      await page.goto('/admin');
      await expect(page.getByTestId('login-email')).toBeVisible();
      await check(page, 'sign-in', size.width);
      await signInAsDemoAdmin(page);

      const screens: Array<[string, string]> = [
        ['dashboard', '/admin/home'],
        ['orders (open)', '/admin/orders'],
        ['orders (archive)', '/admin/orders?tab=archive'],
        ['order detail', `/admin/orders/${order.id}`],
        ['products', '/admin/products/product'],
        ['categories', '/admin/products/category'],
        ['new product', '/admin/products/add'],
        ['product form', `/admin/products/edit/${product.id}`],
        ['new category', '/admin/categories/add'],
        ['category form', `/admin/categories/edit/${category.id}`],
        ['recipes', '/admin/recipes'],
        ['discount codes', '/admin/coupons'],
        ['new discount code', '/admin/coupons/add'],
        ['users', '/admin/users'],
        ['new user', '/admin/users/add'],
        ['user form', `/admin/users/edit/${userId}`],
        ['images', '/admin/assets'],
        ['analytics', '/admin/analytics'],
        ['notifications', '/admin/notifications'],
        ['notification', `/admin/notifications/${notificationId}`],
        ['audit log', '/admin/audit-log'],
        ['settings', '/admin/settings'],
      ];
      for (const [name, path] of screens) {
        await test.step(name, async () => {
          await open(page, path);
          await check(page, name, size.width);
        });
      }

      await test.step("settings' other tab", async () => {
        await open(page, '/admin/settings');
        await page.getByTestId('settings-tab-other').click();
        await expect(page.getByTestId('settings-shop-name')).toBeVisible();
        await check(page, 'settings (other)', size.width);
      });

      await test.step('dialogs of the order page: status confirmation and ship', async () => {
        await open(page, `/admin/orders/${order.id}`);
        await page.getByTestId('order-action-complete').click();
        await expect(page.getByTestId('confirm-ok')).toBeVisible();
        await checkDialog(page, 'status confirmation', size.width);
        await page.getByTestId('confirm-cancel').click();
        await expect(page.getByTestId('confirm-ok')).toHaveCount(0);

        await page.getByTestId('order-action-ship').click();
        await expect(page.getByTestId('confirm-ok')).toBeVisible();
        await checkDialog(page, 'ship dialog', size.width);
        await page.getByTestId('ship-cancel').click();
        await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
      });

      await test.step('the bulk ship dialog', async () => {
        await open(page, '/admin/orders');
        await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
        await page.getByTestId('bulk-ship').click();
        await expect(page.getByTestId('bulk-ship-submit')).toBeVisible();
        await checkDialog(page, 'bulk ship dialog', size.width);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('bulk-ship-submit')).toBeHidden();
      });

      await test.step("the products list's Adjust stock dialog", async () => {
        await open(page, `/admin/products/product?search=${encodeURIComponent(String(product.name))}`);
        await page.getByTestId(`stock-adjust-${String(product.name)}`).click();
        await expect(page.getByTestId('stock-adjust-save')).toBeVisible();
        await checkDialog(page, 'adjust stock dialog', size.width);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('stock-adjust-save')).toHaveCount(0);
      });

      await test.step("the product form's image picker and a recipe's products drawer", async () => {
        await open(page, '/admin/products/add');
        await page.getByTestId('asset-picker-open').click();
        await expect(page.getByTestId('asset-picker')).toBeVisible();
        await checkDialog(page, 'image picker', size.width);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('asset-picker')).toBeHidden();

        await open(page, '/admin/recipes');
        await page.getByTestId('recipe-edit-products').first().click();
        await expect(page.getByTestId('recipe-drawer')).toBeVisible();
        await checkDialog(page, 'recipe products drawer', size.width);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('recipe-drawer')).toBeHidden();
      });

      await test.step('the command palette, opened with its shortcut', async () => {
        await page.keyboard.press('Control+k');
        const input = page.getByTestId('command-palette-input');
        await expect(input).toBeFocused();
        await input.fill('ord');
        await expect(page.getByRole('option').first()).toBeVisible();
        await checkDialog(page, 'command palette', size.width);
        await page.keyboard.press('Escape');
        await expect(input).toBeHidden();
      });

      if (size === PHONE) {
        await test.step('the phone menu, opened from the keyboard', async () => {
          // A fresh load, so that the keyboard starts at the top of the document.
          await page.goto('/admin/home');
          await loaded(page);
          const toggle = page.getByTestId('admin-menu-button');
          // The toggle is the first control of the page: one Tab from the top reaches it.
          await page.locator('body').focus();
          await page.keyboard.press('Tab');
          await expect(toggle).toBeFocused();
          await page.keyboard.press('Enter');
          await expect(page.getByTestId('admin-mobile-menu')).toBeVisible();
          await checkDialog(page, 'phone menu', size.width);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('admin-mobile-menu')).toBeHidden();
          await expect(toggle).toBeFocused();
        });
      }
    });
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: DESKTOP });

  test('when an admin works by keyboard alone, then Tab reaches the drawer, Enter follows it, and focus is drawn', async ({
    page,
  }) => {
    await page.goto('/admin');
    await signIn(page, 'admin@bottega.example', 'Bottega2025!');
    await expect(page.locator('.admin-page-title').first()).toBeVisible();
    await loaded(page);

    // Tab from the top: the brand, the search button, then the drawer's entries in order.
    await page.locator('body').focus();
    const reached: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''));
    }
    const entries = ['dashboard', 'orders', 'products', 'recipes', 'users', 'images', 'analytics'];
    const order = entries.map((key) => reached.indexOf(`admin-nav-${key}`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // A focused entry draws a visible outline (keyboard focus only: :focus-visible).
    const ordersEntry = page.locator('.admin-sider-nav a', { hasText: 'Orders' }).first();
    await ordersEntry.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(ordersEntry).toBeFocused();
    const ring = await ordersEntry.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
    });
    expect(ring.style !== 'none' && ring.width >= 2 ? 'outline' : ring.shadow).not.toBe('none');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/orders$/);

    // The search button opens the palette with Enter, and Escape gives the focus back to it.
    const search = page.getByTestId('command-palette-button').first();
    await search.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('command-palette-input')).toBeFocused();
    await page.keyboard.type('Settings');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings$/);
  });
});

test.describe('motion', () => {
  test('when the system asks for reduced motion, then dialogs open without zooming; otherwise they zoom in', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = await AdminApi.login(request, baseURL!);
    const product = await api.createProduct({
      name: `Olio Calmo ${uniqueWord()}`,
      categories: [await api.anyCategoryId()],
    });
    await signInAsDemoAdmin(page);
    const opening = async (motion: 'reduce' | 'no-preference') => {
      await page.emulateMedia({ reducedMotion: motion });
      await page.goto(`/admin/products/edit/${product.id}`);
      // Notes whether the dialog goes through antd's zooming step while it opens (without motion it goes straight
      // from its first frame to its last).
      await page.evaluate(() => {
        const seen = window as unknown as { zoomed: boolean };
        seen.zoomed = false;
        new MutationObserver((changes) => {
          for (const c of changes)
            if (c.target instanceof Element && /\bant-zoom-appear-active\b/.test(c.target.className))
              seen.zoomed = true;
        }).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true });
      });
      await page.getByTestId('product-delete').click();
      await expect(page.getByTestId('confirm-ok')).toBeVisible();
      await page.getByTestId('confirm-cancel').click();
      await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
      return page.evaluate(() => (window as unknown as { zoomed: boolean }).zoomed);
    };
    expect(await opening('reduce')).toBe(false);
    expect(await opening('no-preference')).toBe(true);
  });
});
