// Issue 8 figure: the control centre's JavaScript, which only /admin loads, against the storefront's first
// visit measured in the same run. Both are what Chromium actually downloads (scripts), gzipped.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../web/e2e/chromium';
import { startShop } from './server';

const DEMO_ADMIN = { email: 'admin@bottega.example', password: 'Bottega2025!' };

interface Scripts {
  urls: Set<string>;
  bytes: Map<string, Buffer>;
  /** Bodies still being read: awaited before the page closes, or they are lost. */
  pending: Promise<void>[];
}

function collectScripts(page: Page): Scripts {
  const scripts: Scripts = { urls: new Set(), bytes: new Map(), pending: [] };
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const url = new URL(res.url()).pathname;
    scripts.urls.add(url);
    scripts.pending.push(
      res.body().then(
        (body) => void scripts.bytes.set(url, body),
        () => undefined,
      ),
    );
  });
  return scripts;
}

const gz = (files: Iterable<Buffer>) => [...files].reduce((n, b) => n + gzipSync(b, { level: 6 }).length, 0);
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export async function benchAdminBundle(): Promise<void> {
  console.log('\n== Control centre bundle (issue 8) ==');
  const shop = await startShop({ env: { SEED_DEMO: 'true' } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const sitePage = await browser.newPage();
    const site = collectScripts(sitePage);
    await sitePage.goto(`${shop.baseUrl}/site`, { waitUntil: 'networkidle' });
    await Promise.all(site.pending);
    await sitePage.close();

    // A fresh browser context: an admin's first visit, through sign-in and every part-one screen.
    const context = await browser.newContext();
    const adminPage = await context.newPage();
    const admin = collectScripts(adminPage);
    await adminPage.goto(`${shop.baseUrl}/admin`, { waitUntil: 'networkidle' });
    await adminPage.getByTestId('login-email').fill(DEMO_ADMIN.email);
    await adminPage.getByTestId('login-password').fill(DEMO_ADMIN.password);
    await adminPage.getByTestId('login-password').press('Enter');
    await adminPage.waitForURL(/\/admin\/home$/);
    for (const path of ['/admin/home', '/admin/orders', '/admin/notifications', '/admin/settings']) {
      await adminPage.goto(`${shop.baseUrl}${path}`, { waitUntil: 'networkidle' });
    }
    await adminPage.goto(`${shop.baseUrl}/admin/orders`, { waitUntil: 'networkidle' });
    await adminPage.locator('[data-testid^="order-row-"]').first().click();
    await adminPage.waitForLoadState('networkidle');
    await Promise.all(admin.pending);
    await context.close();

    const siteBytes = gz([...site.urls].map((u) => site.bytes.get(u) ?? Buffer.alloc(0)));
    const adminOnly = [...admin.urls].filter((u) => !site.urls.has(u));
    const adminBytes = gz(adminOnly.map((u) => admin.bytes.get(u) ?? Buffer.alloc(0)));
    console.log(`first visit to /site (baseline):       ${site.urls.size} scripts, ${kib(siteBytes)} gzipped`);
    console.log(`control centre only (never on /site):  ${adminOnly.length} scripts, ${kib(adminBytes)} gzipped`);
    console.log(`  ratio control-centre-only / storefront first visit: ${(adminBytes / siteBytes).toFixed(2)}`);
    const leaked = [...site.urls].filter((u) => /admin|Login|Dashboard|Orders|Settings|Notification/.test(u));
    console.log(
      `  admin chunks downloaded by the storefront visit: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`,
    );
  } finally {
    await browser.close();
    await shop.stop();
  }
}
