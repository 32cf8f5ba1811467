import type { PayloadRequest } from 'payload';
import {
  closeMarketDaySchema,
  idSchema,
  marketDayInputSchema,
  marketDaysQuerySchema,
  marketSaleInputSchema,
  openMarketDaySchema,
} from '@shop/shared/admin';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import { pdfResponse } from '../../lib/pdf-response';
import { marketCatalogue } from '../../services/market/catalogue';
import { closeDay, createDay, getDayDetail, listDays, openDay } from '../../services/market/days';
import { recordSale } from '../../services/market/sales';
import { zReport } from '../../services/market/z-report';

const dayId = (req: PayloadRequest) => idSchema.parse(param(req, 'id'));

/**
 * Market days and stall sales (issue 32 §1–3): admins only. A sale's client id makes it once: 201 the first
 * time, 200 with the same sale after.
 */
export const adminMarketEndpoints = [
  v2('get', '/admin/market/days', async (req) => {
    const user = requireAdmin(req);
    return { result: await listDays(req.payload, user, query(req, marketDaysQuerySchema)) };
  }),
  v2('post', '/admin/market/days', async (req) => {
    const user = requireAdmin(req);
    return { result: await createDay(req.payload, user, await body(req, marketDayInputSchema)), status: 201 };
  }),
  v2('get', '/admin/market/catalogue', async (req) => {
    const user = requireAdmin(req);
    return { result: await marketCatalogue(req.payload, user) };
  }),
  v2('get', '/admin/market/days/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getDayDetail(req.payload, user, dayId(req)) };
  }),
  v2('post', '/admin/market/days/:id/open', async (req) => {
    const user = requireAdmin(req);
    const id = dayId(req);
    const { opening_cash } = await body(req, openMarketDaySchema);
    return { result: await openDay(req.payload, user, id, opening_cash) };
  }),
  v2('post', '/admin/market/days/:id/close', async (req) => {
    const user = requireAdmin(req);
    const id = dayId(req);
    const { counted_cash } = await body(req, closeMarketDaySchema);
    return { result: await closeDay(req.payload, user, id, counted_cash) };
  }),
  v2('post', '/admin/market/days/:id/sales', async (req) => {
    const user = requireAdmin(req);
    const id = dayId(req);
    const { sale, created } = await recordSale(req.payload, user, id, await body(req, marketSaleInputSchema));
    return { result: sale, status: created ? 201 : 200 };
  }),
  v2('get', '/admin/market/days/:id/z-report.pdf', async (req) => {
    const user = requireAdmin(req);
    return pdfResponse(await zReport(req.payload, user, dayId(req)));
  }),
];
