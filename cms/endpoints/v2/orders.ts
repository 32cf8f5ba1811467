import { idSchema, orderNumberSchema } from '@shop/shared';
import { param, v2 } from '../../lib/endpoint';
import { findOrderIdByNumber, getPublicOrder, resendConfirmation } from '../../services/orders';

export const orderEndpoints = [
  v2('get', '/orders/exist/:number', async (req) => ({
    result: await findOrderIdByNumber(req.payload, orderNumberSchema.parse(param(req, 'number'))),
  })),
  v2('get', '/orders/:id', async (req) => ({
    result: await getPublicOrder(req.payload, idSchema.parse(param(req, 'id'))),
  })),
  v2('get', '/payments/resend/:id', async (req) => ({
    result: await resendConfirmation(req.payload, idSchema.parse(param(req, 'id'))),
  })),
];
