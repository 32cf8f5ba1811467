/**
 * What the control-centre specs share: signing in through the login form and full-page screenshots of
 * an admin screen at the desktop and the phone width.
 */
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ADMIN, sha256hex } from './admin-api';
import { backToDesktop, DESKTOP, PHONE, SCREENSHOTS, settle } from './screens';

/** Shoots test-results/screenshots/admin-<name>-<width>.png at both widths, then goes back to the desktop size. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!SCREENSHOTS) return backToDesktop(page);
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

/**
 * Signs the page in as the demo admin the e2e server's seed creates, without the form, and opens `landing`.
 * The form itself is what admin.spec.ts, admin-defects.spec.ts and admin-catalog.spec.ts's invite check (with
 * signIn above); here it would only cost each spec a load of the sign-in screen and of the dashboard. What the
 * form leaves behind is made directly: the session cookie (the page's request context shares the browser's
 * cookies) and the control centre's "logged in" marker in local storage, set on a cheap page of the same origin.
 */
export async function signInAsDemoAdmin(page: Page, landing = '/admin/home'): Promise<void> {
  await page.goto('/healthz');
  const res = await page.request.post('/api/v2/auth/login', {
    headers: { Origin: new URL(page.url()).origin },
    data: { email: DEMO_ADMIN.email, password: sha256hex(DEMO_ADMIN.password) },
  });
  expect(res.status(), await res.text()).toBe(200);
  // web/src/admin/api/auth.ts's SESSION_FLAG_KEY, as its startSession() writes it after the form's login.
  await page.evaluate(() => localStorage.setItem('admin-logged-in', 'true'));
  await page.goto(landing);
  // Still there once the app has started: the session guard sends a browser it takes as signed out to /admin.
  const path = landing.split('?')[0];
  await expect(page).toHaveURL((url) => url.pathname === path);
}
