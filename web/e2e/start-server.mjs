// Starts the real server for Playwright on a throwaway data directory (SQLite file, uploads, outbox),
// with the demo catalog seeded so pages look like the real shop; specs add their own records on top.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { e2eDataDir } from './support/data-dir.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A fixed place per port, so specs can read the mail the shop writes to <dataDir>/outbox (support/outbox.ts).
const dataDir = e2eDataDir(process.env.E2E_PORT ?? '3100');
fs.rmSync(dataDir, { recursive: true, force: true });
// `npm test` has just built cms/dist and sets TEST_SERVER=dist: the compiled server (and its compiled seed) start
// with the package-scope and compile caches, as cms/test/harness.ts's serverEntryArgs does, instead of having tsx
// compile the TypeScript sources in each of the two servers and their seeds while the other seeds alongside.
// A spec run by hand gets the sources as they are, with nothing to rebuild.
const compiled = process.env.TEST_SERVER === 'dist';
const loader = compiled ? ['--import', path.join(root, 'scripts/esm-scope-cache.mjs')] : ['--import', 'tsx'];
// Payload hashes and checks passwords with PBKDF2 at 600 000 iterations, ~0.8 s of CPU each time on the CI
// machine, and a run signs in some two hundred times (each spec's API helpers and pages) besides the users it
// creates: the integration servers' fast-password-hash.mjs lowers only that count, for the hash and the check
// alike, in the server and its seed (NODE_OPTIONS). No spec here is about what a check costs (cms/test/auth.test.ts
// keeps Payload's cost for that); the sign-in locks count attempts, not time.
const fastPasswordHash = `--import=${pathToFileURL(path.join(root, 'cms/test/fast-password-hash.mjs')).href}`;
const serverEnv = {
  ...process.env,
  NODE_OPTIONS: [fastPasswordHash, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
  ...(compiled ? { NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache') } : {}),
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
  SEED_DEMO: 'true',
  CONTACT_RATE_LIMIT: '100',
  PAYMENT_RATE_LIMIT: '1000',
  LOG_LEVEL: 'error',
};

/** Runs the demo seed (cms/seed/run) into `dir`; true when it succeeded. */
function seedInto(dir) {
  const seed = compiled ? path.join(root, 'cms/dist/seed/run.js') : path.join(root, 'cms/seed/run.ts');
  return new Promise((resolve) => {
    const run = spawn(process.execPath, [...loader, seed], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...serverEnv, DATA_DIR: dir },
    });
    run.once('error', () => resolve(false));
    run.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * The servers of one run (playwright.config.ts starts one per worker, at the same moment, and names in
 * E2E_SEED_SHARED a directory for them all) start from the same demo shop: the first to take the lock seeds it
 * once, the others wait and copy it, instead of each decoding the same images and writing the same 843 orders
 * while the other does too on the same two cores. The copy is made while nothing has the database open. Should
 * the shared seed fail, each server seeds its own as before (SEED_DEMO, server.ts).
 */
async function startFromSharedSeed(shared) {
  // Those of runs that were killed before their servers could remove them (named by their runner's pid).
  const prefix = path.basename(shared).replace(/\d+$/, '');
  for (const name of fs.readdirSync(path.dirname(shared))) {
    const pid = Number(name.slice(prefix.length).replace(/\.failed$/, ''));
    if (!name.startsWith(prefix) || !pid || path.join(path.dirname(shared), name) === shared) continue;
    try {
      process.kill(pid, 0);
    } catch {
      fs.rmSync(path.join(path.dirname(shared), name), { recursive: true, force: true });
    }
  }
  const ready = path.join(shared, 'seeded');
  const failed = `${shared}.failed`;
  let mine = false;
  try {
    fs.mkdirSync(shared);
    mine = true;
  } catch {
    // Another server of this run seeds it.
  }
  if (mine) {
    const partial = path.join(shared, 'data');
    if (await seedInto(partial)) fs.mkdirSync(ready);
    else fs.writeFileSync(failed, '');
  }
  while (!fs.existsSync(ready) && !fs.existsSync(failed)) await new Promise((done) => setTimeout(done, 200));
  if (fs.existsSync(ready)) fs.cpSync(path.join(shared, 'data'), dataDir, { recursive: true });
}

const shared = process.env.E2E_SEED_SHARED;
let child = null;
const stop = () => (child ? child.kill('SIGTERM') : process.exit(1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (shared) await startFromSharedSeed(shared);
fs.mkdirSync(dataDir, { recursive: true });
child = spawn(process.execPath, [...loader, path.join(root, compiled ? 'cms/dist/server.js' : 'cms/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  // Every server of the run copied it before its own start.
  if (shared) fs.rmSync(shared, { recursive: true, force: true });
  if (shared) fs.rmSync(`${shared}.failed`, { force: true });
  process.exit(code ?? 0);
});
