/**
 * Full-page screenshots of a storefront page at the desktop and the phone width, written to
 * test-results/screenshots/storefront-<page>-<width>.png and attached to the test's report.
 */
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const SCREEN_SIZES = [DESKTOP, PHONE] as const;

/**
 * Whether the pictures are taken. They are for a person to look at (a spec run by hand, a review) and assert
 * nothing; `npm test` sets E2E_SCREENSHOTS=off, which saves the resizes, the settling and the full-page captures
 * (minutes of its run on two cores). Every assertion runs either way.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/** Without pictures, what taking them leaves behind: the page at the desktop width, as the specs expect next. */
export async function backToDesktop(page: Page): Promise<void> {
  if (page.viewportSize()?.width !== DESKTOP.width) await page.setViewportSize(DESKTOP);
}

/**
 * Waits until what a shopper would see has arrived: lazy images are asked for at once (a full-page shot
 * never scrolls them into view), every image has loaded or failed, fonts are ready and no grid is busy.
 *
 * The images are also decoded explicitly: they are `decoding="async"`, and Chromium's full-page capture
 * otherwise paints loaded images far below the viewport as empty boxes.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
    const decoded = Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await Promise.race([decoded, new Promise((done) => setTimeout(done, 10_000))]);
  });
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => img.complete) &&
      document.querySelectorAll('[aria-busy="true"], .ant-skeleton, .ui-skeleton, .page-loader').length === 0,
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames, so a layout change that the resize or the last image caused has been painted. Chromium may hold
  // animation frames back for a moment after a viewport change (seen once: the whole test timed out here), so
  // half a second ends the wait whichever comes first; the screenshot itself waits for the next paint anyway.
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        setTimeout(done, 500);
        requestAnimationFrame(() => requestAnimationFrame(() => done()));
      }),
  );
}

/** test-results/screenshots/storefront-<name>-<width>.png */
export const screenshotPath = (testInfo: TestInfo, name: string, width: number): string =>
  path.join(testInfo.project.outputDir, 'screenshots', `storefront-${name}-${width}.png`);

/** Shoots `name` at both widths, then puts the viewport back to the desktop size. */
export async function captureScreens(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!SCREENSHOTS) return backToDesktop(page);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    const file = screenshotPath(testInfo, name, size.width);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`storefront-${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize(DESKTOP);
  await settle(page);
}
