import { describe, expect, it } from 'vitest';
import { refuseMistypedValues } from '../../hooks/refuse-mistyped-values';
import { stripControlCharactersHook } from '../../hooks/strip-control-characters';
import { assignCustomerId } from './hooks/assign-customer-id';
import { assignOrderNumber } from './hooks/assign-order-number';
import { checkShippingCarrier } from './hooks/check-shipping-carrier';
import { invalidateSalesAfterChange, invalidateSalesAfterDelete } from './hooks/invalidate-sales-cache';
import { dropOrderAfterDelete, indexOrderAfterChange } from './hooks/keep-order-search-current';
import { recordStatusChange } from './hooks/record-status-change';
import { refuseDoorChangesToOrderFacts } from './hooks/refuse-door-changes-to-order-facts';
import { refuseMarketSaleStatusChange } from './hooks/refuse-market-sale-status-change';
import { refuseShippingDeniedPayment } from './hooks/refuse-shipping-denied-payment';
import { refuseShippingRefundedOrder } from './hooks/refuse-shipping-refunded-order';
import { refuseUnsettableOrderStatus } from './hooks/refuse-unsettable-order-status';
import { Orders } from './index';

/**
 * Paid orders are inserted past these hooks (insertOrder in cms/services/payments.ts writes through the
 * database adapter for speed) and do by hand what the create-time hooks do. A hook added here without the
 * same step there would silently not run for most orders: this list makes that change visible. The
 * beforeOperation hooks are rules for the doors (REST, the panel) and let the shop's own writes pass: insertOrder
 * has nothing of theirs to mirror; nor of checkShippingCarrier, which holds only a carrier, and a new order has none.
 */
describe('Orders hooks', () => {
  it('when the collection is read, then its hooks are exactly the ones insertOrder mirrors on a create', () => {
    expect(Orders.hooks).toEqual({
      beforeOperation: [
        refuseShippingDeniedPayment,
        refuseShippingRefundedOrder,
        refuseMarketSaleStatusChange,
        refuseUnsettableOrderStatus,
        refuseDoorChangesToOrderFacts,
        refuseMistypedValues,
      ],
      beforeValidate: [stripControlCharactersHook],
      beforeChange: [assignOrderNumber, assignCustomerId, recordStatusChange, checkShippingCarrier],
      afterChange: [invalidateSalesAfterChange, indexOrderAfterChange],
      afterDelete: [invalidateSalesAfterDelete, dropOrderAfterDelete],
    });
  });
});
