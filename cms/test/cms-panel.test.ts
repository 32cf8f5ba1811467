/**
 * Payload's panel at /cms served by the shop's own express server (issue 11 part 1 and the CSP of part 5):
 * Next.js answers /cms and /_next, everything else stays the shop's, and the panel's inline scripts run
 * under a per-response nonce while the storefront's policy gains nothing. Needs the panel's build
 * (`npm run build`, which `npm test` runs first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateImportMap } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committedImportMap = path.join(cmsDir, 'app', '(payload)', 'cms', 'importMap.js');

let server: TestServer;

beforeAll(async () => {
  expect(fs.existsSync(path.join(cmsDir, '.next', 'BUILD_ID')), 'run `npm run build` first').toBe(true);
  server = await startServer();
});
afterAll(() => server?.stop());

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('the /cms panel', () => {
  it('when the login page is asked for, then Next renders it and every inline script carries the nonce of this response only', async () => {
    const first = await server.raw({ path: '/cms/login', headers: { accept: 'text/html' } });
    expect(first.status).toBe(200);
    expect(String(first.headers['content-type'])).toMatch(/^text\/html/);
    const policy = String(first.headers['content-security-policy']);
    const scriptSrc = directive(policy, 'script-src');
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");

    const inlineScripts = [...first.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);

    const second = await server.raw({ path: '/cms/login', headers: { accept: 'text/html' } });
    const secondNonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(second.headers['content-security-policy']))?.[1];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(nonce);
  });

  it("when the panel's own files are asked for, then Next serves them from /_next with long-lived caching", async () => {
    const page = await server.raw({ path: '/cms/login', headers: { accept: 'text/html' } });
    const chunk = /(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/.exec(page.text)?.[1];
    expect(chunk).toBeTruthy();
    const res = await server.raw({ path: chunk! });
    expect(res.status).toBe(200);
    expect(String(res.headers['cache-control'])).toContain('immutable');
    expect(res.text.length).toBeGreaterThan(100);
  });

  it('when a signed-out visitor opens a collection, then the panel sends them to its login and shows no records', async () => {
    const res = await server.raw({ path: '/cms/collections/orders', headers: { accept: 'text/html' } });
    if (res.status >= 300 && res.status < 400) {
      expect(String(res.headers.location)).toMatch(/^\/cms\/login/);
    } else {
      expect(res.status).toBe(200);
      expect(res.text).toContain('/cms/login');
      expect(res.text).not.toMatch(/transaction_id|payer_email_address/);
    }
  });

  it("when the panel has been loaded, then the storefront's and the control centre's pages keep their own policy with no nonce", async () => {
    await server.raw({ path: '/cms/login', headers: { accept: 'text/html' } });
    for (const pathname of ['/site', '/admin/login']) {
      const res = await server.raw({ path: pathname, headers: { accept: 'text/html' } });
      expect(res.status, pathname).toBe(200);
      const scriptSrc = directive(String(res.headers['content-security-policy']), 'script-src');
      expect(scriptSrc, pathname).toBe("script-src 'self'");
      expect(res.text, pathname).not.toContain('/_next/');
    }
  });

  it('when the panel is there, then the REST API, the v2 API and unknown paths answer as before', async () => {
    await server.raw({ path: '/cms/login', headers: { accept: 'text/html' } });
    const config = await server.api('/api/v2/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ status: 200 });
    const restList = await server.api('/api/recipes?limit=1');
    expect(restList.status).toBe(200);
    const unknown = await server.api('/api/v2/no-such-route');
    expect(unknown.status).toBe(404);
    const nextLookalike = await server.raw({ path: '/cmsx', headers: { accept: 'application/json' } });
    expect(nextLookalike.status).toBe(404);
    expect(nextLookalike.headers['content-security-policy']).not.toMatch(/nonce-/);
  });
});

describe('hostile requests to the panel', () => {
  it('when panel paths are malformed, point outside it or carry junk, then nothing answers 5xx and nothing leaks', async () => {
    const probes: Array<{ method?: string; path: string; headers?: Record<string, string>; body?: string }> = [
      { path: '/cms/%E0%A4%A' },
      { path: '/cms/..%2F..%2Fpackage.json' },
      { path: '/_next/static/..%2F..%2F..%2Fpackage.json' },
      { path: '/_next/static/chunks/does-not-exist.js' },
      { path: '/_next/image?url=https%3A%2F%2Fevil.example%2Fx.png&w=64&q=75' },
      { path: '/cms/collections/orders/../../../etc/passwd' },
      { path: `/cms/${'a/'.repeat(400)}` },
      // A server action that does not exist, with a body that is not one.
      {
        method: 'POST',
        path: '/cms',
        headers: {
          'next-action': 'ffffffffffffffffffffffffffffffffffffffff',
          'content-type': 'text/plain;charset=UTF-8',
          origin: server.baseUrl,
        },
        body: '["$junk",{"a":1}]',
      },
      {
        method: 'POST',
        path: '/cms/login',
        headers: {
          'next-action': '',
          'content-type': 'multipart/form-data; boundary=x',
          origin: 'https://evil.example',
        },
        body: '--x\r\nContent-Disposition: form-data; name="1"\r\n\r\n{}\r\n--x--\r\n',
      },
    ];
    for (const probe of probes) {
      const res = await server.raw({
        method: probe.method ?? 'GET',
        path: probe.path,
        headers: { accept: 'text/html', ...probe.headers },
        body: probe.body,
      });
      expect(res.status, `${probe.method ?? 'GET'} ${probe.path}`).toBeLessThan(500);
      expect(res.text, probe.path).not.toContain('"name": "bottega-shop"');
      expect(res.text, probe.path).not.toMatch(/root:x:0:0/);
    }
  });
});

describe('a shop whose panel was never built', () => {
  it('when /cms is asked for, then the server says how to build it (503) and the storefront still works', async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-panel-'));
    const bare = await startServer({ env: { CMS_PANEL_DIR: emptyDir } });
    try {
      const res = await bare.api('/cms/login');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ result: 'The content panel is not built yet: run npm run build', status: 503 });
      const site = await bare.raw({ path: '/api/v2/config' });
      expect(site.status).toBe(200);
    } finally {
      await bare.stop();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe("the panel's import map", () => {
  it('when Payload generates it from the current config, then it is exactly the committed cms/app/(payload)/cms/importMap.js', async () => {
    const config = await (await import('../lib/load-config')).loadPayloadConfig();
    // Beside the committed map, so the relative imports of the shop's own panel components read the same.
    const generated = path.join(path.dirname(committedImportMap), `.importMap-${process.pid}.js`);
    try {
      await generateImportMap(
        { ...config, admin: { ...config.admin, importMap: { ...config.admin.importMap, importMapFile: generated } } },
        { log: false, force: true },
      );
      // Rerun `npm run generate:importmap -w cms` after changing the panel's components or editor features.
      expect(fs.readFileSync(generated, 'utf8')).toBe(fs.readFileSync(committedImportMap, 'utf8'));
    } finally {
      fs.rmSync(generated, { force: true });
    }
  });
});
