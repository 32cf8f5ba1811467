import { APIError, type CollectionBeforeOperationHook } from 'payload';
import { sameStoredValue } from '../../../access/roles';
import { isAdminUser } from '../../../lib/roles';

/** Keys Payload itself carries on a document (the panel sends them back on save). */
const SYSTEM_KEYS = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * What a door (Payload's REST, the /cms panel, GraphQL) may change on an order: its status (through the same
 * workflow as the control centre, refuseUnsettableOrderStatus) and the mail bookkeeping. Everything else, the
 * money (gross, fee, net, refunded, discount, shipping), the payer, the payment (PayPal's ids and status, the
 * lines as priced) and the shipment address, is what PayPal captured and is written only by the shop's own
 * services, which pass overrideAccess (issue 29 §4): a refund's ceiling is computed from the gross, so a
 * changed gross would ask PayPal to refund more than it captured. A new field is closed until it is named here.
 */
export const ORDER_FIELDS_DOORS_MAY_WRITE: readonly string[] = [
  'status',
  // The family's carrier choice (issue 31 §12), checked by the collection itself.
  'shipping_carrier',
  'tracking_url',
  'confirmation_sent_at',
  'confirmation_claimed_at',
  'confirmation_resent_at',
  'shop_notified_at',
  'shop_notice_claimed_at',
];
const doorsMayWrite = new Set(ORDER_FIELDS_DOORS_MAY_WRITE);

/**
 * Refuses (400, nothing written) a door's update that would change an order's facts. Before the operation,
 * because field access would strip them silently and answer 200. Values sent back unchanged pass: the panel
 * sends the whole order on save. A bulk update (no id) has no single stored order, so any fact it names is a
 * change. Creating an order through a door stays an admin's (tests and the demo seed make orders that way).
 */
export const refuseDoorChangesToOrderFacts: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'update') return args;
  const { data, id, overrideAccess } = args as {
    data?: Record<string, unknown>;
    id?: string | number;
    overrideAccess?: boolean;
  };
  // Anyone but an admin is refused by access (401/403) right after this hook: nothing of ours to say first.
  if (overrideAccess === true || !data || typeof data !== 'object' || !isAdminUser(req.user)) return args;
  // Keys that name no field are not stored (Payload leaves them out); a status change alone names no fact, and
  // needs no read of the order.
  const fields = new Set(collection.flattenedFields.map((field) => field.name));
  const named = Object.keys(data).filter((key) => fields.has(key) && !doorsMayWrite.has(key) && !SYSTEM_KEYS.has(key));
  if (named.length === 0) return args;
  const stored =
    id === undefined
      ? null
      : ((await req.payload.findByID({
          collection: 'orders',
          id,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          req,
        })) as Record<string, unknown> | null);
  // An unknown id is Payload's own 404.
  if (id !== undefined && !stored) return args;
  const changed = named.filter(
    (key) => stored === null || !sameStoredValue(data[key], stored[key], { objectsById: false }),
  );
  if (changed.length > 0) {
    throw new APIError(
      `These order fields are written by the shop's payments and refunds only: ${changed.join(', ')}`,
      400,
      null,
      true,
    );
  }
  return args;
};
