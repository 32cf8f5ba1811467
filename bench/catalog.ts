// Issue 2 figures: cold start (seeding an empty database) and warm start to the first page served,
// GET /api/v2/products throughput and (issue 23) server-rendered pages' against an express hello-world route
// in the same run, and the
// storefront's initial JavaScript (gzipped).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import express from 'express';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../web/e2e/chromium';
import { freePort, repoRoot, startShop } from './server';

async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const result = await autocannon({ url, connections: 10, duration: seconds, pipelining: 1, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function helloWorld(): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.get('/hello', (_req, res) => res.json({ result: 'hello', status: 200 }));
  const port = await freePort();
  const server = app.listen(port);
  return { url: `http://127.0.0.1:${port}/hello`, close: () => server.close() };
}

function initialJsGzipped(): { files: number; bytes: number; gzipped: number } {
  const dist = path.join(repoRoot, 'web', 'dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]);
  let bytes = 0;
  let gzipped = 0;
  for (const ref of new Set(refs)) {
    const content = fs.readFileSync(path.join(dist, ref));
    bytes += content.length;
    gzipped += gzipSync(content, { level: 9 }).length;
  }
  return { files: new Set(refs).size, bytes, gzipped };
}

/** What a first visit to /site actually downloads as JavaScript, index chunks plus lazy route chunks. */
async function siteJsOnFirstVisit(baseUrl: string): Promise<{ files: number; bytes: number; gzipped: number }> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(`${baseUrl}/site`, { waitUntil: 'networkidle' });
  const all = await Promise.all(bodies);
  await browser.close();
  return {
    files: all.length,
    bytes: all.reduce((n, b) => n + b.length, 0),
    gzipped: all.reduce((n, b) => n + gzipSync(b, { level: 6 }).length, 0),
  };
}

export async function benchCatalog(seconds = 8): Promise<void> {
  console.log('\n== Catalog (issue 2) ==');
  const cold = await startShop({ env: { SEED_DEMO: 'true' } });
  console.log(`cold start, empty database + demo seeding → first page: ${(cold.firstPageMs / 1000).toFixed(1)} s`);
  await cold.stop();
  const warm = await startShop({ dataDir: cold.dataDir, env: { SEED_DEMO: 'true' } });
  console.log(`warm start (database present) → first page:          ${(warm.firstPageMs / 1000).toFixed(1)} s`);
  console.log(`  ratio cold/warm: ${(cold.firstPageMs / warm.firstPageMs).toFixed(1)}×`);

  const hello = await helloWorld();
  await load(hello.url, 2); // warm-up both sides so JIT state is comparable
  await load(`${warm.baseUrl}/api/v2/products`, 2);
  const base = await load(hello.url, seconds);
  const products = await load(`${warm.baseUrl}/api/v2/products`, seconds);
  hello.close();
  console.log(`express hello-world:      ${base.rps.toFixed(0)} req/s (p50 ${base.p50} ms, p99 ${base.p99} ms)`);
  console.log(
    `GET /api/v2/products:     ${products.rps.toFixed(0)} req/s (p50 ${products.p50} ms, p99 ${products.p99} ms, non-2xx ${products.non2xx})`,
  );
  console.log(`  ratio products/hello-world: ${(products.rps / base.rps).toFixed(3)}`);

  // Issue 23: server-rendered pages, kept in the catalogue cache, against the same hello-world baseline, which
  // is measured again right before them so both see the machine in the same state.
  type ListEnvelope = { result: { id: string }[] };
  const someProduct = ((await (await fetch(`${warm.baseUrl}/api/v2/products?limit=1`)).json()) as ListEnvelope)
    .result[0];
  const rendered = [
    ['server-rendered product page', `${warm.baseUrl}/site/shop/${someProduct.id}`],
    ['server-rendered home', `${warm.baseUrl}/site`],
    ['server-rendered shop', `${warm.baseUrl}/site/shop`],
  ] as const;
  for (const [, url] of rendered) await load(url, 2);
  const hello2 = await helloWorld();
  await load(hello2.url, 2);
  const base2 = await load(hello2.url, seconds);
  hello2.close();
  console.log(`express hello-world (again): ${base2.rps.toFixed(0)} req/s (p50 ${base2.p50} ms, p99 ${base2.p99} ms)`);
  // Without Accept-Encoding (the whole page, about 80 KiB) and as browsers ask (gzip: about 15 KiB).
  for (const [name, url] of rendered) {
    for (const [how, headers] of [
      ['', {}],
      [', gzip', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const page = await load(url, seconds, headers);
      console.log(
        `${`${name}${how}:`.padEnd(37)} ${page.rps.toFixed(0)} req/s (p50 ${page.p50} ms, p99 ${page.p99} ms, non-2xx ${page.non2xx})` +
          `  ratio to hello-world ${(page.rps / base2.rps).toFixed(3)}`,
      );
    }
  }
  const visit = await siteJsOnFirstVisit(warm.baseUrl);
  await warm.stop();
  fs.rmSync(cold.dataDir, { recursive: true, force: true });

  const js = initialJsGzipped();
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`storefront entry JS (index.html): ${js.files} files, ${kib(js.bytes)} raw, ${kib(js.gzipped)} gzipped`);
  console.log(
    `first visit to /site, all JS:     ${visit.files} files, ${kib(visit.bytes)} raw, ${kib(visit.gzipped)} gzipped`,
  );
}
