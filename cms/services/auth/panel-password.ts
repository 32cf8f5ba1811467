import { ValidationError, type PayloadRequest } from 'payload';
import { isPasswordAcceptable, MESSAGES } from '@shop/shared/admin';
import { clientPasswordHash } from '../../lib/client-password';

const USERS = 'users';

/**
 * One account, two sign-ins (issue 11). The control centre's browser sends the SHA-256 hex of a password
 * (SPEC §5) and that hex is what Payload stores and checks; Payload's own panel at /cms sends the password
 * as typed. So whatever reaches the store through the panel's routes is first turned into the hex the
 * control centre would have sent: then either sign-in works for every account, wherever it was made.
 *
 * The two are told apart by the route, not by the value: the panel's writes reach the store only through
 * Payload's REST routes of the collection (/api/users, /api/users/{id}), while the control centre's go
 * through /api/v2/* services calling the Local API. A test of "looks like 64 hex characters" would store a
 * typed password of that shape unhashed, and only the route says what the client did to it.
 */
export function isPanelUsersRoute(req: PayloadRequest): boolean {
  if (req.payloadAPI !== 'REST' || typeof req.pathname !== 'string') return false;
  const base = `${req.payload.config.routes.api}/${USERS}`;
  return req.pathname === base || req.pathname.startsWith(`${base}/`);
}

/**
 * The password a panel write stores: held to the shared rules (the control centre's forms check the same
 * ones in the browser and again on the server), then hashed like the control centre's browser does.
 */
export function panelPasswordToStore(req: PayloadRequest, typed: string): string {
  if (!isPasswordAcceptable(typed, typed)) {
    throw new ValidationError({
      collection: USERS,
      errors: [{ path: 'password', message: MESSAGES.passwordRules.title }],
      req,
    });
  }
  return clientPasswordHash(typed);
}

/**
 * For the users collection's beforeOperation hook: rewrites `data.password` of a create or update arriving
 * through the panel's REST routes. Before the operation, because Payload reads the password to hash before
 * any collection hook runs.
 */
export function hashPanelPassword(req: PayloadRequest, data: Record<string, unknown> | undefined): void {
  if (!data || typeof data.password !== 'string' || data.password === '' || !isPanelUsersRoute(req)) return;
  data.password = panelPasswordToStore(req, data.password);
}
