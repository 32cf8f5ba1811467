import { randomUUID } from 'node:crypto';
import type { SQLiteAdapter } from '@payloadcms/db-sqlite';
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload';

type LibsqlClient = SQLiteAdapter['client'];

/**
 * The writes in one in-process transaction on SQLite, and everything else waiting for it. The SQLite adapter
 * is configured without transactions (every write autocommits), so two writes that must land together (an
 * order's status and its timeline event) need one opened here. The local libsql client runs each statement
 * synchronously on the event loop: a second writer in this process meeting the open transaction's lock would
 * spin in SQLite's busy handler with the loop blocked, so the transaction could never finish. Other writes and
 * transactions of this process therefore wait (asynchronously) until it ends; reads go on (WAL readers never
 * wait for a writer). Other processes wait through the busy timeout as usual.
 */
interface Gate {
  held: Promise<void> | null;
  /** The next client.transaction() call is the gate holder's own and must not wait for itself. */
  ownerOpening: boolean;
}

const gates = new WeakMap<LibsqlClient, Gate>();

/** How long another write of this process waits for an open transaction before it goes ahead anyway. */
const GATE_WAIT_LIMIT_MS = 15_000;

const READ_ONLY = /^\s*(select|pragma)\b/i;

function sqlOf(stmt: unknown): string {
  if (typeof stmt === 'string') return stmt;
  if (stmt && typeof stmt === 'object' && 'sql' in stmt && typeof stmt.sql === 'string') return stmt.sql;
  return '';
}

function gateOf(client: LibsqlClient): Gate {
  const existing = gates.get(client);
  if (existing) return existing;
  const gate: Gate = { held: null, ownerOpening: false };
  gates.set(client, gate);
  const waitThen = <T>(run: () => Promise<T>): Promise<T> => {
    if (!gate.held) return run();
    return (async () => {
      // A write that waits this long is most likely one the open transaction itself is waiting for (a write
      // made inside it without its `req`): it goes ahead and meets SQLite's busy timeout, an error instead of
      // a hang.
      const deadline = Date.now() + GATE_WAIT_LIMIT_MS;
      while (gate.held && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          gate.held,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
        ]);
        clearTimeout(timer);
      }
      return run();
    })();
  };
  const execute = client.execute.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { execute: unknown }).execute = (...args: unknown[]) =>
    READ_ONLY.test(sqlOf(args[0])) ? execute(...args) : waitThen(() => execute(...args));
  for (const name of ['batch', 'executeMultiple', 'migrate'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => waitThen(() => original(...args));
  }
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: Parameters<LibsqlClient['transaction']>) => {
    if (gate.ownerOpening) {
      gate.ownerOpening = false;
      return transaction(...args);
    }
    return waitThen(() => transaction(...args));
  };
  return gate;
}

interface DrizzleSessionHost {
  drizzle: { transaction: (run: (tx: unknown) => Promise<void>) => Promise<void> };
  sessions: Record<string, { db: unknown; resolve: () => Promise<void>; reject: () => Promise<void> }>;
}

/**
 * Payload's drizzle `beginTransaction` (registered only when the adapter is configured with transactions):
 * opens a drizzle transaction and parks it in `adapter.sessions`, where every operation given a `req` with
 * this id finds it, and where Payload's commit/kill end it.
 */
async function openSession(adapter: DrizzleSessionHost): Promise<string> {
  const id = randomUUID();
  await new Promise<void>((ready, failed) => {
    const done: Promise<void> = adapter.drizzle
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            adapter.sessions[id] = {
              db: tx,
              resolve: () => {
                commit();
                return done;
              },
              reject: () => {
                rollBack(new Error('Transaction rolled back'));
                return done;
              },
            };
            ready();
          }),
      )
      .catch((err: unknown) => failed(err));
  });
  return id;
}

function sqliteClientOf(req: PayloadRequest): LibsqlClient | null {
  const db = req.payload.db as unknown as { name?: string; client?: LibsqlClient };
  return db.name === 'sqlite' && db.client ? db.client : null;
}

/** Runs the work in the transaction `req` holds: committed when it succeeds, rolled back when it throws. */
async function commitOrKill<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  try {
    const out = await work();
    await commitTransaction(req);
    return out;
  } catch (err) {
    await killTransaction(req);
    throw err;
  }
}

/**
 * Runs `work` with `req` inside one database transaction: every Payload write given this `req` commits with
 * the others or none does. A `req` already in a transaction joins it (the caller commits). On MongoDB this is
 * Payload's own transaction (a replica set; a standalone server has none, as everywhere in Payload).
 */
export async function withTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  if (req.transactionID !== undefined) return work();
  const client = sqliteClientOf(req);
  if (!client) {
    await initTransaction(req);
    return commitOrKill(req, work);
  }

  const gate = gateOf(client);
  while (gate.held) await gate.held;
  let release!: () => void;
  gate.held = new Promise<void>((resolve) => (release = resolve));
  try {
    gate.ownerOpening = true;
    req.transactionID = await openSession(req.payload.db as unknown as DrizzleSessionHost);
    gate.ownerOpening = false;
    return await commitOrKill(req, work);
  } finally {
    gate.ownerOpening = false;
    // A transaction Payload already ended (an operation that failed kills it) leaves the id behind on some paths.
    delete req.transactionID;
    gate.held = null;
    release();
  }
}
