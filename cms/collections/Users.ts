import {
  AuthenticationError,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Endpoint,
  type PayloadRequest,
} from 'payload';
import { z } from 'zod';
import {
  adminOrOwnAccount,
  hiddenFromEditors,
  isAdmin,
  isStaffUser,
  refuseEditorChangesOutside,
} from '../access/roles';
import { noteCredentialChanges, SESSIONS_ENDED } from '../hooks/note-credential-changes';
import { protectAccountFields } from '../hooks/protect-account-fields';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';
import { isDemoAccountEmail } from '../lib/demo-account';
import { DEACTIVATED_BY_SYSTEM } from '../lib/account-fields';
import { noteAuditChange } from '../lib/audit-write';
import { clientPasswordHash } from '../lib/client-password';
import { panelFormBody } from '../lib/endpoint';
import { envelope, errorEnvelope } from '../lib/envelope';
import { assertAccountMayGo } from '../services/admin/users';
import { hashPanelPassword } from '../services/auth/panel-password';
import {
  expiredSessionCookie,
  refuseEditorsInControlCentre,
  sessionCookie,
  signIn,
  signOut,
} from '../services/auth/session';
import type { Doc } from '../services/mappers';
import { USER_ROLES } from '@shop/shared/admin';

const isProduction = process.env.NODE_ENV === 'production';

const refused = () => envelope('Forbidden', 403);

const lockFieldAccess = { create: () => false, update: () => false };

/**
 * Payload's own login form (the /cms panel) posts here. It goes through the same sign-in as
 * /api/v2/auth/login (throttle, equal timing, inactive accounts refused), or this route would be a way around
 * all of it. The panel sends the password as typed, so it is hashed as the control centre's browser would
 * (services/auth/panel-password.ts). The reply keeps Payload's shape without the token, which lives only in
 * the HttpOnly cookie.
 */
const payloadLoginSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

const loginEndpoint: Endpoint = {
  path: '/login',
  method: 'post',
  handler: async (req: PayloadRequest) => {
    try {
      const { email, password } = await panelFormBody(req, payloadLoginSchema);
      const { user, token, exp } = await signIn(req, { email, password: clientPasswordHash(password) }, 'panel');
      const response = Response.json(
        { message: 'Authentication Passed', user, exp },
        { status: 200, headers: { 'Cache-Control': 'no-store' } },
      );
      response.headers.append('Set-Cookie', sessionCookie(req.payload, token));
      return response;
    } catch (err) {
      return errorEnvelope(err, (e) => req.payload.logger.error({ err: e, msg: 'users login' }));
    }
  },
};

async function logoutEndpoint(req: PayloadRequest): Promise<Response> {
  try {
    await signOut(req);
    const response = envelope('Signed out');
    response.headers.append('Set-Cookie', expiredSessionCookie(req.payload));
    return response;
  } catch (err) {
    return errorEnvelope(err, (e) => req.payload.logger.error({ err: e, msg: 'users logout' }));
  }
}

/** What editors may change of their own account (the panel's account page): never their role or activity. */
const EDITOR_OWN_FIELDS = ['firstname', 'lastname', 'telephone', 'password'] as const;

/**
 * Before the operation, because Payload reads the password to hash before any collection hook runs. Signed
 * out, every write is refused by access; nothing to prepare.
 */
const hashPanelPasswords: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if ((operation === 'create' || operation === 'update') && req.user) {
    hashPanelPassword(req, (args as { data?: Record<string, unknown> }).data);
  }
  return args;
};

export const Users: CollectionConfig = {
  slug: 'users',
  access: {
    // Admins: every account. Editors: their own (GET /api/users/me, the panel's account page), nothing else.
    read: adminOrOwnAccount,
    create: isAdmin,
    update: adminOrOwnAccount,
    delete: isAdmin,
    // Who may use the /cms panel at all; the control centre checks for admins itself (requireAdmin).
    admin: ({ req }) => isStaffUser(req.user),
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['firstname', 'lastname', 'email', 'role', 'active'],
    hidden: hiddenFromEditors,
  },
  auth: {
    tokenExpiration: 60 * 60 * 8,
    // No account-wide lock: anyone who knows an admin's email could keep that admin out. Guessing is
    // throttled per client address instead (services/auth/throttle.ts).
    maxLoginAttempts: 0,
    removeTokenFromResponses: true,
    cookies: { sameSite: 'Strict', secure: isProduction },
  },
  endpoints: [
    loginEndpoint,
    // Payload's first-register would let anyone claim an empty shop; the first admin comes from
    // ADMIN_EMAIL/ADMIN_PASSWORD or `npm run create-admin` instead.
    { path: '/first-register', method: 'post', handler: refused },
    // Reset links are mailed from the control centre (POST /api/v2/auth/reset, invites) and redeemed through
    // PUT /api/v2/auth/reset/{token}, which holds the new password to the rules and is throttled. Payload's
    // unauthenticated pair would mail anyone's account a link to a panel path and skip both.
    { path: '/forgot-password', method: 'post', handler: refused },
    { path: '/reset-password', method: 'post', handler: refused },
    // Accounts are not verified by mail (no auth.verify), yet Payload still mounts its verify route, which then
    // queries a column that does not exist and answers 500.
    { path: '/verify/:token', method: 'post', handler: () => envelope('Not found', 404) },
    // No account is ever locked (maxLoginAttempts 0), so there is nothing to unlock; Payload's route would
    // answer a missing email with a 400 logged as a server error.
    { path: '/unlock', method: 'post', handler: () => envelope('Not found', 404) },
    // The same sign-out as POST /api/v2/auth/logout: Payload's own answers "No User" to a signed-out client
    // with a 400 logged as a server error.
    { path: '/logout', method: 'post', handler: logoutEndpoint },
  ],
  hooks: {
    beforeValidate: [stripControlCharactersHook],
    beforeOperation: [protectAccountFields, refuseEditorChangesOutside('users', EDITOR_OWN_FIELDS), hashPanelPasswords],
    beforeLogin: [
      ({ user }) => {
        // Whatever the route, a deactivated account does not sign in, and fails like a wrong password.
        if ((user as { active?: boolean }).active === false) throw new AuthenticationError();
        // The demo seed's account has a published password: in production it opens no door, even reactivated.
        if (isProduction && isDemoAccountEmail((user as { email?: unknown }).email)) throw new AuthenticationError();
        return user;
      },
      refuseEditorsInControlCentre,
    ],
    beforeChange: [
      async ({ data, operation, originalDoc, req }) => {
        // Payload hands a create an empty originalDoc: only an update changes an existing role.
        if (operation === 'update' && originalDoc && data.role !== undefined && data.role !== originalDoc.role) {
          // Nobody changes their own role, and demoting keeps the last-active-admin rule.
          await assertAccountMayGo(req, originalDoc as Doc, 'demote');
        }
        if (data.active === false && originalDoc?.active !== false) {
          if (originalDoc && !req.context[DEACTIVATED_BY_SYSTEM]) {
            await assertAccountMayGo(req, originalDoc as Doc, 'deactivate');
          }
          // Deactivating an account ends its sessions at once rather than when their cookies expire.
          data.sessions = [];
          if (originalDoc) noteAuditChange(req, 'users', String(originalDoc.id), 'sessions', SESSIONS_ENDED);
        }
        return data;
      },
      noteCredentialChanges,
    ],
    // Here rather than in the control centre's service, so Payload's REST routes keep the rule too.
    beforeDelete: [
      async ({ id, req }) => {
        const account = await req.payload.findByID({
          collection: 'users',
          id,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          req,
        });
        if (account) await assertAccountMayGo(req, account as unknown as Doc, 'delete');
      },
    ],
  },
  fields: [
    // Payload's own email field, fixed once the account exists: read-only in the panel on edit, and a change
    // through any door is refused by protectAccountFields (a field access rule alone would drop it silently).
    { name: 'email', type: 'email', required: true, access: { update: () => false } },
    { name: 'firstname', type: 'text', required: true, maxLength: 100 },
    { name: 'lastname', type: 'text', required: true, maxLength: 100 },
    { name: 'telephone', type: 'text', maxLength: 40 },
    { name: 'active', type: 'checkbox', defaultValue: true },
    // admin: the control centre and the /cms panel; editor: the panel's content only (recipes, changelog,
    // assets, products' descriptive fields). Accounts made before roles existed are admins (migration).
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'admin',
      options: USER_ROLES.map((role) => ({ label: role === 'admin' ? 'Admin' : 'Editor', value: role })),
      saveToJWT: true,
    },
    { name: 'last_access', type: 'date' },
    // Payload's account-lock columns, which it stops declaring once maxLoginAttempts is 0. Nothing writes
    // them any more; they are declared so that databases made before keep their columns: a dropped column
    // makes the development schema push stop for a data-loss question (and a start without a terminal exit).
    // A migration may drop both together with these two lines.
    { name: 'loginAttempts', type: 'number', defaultValue: 0, hidden: true, access: lockFieldAccess },
    { name: 'lockUntil', type: 'date', hidden: true, access: lockFieldAccess },
  ],
};
