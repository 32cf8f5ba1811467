/**
 * The pieces of a several-instance shop for the scale-out test and bench: a real redis-server, a real nginx
 * as a round-robin proxy, "PayPal" (the emulator, in this process, so that it outlives the shop's instances
 * as the real one would), and shop instances started as `npm start` starts them (scripts/start.mjs, the
 * compiled server) on one data folder.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { createPayPalEmulator } from '../paypal-emulator/emulator';
import { EMULATOR_CLIENT_ID, EMULATOR_WEBHOOK_ID } from '../services/paypal/client';
import { freePort, repoRoot } from './harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the Debian packages put them; null when not installed (the caller skips, saying why). */
export function findBinary(name: 'redis-server' | 'nginx'): string | null {
  for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  return found || null;
}

interface Process {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  hasExited: () => boolean;
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Process {
  let output = '';
  let exited = false;
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  return { child, output: () => output, exited: done, hasExited: () => exited };
}

async function stopProcess(proc: Process, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
  if (proc.hasExited()) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------
// Redis

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A throw-away redis-server on a free port (or `port`, to start it again where its clients look for it): no
 * snapshots, no append-only file, nothing left behind.
 */
export async function startRedis(binary: string, port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const proc = run(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/.test(proc.output())) {
    if (proc.hasExited() || Date.now() > deadline) {
      await stopProcess(proc);
      throw new Error(`redis-server did not start:\n${proc.output().slice(-2000)}`);
    }
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopProcess(proc) };
}

// ---------------------------------------------------------------------------------------------------------
// nginx

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx as a round-robin proxy in front of `upstreams` (ports on 127.0.0.1), with its configuration, pid and
 * temporary files in `dir`. Each answer says which instance served it (X-Upstream), so a test can check the
 * traffic really was spread. Like a production proxy it sets X-Forwarded-For, which the instances trust from
 * loopback (TRUST_PROXY=loopback), and retries an idempotent request on the next instance when one is down.
 */
export async function startNginx(binary: string, dir: string, upstreams: number[]): Promise<Proxy> {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 12m;
  upstream shop {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const proc = run(binary, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')]);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.hasExited()) {
      const log = fs.existsSync(path.join(dir, 'error.log'))
        ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      throw new Error(`nginx did not start:\n${proc.output()}\n${log}`);
    }
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000), redirect: 'manual' });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stopProcess(proc);
        throw new Error(`nginx did not answer on ${url}`);
      }
      await sleep(100);
    }
  }
  // SIGQUIT: nginx's graceful stop.
  return { url, stop: () => stopProcess(proc, 'SIGQUIT', 5_000) };
}

// ---------------------------------------------------------------------------------------------------------
// PayPal

export interface PayPal {
  /** Base URL the shop is configured with (PAYPAL_BASE_URL). */
  baseUrl: string;
  /** The shop's environment for this PayPal. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The emulator, in this process, at /__paypal (so the payment helpers' `/__paypal/...` paths work against
 * it), delivering webhooks to `webhookTarget` (through the proxy, as PayPal reaches a shop).
 */
export async function startPayPal(webhookTarget: string, stateFile: string): Promise<PayPal> {
  const app = express();
  // A secret of this run's own, which the shop instances are configured with as a merchant's would be.
  const clientSecret = randomBytes(32).toString('base64url');
  app.use(
    '/__paypal',
    createPayPalEmulator({ clientSecret, webhookTarget, stateFile, testHelpers: true, webhookRetryBaseMs: 500 }),
  );
  const port = await freePort();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${port}/__paypal`;
  return {
    baseUrl,
    env: {
      PAYPAL_CLIENT_ID: EMULATOR_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_BASE_URL: baseUrl,
      PAYPAL_WEBHOOK_ID: EMULATOR_WEBHOOK_ID,
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Shop instances

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  pid: number;
  log(): string;
  /** SIGKILL: no shutdown handler runs, no lease is released. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Variables of the developer's shell that would change what an instance does. */
const SCRUBBED = [
  'DATABASE_URI',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_ENV',
  'PAYPAL_BASE_URL',
  'PAYPAL_WEBHOOK_ID',
  'PAYPAL_EMULATOR',
  'REDIS_URL',
  'INSTANCE_ID',
  'INSTANCE_COUNT',
  'LEASE_TTL_MS',
  'LEASE_RENEW_MS',
  'SMTP_URL',
  'CORS_ORIGINS',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'UPLOADS_DIR',
  'CMS_PANEL_DIR',
];

/** A production secret shared by the instances: a session signed by one is valid at the other. */
export const clusterSecret = () => randomBytes(32).toString('hex');

/**
 * Starts one instance as `npm start` does (scripts/start.mjs, in production mode so that it only builds
 * what is missing) and waits for /healthz. `env` is on top of a scrubbed copy of this process's environment.
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = Number(env.PORT ?? (await freePort()));
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUBBED) delete base[key];
  const proc = run(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...base, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env, PORT: String(port), INSTANCE_ID: name },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (proc.hasExited()) throw new Error(`instance ${name} exited before it was up:\n${proc.output().slice(-4000)}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && /Shop ready at/.test(proc.output())) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stopProcess(proc);
      throw new Error(`instance ${name} did not come up within 150 s:\n${proc.output().slice(-4000)}`);
    }
    await sleep(200);
  }
  return {
    name,
    port,
    baseUrl,
    pid: proc.child.pid ?? -1,
    log: proc.output,
    kill: async () => {
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
    stop: () => stopProcess(proc),
  };
}

/** The epoch ms of the instance's first log line matching `pattern` (its pino JSON lines carry "time"), or null. */
export function loggedAt(instance: Instance, pattern: RegExp): number | null {
  for (const line of instance.log().split('\n')) {
    if (!pattern.test(line)) continue;
    const time = /"time":(\d+)/.exec(line);
    if (time) return Number(time[1]);
  }
  return null;
}
