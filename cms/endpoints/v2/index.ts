import type { Endpoint } from 'payload';
import { notFound } from '../../lib/app-error';
import { v2 } from '../../lib/endpoint';
import { adminEndpoints } from './admin';
import { adminCatalogEndpoints } from './admin-catalog';
import { adminMarketEndpoints } from './admin-market';
import { analyticsEndpoints } from './analytics';
import { apiReferenceEndpoints } from './api-reference';
import { assetEndpoints } from './assets';
import { authEndpoints } from './auth';
import { categoryEndpoints } from './categories';
import { configEndpoints } from './config';
import { contactEndpoints } from './contacts';
import { couponEndpoints } from './coupons';
import { marketEndpoints } from './market';
import { productEndpoints } from './products';
import { orderEndpoints } from './orders';
import { paymentEndpoints } from './payments';
import { recipeEndpoints } from './recipes';
import { userEndpoints } from './users';

export const v2Endpoints: Endpoint[] = [
  ...configEndpoints,
  ...productEndpoints,
  ...categoryEndpoints,
  ...recipeEndpoints,
  ...contactEndpoints,
  ...orderEndpoints,
  ...paymentEndpoints,
  ...authEndpoints,
  ...adminEndpoints,
  ...adminCatalogEndpoints,
  ...adminMarketEndpoints,
  ...couponEndpoints,
  ...marketEndpoints,
  ...assetEndpoints,
  ...userEndpoints,
  ...analyticsEndpoints,
  ...apiReferenceEndpoints,
  // Last: any other /api/v2 path answers 404 in the envelope rather than Payload's own format.
  ...(['get', 'post', 'put', 'patch', 'delete'] as const).map((method) =>
    v2(method, '/:path*', async () => {
      throw notFound('Unknown API route');
    }),
  ),
];
