import type { Payload, PayloadRequest } from 'payload';
import { type AdapterHandles, adapterOf, transactionOf } from './adapter-handles';
import { indexableWord, MAX_CANDIDATES, type OrderSearchIndex, TRIGRAM } from './order-search';

/*
 * The MongoDB side of lib/order-search.ts. UNTESTED: no MongoDB runs where this was written; it follows the
 * driver's and MongoDB's documentation (createIndex with a text key, $text with quoted phrases, language
 * 'none'). The SQLite side (order-search-sqlite.ts) is the one the tests run.
 *
 * A MongoDB text index finds whole words, not the pieces of a word the list's search finds (`like` becomes a
 * case-insensitive $regex). So each order has a document in `order_search` whose `grams` names every run of
 * three characters of its payer's name and email and of its number (and the number's 1- and 2-character
 * pieces), lower-cased and written as hex so that the text index takes each for one word; a search word asks
 * for its own runs. Whether MongoDB reads several quoted phrases as AND or as OR, every order holding the word
 * is among the candidates, and the list's own $regex conditions decide.
 *
 * Kept current by the Orders collection's afterChange and afterDelete hooks (keepOrderSearchCurrent), inside
 * the write's transaction when it has one; so is the orders' generation (order_list_generation). Writes that skip hooks (payload.db.create, as the benches seed) are
 * not indexed until ensureMongoOrderSearch runs again (at start), which adds the orders it lacks.
 */

const SEARCH_COLLECTION = 'order_search';

/**
 * One document, `{ _id: 'orders', generation }`, whose number goes up with each order write the hooks see
 * (lib/order-list-counts.ts keys the counts of searched lists by it), in the write's transaction when it has one.
 */
const GENERATION_COLLECTION = 'order_list_generation';
const GENERATION_ID = 'orders';

interface RawCollection {
  createIndex(keys: object, options?: object): Promise<unknown>;
  find(filter: object, options?: object): { limit(n: number): { toArray(): Promise<Array<{ _id: unknown }>> } };
  updateOne(filter: object, update: object, options?: object): Promise<unknown>;
  deleteOne(filter: object, options?: object): Promise<unknown>;
  countDocuments(filter: object, options?: object): Promise<number>;
  findOne(filter: object, options?: object): Promise<Record<string, unknown> | null>;
}

interface MongoConnection {
  collection(name: string): RawCollection;
}

const connectionOf = (db: AdapterHandles) => (db as unknown as { connection: MongoConnection }).connection;
const searchCollection = (db: AdapterHandles) => connectionOf(db).collection(SEARCH_COLLECTION);
const generationCollection = (db: AdapterHandles) => connectionOf(db).collection(GENERATION_COLLECTION);

async function bumpGeneration(db: AdapterHandles, session: unknown): Promise<void> {
  await generationCollection(db).updateOne(
    { _id: GENERATION_ID },
    { $inc: { generation: 1 } },
    { upsert: true, ...(session ? { session } : {}) },
  );
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** Every run of `size` characters (code points) of `text`, lower-cased. */
function runsOf(text: string, size: number): string[] {
  const chars = [...text.toLowerCase()];
  const runs: string[] = [];
  for (let i = 0; i + size <= chars.length; i += 1) runs.push(chars.slice(i, i + size).join(''));
  return runs;
}

/** The words an order is indexed under: `f` (name or email), `n` (number) and `g` (number pieces) kept apart. */
export function orderGrams(order: { number?: unknown; payer_full_name?: unknown; payer_email_address?: unknown }) {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const number = text(order.number);
  const grams = new Set<string>();
  for (const field of [text(order.payer_full_name), text(order.payer_email_address)])
    for (const run of runsOf(field, TRIGRAM)) grams.add(`f${hex(run)}`);
  for (const run of runsOf(number, TRIGRAM)) grams.add(`n${hex(run)}`);
  for (const size of [1, 2]) for (const run of runsOf(number, size)) grams.add(`g${hex(run)}`);
  return [...grams].join(' ');
}

function searchFor(words: readonly string[], number: string): string | null {
  const wanted = new Set<string>();
  for (const word of words.filter(indexableWord)) for (const run of runsOf(word, TRIGRAM)) wanted.add(`f${hex(run)}`);
  if (number.length >= TRIGRAM) for (const run of runsOf(number, TRIGRAM)) wanted.add(`n${hex(run)}`);
  else if (number) wanted.add(`g${hex(number.toLowerCase())}`);
  return wanted.size ? [...wanted].map((gram) => `"${gram}"`).join(' ') : null;
}

export function mongoOrderSearch(db: AdapterHandles): OrderSearchIndex {
  return {
    // The list's own query, narrowed by candidates(), reads the page on MongoDB.
    async page() {
      return null;
    },
    async candidates({ words, number }) {
      const search = searchFor(words, number);
      if (!search) return null;
      const docs = await searchCollection(db)
        .find({ $text: { $search: search, $language: 'none' } }, { projection: { _id: 1 } })
        .limit(MAX_CANDIDATES + 1)
        .toArray();
      return docs.length > MAX_CANDIDATES ? null : docs.map((doc) => String(doc._id));
    },
    // The Orders collection's index on createdAt, status and channel counts without reading the orders.
    async count() {
      return null;
    },
    async generation() {
      const doc = await generationCollection(db).findOne({ _id: GENERATION_ID });
      return String(doc?.generation ?? 0);
    },
  };
}

/** Indexes an order as it now is (the Orders collection's afterChange hook). A no-op on SQLite (triggers). */
export async function indexOrderForSearch(
  payload: Payload,
  order: { id?: unknown; number?: unknown; payer_full_name?: unknown; payer_email_address?: unknown },
  req?: PayloadRequest,
): Promise<void> {
  const db = adapterOf(payload);
  if (db.name !== 'mongoose') return;
  const { session } = await transactionOf(payload, req);
  await searchCollection(db).updateOne(
    { _id: String(order.id) },
    { $set: { grams: orderGrams(order) } },
    { upsert: true, ...(session ? { session } : {}) },
  );
  await bumpGeneration(db, session);
}

/** Drops a deleted order from the index (the Orders collection's afterDelete hook). A no-op on SQLite. */
export async function dropOrderFromSearch(payload: Payload, id: unknown, req?: PayloadRequest): Promise<void> {
  const db = adapterOf(payload);
  if (db.name !== 'mongoose') return;
  const { session } = await transactionOf(payload, req);
  await searchCollection(db).deleteOne({ _id: String(id) }, session ? { session } : {});
  await bumpGeneration(db, session);
}

/**
 * The text index, and the orders it lacks (a database from before it, or orders written past the hooks). Run
 * once at start on MongoDB; SQLite's migration does the same there.
 */
export async function ensureMongoOrderSearch(payload: Payload): Promise<void> {
  const db = adapterOf(payload);
  if (db.name !== 'mongoose') return;
  // Orders written past the hooks while no server ran: no count kept before this start is used again.
  await bumpGeneration(db, null);
  const index = searchCollection(db);
  await index.createIndex({ grams: 'text' }, { default_language: 'none', name: 'order_search_grams' });
  // The payer sort A to Z is newest first within a payer: Payload's indexes are ascending only.
  await connectionOf(db)
    .collection('orders')
    .createIndex({ payer_full_name: 1, createdAt: -1, status: 1, channel: 1 }, { name: 'orders_payer_newest' });
  const orders = connectionOf(db).collection('orders') as unknown as {
    countDocuments(filter: object): Promise<number>;
    find(filter: object, options?: object): AsyncIterable<Record<string, unknown>>;
  };
  if ((await index.countDocuments({})) === (await orders.countDocuments({}))) return;
  const projection = { number: 1, payer_full_name: 1, payer_email_address: 1 };
  for await (const order of orders.find({}, { projection })) {
    await index.updateOne({ _id: String(order._id) }, { $set: { grams: orderGrams(order) } }, { upsert: true });
  }
}
