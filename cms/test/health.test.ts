/**
 * /healthz and /readyz (issue 13 part 2), for the proxy and the orchestrator. /healthz says the process
 * answers and touches nothing else; /readyz says whether the instance can serve: its database answers, and
 * Redis too when REDIS_URL is set. Both are checked against real failures: the SQLite file held locked by
 * another process (as a backup tool or a stuck migration would), and a real redis-server stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type TestServer } from './harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Holds a POSIX write lock on a byte range of a file until released, as another SQLite process would. Node
 * has no fcntl(), so perl (part of every Debian install) takes it. On a WAL database the readers' locks live
 * in the -shm file (bytes 120-127: write, checkpoint, recovery and the five read marks); on a rollback-journal
 * one they are the shared-lock bytes of the database file itself.
 */
async function holdSqliteLock(dbFile: string): Promise<() => Promise<void>> {
  const shm = `${dbFile}-shm`;
  const [file, start, length] = fs.existsSync(shm) ? [shm, 120, 8] : [dbFile, 0x40000000, 512];
  const script =
    'use Fcntl qw(F_SETLK F_WRLCK SEEK_SET); $| = 1; open(my $fh, "+<", $ARGV[0]) or die "open: $!"; ' +
    'fcntl($fh, F_SETLK, pack("s s x4 q q l x4", F_WRLCK, SEEK_SET, $ARGV[1], $ARGV[2], 0)) or die "lock: $!"; ' +
    'print "locked\\n"; <STDIN>;';
  const child = spawn('perl', ['-e', script, file, String(start), String(length)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the lock holder ended (${code}): ${output}`)));
  });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
  };
}

async function readyz(server: TestServer) {
  const res = await fetch(`${server.baseUrl}/readyz`);
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
}

/** Polls /readyz until it answers `status` (a reconnecting client takes a moment), at most 15 s. */
async function readyzBecomes(server: TestServer, status: number) {
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await readyz(server);
    if (res.status === status || Date.now() > until) return res;
    await sleep(200);
  }
}

describe('health endpoints on SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ withAdmin: false });
  });
  afterAll(() => server?.stop());

  it('when /healthz is asked, then it answers 200 {"status":"ok"}, never cached', async () => {
    const res = await fetch(`${server.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('when the database answers, then /readyz is 200 and names only what it checked', async () => {
    expect(await readyz(server)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'up' } },
      cacheControl: 'no-store',
    });
  });

  it('when a prober asks 300 times in quick succession, then no answer is rate limited', async () => {
    const batch = () =>
      Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          fetch(`${server.baseUrl}/${i % 2 ? 'healthz' : 'readyz'}`).then((r) => r.status),
        ),
      );
    const statuses = [...(await batch()), ...(await batch())];
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('when another process holds the database locked, then /readyz is 503 naming the database, and 200 once released', async () => {
    const release = await holdSqliteLock(path.join(server.dataDir, 'shop.db'));
    try {
      // SQLite's queries run on the event loop (libsql is synchronous): the whole process waits out the busy
      // timeout, and the readiness query then fails as "database is locked".
      expect(await readyz(server)).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'down' } },
        cacheControl: 'no-store',
      });
    } finally {
      await release();
    }
    expect((await readyzBecomes(server, 200)).body).toEqual({ status: 'ready', checks: { database: 'up' } });
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});

describe('/readyz with REDIS_URL', () => {
  let redisPort: number;
  let redis: ChildProcess | null = null;
  let server: TestServer;

  const startRedis = async () => {
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    // Ready when it accepts a connection.
    for (let i = 0; i < 100; i++) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = net.connect(redisPort, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (ok) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  const stopRedis = async () => {
    const child = redis;
    redis = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    redisPort = await freePort();
    await startRedis();
    server = await startServer({ withAdmin: false, env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
  });
  afterAll(async () => {
    await server?.stop();
    await stopRedis();
  });

  it('when Redis stops, then /readyz is 503 naming redis down and the database up; when it is back, 200', async () => {
    expect((await readyz(server)).body).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' } });
    await stopRedis();
    expect((await readyzBecomes(server, 503)).body).toEqual({
      status: 'unavailable',
      checks: { database: 'up', redis: 'down' },
    });
    await startRedis();
    expect((await readyzBecomes(server, 200)).body).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: 'up' },
    });
  });
});
