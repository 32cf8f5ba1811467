import type { createClient } from 'redis';
import { env } from './env';

export type Redis = ReturnType<typeof createClient>;

/** Dial attempts at start before the start fails: a wrong REDIS_URL should be said at once, not retried forever. */
const START_ATTEMPTS = 3;
/** Reconnection back-off once running: every 100 ms more, capped, for as long as Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** The URL without a password, for messages. */
export function redactedRedisUrl(url = env.redisUrl): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

interface Logger {
  warn(message: string): void;
  info(message: string): void;
}

let logger: Logger = { warn: (m) => console.warn(m), info: (m) => console.log(m) };

/** Redis's connection messages go to the server's logger once it exists (server.ts). */
export function setRedisLogger(next: Logger): void {
  logger = next;
}

/**
 * A connected client. Commands fail at once while the connection is down (no offline queue): callers fall
 * back to what this process knows rather than hang a request until Redis returns. `role` names the client in
 * the log lines about its connection.
 */
async function connect(role: string): Promise<Redis> {
  let connected = false;
  let down = false;
  // Loaded only by a shop that has Redis: some 600 modules a single instance never needs in memory.
  const { createClient } = await import('redis');
  const client: Redis = createClient({
    url: env.redisUrl,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries, cause) => {
        if (!connected && retries >= START_ATTEMPTS - 1) return cause;
        return Math.min((retries + 1) * 100, MAX_RECONNECT_DELAY_MS);
      },
    },
  });
  // Without a listener an 'error' event would end the process; one line per outage is enough.
  client.on('error', (err: Error) => {
    if (connected && !down) {
      down = true;
      logger.warn(`Redis (${role}) connection lost: ${err.message}; reconnecting`);
    }
  });
  client.on('ready', () => {
    if (down) logger.info(`Redis (${role}) connection back`);
    down = false;
  });
  try {
    await client.connect();
  } catch (err) {
    client.destroy();
    const message = err instanceof Error ? err.message || err.constructor.name : String(err);
    throw new Error(`Redis at ${redactedRedisUrl()} (REDIS_URL) is unreachable: ${message}`, { cause: err });
  }
  connected = true;
  return client;
}

let shared: Promise<Redis> | undefined;
let ready: Redis | undefined;
const extra = new Set<Redis>();

/** Whether REDIS_URL is set: everything shared between instances goes through Redis then. */
export const redisConfigured = (): boolean => env.redisUrl !== '';

/** The process's one command client, dialled on first use; rejects with the one-line start error when unreachable. */
export function getRedis(): Promise<Redis> {
  shared ??= connect('commands').then(
    (client) => {
      ready = client;
      return client;
    },
    (err: unknown) => {
      shared = undefined;
      throw err;
    },
  );
  return shared;
}

/** The command client once getRedis() has connected it (server.ts does so before building the app); else null. */
export function connectedRedis(): Redis | null {
  return ready ?? null;
}

/** A second connection for SUBSCRIBE, which takes a connection for itself; closed with the others. */
export async function createRedisSubscriber(): Promise<Redis> {
  const client = await connect('subscriber');
  extra.add(client);
  return client;
}

/** Closes every connection of this process (shutdown); commands still queued get their answers first. */
export async function closeRedis(): Promise<void> {
  const clients = [...extra, ...(ready ? [ready] : [])];
  extra.clear();
  shared = undefined;
  ready = undefined;
  await Promise.all(clients.map((c) => c.close().catch(() => c.destroy())));
}
