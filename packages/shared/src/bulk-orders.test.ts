import { describe, expect, it } from 'vitest';
import { bulkOrdersSchema, ordersExportQuerySchema } from './admin-api';

describe('bulkOrdersSchema', () => {
  it('when shipping names a tracking number for every order, then it parses with the numbers trimmed', () => {
    expect(
      bulkOrdersSchema.parse({ ids: ['a', 'b'], action: 'ship', tracking_numbers: { a: ' 1Z 99 ', b: 'RR-1' } }),
    ).toEqual({ ids: ['a', 'b'], action: 'ship', tracking_numbers: { a: '1Z 99', b: 'RR-1' } });
  });

  it('when shipping names tracking numbers for some orders or none, then it parses: the number is optional', () => {
    expect(bulkOrdersSchema.parse({ ids: ['a', 'b'], action: 'ship', tracking_numbers: { a: 'T1' } })).toEqual({
      ids: ['a', 'b'],
      action: 'ship',
      tracking_numbers: { a: 'T1' },
    });
    expect(bulkOrdersSchema.parse({ ids: ['a', 'b'], action: 'ship' })).toEqual({ ids: ['a', 'b'], action: 'ship' });
  });

  it('when a tracking number is extra, empty, or sent with another action, then it is refused', () => {
    for (const input of [
      { ids: ['a'], action: 'ship', tracking_numbers: { a: '  ' } },
      { ids: ['a'], action: 'ship', tracking_numbers: { a: 'T1', z: 'T2' } },
      { ids: ['a'], action: 'cancel', tracking_numbers: { a: 'T1' } },
      { ids: ['a', 'a'], action: 'cancel' },
    ]) {
      expect(bulkOrdersSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('ordersExportQuerySchema', () => {
  it('when the Archive tab is exported, then only archive statuses are accepted, and paging never is', () => {
    expect(ordersExportQuerySchema.parse({ tab: 'archive', status: 'CANCELLED' })).toEqual({
      tab: 'archive',
      status: ['CANCELLED'],
    });
    expect(ordersExportQuerySchema.safeParse({ tab: 'archive', status: 'NEW' }).success).toBe(false);
    expect(ordersExportQuerySchema.safeParse({ status: 'COMPLETED' }).success).toBe(false);
    expect(ordersExportQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });
});
