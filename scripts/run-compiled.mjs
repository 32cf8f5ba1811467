// The owner's commands (`npm run seed`, `npm run create-admin`, `npm run images:previews`) run the compiled
// server's code (cms/dist, scripts/build-server.mjs), as `npm start` does: the production image carries
// neither the TypeScript sources nor a TypeScript runner. `node scripts/run-compiled.mjs <entry>`, the entry
// named as in cms/ without its extension (seed/run, scripts/create-admin).
import { pathToFileURL } from 'node:url';
import { compiledServerModule } from './build-if-needed.mjs';

const entry = process.argv[2];
if (!entry) {
  console.error('Usage: node scripts/run-compiled.mjs <entry in cms/, e.g. scripts/create-admin>');
  process.exit(2);
}
await import(pathToFileURL(compiledServerModule(entry)).href);
