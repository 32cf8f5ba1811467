import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Endpoint } from 'payload';
import { v2 } from '../../lib/endpoint';

/**
 * The API description (openapi/) as JSON and as a Redoc page. Public: it describes the routes and holds no
 * data. The page loads nothing from elsewhere (Redoc's bundle comes from node_modules through these routes,
 * no web fonts), so it works offline; its own Content-Security-Policy replaces the storefront's.
 */
const BUNDLE_PATH = '/api/v2/docs/redoc.standalone.js';

// Redoc is told to use the system's fonts: its default ones would come from a font service.
const INIT_SCRIPT = `Redoc.init('/api/v2/openapi.json', {
  expandResponses: '200,201',
  theme: {
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      code: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }
    },
    colors: { primary: { main: '#8b3a1a' } }
  }
}, document.getElementById('reference'));`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Bottega di Famiglia API</title>
<style>body { margin: 0; }</style>
</head>
<body>
<div id="reference"></div>
<script src="${BUNDLE_PATH}"></script>
<script>${INIT_SCRIPT}</script>
</body>
</html>
`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * Redoc styles itself with inline <style> elements and runs its search in a worker made from a blob; the
 * one inline script is allowed by its hash.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${sha256(INIT_SCRIPT)}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

let bundle: Promise<Buffer> | undefined;
const readBundle = () =>
  (bundle ??= fs.readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js')).catch((err) => {
    bundle = undefined;
    throw err;
  }));

export const apiReferenceEndpoints: Endpoint[] = [
  v2(
    'get',
    '/openapi.json',
    // Imported on first use: a shop that never serves its description never loads the schemas' converter.
    async () =>
      new Response((await import('./openapi')).apiDocumentJson(), {
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
      }),
  ),
  v2(
    'get',
    '/docs',
    async () =>
      new Response(PAGE, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
          'content-security-policy': PAGE_POLICY,
        },
      }),
  ),
  v2(
    'get',
    '/docs/redoc.standalone.js',
    async () =>
      new Response(new Uint8Array(await readBundle()), {
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' },
      }),
  ),
];
