import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './web/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
// `npm test` runs two workers, each against its own server (E2E_PORT and the next port, each on its own data
// directory): a spec sees only the records of the specs its worker ran before it, as with one worker, and the
// run takes about half as long. A spec file run by hand gets one worker and one server by default.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

export default defineConfig({
  testDir: 'web/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The shop honours reduced motion (antd's dialogs and toasts appear at once): a click on a dialog's button is
    // then never aimed at a dialog still zooming in. The zooming itself is checked in admin-a11y.spec.ts.
    reducedMotion: 'reduce',
    // Recording a trace of every test costs the runner about 2.5 s of CPU per test, a few minutes of `npm test`
    // on two cores: `npm test` sets E2E_TRACE=off. A spec run by hand keeps a trace of each failure.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: 'node web/e2e/start-server.mjs',
    url: `http://127.0.0.1:${port + i}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The servers seed the demo shop once between them (web/e2e/start-server.mjs), in a directory of this run's.
    env: {
      E2E_PORT: String(port + i),
      ...(workers > 1 ? { E2E_SEED_SHARED: path.join(os.tmpdir(), `shop-e2e-seed-${process.pid}`) } : {}),
    },
  })),
});
