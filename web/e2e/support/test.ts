/**
 * Playwright's `test` with one change to the pages it opens: a page the server drew starts its app only once
 * its first screen's pictures are in (web/src/app/boot.ts), which can be just after the load event that
 * navigations wait for. `goto`, `reload`, `goBack` and `goForward` therefore return once such a page has
 * hydrated, as a shopper's page would be by the time they act on it; a page without the boot script (an order,
 * the control centre), one whose scripts were kept from loading, a context without JavaScript and a navigation
 * with `waitUntil: 'commit'` (a test looking at the page before its app starts) return as before. This holds for the `page` fixture and for pages of contexts a test opens itself. Specs import `test`
 * and `expect` from here.
 */
import { test as base, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

const HYDRATED_TIMEOUT_MS = 15_000;
const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;
type Navigation = (typeof NAVIGATIONS)[number];

const hydratedOrNotStarting = () => {
  const root = document.documentElement;
  if (!document.querySelector('script[data-entry]') || root.dataset.hydrated === 'true') return true;
  // The boot script never ran (its file was refused), or the app's own script failed to load.
  return (document.readyState === 'complete' && !root.dataset.app) || root.dataset.app === 'failed';
};

const settling = new WeakSet<Page>();

function settleNavigations(page: Page): void {
  if (settling.has(page)) return;
  settling.add(page);
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<Navigation, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      // A test that looks at the page before its app starts asks for the response alone.
      const options = args.find((arg) => typeof arg === 'object' && arg !== null) as { waitUntil?: string } | undefined;
      if (options?.waitUntil === 'commit') return response;
      await page.waitForFunction(hydratedOrNotStarting, undefined, { timeout: HYDRATED_TIMEOUT_MS });
      return response;
    };
  }
}

function settleContext(context: BrowserContext): BrowserContext {
  context.pages().forEach(settleNavigations);
  context.on('page', settleNavigations);
  return context;
}

/** Worker n talks to the server on E2E_PORT + n (playwright.config.ts starts one server per worker). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const workerPort = (parallelIndex: number): number => BASE_PORT + parallelIndex;

export const test = base.extend<object, { workerPort: number }>({
  // Set before any spec code runs in the worker, so helpers that read E2E_PORT (the outbox) find this worker's
  // server; parallelIndex is never shared by two workers running at once.
  workerPort: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const own = workerPort(workerInfo.parallelIndex);
      process.env.E2E_PORT = String(own);
      await provide(own);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ workerPort: own }, provide) => provide(`http://127.0.0.1:${own}`),
  context: async ({ context }, provide) => {
    await provide(settleContext(context));
  },
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        return options?.javaScriptEnabled === false ? context : settleContext(context);
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => {
        const page = await newPage(options);
        if (options?.javaScriptEnabled !== false) settleNavigations(page);
        return page;
      };
      await provide(browser);
    },
    { scope: 'worker' },
  ],
});
