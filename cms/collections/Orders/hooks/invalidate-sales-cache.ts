import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload';
import { invalidateSalesFigures } from '../../../services/admin/sales-figures';

export const invalidateSalesAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  invalidateSalesFigures();
  return doc;
};

export const invalidateSalesAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  invalidateSalesFigures();
  return doc;
};
