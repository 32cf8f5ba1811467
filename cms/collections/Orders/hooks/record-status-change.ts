import type { CollectionBeforeChangeHook } from 'payload';
import { describeActor } from '../../../lib/actor';

/** One row of an order's `status_history` array as stored. */
export interface StatusChangeRecord {
  from: string | null;
  to: string;
  at: string;
  by_id: string | null;
  by: string;
}

/**
 * Every change of an order's status is appended to its history in the same write as the status itself, so
 * the two can never disagree, whichever way the change arrives (control centre, Payload panel, REST).
 */
export const recordStatusChange: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc) return data;
  const from = typeof originalDoc.status === 'string' ? originalDoc.status : null;
  const to = data.status;
  if (typeof to !== 'string' || to === from) return data;
  const history: unknown[] = Array.isArray(data.status_history)
    ? data.status_history
    : Array.isArray(originalDoc.status_history)
      ? originalDoc.status_history
      : [];
  const entry: StatusChangeRecord = { from, to, at: new Date().toISOString(), ...describeActor(req.user) };
  data.status_history = [...history, entry];
  return data;
};
