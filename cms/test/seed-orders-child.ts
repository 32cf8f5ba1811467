/**
 * Writes orders straight through Payload's database adapter (payload.db.create: no hooks, no validation) in
 * transactions of 1,000, into the SQLite file of DATA_DIR, while the server under test runs on it. Run as a
 * child: `node --import tsx cms/test/seed-orders-child.ts` with
 * - SEED_ORDERS: how many generated orders (see generatedOrder: every one totals 11.00);
 * - SEED_PLANTED: optional path of a JSON array of order records written as they are, before the others.
 * Prints "SEEDED <n>" and exits.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createLocalReq, getPayload } from 'payload';
import { loadPayloadConfig } from '../lib/load-config';
import { withTransaction } from '../lib/transaction';

const BATCH = 1_000;

/**
 * Order i: one line of 2 × 3.00 plus 5.00 shipping = 11.00. Three orders share each minute, so equal dates
 * straddle the export's 500-row pages (its paging must neither skip nor repeat them).
 */
function generatedOrder(i: number, now: number): Record<string, unknown> {
  return {
    number: `SEED${String(i).padStart(6, '0')}`,
    status: 'PROCESSING',
    payer_full_name: `Seeded Payer ${i}`,
    payer_email_address: `seeded.${i}@example.com`,
    shipment_full_name: `Seeded Payer ${i}`,
    shipment_amount: 5,
    shipment_method: 'USPS Priority Mail',
    shipment_address: {
      address_line_1: `${i} Main St`,
      admin_area_1: 'NY',
      admin_area_2: 'New York',
      postal_code: '10001',
      country_code: 'US',
    },
    transaction_id: `SEEDTX${i}`,
    transaction_status: 'COMPLETED',
    transaction_gross_amount: '11.00',
    transaction_paypal_fee: '0.87',
    transaction_net_amount: '10.13',
    currency_code: 'USD',
    products: [{ product_id: 'seed-p', product: 'Orzo', price: 3, quantity: 2 }],
    createdAt: new Date(now - (Math.floor(i / 3) + 1) * 60_000).toISOString(),
    updatedAt: new Date(now - (Math.floor(i / 3) + 1) * 60_000).toISOString(),
  };
}

/**
 * The adapter writes array rows as given: each needs the id Payload would have made for it. A seeded order's
 * two mails count as sent when it was made (unless the record says otherwise): else the server's reconciler,
 * which mails every unmailed order of the last three days, would set about mailing all 10,000, writing
 * beside the seed and the tests.
 */
function withRowIds(order: Record<string, unknown>): Record<string, unknown> {
  const lines = Array.isArray(order.products) ? (order.products as Record<string, unknown>[]) : [];
  const madeAt = order.createdAt ?? new Date().toISOString();
  return {
    confirmation_sent_at: madeAt,
    shop_notified_at: madeAt,
    ...order,
    products: lines.map((l) => ({ id: randomBytes(12).toString('hex'), ...l })),
  };
}

async function main() {
  const payload = await getPayload({ config: await loadPayloadConfig() });
  const planted = process.env.SEED_PLANTED
    ? (JSON.parse(fs.readFileSync(process.env.SEED_PLANTED, 'utf8')) as Record<string, unknown>[])
    : [];
  const count = Number(process.env.SEED_ORDERS ?? 0);
  const now = Date.now();
  const all = (i: number) => withRowIds(i < planted.length ? planted[i] : generatedOrder(i - planted.length, now));
  const total = planted.length + count;
  for (let done = 0; done < total; done += BATCH) {
    // The server under test writes too (its first reconcile, a sign-in): on a loaded machine a batch can meet
    // its lock past the busy timeout. A refused batch was rolled back whole, so it is written again.
    for (let attempt = 1; ; attempt += 1) {
      const req = await createLocalReq({}, payload);
      try {
        // A real transaction per batch (the SQLite adapter autocommits every statement otherwise).
        await withTransaction(req, async () => {
          for (let i = done; i < Math.min(total, done + BATCH); i += 1) {
            await payload.db.create({ collection: 'orders', data: all(i), req, returning: false });
          }
        });
        break;
      } catch (err) {
        const text = `${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`;
        if (attempt >= 3 || !/SQLITE_BUSY|database is locked/i.test(text)) throw err;
      }
    }
  }
  console.log(`SEEDED ${total}`);
  process.exit(0);
}

await main();
