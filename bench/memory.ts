// Issue 12 figures: the server's resident memory at rest and through a soak of mixed storefront traffic at
// 50 requests per second, for the server as `npm start` runs it (compiled ahead of time, cms/dist) with the
// same server run from its TypeScript sources through tsx as the baseline, both in this run, and the compiled
// server without `npm start`'s heap flags (package.json: a capped old space and smaller young generation, which
// make V8 collect before garbage piles up to 300 MiB under steady traffic). The soak runs on a warm start (the
// database already seeded by a first start), as a running shop would be, with `npm start`'s flags.
// SOAK_SECONDS (default 600) sets the soak's length.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, repoRoot, startEnv, startNodeFlags } from './server';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = 50;

const rssMiB = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(
  args: string[],
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
      ...extraEnv,
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await pause(200);
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Idle memory of a warm start (seeded by a first start on the same folder). */
async function warmStart(
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; idle: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-memory-'));
  const port = await freePort();
  await stop(await startServer(args, dataDir, port, extraEnv));
  const child = await startServer(args, dataDir, port, extraEnv);
  await pause(3000);
  return { child, port, idle: rssMiB(child.pid!) };
}

export async function benchMemory(): Promise<void> {
  console.log('\n== Memory (issue 12) ==');
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('could not compile the server');
  const tsx = await warmStart(['--import', 'tsx', 'cms/server.ts']);
  await stop(tsx.child);
  const unflagged = await warmStart(['cms/dist/server.js']);
  await stop(unflagged.child);
  const flags = startNodeFlags();
  const { child, port, idle } = await warmStart([...flags, 'cms/dist/server.js'], startEnv());
  console.log(
    `at rest: ${idle} MiB compiled as npm start runs it (${Object.entries(startEnv())
      .map(([k, v]) => `${k}=${v} `)
      .join(
        '',
      )}${flags.join(' ')}), ${unflagged.idle} MiB compiled without those flags, ${tsx.idle} MiB through tsx (×${(idle / tsx.idle).toFixed(2)})`,
  );

  const base = `http://127.0.0.1:${port}`;
  const products = ((await (await fetch(`${base}/api/v2/products?limit=30`)).json()) as { result: { id: string }[] })
    .result;
  const paths = [
    '/site',
    '/api/v2/config',
    '/api/v2/products?limit=12',
    '/api/v2/categories/list/top',
    '/api/v2/recipes/last/new',
    '/api/v2/products/suggestions?search=oli',
    '/api/v2/products?search=pasta',
    ...products.map((p) => `/api/v2/products/${p.id}`),
    // Server-rendered pages (issue 23), each kept in the render cache once drawn.
    '/site/shop',
    '/site/recipes',
    '/site/shop?search=olive',
    ...products.map((p) => `/site/shop/${p.id}`),
  ];
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(child.pid!)), 10_000);
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    overallRate: RATE,
    duration: SOAK_SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  clearInterval(sampler);
  await stop(child);
  console.log(
    `soak ${SOAK_SECONDS} s at ${RATE} req/s: ${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors}, p99 ${result.latency.p99} ms`,
  );
  console.log(
    `resident memory through it: max ${Math.max(...samples)} MiB (×${(Math.max(...samples) / idle).toFixed(2)} of rest)`,
  );
  // One sample a minute: a climb that never levels off is a leak, a plateau is the heap's working size.
  console.log(`  each minute: ${samples.filter((_, i) => i % 6 === 5).join(', ')} MiB`);
}
