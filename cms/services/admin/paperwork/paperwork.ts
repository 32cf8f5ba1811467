import type { Payload } from 'payload';
import {
  type AdminOrder,
  formatAdminDate,
  orderPaperFileName,
  type OrderPaperKind,
  selectionPaperFileName,
  type SelectionPaperKind,
} from '@shop/shared/admin';
import { notFound } from '../../../lib/app-error';
import { env } from '../../../lib/env';
import { str, type Doc } from '../../mappers';
import { getSettings } from '../../settings';
import { findPickupDay } from '../../market/pickup-days';
import { getAdminOrder, toAdminOrder } from '../orders';
import type { AdminUser } from '../sales';
import { type CatalogProduct, pickListRows, type ShopHeader, toPaperOrder } from './model';
import { pdfText } from './pdf-text';
import { renderInvoice, renderPackingSlips, renderPickList } from './render';

export interface PaperFile {
  filename: string;
  pdf: Buffer;
}

/**
 * The shop as the papers introduce it: the name and postal address from the settings, then the admin email,
 * how a customer reaches the shop. A shop not named yet uses the name its mails are signed with.
 */
async function shopHeader(payload: Payload): Promise<ShopHeader> {
  const settings = await getSettings(payload);
  return {
    name: pdfText(settings.shop_name || env.mailFromName),
    lines: [...settings.shop_address.split('\n'), settings.admin_email].filter(Boolean).map(pdfText),
  };
}

/** GET admin/orders/{id}/packing-slip.pdf and …/invoice.pdf. */
export async function orderPaper(
  payload: Payload,
  user: AdminUser,
  id: string,
  kind: OrderPaperKind,
): Promise<PaperFile> {
  const [order, shop] = await Promise.all([getAdminOrder(payload, user, id), shopHeader(payload)]);
  const paper = toPaperOrder(order);
  const pdf = kind === 'invoice' ? await renderInvoice(shop, paper) : await renderPackingSlips(shop, [paper]);
  return { filename: orderPaperFileName(kind, order.number, order.id), pdf };
}

/**
 * The selected orders in the order they were selected. Every id must name an order the admin may see: a
 * pick list silently missing one parcel is worse than an error naming the problem.
 */
async function selectedOrders(payload: Payload, user: AdminUser, ids: readonly string[]): Promise<AdminOrder[]> {
  const res = await payload.find({
    collection: 'orders',
    where: { id: { in: [...ids] } },
    limit: ids.length,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const byId = new Map(res.docs.map((doc) => [String(doc.id), toAdminOrder(doc as unknown as Doc)]));
  // An order collected at the market prints its day and place where a parcel prints its address.
  for (const order of byId.values()) {
    if (order.pickup_day_id) order.pickup = await findPickupDay(payload, order.pickup_day_id);
  }
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw notFound(
      missing.length === 1 ? 'Order not found' : `${missing.length} of the selected orders were not found`,
    );
  }
  return ids.map((id) => byId.get(id) as AdminOrder);
}

/** The products the orders' lines name that are still in the catalogue, with their categories' names. */
async function catalogOf(
  payload: Payload,
  user: AdminUser,
  orders: AdminOrder[],
): Promise<Map<string, CatalogProduct>> {
  const productIds = [...new Set(orders.flatMap((o) => o.products.map((line) => line.id)).filter(Boolean))];
  if (productIds.length === 0) return new Map();
  const products = await payload.find({
    collection: 'products',
    where: { id: { in: productIds } },
    select: { name: true, categories: true },
    limit: productIds.length,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const categoryIds = [
    ...new Set(products.docs.flatMap((p) => (Array.isArray(p.categories) ? p.categories : []).map(String))),
  ];
  const categories =
    categoryIds.length === 0
      ? { docs: [] }
      : await payload.find({
          collection: 'categories',
          where: { id: { in: categoryIds } },
          select: { name: true },
          limit: categoryIds.length,
          pagination: false,
          depth: 0,
          user,
          overrideAccess: false,
        });
  const categoryName = new Map(categories.docs.map((c) => [String(c.id), str(c.name)]));
  return new Map(
    products.docs.map((p) => [
      String(p.id),
      {
        name: str(p.name),
        categories: (Array.isArray(p.categories) ? p.categories : [])
          .map((c) => categoryName.get(String(c)))
          .filter((name): name is string => Boolean(name)),
      },
    ]),
  );
}

/** POST admin/orders/packing-slips.pdf and admin/orders/pick-list.pdf. */
export async function selectionPaper(
  payload: Payload,
  user: AdminUser,
  ids: readonly string[],
  kind: SelectionPaperKind,
): Promise<PaperFile> {
  const [orders, shop] = await Promise.all([selectedOrders(payload, user, ids), shopHeader(payload)]);
  const now = new Date();
  const filename = selectionPaperFileName(kind, now, orders.length);
  if (kind === 'packing-slips') return { filename, pdf: await renderPackingSlips(shop, orders.map(toPaperOrder)) };

  const rows = pickListRows(orders, await catalogOf(payload, user, orders));
  const pdf = await renderPickList(shop, {
    printedAt: formatAdminDate(now),
    rows,
    orders: orders.map((order) => ({
      number: pdfText(order.number),
      payerName: pdfText(order.payer_full_name),
      status: order.status,
    })),
  });
  return { filename, pdf };
}
