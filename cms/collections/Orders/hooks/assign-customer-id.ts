import type { CollectionBeforeChangeHook } from 'payload';
import { customerIdOf } from '../../../lib/customer-id';

/**
 * Every write of an order recomputes its customer from the payer email it will have (this write's or the
 * stored one), so the column never disagrees with the address, whichever door (API, panel, script) wrote it.
 */
export const assignCustomerId: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const email =
    data.payer_email_address !== undefined
      ? data.payer_email_address
      : (originalDoc as { payer_email_address?: unknown } | undefined)?.payer_email_address;
  data.customer_id = customerIdOf(email);
  return data;
};
