/**
 * What opening a record in the control centre does to its status (SPEC §4). The pages call these and send
 * the change; the rule itself lives here so that it is the same everywhere and tested without a browser.
 */
import type { ADMIN_SETTABLE_ORDER_STATUSES, OrderStatus, RecordStatus } from './enums';

/** An admin opening a NEW order moves it to PROCESSING; any other order stays as it is (null). */
export const orderStatusOnOpen = (status: OrderStatus): (typeof ADMIN_SETTABLE_ORDER_STATUSES)[number] | null =>
  status === 'NEW' ? 'PROCESSING' : null;

/**
 * An admin opening a contact message with status `new` marks it `read`; any other stays as it is (null). The
 * answer is typed as the one status it can be, so it fits wherever a status an admin may set is expected.
 */
export const notificationStatusOnOpen = (status: RecordStatus): 'read' | null => (status === 'new' ? 'read' : null);
