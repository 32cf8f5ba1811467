/** Helpers for tests that read the storefront's HTML as a crawler would (seo, storefront-ssr). */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './harness';

/** The web build the storefront's pages come from; `npm test` builds it before the tests. */
export function requireWebBuild(files = ['web/dist/index.html']): void {
  for (const built of files) {
    const file = path.join(repoRoot, built);
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w web\` first`);
  }
}

/** Text or an attribute value as written in HTML, its entities read back. */
export const decodeHtml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
