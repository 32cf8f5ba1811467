/**
 * The stall's own store on the phone (IndexedDB): the sales not yet on the server, and the last catalogue and
 * day the server sent, so that the screen works with no network, after a reload and after the tab was closed.
 * A sale is written here first; only then is it sent (issue 32 §2: local first).
 */
import type { MarketSaleInput } from '@shop/shared/admin';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedSale } from './stall-logic';

interface StallDb extends DBSchema {
  sales: { key: string; value: QueuedSale; indexes: { 'by-day': [string, number]; 'by-seq': number } };
  snapshots: { key: string; value: { key: string; value: unknown; saved_at: string } };
}

const DB_NAME = 'market-stall';
let opening: Promise<IDBPDatabase<StallDb>> | null = null;

function db(): Promise<IDBPDatabase<StallDb>> {
  opening ??= openDB<StallDb>(DB_NAME, 1, {
    upgrade(database) {
      const sales = database.createObjectStore('sales', { keyPath: 'client_id' });
      sales.createIndex('by-day', ['day_id', 'seq']);
      sales.createIndex('by-seq', 'seq');
      database.createObjectStore('snapshots', { keyPath: 'key' });
    },
    // Another tab opened a newer version: let it, this page reopens on its next call.
    blocking() {
      void opening?.then((open) => open.close());
      opening = null;
    },
  });
  return opening;
}

/** Keeps a sale on the phone, after the day's last one; resolves once it is on disk. */
export async function keepSale(dayId: string, input: MarketSaleInput, totalCents: number): Promise<QueuedSale> {
  const database = await db();
  const tx = database.transaction('sales', 'readwrite');
  // One counter per phone, read and raised in the same transaction, so two tabs never take the same place.
  const last = await tx.store.index('by-seq').openCursor(null, 'prev');
  const seq = last?.value.seq ?? 0;
  const sale: QueuedSale = {
    client_id: input.client_id,
    day_id: dayId,
    seq: seq + 1,
    input,
    total_cents: totalCents,
    state: 'waiting',
    error: null,
    attempts: 0,
  };
  await tx.store.add(sale);
  await tx.done;
  return sale;
}

/** The day's sales on the phone, waiting and failed, in the order they were recorded. */
export async function salesOnPhone(dayId: string): Promise<QueuedSale[]> {
  const database = await db();
  return database.getAllFromIndex('sales', 'by-day', IDBKeyRange.bound([dayId, -Infinity], [dayId, Infinity]));
}

/** The server has it (201, or 200 for a resend): it leaves the phone. */
export async function forgetSale(clientId: string): Promise<void> {
  await (await db()).delete('sales', clientId);
}

export async function updateSale(sale: QueuedSale): Promise<void> {
  await (await db()).put('sales', sale);
}

export async function keepSnapshot(key: string, value: unknown): Promise<void> {
  await (await db()).put('snapshots', { key, value, saved_at: new Date().toISOString() });
}

export async function readSnapshot<T>(key: string): Promise<T | undefined> {
  const row = await (await db()).get('snapshots', key);
  return row?.value as T | undefined;
}
