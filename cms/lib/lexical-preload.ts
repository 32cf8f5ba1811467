import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The folder of an installed package (its package.json is not among its exports). */
function packageDir(name: string): string | null {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(name));
  } catch {
    return null;
  }
  while (!fs.existsSync(path.join(dir, 'package.json')) || readManifest(dir).name !== name) {
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return dir;
}

const readManifest = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name?: string;
    dependencies?: Record<string, string>;
  };

const isLexical = (name: string) => name === 'lexical' || name.startsWith('@lexical/');

/**
 * Lexical's Node entry points (`*.node.mjs`) pick their dev or prod build with a top-level `await import()`.
 * When several of them are first evaluated at the same time, as loading Payload's rich-text editor does,
 * Node 20's ESM loader sometimes leaves one waiting forever and the process ends with exit code 13
 * ("unsettled top-level await") before the server starts: about one start in three here. Evaluating them
 * one at a time, each after the lexical packages it imports, beforehand, avoids that race; the later
 * imports then find finished modules. Call it (and await it) before anything imports the Payload config.
 */
export async function preloadLexical(): Promise<void> {
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    const dir = packageDir(name);
    if (dir) for (const dep of Object.keys(readManifest(dir).dependencies ?? {})) if (isLexical(dep)) visit(dep);
    visiting.delete(name);
    if (dir) order.push(name);
  };
  const editorDir = packageDir('@payloadcms/richtext-lexical');
  if (!editorDir) return;
  for (const dep of Object.keys(readManifest(editorDir).dependencies ?? {})) if (isLexical(dep)) visit(dep);
  for (const name of order) {
    // @lexical/react has no root entry, only its subpaths; what they import is loaded by now.
    if (name === '@lexical/react') continue;
    await import(name);
  }
}
