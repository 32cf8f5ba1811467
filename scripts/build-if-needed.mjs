// What `npm start` (scripts/start.mjs) and the owner's commands run from the compiled server
// (scripts/run-compiled.mjs) share: whether a build is missing or stale, and building it then.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether a build is missing or, outside production, older than its sources. */
export function mustBuild(builtFiles, sourcePaths) {
  const builtAt = Math.min(...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  // A production image builds once and carries no sources nor build tools: only a missing build is an error there.
  if (process.env.NODE_ENV === 'production') return { missing: builtAt === 0, stale: builtAt === 0 };
  const sourcesAt = Math.max(...sourcePaths.map((s) => newestMtime(path.join(root, s))));
  return { missing: builtAt === 0, stale: builtAt < sourcesAt };
}

export function build(label, command, check) {
  if (!check.stale) return;
  console.log(check.missing ? `No ${label} build yet: building it` : `${label} sources changed: rebuilding`);
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Everything scripts/build-server.mjs compiles into cms/dist. */
const serverSources = [
  'cms/server.ts',
  'cms/express-app.ts',
  'cms/payload.config.ts',
  ...['access', 'collections', 'endpoints', 'fields', 'globals', 'hooks', 'lib', 'migrations'].map((d) => `cms/${d}`),
  ...['paypal-emulator', 'scripts', 'seed', 'services', 'types'].map((d) => `cms/${d}`),
  'packages/shared/src',
];

/**
 * The server's compiled module `name` (cms/dist/<name>.js: an entry of scripts/build-server.mjs), compiled
 * first when it is missing or older than the server's sources (about a second).
 */
export function compiledServerModule(name) {
  const compiled = path.join(root, 'cms', 'dist', `${name}.js`);
  if (!fs.existsSync(compiled) && !fs.existsSync(path.join(root, 'scripts', 'build-server.mjs'))) {
    // The production image carries the build, not the tools that make it.
    console.error(`${path.relative(root, compiled)} is missing and this install cannot compile it: build it first`);
    process.exit(1);
  }
  build('server (cms/dist)', ['node', 'scripts/build-server.mjs'], mustBuild([compiled], serverSources));
  return compiled;
}
