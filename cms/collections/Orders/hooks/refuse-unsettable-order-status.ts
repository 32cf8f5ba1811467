import { ValidationError, type CollectionBeforeOperationHook } from 'payload';
import { ADMIN_SETTABLE_ORDER_STATUSES } from '@shop/shared';
import { isAdminUser } from '../../../lib/roles';

const SETTABLE: ReadonlySet<string> = new Set(ADMIN_SETTABLE_ORDER_STATUSES);

/** What every door answers for a status an admin may not set (the control centre's own rule, SPEC §4). */
export const UNSETTABLE_STATUS = `An order's status can be set to ${ADMIN_SETTABLE_ORDER_STATUSES.join(', ')} only`;

/**
 * The status workflow of the control centre (PUT admin/orders/{id}, the bulk actions: any of the five
 * statuses its selector offers, never back to NEW, which only a new order has) on every door (issue 29 §4):
 * Payload's REST and the /cms panel answer 400 for a change to another status and write nothing. The status an
 * order already has may be sent back unchanged (the panel sends the whole order on save). The shop's own
 * writes (overrideAccess) are not a door.
 */
export const refuseUnsettableOrderStatus: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update') return args;
  const { data, id, overrideAccess } = args as {
    data?: Record<string, unknown>;
    id?: string | number;
    overrideAccess?: boolean;
  };
  // Anyone but an admin is refused by access (401/403) right after this hook.
  if (overrideAccess === true || !data || !('status' in data) || !isAdminUser(req.user)) return args;
  if (typeof data.status === 'string' && SETTABLE.has(data.status)) return args;
  const stored =
    id === undefined
      ? null
      : await req.payload.findByID({
          collection: 'orders',
          id,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          select: { status: true },
          req,
        });
  if (id !== undefined && !stored) return args;
  if (stored && stored.status === data.status) return args;
  throw new ValidationError({ collection: 'orders', errors: [{ path: 'status', message: UNSETTABLE_STATUS }] }, req.t);
};
