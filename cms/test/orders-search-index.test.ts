/**
 * Issue 33 §2: the Orders screens' search and counts read their own index (lib/order-search.ts: FTS5 and a
 * table of counts on SQLite, kept by triggers). The index only narrows: these tests pin that the lists it
 * answers are exactly those of the LIKE search it speeds up (hand-worked from the planted orders), that an
 * order is found, moved and gone right after a write by each path, and that search text is never FTS5 syntax.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createOrder, createProduct, type Doc } from './factories';
import { approve, capturePayment, createPaymentOk } from './payment-helpers';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
/** Hex: no letter of "or", "ia", "mari" or the like, so the tag adds no match to a word searched with it. */
const newTag = () => `zq${uid()}`;
/** A number stem of letters none of the searches below name (no Q, K, Z, 7 or 2–4). */
const numberStem = () => Array.from({ length: 6 }, () => 'ABCDEFGHJMNP'[randomInt(12)]).join('');

async function list(path: string): Promise<{ status: number; ids: string[]; count: number | undefined }> {
  const res = await admin.api(path);
  const rows = (res.body?.result ?? []) as Array<{ id: string }>;
  return {
    status: res.status,
    ids: Array.isArray(rows) ? rows.map((r) => r.id) : [],
    count: res.body?.pagination?.count,
  };
}

const open = (query: string) => list(`/api/v2/admin/orders?${query}`);
const archive = (query: string) => list(`/api/v2/admin/orders/completed?${query}`);
const searchOpen = (words: string) => open(`search=${encodeURIComponent(words)}`);

describe('the Orders search through its index', () => {
  const tag = newTag();
  const stem = numberStem();
  const o = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Doc>;

  beforeAll(async () => {
    const plant = (name: string, email: string, number: string, minutes: number) =>
      createOrder(admin, {
        payer_full_name: name,
        payer_email_address: `${email}@${tag}.example`,
        number: `${stem}${number}`,
        createdAt: minutesAgo(minutes),
      });
    // Oldest first: a list shows them f, e, d, c, b, a.
    o.a = await plant('Maria Rossi', 'm.rossi', 'Q7K', 60);
    o.b = await plant('Annamaria Verdi', 'anna', 'K7Q', 50);
    o.c = await plant('Mario Bianchi', 'mario', 'Q7', 40);
    o.d = await plant('ROSA MARÍA López', 'rosa', 'Z2', 30);
    o.e = await plant('Elsa 50%off', 'elsa', 'Z3', 20);
    o.f = await plant('Zoe NEAR(q* "Quinn"', 'zoe', 'Z4', 10);
  });

  it('when payers are searched by pieces of names and emails, then the orders LIKE finds, newest first', async () => {
    const cases: Array<[string, Doc[]]> = [
      [`maria ${tag}`, [o.b, o.a]],
      [`MARI ${tag}`, [o.c, o.b, o.a]],
      // LIKE folds ASCII letters only: "marí" is not "MARÍ", though the trigram index (folding both) offers it.
      [`marí ${tag}`, []],
      [`MARÍ ${tag}`, [o.d]],
      [`rossi@${tag}`, [o.a]],
      [`.rossi@ ${tag}`, [o.a]],
      // Two letters: under a trigram, so the list's LIKE alone finds them.
      [`ia ${tag}`, [o.c, o.b, o.a]],
      [`50% ${tag}`, [o.e]],
      [`5_% ${tag}`, []],
      [`bianchi mario ${tag}`, [o.c]],
      [`maria verdi ${tag}`, [o.b]],
      [`zelda ${tag}`, []],
    ];
    for (const [words, expected] of cases) {
      const res = await searchOpen(words);
      expect(res.status, words).toBe(200);
      expect(res.ids, words).toEqual(expected.map((doc) => doc.id));
      expect(res.count, words).toBe(expected.length);
    }
  });

  it('when a search is sorted by payer, paged, or filtered by channel, then the list LIKE gives in that order', async () => {
    // SQLite compares names byte by byte: "Maria" before "Mario", capitals before small letters.
    const az = await open(`search=${tag}&sort[0]=payer_full_name&sort[1]=ASC&limit=2&page=2`);
    expect([az.ids, az.count]).toEqual([[o.a.id, o.c.id], 6]);
    const za = await open(`search=${tag}&sort[0]=payer_full_name&sort[1]=DESC&limit=2&page=2`);
    expect([za.ids, za.count]).toEqual([[o.c.id, o.a.id], 6]);
    const past = await open(`search=${tag}&page=9`);
    expect([past.ids, past.count]).toEqual([[], 6]);
    expect((await open(`search=${tag}&channel=online&limit=1`)).ids).toEqual([o.f.id]);
    expect((await open(`search=${tag}&channel=market`)).count).toBe(0);
    expect((await open(`search=${tag}&status=PROCESSING`)).count).toBe(0);
    expect((await archive(`search=${tag}`)).count).toBe(0);
  });

  it('when orders are searched by pieces of their number of 1, 2 and more characters, then those orders', async () => {
    const cases: Array<[string, Doc[]]> = [
      [`${stem}Q7`, [o.c, o.a]],
      ['7k', [o.a]],
      ['q', [o.c, o.b, o.a]],
      [`${stem.toLowerCase()}-z`, [o.f, o.e, o.d]],
      [`${stem}Z4`, [o.f]],
      ['K7Q', [o.b]],
    ];
    for (const [number, expected] of cases) {
      const res = await open(`number=${encodeURIComponent(number)}&search=${tag}`);
      expect(res.status, number).toBe(200);
      expect(res.ids, number).toEqual(expected.map((doc) => doc.id));
      expect(res.count, number).toBe(expected.length);
    }
  });

  it('when the search holds FTS5 syntax, quotes, emoji or 100 characters, then 200 with the orders holding that text', async () => {
    const cases: Array<[string, Doc[]]> = [
      ['"', [o.f]],
      ['""', []],
      ['"quinn"', [o.f]],
      ['quinn"', [o.f]],
      ['"quin', [o.f]],
      ['*', [o.f]],
      ['q*', [o.f]],
      ['NEAR(', [o.f]],
      ['near(q*', [o.f]],
      ['(', [o.f]],
      ['OR', []],
      ['AND', []],
      ['NOT', []],
      ['-', []],
      ['^', []],
      [':', []],
      ['{payer_full_name}:', []],
      ['🍝🍝🍝', []],
      ['x'.repeat(100 - tag.length - 1), []],
    ];
    for (const [text, expected] of cases) {
      const res = await searchOpen(`${text} ${tag}`);
      expect(res.status, text).toBe(200);
      expect(res.ids, text).toEqual(expected.map((doc) => doc.id));
    }
    // Alone (no tag beside them): each is one plain word of the search, never a query of its own.
    for (const text of ['"', 'NEAR(a b)', 'a OR b', '-x', '^x', '*', '"a" "b"', 'Ω≈ç√∫', '\u0000abc']) {
      expect((await searchOpen(text)).status, text).toBe(200);
    }
    // A lone surrogate's bytes, which no encoder writes.
    expect((await open('search=%ED%A0%80abc')).status).toBe(200);
    expect((await searchOpen('"'.repeat(500))).status).toBe(400);
    expect((await open(`number=${'"'.repeat(500)}`)).status).toBe(400);
    expect((await open(`number=${encodeURIComponent('NEAR(')}`)).ids).toEqual([]);
  });
});

describe('the index after each kind of write', () => {
  it('when orders are made, moved between tabs and deleted through /api/v2, Payload REST and hooks, then found and counted at once', async () => {
    const tag = newTag();
    const before = { open: (await open('')).count ?? -1, archive: (await archive('')).count ?? -1 };
    // The first describe's six orders, all NEW.
    expect(before).toEqual({ open: 6, archive: 0 });
    expect([(await open('channel=online')).count, (await open('channel=market')).count]).toEqual([6, 0]);

    // Payload REST, with what hooks add: the number (assignOrderNumber) and a name without control characters.
    const rest = await createOrder(admin, {
      payer_full_name: 'Otta\u0007vio Tessitore',
      payer_email_address: `ottavio@${tag}.example`,
      createdAt: minutesAgo(5),
    });
    expect(rest.number).toMatch(/^[A-Z0-9]{8}$/);
    expect((await searchOpen(`ottavio ${tag}`)).ids).toEqual([rest.id]);
    expect((await open(`number=${rest.number}`)).ids).toEqual([rest.id]);

    // /api/v2: the shop's checkout makes the order.
    const product = await createProduct(admin, { name: `Olio ${uid()}`, price: 12.5 });
    const paypalId = await createPaymentOk(server, [{ id: String(product.id), quantity: 1 }]);
    await approve(server, paypalId, {
      payer: { name: { given_name: 'Ugo', surname: 'Lanterna' }, email_address: `ugo@${tag}.example` },
    });
    expect((await capturePayment(server, paypalId)).status).toBe(200);
    const shop = await searchOpen(`lanterna ${tag}`);
    expect(shop.ids).toHaveLength(1);
    const shopId = shop.ids[0];
    expect((await searchOpen(tag)).ids).toEqual([shop.ids[0], rest.id]);
    expect((await open('')).count).toBe(8);

    // /api/v2: the control centre cancels the REST order; it leaves the Open tab for the Archive.
    const cancel = await admin.api(`/api/v2/admin/orders/${rest.id}`, { method: 'PUT', json: { status: 'CANCELLED' } });
    expect(cancel.status, cancel.text).toBe(200);
    expect((await searchOpen(tag)).ids).toEqual([shopId]);
    expect((await archive(`search=${tag}`)).ids).toEqual([rest.id]);
    expect([(await open('')).count, (await archive('')).count]).toEqual([7, 1]);

    // Payload REST: the shop's order completed through the panel's door.
    const done = await admin.api(`/api/orders/${shopId}`, { method: 'PATCH', json: { status: 'COMPLETED' } });
    expect(done.status, done.text).toBe(200);
    expect((await archive(`search=${tag}`)).ids).toEqual([shopId, rest.id]);
    expect((await archive(`search=${tag}&status=COMPLETED`)).ids).toEqual([shopId]);
    expect([(await open('')).count, (await archive('')).count]).toEqual([6, 2]);
    expect((await archive('status=CANCELLED')).count).toBe(1);

    // Payload REST: deleted, gone from the search, the number search and the counts.
    const gone = await admin.api(`/api/orders/${rest.id}`, { method: 'DELETE' });
    expect(gone.status, gone.text).toBe(200);
    expect((await archive(`search=${encodeURIComponent(`tessitore ${tag}`)}`)).ids).toEqual([]);
    expect((await archive(`number=${rest.number}`)).ids).toEqual([]);
    expect((await archive(`search=${tag}`)).ids).toEqual([shopId]);
    expect([(await open('')).count, (await archive('')).count]).toEqual([6, 1]);
    expect((await archive('status=CANCELLED')).count).toBe(0);
    expect([(await archive('channel=online')).count, (await archive('channel=market')).count]).toEqual([1, 0]);
  });

  it('when a searched list was counted, then an order added, moved or deleted after it shows in the next count', async () => {
    const tag = newTag();
    // The indexed search, and one with a LIKE wildcard that the list's own query answers: both keep counts.
    const counts = async () => [
      (await searchOpen(tag)).count,
      (await searchOpen(`${tag} _`)).count,
      (await archive(`search=${tag}`)).count,
    ];
    const ada = await createOrder(admin, {
      payer_full_name: 'Ada Ferri',
      payer_email_address: `ada_f@${tag}.example`,
      createdAt: minutesAgo(3),
    });
    expect(await counts()).toEqual([1, 1, 0]);

    const bea = await createOrder(admin, {
      payer_full_name: 'Bea Conti',
      payer_email_address: `bea@${tag}.example`,
      createdAt: minutesAgo(2),
    });
    expect(await counts()).toEqual([2, 1, 0]);

    // Payload REST, the panel's door.
    const done = await admin.api(`/api/orders/${ada.id}`, { method: 'PATCH', json: { status: 'COMPLETED' } });
    expect(done.status, done.text).toBe(200);
    expect(await counts()).toEqual([1, 0, 1]);

    const moved = await admin.api(`/api/v2/admin/orders/${bea.id}`, { method: 'PUT', json: { status: 'CANCELLED' } });
    expect(moved.status, moved.text).toBe(200);
    expect(await counts()).toEqual([0, 0, 2]);

    const gone = await admin.api(`/api/orders/${bea.id}`, { method: 'DELETE' });
    expect(gone.status, gone.text).toBe(200);
    expect(await counts()).toEqual([0, 0, 1]);
  });
});
