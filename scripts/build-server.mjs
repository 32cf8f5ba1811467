// `npm run build -w cms` (first step): the server's TypeScript compiled ahead of time into cms/dist/, so that
// `npm start` runs plain JavaScript: no TypeScript compiler in memory and no compiling at every start
// (issue 12: about 230 MiB resident at rest instead of 370, and half the start time). Packages stay external
// (node_modules); only the shop's own code (cms/ and the shared package) is bundled. Dynamic imports become
// their own chunks, so modules still load in the order the code asks for them (lib/lexical-preload.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cmsPackage = JSON.parse(fs.readFileSync(path.join(root, 'cms', 'package.json'), 'utf8'));
const external = [
  ...Object.keys(cmsPackage.dependencies).filter((name) => !name.startsWith('@shop/')),
  // Reached through those packages or their peers; never bundled.
  '@payloadcms/*',
  '@lexical/*',
  'lexical',
  '@libsql/*',
  'libsql',
  'drizzle-orm',
  'drizzle-kit',
];

const outdir = path.join(root, 'cms', 'dist');
// Compiled beside the old one and swapped in when complete: two `npm start`s at once (several instances on
// one machine) never load a half-written build.
const building = path.join(root, 'cms', `.dist-building-${process.pid}`);
await build({
  // The seed runs as its own process on a first start (server.ts), so it is an entry of its own; so are the
  // owner's commands (scripts/run-compiled.mjs), which production runs without a TypeScript runner.
  entryPoints: ['server.ts', 'seed/run.ts', 'scripts/create-admin.ts', 'scripts/image-previews.ts'].map((entry) =>
    path.join(root, 'cms', entry),
  ),
  outbase: path.join(root, 'cms'),
  outdir: building,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
const retired = path.join(root, 'cms', `.dist-retired-${process.pid}`);
if (fs.existsSync(outdir)) fs.renameSync(outdir, retired);
fs.renameSync(building, outdir);
fs.rmSync(retired, { recursive: true, force: true });
console.log(`server compiled into ${path.relative(root, outdir)}/`);
