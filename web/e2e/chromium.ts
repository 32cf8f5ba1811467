import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * These machines cannot download Playwright's browser: Debian's Chromium is used when it is there. The
 * flags keep it off the (closed) network and working as root in CI.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};
