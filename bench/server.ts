import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Milliseconds from spawn to the first storefront page served. */
  firstPageMs: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the real server (`cms/server.ts`) on a data directory and waits for /site to be served. */
export async function startShop(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'cms/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', ...opts.env },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A cold start seeds the demo (images included): minutes on a busy machine.
  const deadline = Date.now() + 360_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/site`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Not left running (and seeding) behind a bench that gave up on it.
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const firstPageMs = performance.now() - started;
  return {
    baseUrl,
    dataDir,
    firstPageMs,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const startScript = () =>
  (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;

/** The Node flags `npm start` gives the server (package.json's start script), so a bench runs the same process. */
export function startNodeFlags(): string[] {
  return [...startScript().matchAll(/--[a-z-]+=\S+/g)].map((match) => match[0]);
}

/** The environment variables `npm start` sets in front of `node` (MALLOC_ARENA_MAX). */
export function startEnv(): Record<string, string> {
  return Object.fromEntries([...startScript().matchAll(/(?:^|\s)([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
}
