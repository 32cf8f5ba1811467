// `npm run bench -- startup`: the CPU a server start costs until /readyz answers, as `node cms/dist/server.js`
// (the baseline) and as scripts/server-child.mjs runs it under `npm start` (the package-scope cache of
// scripts/esm-scope-cache.mjs and Node's compile cache, warmed by the first start). A quicker start is a shorter
// outage after a crash, and a shorter `npm test`. CPU time from /proc (Linux), median of a few starts each.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TICKS_PER_SECOND = 100;
const RUNS = 5;

interface Start {
  cpuSeconds: number;
  wallMs: number;
}

async function startOnce(args: string[], env: Record<string, string>, port: number): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime: fields 14 and 15 of /proc/<pid>/stat, 12 and 13 after the name.
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    return { cpuSeconds, wallMs: Date.now() - started };
  } finally {
    // SIGTERM, so that Node writes its compile cache on the way out.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchStartup(): Promise<void> {
  const server = path.join(root, 'cms', 'dist', 'server.js');
  const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compile-cache-'));
  const ways: Array<[string, string[], Record<string, string>]> = [
    ['node cms/dist/server.js', [server], {}],
    [
      'with the scope cache and compile cache',
      ['--import', path.join(root, 'scripts', 'esm-scope-cache.mjs'), server],
      { NODE_COMPILE_CACHE: compileCache },
    ],
  ];
  const results: Array<[string, Start]> = [];
  for (const [name, args, env] of ways) {
    const starts: Start[] = [];
    // One start first to warm the file cache (and the compile cache); the median of the next RUNS.
    for (let i = 0; i <= RUNS; i++) starts.push(await startOnce(args, env, 39_400 + i));
    const counted = starts.slice(1);
    results.push([
      name,
      { cpuSeconds: median(counted.map((s) => s.cpuSeconds)), wallMs: median(counted.map((s) => s.wallMs)) },
    ]);
  }
  fs.rmSync(compileCache, { recursive: true, force: true });
  const [, baseline] = results[0];
  console.log('\nServer start until /readyz (median of %d starts each)', RUNS);
  for (const [name, start] of results) {
    console.log(
      `  ${name.padEnd(40)} CPU ${start.cpuSeconds.toFixed(2)} s (${(start.cpuSeconds / baseline.cpuSeconds).toFixed(2)}× the baseline), wall ${start.wallMs} ms`,
    );
  }
}
