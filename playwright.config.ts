import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './web/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'web/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The shop honours reduced motion (antd's dialogs and toasts appear at once): a click on a dialog's button is
    // then never aimed at a dialog still zooming in. The zooming itself is checked in admin-a11y.spec.ts.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node web/e2e/start-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
  },
});
