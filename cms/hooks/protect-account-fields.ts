import { APIError, ValidationError, type CollectionBeforeOperationHook } from 'payload';
import { AUTH_MANAGED_FIELDS, EMAIL_LOCKED } from '../lib/account-fields';

const sameEmail = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The users collection's rules on fields no door may change (DESIGN "One rule for every door"): the email
 * after creation (the control centre's PUT users/{id}, Payload's PATCH /api/users/{id} and the /cms panel all
 * answer 400), and the fields only Payload's auth operations write. Before the operation, because field
 * access would strip them silently and answer 200. Code that passes overrideAccess (the reset link, the
 * start-up checks) may still write the auth fields; nobody changes an email.
 */
export const protectAccountFields: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args;
  const { data, id, overrideAccess } = args as {
    data?: Record<string, unknown>;
    id?: string | number;
    overrideAccess?: boolean;
  };
  if (!data || typeof data !== 'object') return args;
  // Signed out, access refuses every write (401/403) right after this hook: no rule of ours to say first.
  if (!req.user && !overrideAccess) return args;
  if (!overrideAccess) {
    const managed = AUTH_MANAGED_FIELDS.filter((field) => field in data);
    if (managed.length > 0) {
      throw new APIError(`These account fields cannot be written: ${managed.join(', ')}`, 400, null, true);
    }
  }
  if (operation === 'update' && data.email !== undefined) {
    const stored =
      id === undefined
        ? null
        : await req.payload.findByID({
            collection: 'users',
            id,
            depth: 0,
            overrideAccess: true,
            disableErrors: true,
            req,
          });
    // A bulk update (no id) cannot give several accounts one email anyway; an unknown id is Payload's 404.
    if ((id === undefined || stored) && !sameEmail(data.email, stored?.email)) {
      throw new ValidationError({ collection: 'users', errors: [{ path: 'email', message: EMAIL_LOCKED }] }, req.t);
    }
  }
  return args;
};
