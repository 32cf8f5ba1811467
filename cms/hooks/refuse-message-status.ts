import { ValidationError, type CollectionBeforeChangeHook } from 'payload';

export const STATUS_NOT_SETTABLE = 'A message goes back to neither new nor deleted: delete it instead';

/**
 * A contact message's status moves on from `new` (opened: read; then resolved or approved) and never back,
 * and `deleted` is not a status one sets: the message is deleted. On every door (the control centre's PUT
 * notifications/{id}, Payload's REST and the /cms panel), so it lives here rather than in the endpoint's schema.
 */
export const refuseMessageStatus: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || data.status === undefined || data.status === originalDoc?.status) return data;
  if (data.status === 'new' || data.status === 'deleted') {
    throw new ValidationError(
      { collection: 'notifications', errors: [{ path: 'status', message: STATUS_NOT_SETTABLE }] },
      req.t,
    );
  }
  return data;
};
