/**
 * The memory soak (issue 29 §2), shared by cms/test/memory-soak.test.ts and bench/memory-soak.ts: distinct
 * made-up addresses of every kind that could make a cache key (page numbers, searches, parameters nobody
 * reads, long paths, unknown ids, cart contents), sent to a production start under `npm start`'s supervisor,
 * with an ordinary shopper's request between them that must always answer 200. Also how such a start is
 * made and how its serving process is found.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, sha256hex, type AdminClient, type ApiResponse, type Json } from './harness';

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const junk = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);

/**
 * The `count` hostile addresses, each different from every other (a counter in each): first a burst of made-up
 * page numbers, as in issue 29's reproduction (each used to be a new rendered page of 82 KB, and 450 in a row
 * took the heap), then every kind in turn.
 */
export function hostileUrls(count: number, productIds: readonly string[]): string[] {
  const burst = Math.min(600, Math.floor(count * 0.4));
  const pageAttacks: Array<(n: number) => string> = [
    (n) => `/site/shop?page=z${n}`,
    (n) => `/site/shop?page=${pick(['-', '0.', '1e', '0x', ''])}${n}`,
    (n) => `/site/shop?page=${n}&page=${n + 1}`,
  ];
  const kinds: Array<(n: number) => string> = [
    ...pageAttacks,
    // Whole numbers, but past the last page: drawn to find out, never kept.
    (n) => `/site/shop?page=${1000 + n}`,
    (n) => `/site/shop?search=${junk(6)}${n}`,
    (n) => `/site/shop?search=${junk(90)}${n}&page=${(n % 3) + 1}`,
    (n) => `/site/shop?utm_source=${junk(8)}&x${n}=${junk(40)}`,
    (n) => `/site/${pick(['about', 'recipes', 'terms'])}?page=${n}&search=${junk(10)}`,
    (n) => `/site/${junk(1800)}${n}`,
    (n) => `/site/shop/${junk(24)}${n}`,
    (n) => `/site/category/${junk(20)}${n}`,
    (n) => `/api/v2/products?search=${junk(12)}${n}&limit=${(n % 100) + 1}`,
    (n) => `/api/v2/products?page=${n}&limit=100`,
    (n) => `/api/v2/categories?cachebuster=${n}${junk(30)}`,
    (n) => `/api/v2/products/suggestions?search=${junk(20)}${n}`,
    (n) =>
      `/api/v2/products/cart/show?${[...productIds.slice(0, (n % productIds.length) + 1), `${junk(8)}${n}`]
        .map((id) => `products=${id}`)
        .join('&')}`,
  ];
  return Array.from({ length: count }, (_, n) =>
    n < burst ? pageAttacks[n % pageAttacks.length](n) : kinds[n % kinds.length](n),
  );
}

/** What a shopper opens: each must answer 200 however many hostile addresses came before it. */
export function benignUrls(productIds: readonly string[]): string[] {
  return [
    '/site',
    '/site/shop',
    '/site/shop?page=2',
    '/site/recipes',
    '/api/v2/products?limit=10',
    '/api/v2/config',
    ...productIds.slice(0, 3).map((id) => `/site/shop/${id}`),
  ];
}

/** The resident memory of a process, in MiB; null once it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Math.round(Number(kib) / 1024);
  } catch {
    return null;
  }
}

/** Whether a process is running (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const startScript = () =>
  (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;

/** The Node flags and the variables `npm start` puts in front of `node` (package.json). */
export const startNodeFlags = (): string[] => [...startScript().matchAll(/--[a-z-]+=\S+/g)].map((m) => m[0]);
export const startEnv = (): Record<string, string> =>
  Object.fromEntries([...startScript().matchAll(/(?:^|\s)([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));

/** Variables of the developer's shell that would change what the shop does. */
const SCRUBBED = ['DATABASE_URI', 'REDIS_URL', 'INSTANCE_ID', 'INSTANCE_COUNT', 'S3_BUCKET', 'SMTP_URL', 'SEED_DEMO'];

export interface SupervisedShop {
  baseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  /** The supervisor's process (`npm start`'s node). */
  supervisor: ChildProcess;
  /** The serving process's pid as the supervisor last announced it. */
  serverPid(): number | null;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to the supervisor, SIGKILL after 20 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * `npm start` in production (scripts/start.mjs with package.json's node flags and MALLOC_ARENA_MAX), on a
 * fresh data folder and a free port, with an admin from ADMIN_EMAIL; resolves once /readyz answers 200.
 * Production only builds what is missing: it runs the compiled server (cms/dist) as `npm run build` left it.
 */
export async function startSupervisedShop(
  extraEnv: Record<string, string> = {},
  /** An earlier shop's data folder (its migrations done: a quicker start); fresh by default. */
  existingDataDir?: string,
  /** What `npm start` runs; another script only to try the soak against another build. */
  startScriptFile = 'scripts/start.mjs',
): Promise<SupervisedShop> {
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-supervised-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { email: `owner-${randomBytes(4).toString('hex')}@test.example`, password: `Pw-${junk(16)}!1A` };
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUBBED) delete env[key];
  Object.assign(env, {
    ...startEnv(),
    NODE_ENV: 'production',
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...extraEnv,
  });
  const supervisor = spawn(process.execPath, [...startNodeFlags(), startScriptFile], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  supervisor.stdout?.on('data', append);
  supervisor.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    supervisor.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const shop: SupervisedShop = {
    baseUrl,
    dataDir,
    admin,
    supervisor,
    serverPid: () => {
      const all = [...output.matchAll(/\[supervisor\] server started \(pid (\d+)\)/g)];
      return all.length === 0 ? null : Number(all[all.length - 1][1]);
    },
    output: () => output,
    exited,
    stop: async () => {
      if (!hasExited) {
        supervisor.kill('SIGTERM');
        const timer = setTimeout(() => supervisor.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (!existingDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await untilReady(shop, 150_000);
  } catch (err) {
    await shop.stop();
    throw err;
  }
  return shop;
}

/** Waits until /readyz answers 200; throws if the supervisor exits first or `withinMs` passes. */
export async function untilReady(shop: SupervisedShop, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { exitCode, signalCode } = shop.supervisor;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`npm start exited (code ${exitCode}, signal ${signalCode}):\n${shop.output().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${shop.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not up */
    }
    if (Date.now() > deadline) throw new Error(`/readyz not 200 within ${withinMs} ms:\n${shop.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The shop's admin, signed in through the control centre's sign-in. */
export async function signInAdmin(shop: SupervisedShop): Promise<AdminClient> {
  const res = await fetch(`${shop.baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.baseUrl },
    body: JSON.stringify({ email: shop.admin.email, password: sha256hex(shop.admin.password) }),
  });
  if (res.status !== 200) throw new Error(`Admin sign-in failed: ${res.status} ${await res.text()}`);
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('payload-token='))
      ?.split(';')[0] ?? '';
  return {
    email: shop.admin.email,
    cookie,
    async api<T = Json>(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<ApiResponse<T>> {
      const { json, ...rest } = init;
      const reply = await fetch(shop.baseUrl + pathname, {
        ...rest,
        headers: {
          cookie,
          origin: shop.baseUrl,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(rest.headers as Record<string, string> | undefined),
        },
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
      const text = await reply.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: reply.status, headers: reply.headers, body: body as T, text };
    },
  };
}

export interface SoakResult {
  hostile: number;
  benign: number;
  /** Benign requests that did not answer 200, with what they got. */
  benignFailures: string[];
  /** Hostile requests answered 5xx (or not at all). */
  hostileFailures: string[];
  maxRssMiB: number;
}

/**
 * Sends the hostile addresses `concurrency` at a time, a benign one after every `benignEvery`, sampling the
 * serving process's resident memory after each request.
 */
export async function soak(
  baseUrl: string,
  hostile: readonly string[],
  benign: readonly string[],
  serverPid: () => number | null,
  { concurrency = 4, benignEvery = 10 } = {},
): Promise<SoakResult> {
  const result: SoakResult = { hostile: 0, benign: 0, benignFailures: [], hostileFailures: [], maxRssMiB: 0 };
  const sample = () => {
    const pid = serverPid();
    const rss = pid === null ? null : rssMiB(pid);
    if (rss !== null) result.maxRssMiB = Math.max(result.maxRssMiB, rss);
  };
  const get = async (url: string) => {
    try {
      const res = await fetch(baseUrl + url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      return res.status;
    } catch (err) {
      return `no answer (${(err as Error).message})`;
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < hostile.length) {
        const n = next++;
        const status = await get(hostile[n]);
        result.hostile += 1;
        if (typeof status !== 'number' || status >= 500)
          result.hostileFailures.push(`${status} ${hostile[n].slice(0, 120)}`);
        if (n % benignEvery === 0) {
          const url = benign[(n / benignEvery) % benign.length];
          const answer = await get(url);
          result.benign += 1;
          if (answer !== 200) result.benignFailures.push(`${answer} ${url} (after ${n} hostile)`);
        }
        sample();
      }
    }),
  );
  return result;
}
