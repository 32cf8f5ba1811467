/**
 * Stock counts (issue 24 §1): a counted product sells at most what is left, even when shoppers race; the
 * units are taken in one conditional write before PayPal is asked to capture, and go back when the capture
 * fails or never happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createCategory, createEditor, createProduct, type Doc, signInAs } from './factories';
import {
  approve,
  capturePayment,
  createPayment,
  createPaymentOk,
  inspectOrder,
  ordersFor,
  waitFor,
} from './payment-helpers';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

/** A published product whose stock is counted (`count` units), made so through Payload's REST API by an admin. */
async function countedProduct(label: string, count: number, extra: Record<string, unknown> = {}): Promise<Doc> {
  return createProduct(admin, { name: `${label} ${uid()}`, price: 18, stock_quantity: count, ...extra });
}

async function adminProduct(id: string) {
  const res = await admin.api(`/api/v2/admin/products/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result as {
    name: string;
    stock_quantity: number | null;
    low_stock_threshold: number | null;
    inventory_stock: boolean;
  };
}

describe('the count on the product', () => {
  it('when an admin sets 4 units and a threshold of 2, then the admin API shows them and the product is available', async () => {
    const olio = await countedProduct('Olio Nuovo', 4, { low_stock_threshold: 2 });
    expect(await adminProduct(olio.id)).toMatchObject({
      stock_quantity: 4,
      low_stock_threshold: 2,
      inventory_stock: true,
    });
  });

  it('when the count is made 0, then the product is not available, and after adjusting by +5 it is again', async () => {
    const olio = await countedProduct('Olio Nuovo', 0);
    expect(await adminProduct(olio.id)).toMatchObject({ stock_quantity: 0, inventory_stock: false });
    const res = await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: 5, reason: 'Delivery from the mill' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await adminProduct(olio.id)).toMatchObject({ stock_quantity: 5, inventory_stock: true });
  });

  it('when a count below 0 or not whole is sent on creation through REST or /api/v2, then it is refused and nothing is made', async () => {
    const category = (await createCategory(admin)).id;
    for (const stock_quantity of [-1, 1.5]) {
      const name = `Olio Storto ${uid()}`;
      const rest = await admin.api('/api/products', {
        method: 'POST',
        json: { name, price: 18, categories: [category], stock_quantity },
      });
      expect(rest.status).toBe(400);
      const v2 = await admin.api('/api/v2/admin/products', {
        method: 'POST',
        json: { name, price: 18, categories: [category], published: true, stock_quantity },
      });
      expect(v2.status).toBe(400);
      const found = await admin.api(`/api/products?where[name][equals]=${encodeURIComponent(name)}`);
      expect(found.body.totalDocs).toBe(0);
    }
    const threshold = await admin.api('/api/products', {
      method: 'POST',
      json: { name: `Olio ${uid()}`, price: 18, categories: [category], low_stock_threshold: -2 },
    });
    expect(threshold.status).toBe(400);
  });

  it('when an admin sends a new count through Payload REST, the panel or the control centre form, then the count stays and nothing else is lost', async () => {
    const olio = await countedProduct('Olio Nuovo', 3);
    // Payload REST, as a script would.
    const rest = await admin.api(`/api/products/${olio.id}`, {
      method: 'PATCH',
      json: { stock_quantity: 60, description: 'Pressed in October' },
    });
    expect(rest.status, rest.text).toBe(200);
    expect(await adminProduct(olio.id)).toMatchObject({ stock_quantity: 3 });
    // The /cms panel sends the whole document as multipart `_payload`, with the count it loaded: a sale made
    // since (3 → 2 here) must not be undone by that save.
    const sale = await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: -1, reason: 'Market' },
    });
    expect(sale.status, sale.text).toBe(200);
    const form = new FormData();
    form.append('_payload', JSON.stringify({ ...olio, stock_quantity: 3, description: 'From the panel' }));
    const panel = await admin.api(`/api/products/${olio.id}?depth=0`, { method: 'PATCH', body: form });
    expect(panel.status, panel.text).toBe(200);
    expect((await admin.api(`/api/products/${olio.id}?depth=0`)).body).toMatchObject({
      stock_quantity: 2,
      description: 'From the panel',
    });
    // The control centre's form: a different count is refused with the way to change it.
    const current = (await admin.api(`/api/v2/admin/products/${olio.id}`)).body.result;
    const v2 = await admin.api(`/api/v2/admin/products/${olio.id}`, {
      method: 'PUT',
      json: {
        name: current.name,
        price: 18,
        categories: (current.categories as { id: string }[]).map((c) => c.id),
        stock_quantity: 40,
      },
    });
    expect(v2.status).toBe(400);
    expect(v2.body.result).toEqual([
      { path: 'stock_quantity', message: 'Change the count with "Adjust stock": each change keeps its reason' },
    ]);
    expect(await adminProduct(olio.id)).toMatchObject({ stock_quantity: 2 });
  });

  it('when an editor saves a description with the count the panel loaded before a sale, then it is saved and the count stays', async () => {
    const olio = await countedProduct('Olio Nuovo', 5);
    await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: -2, reason: 'Market' },
    });
    const editor = await signInAs(server, await createEditor(admin), 'panel');
    const res = await editor.api(`/api/products/${olio.id}`, {
      method: 'PATCH',
      json: { description: 'Grassy and peppery', stock_quantity: 5 },
    });
    expect(res.status, res.text).toBe(200);
    expect((await admin.api(`/api/products/${olio.id}?depth=0`)).body).toMatchObject({
      stock_quantity: 3,
      description: 'Grassy and peppery',
    });
  });

  it('when a shopper reads a counted product through Payload REST, then the exact count and threshold are not shown', async () => {
    const olio = await countedProduct('Olio Nuovo', 40, { low_stock_threshold: 5 });
    const res = await server.api(`/api/products/${olio.id}?depth=0`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(olio.name);
    expect(res.body.stock_quantity).toBeUndefined();
    expect(res.body.low_stock_threshold).toBeUndefined();
  });

  it('when a checkout holds units of a product, then only staff read the holds through Payload REST, and nobody writes them', async () => {
    const olio = await countedProduct('Olio Nuovo', 4);
    const id = await createPaymentOk(server, [{ id: olio.id, quantity: 1 }]);
    await approve(server, id, { capture_status: 'PENDING' });
    expect((await capturePayment(server, id)).status).toBe(202);
    const asAdmin = await admin.api(`/api/products/${olio.id}?depth=0`);
    expect(asAdmin.body.stock_holds).toEqual({ [id]: 1 });
    expect(asAdmin.body.stock_quantity).toBe(3);
    const asShopper = await server.api(`/api/products/${olio.id}?depth=0`);
    expect(asShopper.status).toBe(200);
    expect(asShopper.body.stock_holds).toBeUndefined();
    const forged = await admin.api(`/api/products/${olio.id}`, { method: 'PATCH', json: { stock_holds: {} } });
    expect(forged.status).toBe(200);
    expect((await admin.api(`/api/products/${olio.id}?depth=0`)).body.stock_holds).toEqual({ [id]: 1 });
  });

  it('when the form saves a product without a count, then the stored count stays', async () => {
    const olio = await countedProduct('Olio Nuovo', 6);
    const current = (await admin.api(`/api/v2/admin/products/${olio.id}`)).body.result;
    const res = await admin.api(`/api/v2/admin/products/${olio.id}`, {
      method: 'PUT',
      json: {
        name: current.name,
        price: 19,
        categories: (current.categories as { id: string }[]).map((c) => c.id),
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toMatchObject({ price: 19, stock_quantity: 6 });
  });
});

describe('the storefront', () => {
  it('when 3 are left and the threshold is 5, then the product says 3 left; with 6 left it says nothing', async () => {
    const olio = await countedProduct('Olio Nuovo', 3, { low_stock_threshold: 5 });
    const few = await server.api(`/api/v2/products/${olio.id}`);
    expect(few.status, few.text).toBe(200);
    expect(few.body.result.stock_left).toBe(3);
    await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: 3, reason: 'Delivery from the mill' },
    });
    const plenty = await server.api(`/api/v2/products/${olio.id}`);
    expect(plenty.body.result.stock_left).toBe(null);
  });

  it('when a product is not counted, then it never says how many are left', async () => {
    const aceto = await createProduct(admin, { name: `Aceto ${uid()}` });
    expect((await server.api(`/api/v2/products/${aceto.id}`)).body.result.stock_left).toBe(null);
  });
});

describe('the dashboard', () => {
  it('when one product is at its threshold of 2, one sold out and one has 9 with a threshold of 2, then the first two are listed as running low', async () => {
    const low = await countedProduct('Olio Nuovo', 2, { low_stock_threshold: 2 });
    const out = await countedProduct('Olio Vecchio', 0);
    const plenty = await countedProduct('Aceto', 9, { low_stock_threshold: 2 });
    const res = await admin.api('/api/v2/admin/config/dashboard');
    expect(res.status, res.text).toBe(200);
    const listed = (res.body.result.low_stock as { id: string }[]).filter((p) =>
      [low.id, out.id, plenty.id].includes(p.id),
    );
    expect(listed).toEqual([
      { id: out.id, name: out.name, stock_quantity: 0, low_stock_threshold: null },
      { id: low.id, name: low.name, stock_quantity: 2, low_stock_threshold: 2 },
    ]);
  });
});

describe('payments/create', () => {
  it('when a cart asks for 3 bottles and 2 are left, then it is refused with 400 naming the product and 2', async () => {
    const olio = await countedProduct('Olio Nuovo', 2);
    const res = await createPayment(server, { products: [{ id: olio.id, quantity: 3 }], coupon_code: null });
    expect(res.status).toBe(400);
    expect(res.body.result.message).toBe(`Only 2 of ${String(olio.name)} left`);
    expect(res.body.result.product).toEqual({ id: olio.id, name: olio.name, available: 2 });
  });

  it('when a cart asks for exactly the 2 left, then the payment is created and the count is not touched yet', async () => {
    const olio = await countedProduct('Olio Nuovo', 2);
    await createPaymentOk(server, [{ id: olio.id, quantity: 2 }]);
    expect((await adminProduct(olio.id)).stock_quantity).toBe(2);
  });
});

describe('payments/capture', () => {
  it('when 10 shoppers capture at once for the last 3 bottles, then 3 are sold, 3 orders made, 7 told it sold out and not charged', async () => {
    const olio = await countedProduct('Olio Nuovo', 3);
    const shoppers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const id = await createPaymentOk(server, [{ id: olio.id, quantity: 1 }]);
        await approve(server, id);
        return id;
      }),
    );
    const answers = await Promise.all(shoppers.map((id) => capturePayment(server, id)));
    const sold = shoppers.filter((_, i) => answers[i].status === 200);
    const told = shoppers.filter((_, i) => answers[i].status === 409);
    expect(sold).toHaveLength(3);
    expect(told).toHaveLength(7);
    for (const i of answers.keys()) {
      if (answers[i].status === 409) expect(answers[i].body.result.message).toBe(`${String(olio.name)} has sold out`);
    }
    for (const id of sold) expect(await ordersFor(admin, id)).toHaveLength(1);
    for (const id of told) {
      expect(await ordersFor(admin, id)).toHaveLength(0);
      const snapshot = await inspectOrder(server, id);
      expect(snapshot.order.status).toBe('APPROVED');
      expect(snapshot.order.purchase_units?.[0]?.payments?.captures ?? []).toHaveLength(0);
    }
    expect(await adminProduct(olio.id)).toMatchObject({ stock_quantity: 0, inventory_stock: false });
  });

  it('when PayPal declines the capture of 2 of 5 bottles, then the 2 go back and the count is 5 again', async () => {
    const olio = await countedProduct('Olio Nuovo', 5);
    const id = await createPaymentOk(server, [{ id: olio.id, quantity: 2 }]);
    await approve(server, id, { capture_status: 'DECLINED' });
    const res = await capturePayment(server, id);
    expect(res.status).toBe(402);
    expect(await adminProduct(olio.id)).toMatchObject({ stock_quantity: 5, inventory_stock: true });
  });

  it('when a capture of 2 of 5 bottles succeeds and is sent again, then 3 are left, not 1', async () => {
    const olio = await countedProduct('Olio Nuovo', 5);
    const id = await createPaymentOk(server, [{ id: olio.id, quantity: 2 }]);
    await approve(server, id);
    expect((await capturePayment(server, id)).status).toBe(200);
    expect((await capturePayment(server, id)).status).toBe(200);
    expect((await adminProduct(olio.id)).stock_quantity).toBe(3);
    // The sale is on the audit log once, with the count before and after and the PayPal order.
    const sales = await waitFor('the sale on the audit log', async () => {
      const log = await admin.api(`/api/v2/admin/audit-log?record_id=${olio.id}&limit=100`);
      const found = (log.body.result as { changes: Record<string, unknown> }[]).filter((e) => 'reason' in e.changes);
      return found.length > 0 ? found : null;
    });
    expect(sales.map((e) => e.changes)).toEqual([
      { stock_quantity: { before: 5, after: 3 }, reason: { after: `sale: PayPal order ${id}` } },
    ]);
  });

  it('when a cart holds a counted and an uncounted product, then only the counted one loses units', async () => {
    const olio = await countedProduct('Olio Nuovo', 4);
    const aceto = await createProduct(admin, { name: `Aceto ${uid()}`, price: 9 });
    const id = await createPaymentOk(server, [
      { id: olio.id, quantity: 1 },
      { id: aceto.id, quantity: 7 },
    ]);
    await approve(server, id);
    expect((await capturePayment(server, id)).status).toBe(200);
    expect((await adminProduct(olio.id)).stock_quantity).toBe(3);
    expect(await adminProduct(aceto.id)).toMatchObject({ stock_quantity: null, inventory_stock: true });
  });
});

describe('admin: adjust stock', () => {
  it('when 2 bottles sold at the market are taken off 5, then 3 are left and the audit log says why', async () => {
    const olio = await countedProduct('Olio Nuovo', 5);
    const res = await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: -2, reason: 'Farmers market Saturday' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toMatchObject({ stock_quantity: 3, inventory_stock: true });
    const log = await admin.api(`/api/v2/admin/audit-log?record_id=${olio.id}&limit=100`);
    const entry = (log.body.result as { changes: Record<string, unknown> }[]).find((e) => 'reason' in e.changes);
    expect(entry?.changes).toEqual({
      stock_quantity: { before: 5, after: 3 },
      reason: { after: 'Farmers market Saturday' },
    });
  });

  it('when 4 are taken off 3, then it is refused with 400 and 3 stay', async () => {
    const olio = await countedProduct('Olio Nuovo', 3);
    const res = await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: -4, reason: 'Breakage' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.message).toBe(`Only 3 of ${String(olio.name)} left: the count cannot go below 0`);
    expect((await adminProduct(olio.id)).stock_quantity).toBe(3);
  });

  it('when the last 3 are taken off, then the product is not available', async () => {
    const olio = await countedProduct('Olio Nuovo', 3);
    const res = await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: -3, reason: 'Sold at the market' },
    });
    expect(res.body.result).toMatchObject({ stock_quantity: 0, inventory_stock: false });
  });

  it('when a change comes without a reason, then it is refused with 400', async () => {
    const olio = await countedProduct('Olio Nuovo', 3);
    const res = await admin.api(`/api/v2/admin/products/${olio.id}/stock`, {
      method: 'POST',
      json: { change: 2, reason: ' ' },
    });
    expect(res.status).toBe(400);
  });
});
