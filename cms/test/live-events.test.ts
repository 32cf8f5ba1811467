/**
 * Live alerts (issue 14 part 5): GET /api/v2/admin/events is a Server-Sent Events stream for signed-in admins.
 * A real client reads it with fetch and a stream reader, as a browser's EventSource would, while a checkout
 * runs through the PayPal emulator and a shopper sends the contact form; with REDIS_URL, an event raised on
 * one instance reaches a stream open on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary, type RedisServer, startRedis } from './cluster';
import { createEditor, createProduct, signInAs, validContact } from './factories';
import { type AdminClient, startServer, type TestServer } from './harness';
import { approve, captureAtEmulator, capturePayment, createPaymentOk, ordersFor } from './payment-helpers';

interface ReceivedEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
  /** performance.now() when the client read it. */
  at: number;
}

/**
 * An open SSE stream read the way EventSource does: frames split on blank lines, `event:`, `id:`, `data:`
 * fields, comment lines (`:`) skipped. `next` waits for the next event of a type.
 */
interface SseClient {
  status: number;
  headers: Headers;
  /** Everything read so far, comments and retry line included. */
  raw(): string;
  next(type: string, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(baseUrl: string, cookie?: string): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v2/admin/events`, {
    // Same-origin, as the control centre's EventSource (whose browser sends Sec-Fetch-Site instead).
    headers: { accept: 'text/event-stream', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  let text = '';
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let firstChunk!: () => void;
  const connected = new Promise<void>((resolve) => (firstChunk = resolve));
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        buffer += value;
        firstChunk();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (fields.has('data')) {
            events.push({
              id: fields.get('id') ?? '',
              event: fields.get('event') ?? 'message',
              data: JSON.parse(fields.get('data')!) as Record<string, unknown>,
              at: performance.now(),
            });
            waiters.forEach((wake) => wake());
          }
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      firstChunk();
      waiters.forEach((wake) => wake());
    }
  })();
  if (res.status === 200) await connected;
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: res.status,
    headers: res.headers,
    raw: () => text,
    ended,
    close: () => abort.abort(),
    async next(type, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e) => e.event === type);
        if (index >= 0) return events.splice(index, 1)[0];
        if (done) throw new Error(`stream ended without a ${type} event; read: ${text}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms; read: ${text}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

let server: TestServer;
let admin: AdminClient;
const open: SseClient[] = [];
const track = (client: SseClient) => {
  open.push(client);
  return client;
};

beforeAll(async () => {
  server = await startServer({ env: { LIVE_EVENTS_RECHECK_SECONDS: '1' } });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  open.forEach((c) => c.close());
  await server?.stop();
});

describe('GET /api/v2/admin/events: who may listen', () => {
  it('when nobody is signed in, then 401 in the envelope and no stream', async () => {
    const res = await fetch(`${server.baseUrl}/api/v2/admin/events`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { status: number }).status).toBe(401);
  });

  it("when an editor (the /cms panel's role) connects, then 403", async () => {
    const editor = await createEditor(admin);
    const client = await signInAs(server, editor, 'panel');
    const res = await fetch(`${server.baseUrl}/api/v2/admin/events`, {
      headers: { cookie: client.cookie, origin: server.baseUrl },
    });
    expect(res.status).toBe(403);
    await res.body?.cancel();
  });

  it('when an admin connects, then an uncompressed text/event-stream that opens with a retry hint', async () => {
    // fetch asks for gzip: the compression middleware must leave this response alone, or events would sit in
    // its buffer.
    const stream = track(await openStream(server.baseUrl, admin.cookie));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.raw()).toMatch(/^retry: 3000\n/);
    stream.close();
  });

  it('when the admin signs out, then the open stream says session.ended and ends within the re-check (1 s here)', async () => {
    const second = await server.loginAdmin();
    const stream = track(await openStream(server.baseUrl, second.cookie));
    const out = await second.api('/api/v2/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    const ended = await stream.next('session.ended', 5_000);
    expect(ended.data).toEqual({});
    await stream.ended;
  });
});

describe('GET /api/v2/admin/events: what arrives', () => {
  it("when a shopper's capture goes through the emulator, then the admin's stream gets order.paid with the order's number, total and payer", async () => {
    const stream = track(await openStream(server.baseUrl, admin.cookie));
    const product = await createProduct(admin, { price: 12.5 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 2 }]);
    await approve(server, paypalOrderId);
    const capturedAt = performance.now();
    const capture = await capturePayment(server, paypalOrderId);
    const answeredAt = performance.now();
    expect(capture.status, capture.text).toBe(200);
    const orderId = capture.body.result.id as string;

    const event = await stream.next('order.paid');
    // The event is sent as the order row is written, before the capture's answer leaves the server.
    console.info(
      `live alert latency: capture request sent → order.paid read ${(event.at - capturedAt).toFixed(1)} ms; ` +
        `read ${(event.at - answeredAt).toFixed(1)} ms after the capture's answer arrived (negative: before)`,
    );
    const order = await admin.api(`/api/v2/admin/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.data).toEqual({
      id: orderId,
      number: order.body.result.number,
      // 2 × 12.50 plus 7.90 for the default shipping method.
      total: 32.9,
      currency: 'USD',
      // The emulator's default payer.
      customer: 'John Doe',
    });
    expect(order.body.result.payer_full_name).toBe('John Doe');
    stream.close();
  });

  it("when the shopper's browser never comes back and PayPal's webhook completes the order, then order.paid is sent once all the same", async () => {
    const stream = track(await openStream(server.baseUrl, admin.cookie));
    const product = await createProduct(admin, { price: 3 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 3 }]);
    await approve(server, paypalOrderId);
    // Captured at PayPal only: the emulator then posts PAYMENT.CAPTURE.COMPLETED to the shop's webhook.
    await captureAtEmulator(server, paypalOrderId);
    const event = await stream.next('order.paid');
    const orders = await ordersFor(admin, paypalOrderId);
    expect(orders.map((o) => o.id)).toEqual([event.data.id]);
    // 3 × 3.00 plus 7.90 shipping.
    expect(event.data).toMatchObject({ number: orders[0].number, total: 16.9, customer: 'John Doe' });
    await expect(stream.next('order.paid', 1_500)).rejects.toThrow(/no order.paid event/);
    stream.close();
  });

  it('when a capture is repeated, then the order is announced once', async () => {
    const stream = track(await openStream(server.baseUrl, admin.cookie));
    const product = await createProduct(admin, { price: 4 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    await approve(server, paypalOrderId);
    expect((await capturePayment(server, paypalOrderId)).status).toBe(200);
    expect((await capturePayment(server, paypalOrderId)).status).toBe(200);
    await stream.next('order.paid');
    await expect(stream.next('order.paid', 1_500)).rejects.toThrow(/no order.paid event/);
    stream.close();
  });

  it('when a sale takes a product from 4 to 3 (threshold 3) and the market takes the last 3, then stock.low twice, not for other changes', async () => {
    const olio = await createProduct(admin, {
      name: `Olio Nuovo ${Date.now()}`,
      price: 18,
      stock_quantity: 5,
      low_stock_threshold: 3,
    });
    const stream = track(await openStream(server.baseUrl, admin.cookie));
    const adjust = (change: number) =>
      admin.api(`/api/v2/admin/products/${olio.id}/stock`, { method: 'POST', json: { change, reason: 'Market' } });
    expect((await adjust(-1)).status).toBe(200); // 5 → 4: above the threshold, no alert
    const id = await createPaymentOk(server, [{ id: olio.id, quantity: 1 }]);
    await approve(server, id);
    expect((await capturePayment(server, id)).status).toBe(200); // 4 → 3: at the threshold
    const low = await stream.next('stock.low');
    expect(low.data).toEqual({ id: olio.id, name: olio.name, stock_quantity: 3, low_stock_threshold: 3 });
    expect((await adjust(-3)).status).toBe(200); // 3 → 0: sold out
    const out = await stream.next('stock.low');
    expect(out.data).toEqual({ id: olio.id, name: olio.name, stock_quantity: 0, low_stock_threshold: 3 });
    await expect(stream.next('stock.low', 1_000)).rejects.toThrow(/no stock.low event/);
    stream.close();
  });

  it('when a shopper sends the contact form, then contact.created with the id, name and subject', async () => {
    const stream = track(await openStream(server.baseUrl, admin.cookie));
    const input = validContact();
    const res = await server.api('/api/v2/contacts', { method: 'POST', json: input });
    expect(res.status).toBe(201);
    const event = await stream.next('contact.created');
    expect(event.data).toEqual({
      id: res.body.result.id,
      name: `${input.firstname} ${input.lastname}`,
      subject: input.title,
    });
    stream.close();
  });

  it('when one admin opens six streams, then the oldest is closed and five stay open', async () => {
    const streams: SseClient[] = [];
    for (let i = 0; i < 6; i += 1) streams.push(track(await openStream(server.baseUrl, admin.cookie)));
    await streams[0].ended;
    const res = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
    expect(res.status).toBe(201);
    const received = await Promise.all(streams.slice(1).map((s) => s.next('contact.created')));
    expect(received.map((e) => e.data.id)).toEqual([1, 2, 3, 4, 5].map(() => res.body.result.id));
    streams.forEach((s) => s.close());
  });
});

const redisBinary = findBinary('redis-server');

describe.skipIf(!redisBinary)('GET /api/v2/admin/events with REDIS_URL and two instances', () => {
  let redis: RedisServer;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    redis = await startRedis(redisBinary!);
    a = await startServer({ env: { REDIS_URL: redis.url } });
    // The same database: B signs A's admin in.
    b = await startServer({ env: { REDIS_URL: redis.url }, dataDir: a.dataDir, withAdmin: false });
  });

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await redis?.stop();
  });

  it("when a contact message is sent to instance A, then an admin's stream on instance B gets contact.created", async () => {
    const onB = await signInAs(b, a.admin!, 'control-centre');
    const stream = track(await openStream(b.baseUrl, onB.cookie));
    const input = validContact();
    const sentAt = performance.now();
    const res = await a.api('/api/v2/contacts', { method: 'POST', json: input });
    expect(res.status).toBe(201);
    const event = await stream.next('contact.created');
    console.info(
      `live alert latency across instances, contact sent to A → read on B: ${(event.at - sentAt).toFixed(1)} ms`,
    );
    expect(event.data).toEqual({
      id: res.body.result.id,
      name: `${input.firstname} ${input.lastname}`,
      subject: input.title,
    });
    // Announced once on B: B skips nothing of its own here, and A's echo is not delivered twice.
    await expect(stream.next('contact.created', 1_000)).rejects.toThrow(/no contact.created event/);
    stream.close();
  });
});
