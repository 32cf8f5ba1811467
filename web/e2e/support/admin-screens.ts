/**
 * What the control-centre specs share: signing in through the login form and full-page screenshots of
 * an admin screen at the desktop and the phone width.
 */
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ADMIN } from './admin-api';
import { DESKTOP, PHONE, settle } from './screens';

/** Shoots test-results/screenshots/admin-<name>-<width>.png at both widths, then goes back to the desktop size. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // From the top: a full-page shot taken while scrolled draws the sticky phone header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const file = path.join(testInfo.project.outputDir, 'screenshots', `admin-${name}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`admin-${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize(DESKTOP);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  // SPEC §2: Enter submits.
  await page.getByTestId('login-password').press('Enter');
  await expect(page).toHaveURL(/\/admin\/home$/);
}

/** Signs in through the form as the demo admin the e2e server's seed creates. */
export const signInAsDemoAdmin = (page: Page): Promise<void> => signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
