import type { Endpoint } from 'payload';
import { categoryEndpoints } from './categories';
import { configEndpoints } from './config';
import { contactEndpoints } from './contacts';
import { productEndpoints } from './products';
import { orderEndpoints } from './orders';
import { paymentEndpoints } from './payments';
import { recipeEndpoints } from './recipes';

export const v2Endpoints: Endpoint[] = [
  ...configEndpoints,
  ...productEndpoints,
  ...categoryEndpoints,
  ...recipeEndpoints,
  ...contactEndpoints,
  ...orderEndpoints,
  ...paymentEndpoints,
];
