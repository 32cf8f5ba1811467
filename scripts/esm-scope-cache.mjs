// Loaded with `--import` (or imported before the server) so that it runs before the server's module graph is
// resolved. Why: Node (22–26) looks up the nearest package.json again for every `file:` module it resolves, to
// learn whether a .js file is ESM, and deserializes that package.json each time. Payload's and its
// adapters' package.json files carry large `exports` maps and their packages import thousands of files
// relatively, so a start spent ~1.3 s of its ~4 s of CPU there (node --cpu-prof; nodejs/node#58126).
//
// The hook answers only the plainest case, a relative `./x.js` / `../x.mjs` / `../x.cjs` import of an
// existing file from a `file:` module whose package scope states its "type", and gives the same URL (its real
// path, as Node's resolver does) and format Node's resolver would. Everything else (bare specifiers,
// `exports`, conditions, scopes without "type", missing files and their errors) goes to Node's resolver.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A directory → the "type" of its package scope ('module' | 'commonjs'), or null when none states one. */
const scopeTypes = new Map();

function scopeType(dir) {
  const known = scopeTypes.get(dir);
  if (known !== undefined) return known;
  let type = null;
  let text = null;
  try {
    text = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
  } catch {
    text = null;
  }
  if (text !== null) {
    try {
      const declared = JSON.parse(text).type;
      type = declared === 'module' || declared === 'commonjs' ? declared : null;
    } catch {
      type = null; // Node's own reader reports a broken package.json: let it.
    }
  } else {
    const parent = path.dirname(dir);
    // Node's scope lookup stops at the file system's root and at a node_modules folder.
    type = parent === dir || path.basename(dir) === 'node_modules' ? null : scopeType(parent);
  }
  scopeTypes.set(dir, type);
  return type;
}

const RELATIVE_SCRIPT = /^\.{1,2}\/[^?#%]*\.(?:m|c)?js$/;

function formatOf(file) {
  if (file.endsWith('.mjs')) return 'module';
  if (file.endsWith('.cjs')) return 'commonjs';
  return scopeType(path.dirname(file));
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.startsWith('file:') && RELATIVE_SCRIPT.test(specifier)) {
      let real = null;
      try {
        real = fs.realpathSync.native(fileURLToPath(new URL(specifier, parent)));
        if (!fs.statSync(real).isFile()) real = null;
      } catch {
        real = null;
      }
      const format = real === null ? null : formatOf(real);
      if (format !== null) return { url: pathToFileURL(real).href, format, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
