import type { Payload, PayloadRequest } from 'payload';
import { mayRestock, type RestockInput, type RestockLine } from '@shop/shared/admin';
import { badRequest } from '../../lib/app-error';
import { describeActor } from '../../lib/actor';
import { invalidateCatalogCache } from '../../lib/catalog-cache';
import { withTransaction } from '../../lib/transaction';
import { str, type Doc } from '../mappers';
import { auditCount, restockStateOf, restockUnits } from '../stock';
import { findByIdOr404 } from './admin-queries';
import { recordOrderEvent } from './order-events';
import { ordersChangedAfterCommit } from './sales-figures';
import type { AdminUser } from './sales';

export const RESTOCK_NOT_ALLOWED = 'Units go back to stock only from a cancelled or refunded order';

/** Units ordered per product (a product on two lines counts once, with both quantities), in order. */
function orderedUnits(order: Doc): Map<string, { name: string; quantity: number }> {
  const units = new Map<string, { name: string; quantity: number }>();
  for (const line of Array.isArray(order.products) ? (order.products as Doc[]) : []) {
    const id = str(line.product_id);
    const quantity = Number(line.quantity);
    if (!id || !Number.isInteger(quantity) || quantity < 1) continue;
    const known = units.get(id);
    units.set(id, { name: known?.name ?? str(line.product), quantity: (known?.quantity ?? 0) + quantity });
  }
  return units;
}

/** The order's lines whose product counts its stock, or went back to stock from it before. */
export async function restockLines(payload: Payload, order: Doc): Promise<RestockLine[]> {
  const units = orderedUnits(order);
  const state = await restockStateOf(payload, [...units.keys()], String(order.id));
  return [...units]
    .filter(([id]) => state.get(id)?.counted || state.get(id)?.restocked != null)
    .map(([id, line]) => ({
      product_id: id,
      product: line.name,
      quantity: line.quantity,
      restocked: state.get(id)?.restocked ?? null,
    }));
}

/**
 * POST admin/orders/{id}/restock (issue 24 §1): units of a cancelled or refunded order's lines back to stock,
 * at most what was ordered, once per line. Every line is checked before any count changes; each count
 * changes in one conditional statement (services/stock.ts), so a second request or a retry after a crash
 * puts nothing back twice. Each change is on the audit log with the order's number and on the order's
 * timeline, written in one transaction with the counts: a crash leaves all of it or none.
 */
export async function restockOrder(
  req: PayloadRequest,
  user: AdminUser,
  orderId: string,
  input: RestockInput,
): Promise<void> {
  const { payload } = req;
  const order = await findByIdOr404(payload, 'orders', user, orderId, 'Order not found');
  if (!mayRestock({ status: str(order.status), transaction_refunded_amount: order.transaction_refunded_amount }))
    throw badRequest(RESTOCK_NOT_ALLOWED);
  const units = orderedUnits(order);
  const state = await restockStateOf(payload, [...units.keys()], String(order.id));
  const issues: Array<{ path: string; message: string }> = [];
  const seen = new Set<string>();
  input.lines.forEach((line, i) => {
    const ordered = units.get(line.product_id);
    const now = state.get(line.product_id);
    const path = `lines.${i}`;
    if (!ordered) issues.push({ path: `${path}.product_id`, message: 'This product is not in the order' });
    else if (seen.has(line.product_id)) issues.push({ path: `${path}.product_id`, message: 'Named twice' });
    else if (now?.restocked != null)
      issues.push({ path, message: `${ordered.name}: ${now.restocked} already went back to stock` });
    else if (!now?.counted) issues.push({ path, message: `${ordered.name} does not count its stock` });
    else if (line.quantity > ordered.quantity)
      issues.push({ path: `${path}.quantity`, message: `At most ${ordered.quantity}, as ordered` });
    seen.add(line.product_id);
  });
  if (issues.length > 0) throw badRequest(issues);
  const actor = describeActor(user);
  const why = order.status === 'CANCELLED' ? 'cancelled' : 'refunded';
  await withTransaction(req, async () => {
    for (const line of input.lines) {
      const after = await restockUnits(payload, line.product_id, String(order.id), line.quantity, req);
      // Null: another request put this line back a moment ago, or the product stopped counting.
      if (after === null) continue;
      const left = after.stock_quantity ?? 0;
      await auditCount(
        payload,
        {
          productId: line.product_id,
          before: left - line.quantity,
          after: left,
          reason: `back to stock from order ${str(order.number)} (${why})`,
          by: { id: actor.by_id, name: actor.by },
        },
        req,
      );
      await recordOrderEvent(
        { payload, req },
        { order: String(order.id), type: 'restock', user, note: restockNote(line.quantity, after.name) },
      );
    }
  });
  await invalidateCatalogCache();
  // Best-sellers and categories count units net of those that went back to stock (analytics.ts).
  await ordersChangedAfterCommit(payload, [order.createdAt]);
}

/** The timeline's words for one line put back: "2 × Olio Nuovo back in stock". */
export const restockNote = (quantity: number, product: string): string =>
  `${quantity} × ${product} back in stock`.slice(0, 2000);
