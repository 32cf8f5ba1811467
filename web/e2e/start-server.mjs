// Starts the real server for Playwright on a throwaway data directory (SQLite file, uploads, outbox),
// with the demo catalog seeded so pages look like the real shop; specs add their own records on top.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDataDir } from './support/data-dir.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A fixed place per port, so specs can read the mail the shop writes to <dataDir>/outbox (support/outbox.ts).
const dataDir = e2eDataDir(process.env.E2E_PORT ?? '3100');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cms/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
    SEED_DEMO: 'true',
    CONTACT_RATE_LIMIT: '100',
    PAYMENT_RATE_LIMIT: '1000',
    LOG_LEVEL: 'error',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
