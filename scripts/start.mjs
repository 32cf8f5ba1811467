// `npm start`: build the SPA, the /cms panel and the server when a build is missing or older than its sources,
// then run the compiled server in a child process under a supervisor (scripts/supervisor.mjs), which starts it
// again whenever it dies unasked and passes SIGTERM and Ctrl-C on to it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The storefront's and the control centre's entries and the server renderer: there and newer than the sources.
const builtEntries = [
  ...['index.html', 'admin.html'].map((name) => path.join(root, 'web', 'dist', name)),
  // The storefront's server renderer (web/vite.ssr.config.ts), built with them.
  path.join(root, 'web', 'dist-ssr', 'entry-server.js'),
];
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/admin.html',
  'web/vite.config.ts',
  'web/vite.admin.config.ts',
  'web/vite.ssr.config.ts',
  'packages/shared/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether a build is missing or, outside production, older than its sources. */
function mustBuild(builtFiles, sourcePaths) {
  const builtAt = Math.min(...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const sourcesAt = Math.max(...sourcePaths.map((s) => newestMtime(path.join(root, s))));
  // A production image builds once and drops the build tools: only a missing build is an error there.
  return { missing: builtAt === 0, stale: process.env.NODE_ENV === 'production' ? builtAt === 0 : builtAt < sourcesAt };
}

function build(label, command, check) {
  if (!check.stale) return;
  console.log(check.missing ? `No ${label} build yet: building it` : `${label} sources changed: rebuilding`);
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

build('SPA (web/dist)', ['npm', 'run', 'build', '-w', 'web'], mustBuild(builtEntries, sources));
// Payload's panel at /cms (Next.js, cms/.next): its pages, its Next config and the import map of the panel's
// components, which the Payload config's collections and editor features decide.
build(
  'content panel (cms/.next)',
  ['npm', 'run', 'build', '-w', 'cms'],
  mustBuild(
    [path.join(root, 'cms', '.next', 'BUILD_ID')],
    ['cms/app', 'cms/next.config.mjs', 'cms/tsconfig.next.json'],
  ),
);

// The server itself, compiled ahead of time into cms/dist (scripts/build-server.mjs, part of the panel's build
// above; about a second on its own): Node runs JavaScript, without a TypeScript compiler in memory.
const serverSources = [
  'cms/server.ts',
  'cms/express-app.ts',
  'cms/payload.config.ts',
  ...['access', 'collections', 'endpoints', 'fields', 'globals', 'hooks', 'lib', 'migrations'].map((d) => `cms/${d}`),
  ...['paypal-emulator', 'scripts', 'seed', 'services', 'types'].map((d) => `cms/${d}`),
  'packages/shared/src',
];
const compiledServer = path.join(root, 'cms', 'dist', 'server.js');
build('server (cms/dist)', ['node', 'scripts/build-server.mjs'], mustBuild([compiledServer], serverSources));
supervise(compiledServer);
