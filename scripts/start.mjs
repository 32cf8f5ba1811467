// `npm start`: build the SPA when the build is missing or older than its sources, then run the server
// (TypeScript through tsx, in this same process so SIGTERM reaches it directly).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The storefront's and the control centre's entries: both must be there and newer than the sources.
const builtEntries = ['index.html', 'admin.html'].map((name) => path.join(root, 'web', 'dist', name));
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/admin.html',
  'web/vite.config.ts',
  'web/vite.admin.config.ts',
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

const builtAt = Math.min(...builtEntries.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
// A production image builds the SPA once and drops the build tools: only a missing build is an error there.
const mustBuild = process.env.NODE_ENV === 'production' ? builtAt === 0 : builtAt < sourcesAt;
if (mustBuild) {
  console.log(builtAt ? 'SPA sources changed: rebuilding web/dist' : 'No SPA build yet: building web/dist');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'cms', 'src', 'server.ts'));
