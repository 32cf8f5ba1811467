// Issue 14 figures: the orders CSV export (GET /api/v2/admin/orders/export, streamed page by page) over 10,000
// and 100,000 orders: time to download the whole file and the server's peak resident memory while it streams,
// against two baselines measured in the same run on the same server: one list page of 100 orders
// (GET admin/orders?limit=100) for time, the idle server's memory for memory.
//
// The server runs in a child process (this file again, as its entry point); the orders are written before it
// listens by a process of their own (cms/test/seed-orders-child.ts, through the database adapter in transactions
// of 1,000), so the server's memory is a server's, not the seeding's.
import fs from 'node:fs';
import { isEntryPoint, loginBenchAdmin, seedAndServe, startSeededServer } from './seeded-server';

const CHILD_FLAG = 'BENCH_ADMIN_EXPORT_CHILD';
const SIZES = (process.env.BENCH_ADMIN_EXPORT_SIZES ?? '10000,100000').split(',').map(Number);

// ---------------------------------------------------------------------------------------------------------
// Child: seed and serve

async function seedOrders(total: number): Promise<void> {
  const { spawnSync } = await import('node:child_process');
  await seedAndServe(async () => {
    // Written by another process (the integration tests' seeder: one line each, 2 × 3.00 + 5.00 shipping),
    // so the server measured here starts with the memory a server has, not the seeding's garbage.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'cms/test/seed-orders-child.ts'], {
      env: { ...process.env, SEED_ORDERS: String(total), SEED_PLANTED: '' },
      encoding: 'utf8',
    });
    if (run.status !== 0 || !run.stdout.includes(`SEEDED ${total}`)) {
      throw new Error(`seeding failed (exit ${run.status}):\n${run.stdout}${run.stderr}`.slice(-3000));
    }
    return total;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Parent: measure

/** The child serving on `port`, found by its environment (it is this process's child, on this machine). */
function childPid(port: string): number {
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environ.includes(`PORT=${port}`) && environ.includes(`${CHILD_FLAG}=1`)) return Number(pid);
    } catch {
      /* ended while being read */
    }
  }
  throw new Error(`bench child on port ${port} not found`);
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function timed(url: string, cookie: string): Promise<{ ms: number; bytes: number; lines: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie, origin: new URL(url).origin } });
  if (res.status !== 200 || !res.body) throw new Error(`GET ${url}: HTTP ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines += 1;
  }
  return { ms: performance.now() - started, bytes, lines };
}

async function benchSize(total: number): Promise<void> {
  const { baseUrl, seedMs, stop } = await startSeededServer({
    entry: import.meta.url,
    childFlag: CHILD_FLAG,
    dataDirPrefix: 'shop-bench-export-',
    timeoutMs: 1_800_000,
  });
  try {
    const pid = childPid(new URL(baseUrl).port);
    console.log(`${total} orders seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const cookie = await loginBenchAdmin(baseUrl);
    const page = `${baseUrl}/api/v2/admin/orders?limit=100`;
    const exportUrl = `${baseUrl}/api/v2/admin/orders/export`;
    // Warm-up: JIT, SQLite page cache, the export's modules.
    await timed(page, cookie);
    await timed(`${exportUrl}?number=SEED000001`, cookie);
    const pages: number[] = [];
    for (let i = 0; i < 5; i += 1) pages.push((await timed(page, cookie)).ms);
    const pageMs = pages.sort((a, b) => a - b)[2];

    const idle = rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const run = await timed(exportUrl, cookie);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const rows = run.lines - 1;
    console.log(
      `  list page of 100 (baseline) ${pageMs.toFixed(0).padStart(6)} ms` +
        `\n  export ${rows} rows, ${(run.bytes / 1_048_576).toFixed(1)} MB: ${run.ms.toFixed(0).padStart(6)} ms` +
        ` (${((rows / run.ms) * 1000).toFixed(0)} rows/s; ${(run.ms / pageMs).toFixed(0)}× the 100-row page,` +
        ` ${(run.ms / pageMs / (rows / 100)).toFixed(2)}× per 100 rows)` +
        `\n  server RSS idle ${idle.toFixed(0)} MB, peak during export ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`,
    );
  } finally {
    await stop();
  }
}

export async function benchAdminExport(): Promise<void> {
  console.log('\n== Orders CSV export (issue 14) ==');
  const nodeOptions = process.env.NODE_OPTIONS;
  for (const total of SIZES) {
    process.env.BENCH_ADMIN_EXPORT_TOTAL = String(total);
    await benchSize(total);
  }
  // RSS grows with the row count because V8 collects lazily while it has room. With the server's old space
  // capped, an export that held its rows would run out of memory; one that streams finishes as before.
  const capMb = Number(process.env.BENCH_ADMIN_EXPORT_HEAP_MB ?? 0);
  if (capMb > 0) {
    process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --max-old-space-size=${capMb}`.trim();
    try {
      const total = SIZES[SIZES.length - 1];
      process.env.BENCH_ADMIN_EXPORT_TOTAL = String(total);
      console.log(`again with the server's old space capped at ${capMb} MB:`);
      await benchSize(total);
    } finally {
      if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = nodeOptions;
    }
  }
}

if (process.env[CHILD_FLAG] === '1' && isEntryPoint(import.meta.url)) {
  await seedOrders(Number(process.env.BENCH_ADMIN_EXPORT_TOTAL ?? 10_000));
}
