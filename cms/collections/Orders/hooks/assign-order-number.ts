import type { CollectionBeforeChangeHook } from 'payload';
import { generateOrderNumber } from '../../../lib/order-number';

export const assignOrderNumber: CollectionBeforeChangeHook = ({ data, operation }) => {
  if (operation === 'create' && !data.number) data.number = generateOrderNumber();
  return data;
};
