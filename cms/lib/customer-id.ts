import { createHash } from 'node:crypto';
import { normalizeCustomerEmail } from '@shop/shared/admin';

/**
 * The id of the customer behind a payer email (issue 24 §2): the first 32 hex digits of the SHA-256 of the
 * normalized address (trimmed, lower case), or null when there is no address. Stored on each order
 * (`customer_id`, indexed) by the Orders collection's hook and by insertOrder, so a customer's orders are one
 * index range and the control centre's URLs carry no email. 128 bits: no two addresses of a shop collide.
 */
export function customerIdOf(email: unknown): string | null {
  const normalized = normalizeCustomerEmail(email);
  return normalized ? createHash('sha256').update(normalized, 'utf8').digest('hex').slice(0, 32) : null;
}
