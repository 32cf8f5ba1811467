import type { Endpoint } from 'payload';
import { ANALYTICS_TYPES, analyticsQuerySchema, type AnalyticsType } from '@shop/shared/admin';
import { notFound } from '../../lib/app-error';
import { param, query, requireAdmin, v2 } from '../../lib/endpoint';
import { analytics } from '../../services/admin/analytics';

const isAnalyticsType = (value: string): value is AnalyticsType =>
  (ANALYTICS_TYPES as readonly string[]).includes(value);

/** SPEC §7 Admin: GET analytics/{type}?year= for the analytics screen (SPEC §2). */
export const analyticsEndpoints: Endpoint[] = [
  v2('get', '/analytics/:type', async (req) => {
    const user = requireAdmin(req);
    const type = param(req, 'type');
    // An unknown type is a route that does not exist, like any other unknown /api/v2 path.
    if (!isAnalyticsType(type)) throw notFound('Unknown analytics type');
    const { year } = query(req, analyticsQuerySchema);
    return { result: await analytics(req.payload, user, type, year) };
  }),
];
