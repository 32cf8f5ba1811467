// Issue 14 figures: PDF generation time per packing slip, per invoice and for a pick list of 100 orders,
// against an empty pdfkit page made the same way in the same run (the cost of a document at all).
//
// Rendering runs in this process on orders built in memory, so the figures are pdfkit's and bwip-js's work
// alone; loading the orders from the database is the orders list's cost, measured by `admin-orders`.
import type { AdminOrder } from '@shop/shared/admin';
import { pickListRows, toPaperOrder, type CatalogProduct } from '../cms/services/admin/paperwork/model';
import {
  renderEmptyPage,
  renderInvoice,
  renderPackingSlips,
  renderPickList,
} from '../cms/services/admin/paperwork/render';

const SHOP = {
  name: 'Bottega di Famiglia',
  lines: ['118 Mulberry Street', 'New York, NY 10013', 'United States', 'shop@bottegadifamiglia.example'],
};
const PRODUCTS = 40;

function benchOrder(i: number): AdminOrder {
  const lines = 1 + (i % 4);
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    number: `K${(1_000_000 + i * 7919).toString(36).toUpperCase()}`,
    created_at: new Date(Date.UTC(2026, 10, 24, 9, i % 60)).toISOString(),
    status: 'PROCESSING',
    payer_full_name: `Giulia Caffè ${i}`,
    payer_email_address: `giulia.${i}@example.com`,
    shipment_full_name: `Giulia Caffè ${i}`,
    shipment_amount: 7.9,
    shipment_method: 'USPS Priority Mail',
    shipment_address: {
      address_line_1: `${100 + i} Via Roma`,
      address_line_2: null,
      admin_area_1: 'NY',
      admin_area_2: 'New York',
      postal_code: '10001',
      country_code: 'US',
    },
    transaction_id: `8AB${String(i).padStart(14, '0')}`,
    transaction_status: 'COMPLETED',
    transaction_gross_amount: '45.40',
    transaction_paypal_fee: '1.80',
    transaction_net_amount: '43.60',
    transaction_refunded_amount: '0.00',
    refund_state: 'NONE',
    currency_code: 'USD',
    coordinates: null,
    history: [],
    refunds: [],
    refundable_amount: '45.40',
    products: Array.from({ length: lines }, (_, l) => ({
      id: `product-${(i * 3 + l) % PRODUCTS}`,
      product: `Prodotto ${(i * 3 + l) % PRODUCTS}`,
      price: 12.5,
      quantity: 1 + ((i + l) % 3),
      apply_discount: l === 0,
      discount_unit: '%' as const,
      discount_amount: 10,
    })),
  };
}

const catalog = new Map<string, CatalogProduct>(
  Array.from({ length: PRODUCTS }, (_, p) => [
    `product-${p}`,
    { name: `Prodotto ${p}`, categories: [['Pasta', 'Olio', 'Caffè', 'Dolci', 'Conserve'][p % 5]] },
  ]),
);

/** Median milliseconds of `runs` calls, after `warmup` unmeasured ones (JIT, pdfkit's font metrics). */
async function median(fn: () => Promise<Buffer>, runs: number, warmup = 5): Promise<{ ms: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < warmup; i++) bytes = (await fn()).length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = (await fn()).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], bytes };
}

export async function benchAdminPaperwork(): Promise<void> {
  console.log('\n== Control centre paperwork (issue 14) ==');
  const orders = Array.from({ length: 100 }, (_, i) => benchOrder(i));
  const papers = orders.map(toPaperOrder);
  const pickInput = () => ({
    printedAt: '11/24/2026 9:00 AM',
    rows: pickListRows(orders, catalog),
    orders: papers.map((p) => ({ number: p.number, payerName: p.payerName, status: p.status })),
  });

  const results: Array<[string, { ms: number; bytes: number }]> = [
    ['empty pdfkit page (baseline)', await median(() => renderEmptyPage(), 200)],
    ['packing slip, 1 order', await median(() => renderPackingSlips(SHOP, [papers[1]]), 100)],
    ['invoice, 1 order', await median(() => renderInvoice(SHOP, papers[3]), 100)],
    ['packing slips, 100 orders in one file', await median(() => renderPackingSlips(SHOP, papers), 10, 2)],
    ['pick list, 100 orders', await median(() => renderPickList(SHOP, pickInput()), 30, 3)],
  ];
  const base = results[0][1].ms;
  for (const [label, r] of results) {
    console.log(
      `${label.padEnd(40)} ${r.ms.toFixed(2).padStart(8)} ms  ${(r.bytes / 1024).toFixed(1).padStart(7)} KiB  ratio ${(r.ms / base).toFixed(1)}`,
    );
  }
  const perSlip = results[3][1].ms / 100;
  console.log(`  per slip within the 100-order file: ${perSlip.toFixed(2)} ms`);
}
