/**
 * Integration-test harness: starts the REAL shop server (`node --import tsx cms/server.ts`, or the compiled
 * cms/dist/server.js under `npm test`: serverEntryArgs) as a child
 * process on a free port, with a fresh temporary DATA_DIR (SQLite file, uploads, outbox) and an in-process
 * SMTP server that captures every mail the shop sends.
 *
 * One server per test file (beforeAll/afterAll); tests create their own data through the HTTP API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { clientPasswordHash } from '../lib/client-password';
import { checkAnswer } from './contract';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the browser sends as the password (SPEC §5): sha256 hex of the plain text. */
export const sha256hex = clientPasswordHash;

/** A short unique suffix for names, so every test's data is recognisable. */
export const uid = () => randomUUID().slice(0, 8);

// ---------------------------------------------------------------------------------------------------------
// HTTP helpers

/** A body off the wire: tests assert its shape, so it is typed loosely on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse<T = Json> {
  status: number;
  headers: Headers;
  /** JSON-parsed body when the reply is JSON, otherwise the text. */
  body: T;
  text: string;
}

/** The `{result, status, pagination?}` envelope every /api/v2 reply uses (SPEC §7). */
export interface Envelope<T = Json> {
  result: T;
  status: number;
  pagination?: { count: number; page?: number; limit?: number };
}

async function readResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** RequestInit with a convenience `json` field (serialised, content-type set). */
export type ApiInit = RequestInit & { json?: unknown };

function prepare(init: ApiInit = {}, extraHeaders: Record<string, string> = {}): RequestInit {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(extraHeaders)) if (!h.has(k)) h.set(k, v);
  if (json !== undefined) {
    if (!h.has('content-type')) h.set('content-type', 'application/json');
    return { ...rest, headers: h, body: JSON.stringify(json) };
  }
  return { ...rest, headers: h };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: Json;
}

/**
 * A request sent with node:http, path exactly as given (fetch would normalise `/./`, `/../` and `%2e`).
 */
export function rawRequest(
  baseUrl: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: {
          ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------------------
// Mail capture

export interface CapturedMail {
  /** SMTP envelope */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Parsed headers (unfolded, RFC 2047 decoded), lower-case keys. */
  headers: Record<string, string>;
  to: string;
  subject: string;
  /** The message body with quoted-printable / base64 parts decoded (rough, good enough for assertions). */
  body: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      const bytes = data
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    })
    .replace(/\?=\s+=\?/g, '');
}

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    if (!(key in out)) out[key] = decodeWords(line.slice(i + 1).trim());
  }
  return out;
}

function decodeBody(raw: string): string {
  // Decode every part according to its own Content-Transfer-Encoding.
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const sep = part.search(/\r?\n\r?\n/);
      if (sep === -1) return part;
      const head = parseHeaders(part.slice(0, sep));
      const content = part.slice(sep).replace(/^\r?\n\r?\n/, '');
      const cte = (head['content-transfer-encoding'] ?? '').toLowerCase();
      if (cte === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (cte === 'quoted-printable') {
        const bytes = content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return content;
    })
    .join('\n');
}

export function parseMail(raw: string, envelopeFrom = '', envelopeTo: string[] = []): CapturedMail {
  const sep = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(sep === -1 ? raw : raw.slice(0, sep));
  return {
    envelopeFrom,
    envelopeTo,
    headers,
    to: headers['to'] ?? '',
    subject: headers['subject'] ?? '',
    body: decodeBody(raw),
    raw,
  };
}

export interface SmtpCapture {
  port: number;
  mails: CapturedMail[];
  /** While true, every mail is refused with a 451 (a mail server that is down or full). */
  refusing: { value: boolean };
  /** How many mails were refused. */
  refused: { count: number };
  close: () => Promise<void>;
}

/** The capturing mail server on its own (the in-process service tests use it without a child server). */
export async function startSmtp(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const refusing = { value: false };
  const refused = { count: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing.value) {
          refused.count += 1;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          callback(err);
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A shop server killed mid-conversation resets its connection: that is the test's doing, not a failure.
  server.on('error', () => {});
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, mails, refusing, refused, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---------------------------------------------------------------------------------------------------------
// Server

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface AdminClient {
  email: string;
  /** The `payload-token=…` cookie pair. */
  cookie: string;
  /** Sends the cookie plus a same-origin Origin header (Payload's CSRF allowlist). */
  api<T = Json>(pathname: string, init?: ApiInit): Promise<ApiResponse<T>>;
}

export interface StartOptions {
  /** CONTACT_RATE_LIMIT for the child; default '1000'. */
  contactRateLimit?: number | string;
  /** Create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (default true). */
  withAdmin?: boolean;
  /** Extra env for the child; undefined deletes a variable. */
  env?: Record<string, string | undefined>;
  /** Start on this existing data directory (e.g. another server's) instead of a fresh one; stop() keeps it. */
  dataDir?: string;
  /**
   * Payload's own PBKDF2 cost (600 000 iterations) instead of fast-password-hash.mjs's: for tests whose
   * point is what a password check costs (sign-in timing, concurrent attempts racing a slow check).
   */
  realPasswordHashing?: boolean;
}

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** The server's environment, for a command (a script of cms/scripts) run on the same data. */
  env: Record<string, string | undefined>;
  mails: CapturedMail[];
  admin: { email: string; password: string } | null;
  /** Server stdout+stderr so far (for diagnostics). */
  log(): string;
  waitForMail(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  api<T = Json>(pathname: string, init?: ApiInit): Promise<ApiResponse<T>>;
  raw(opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }): Promise<RawResponse>;
  loginAdmin(): Promise<AdminClient>;
  /** Kills the server with SIGKILL and starts it again on the same data directory and port. */
  crashAndRestart(): Promise<void>;
  /** Makes the mail server refuse (451) every mail until called with false; returns how many were refused. */
  refuseMail(refuse: boolean): number;
  /** SIGKILL only; `restart` brings the server back on the same data and port. */
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Variables of the developer's shell that would change what the server under test does. */
const SCRUBBED_ENV = [
  'DATABASE_URI',
  'SCHEDULED_PUBLISH_INTERVAL_SECONDS',
  'CMS_PANEL_DIR',
  'PAYLOAD_SECRET',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_ENV',
  'PAYPAL_BASE_URL',
  'TRUST_PROXY',
  'CORS_ORIGINS',
  'UPLOADS_DIR',
  'PUBLIC_URL',
  'ORDER_LOOKUP_RATE_LIMIT',
  'COUPON_CHECK_RATE_LIMIT',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'LOGIN_RATE_LIMIT',
  'LOGIN_RATE_LIMIT_IP',
  'LOGIN_RATE_LIMIT_WINDOW_MINUTES',
  'PASSWORD_RESET_RATE_LIMIT',
  'WEBHOOK_RATE_LIMIT',
  'RECONCILE_INTERVAL_SECONDS',
  'PAYPAL_EMULATOR_RETRY_MS',
  'PAYPAL_EMULATOR',
  'MAIL_CLAIM_LEASE_SECONDS',
  'STOCK_HOLD_LEASE_SECONDS',
  'REFUND_RESEND_AFTER_SECONDS',
  'REDIS_URL',
  'INSTANCE_ID',
  'INSTANCE_COUNT',
  'LEASE_TTL_MS',
  'LEASE_RENEW_MS',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const FAST_PASSWORD_HASH = pathToFileURL(path.join(repoRoot, 'cms', 'test', 'fast-password-hash.mjs')).href;

/** Node's exit code for "unsettled top-level await": the module graph never finished loading. */

interface Launched {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  exitPromise: Promise<void>;
}

/** startServer() rejects with this when the server process ends before it is healthy. */
export class EarlyExit extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Spawns the server and waits for /healthz; throws EarlyExit if it dies first. */
/**
 * How the server under test is started. `npm test` builds first and sets TEST_SERVER=dist: every start then
 * loads the compiled server (cms/dist, what `npm start` runs in production) as scripts/server-child.mjs does,
 * with its package-scope cache and Node's compile cache: about 2 s of CPU per start instead of 6.5 through
 * tsx, over a suite that starts servers some hundred times. A test file run by hand gets the TypeScript
 * sources as they are, with nothing to rebuild.
 */
export function serverEntryArgs(): string[] {
  return process.env.TEST_SERVER === 'dist'
    ? [
        '--import',
        path.join(repoRoot, 'scripts', 'esm-scope-cache.mjs'),
        path.join(repoRoot, 'cms', 'dist', 'server.js'),
      ]
    : ['--import', 'tsx', 'cms/server.ts'];
}

async function launch(env: Record<string, string | undefined>, samePort?: number): Promise<Launched> {
  const port = samePort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = {
    ...env,
    PORT: String(port),
    PUBLIC_URL: env.PUBLIC_URL ?? baseUrl,
    ...(process.env.TEST_SERVER === 'dist' ? { NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache') } : {}),
  };

  let output = '';
  const child: ChildProcess = spawn(process.execPath, serverEntryArgs(), {
    cwd: repoRoot,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (c: Buffer) => {
    output += c.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  const kill = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exitPromise;
    clearTimeout(timer);
  };

  // Wait for /healthz (up to 90 s).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      const e = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new EarlyExit(
        e.code,
        `Server exited before becoming healthy (${JSON.stringify(e)}):\n${output.slice(-4000)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`Server did not answer /healthz within 90 s:\n${output.slice(-4000)}`);
    }
    await sleep(150);
  }
  return { child, baseUrl, output: () => output, exited: () => exited, exitPromise };
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const smtp = await startSmtp();
  const withAdmin = options.withAdmin ?? true;
  const admin = withAdmin
    ? { email: `admin-${uid()}@test.example`, password: `Pw-${randomBytes(8).toString('hex')}!1A` }
    : null;

  const baseEnv: Record<string, string | undefined> = { ...process.env };
  for (const key of SCRUBBED_ENV) delete baseEnv[key];
  Object.assign(baseEnv, {
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    CONTACT_RATE_LIMIT: String(options.contactRateLimit ?? '1000'),
    PAYMENT_RATE_LIMIT: '100000',
    WEBHOOK_RATE_LIMIT: '100000',
    // Webhook retries in seconds, not PayPal's hours, so a test sees one.
    PAYPAL_EMULATOR_RETRY_MS: '500',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
  });
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete baseEnv[k];
    else baseEnv[k] = v;
  }
  // In NODE_OPTIONS, so the seed's child process and a script run with `server.env` hash as this server does.
  if (!options.realPasswordHashing) {
    baseEnv.NODE_OPTIONS = [`--import=${FAST_PASSWORD_HASH}`, baseEnv.NODE_OPTIONS].filter(Boolean).join(' ');
  }

  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'shop-it-')));
  const removeDataDir = async () => {
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
  let launched: Launched;
  try {
    launched = await launch({ ...baseEnv, DATA_DIR: dataDir });
  } catch (err) {
    await removeDataDir();
    await smtp.close();
    throw err;
  }
  const { baseUrl } = launched;
  const output = () => launched.output();

  const cleanup = async () => {
    const { child, exitPromise } = launched;
    if (!launched.exited()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(timer);
    }
    await smtp.close();
    await removeDataDir();
  };

  /** A request to this server; an `/api/v2` answer is held to the API description (contract.ts). */
  const checkedFetch = async <T = Json>(
    pathname: string,
    init: ApiInit | undefined,
    extraHeaders?: Record<string, string>,
  ): Promise<ApiResponse<T>> => {
    const answer = await readResponse(await fetch(baseUrl + pathname, prepare(init, extraHeaders)));
    await checkAnswer(baseUrl, init?.method ?? 'GET', pathname, answer);
    return answer as ApiResponse<T>;
  };
  const api = <T = Json>(pathname: string, init?: ApiInit): Promise<ApiResponse<T>> => checkedFetch<T>(pathname, init);

  const server: TestServer = {
    baseUrl,
    dataDir,
    env: { ...baseEnv, DATA_DIR: dataDir },
    mails: smtp.mails,
    refuseMail(refuse) {
      smtp.refusing.value = refuse;
      return smtp.refused.count;
    },
    admin,
    log: output,
    async waitForMail(predicate, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = smtp.mails.find(predicate);
        if (found) return found;
        if (Date.now() > until) {
          throw new Error(
            `No matching mail within ${timeoutMs} ms; captured: ${JSON.stringify(smtp.mails.map((m) => ({ to: m.envelopeTo, subject: m.subject })))}`,
          );
        }
        await sleep(50);
      }
    },
    api,
    raw: (opts) => rawRequest(baseUrl, opts),
    async loginAdmin() {
      if (!admin) throw new Error('This server was started without an admin');
      const res = await fetch(`${baseUrl}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: admin.email, password: sha256hex(admin.password) }),
      });
      if (res.status !== 200) throw new Error(`Admin login failed: ${res.status} ${await res.text()}`);
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='));
      if (!setCookie) throw new Error('Admin login set no payload-token cookie');
      const cookie = setCookie.split(';')[0];
      return {
        email: admin.email,
        cookie,
        api: <T = Json>(pathname: string, init?: ApiInit): Promise<ApiResponse<T>> =>
          checkedFetch<T>(pathname, init, { cookie, origin: baseUrl }),
      };
    },
    async crashAndRestart() {
      await server.kill();
      await server.restart();
    },
    async kill() {
      // SIGKILL: no shutdown handler runs, as when the machine loses power mid-write.
      launched.child.kill('SIGKILL');
      await launched.exitPromise;
    },
    async restart() {
      launched = await launch({ ...baseEnv, DATA_DIR: dataDir }, Number(new URL(baseUrl).port));
    },
    stop: cleanup,
  };
  return server;
}

// ---------------------------------------------------------------------------------------------------------
// Assertions shared by the files

/** True when `body` is the `{result, status}` envelope and its status equals the HTTP status. */
export function isEnvelope(res: { status: number; body: Json }): boolean {
  return typeof res.body === 'object' && res.body !== null && 'result' in res.body && res.body.status === res.status;
}
