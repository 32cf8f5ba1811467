// Issue 12 and 23 figures: Lighthouse's mobile scores (performance, accessibility, SEO) and paint timings of
// the storefront's home, the shop, a category, a product, the cart empty and holding two products (issue 33),
// a recipe (issue 15),
// and the market stall screen's first load on a phone (issue 32, signed in), against the server as `npm start` runs it
// (compiled, NODE_ENV=production). Lighthouse simulates a mid-range phone on a slow 4G network, so its
// scores do not depend on this machine's speed the way a stopwatch would; the express hello-world page in
// the same run is the baseline that shows what this machine and Chromium score on an empty page.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, repoRoot } from './server';

const CHROMIUM = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The one page audited with what the browser stored: two products put in the cart just before. */
const FILLED_CART = 'cart (2 products)';

async function startCompiledShop(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['cms/dist/server.js'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYLOAD_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
      ADMIN_EMAIL: 'bench-admin@bench.example',
      ADMIN_PASSWORD: 'Bench-Admin-2026!x',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await pause(200);
  }
}

interface Scores {
  performance: number;
  accessibility: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
  details: string[];
}

/**
 * `simulate` is Lighthouse's default (Lantern: one fast load, then the slow phone and network simulated from
 * its trace); `devtools` really throttles the load and measures it. A page opens cold (no HTTP cache) as a
 * first visit does, except the cart, whose contents live in the browser's storage.
 */
async function audit(
  port: number,
  url: string,
  throttlingMethod: 'simulate' | 'devtools',
  keepStorage: boolean,
  cookie?: string,
): Promise<Scores> {
  const run = () =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      disableStorageReset: keepStorage,
      throttlingMethod,
      // The stall screen is an admin's: its first load is audited cold (no cache, no stored catalogue) but signed in.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
  let result = await run();
  // Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART, "run Lighthouse again"): the
  // page is audited once more rather than printed as a score of 0.
  if (result?.lhr.runtimeError) {
    console.log(`  (${url}: ${result.lhr.runtimeError.code}, audited again)`);
    result = await run();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // LIGHTHOUSE_SAVE=<dir>: every report kept as JSON, to read its long tasks and requests.
  const saveDir = process.env.LIGHTHOUSE_SAVE;
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${throttlingMethod}-${new URL(url).pathname.replace(/\W+/g, '_')}-${keepStorage ? 'kept' : 'cold'}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    failing: [...new Set(failing)],
    // LIGHTHOUSE_DETAILS=1: which elements fail the accessibility audits, to fix them.
    details:
      process.env.LIGHTHOUSE_DETAILS === '1'
        ? failing.flatMap((id) => {
            const items = (audits[id]?.details as { items?: { node?: { selector?: string; snippet?: string } }[] })
              ?.items;
            return (items ?? []).filter((i) => i.node).map((i) => `${id}: ${i.node?.selector} ${i.node?.snippet}`);
          })
        : [],
  };
}

/** A page with nothing on it: what the same Chromium and machine score at best. */
function emptyPage(): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
          '<meta name="description" content="An empty page for comparison."><title>Baseline</title></head><body><main><h1>Hello</h1></main></body></html>',
      );
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

export async function benchLighthouse(): Promise<void> {
  console.log('\n== Lighthouse, mobile (issue 12) ==');
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('could not compile the server');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const shop = await startCompiledShop(dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  const baseline = await emptyPage();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    type ListEnvelope = { result: { id: string }[] };
    const category = ((await (await fetch(`${base}/api/v2/categories/list/top`)).json()) as ListEnvelope).result[0];
    const products = ((await (await fetch(`${base}/api/v2/products?limit=12`)).json()) as ListEnvelope).result;
    const recipe = ((await (await fetch(`${base}/api/v2/recipes`)).json()) as ListEnvelope).result[0];
    // Two products in the cart, put there the way a shopper does it (the product page's button), right before
    // the cart is audited: the other pages' audits start from empty storage.
    const fillCart = async () => {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      for (const product of products.slice(0, 2)) {
        await page.goto(`${base}/site/shop/${product.id}`);
        // A server-rendered button works once the page is hydrated (a build without server rendering has no mark).
        await page
          .locator('html[data-hydrated="true"]')
          .waitFor({ state: 'attached', timeout: 5_000 })
          .catch(() => undefined);
        await page
          .getByRole('button', { name: /add to cart/i })
          .first()
          .click();
        await pause(500);
      }
      await page.close();
      await browser.close();
    };

    // A signed-in admin and an open market day, for the stall screen (issue 32).
    const login = await fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: 'bench-admin@bench.example',
        password: createHash('sha256').update('Bench-Admin-2026!x').digest('hex'),
      }),
    });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('payload-token=')) ?? '').split(';')[0];
    if (!cookie) throw new Error(`could not sign in for the stall screen: ${login.status}`);
    const adminCall = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v2/${route}`, {
        method,
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { result: { id: string } }).result;
    };
    const today = new Date().toISOString().slice(0, 10);
    const day = await adminCall('POST', 'admin/market/days', {
      place: 'Bench market',
      date: today,
      opens_at: '08:00',
      closes_at: '13:00',
    });
    await adminCall('POST', `admin/market/days/${day.id}/open`, { opening_cash: 50 });

    const pages: [string, string][] = [
      ['empty page (baseline)', baseline.url],
      ['home', `${base}/site`],
      ['shop', `${base}/site/shop`],
      ['category', `${base}/site/category/${category.id}`],
      ['product', `${base}/site/shop/${products[2].id}`],
      // Opened with empty storage, as every page but the filled cart.
      ['cart (empty)', `${base}/site/cart`],
      [FILLED_CART, `${base}/site/cart`],
      ['recipe', `${base}/site/recipes/${recipe.id}`],
      ['stall screen (admin)', `${base}/admin/market/${day.id}`],
    ];
    // LIGHTHOUSE_PAGES=home,cart: only the pages whose names start so (the baseline always).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
    const audited = only ? pages.filter(([name], i) => i === 0 || only.some((o) => name.startsWith(o))) : pages;
    for (const method of ['simulate', 'devtools'] as const) {
      console.log(`\nthrottling: ${method}`);
      console.log('page                   perf  a11y  seo   FCP ms  LCP ms  TBT ms  CLS    audits below 0.9');
      for (const [name, url] of audited) {
        const cart = name === FILLED_CART;
        if (cart) await fillCart();
        const s = await audit(chrome.port, url, method, cart, name.startsWith('stall') ? cookie : undefined);
        console.log(
          `${name.padEnd(22)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s.seo).padStart(3)}  ${String(s.fcpMs).padStart(7)} ${String(s.lcpMs).padStart(7)} ${String(s.tbtMs).padStart(7)}  ${s.cls.toFixed(3)}  ${s.failing.join(', ') || '-'}`,
        );
        for (const line of s.details) console.log(`    ${line.slice(0, 220)}`);
      }
    }
  } finally {
    chrome.kill();
    baseline.close();
    shop.kill('SIGTERM');
    await new Promise((resolve) => shop.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
