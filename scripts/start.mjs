// `npm start`: build the SPA, the /cms panel and the server when a build is missing or older than its sources,
// then run the compiled server in a child process under a supervisor (scripts/supervisor.mjs), which starts it
// again whenever it dies unasked and passes SIGTERM and Ctrl-C on to it.
import path from 'node:path';
import { build, compiledServerModule, mustBuild, root } from './build-if-needed.mjs';
import { supervise } from './supervisor.mjs';

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
supervise(compiledServerModule('server'));
