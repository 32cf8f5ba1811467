import { pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  AuthenticationError,
  LockedAuth,
  loginOperation,
  logoutOperation,
  UnverifiedEmail,
  type CollectionBeforeLoginHook,
  type Payload,
  type PayloadRequest,
} from 'payload';
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload/shared';
import { EDITOR_SIGN_IN_REFUSED, loginLockedText, MESSAGES, type AdminSession } from '@shop/shared/admin';
import { env } from '../../lib/env';
import { isAdminUser } from '../../access/roles';
import { AppError } from '../../lib/app-error';
import { isDemoAccountEmail, isPublishedPasswordDigest } from '../../lib/demo-account';
import type { Doc } from '../mappers';
import { clientAddress } from './client-ip';
import { authThrottle } from './process-throttle';

const USERS = 'users';
const isProduction = process.env.NODE_ENV === 'production';

/**
 * Payload 3.90's current password hash (payload/dist/auth/strategies/local/generatePasswordSaltHash.js):
 * PBKDF2-SHA256, 600 000 iterations, 32-byte key. Checking a password costs ~0.2–0.4 s; an unknown email
 * must cost the same, or the answer time tells which emails have an account.
 */
const PAYLOAD_PBKDF2 = { iterations: 600_000, keyLength: 32, digest: 'sha256' } as const;
const pbkdf2Async = promisify(pbkdf2);

async function spendPasswordCheck(password: string): Promise<void> {
  const salt = randomBytes(32).toString('hex');
  await pbkdf2Async(password, salt, PAYLOAD_PBKDF2.iterations, PAYLOAD_PBKDF2.keyLength, PAYLOAD_PBKDF2.digest);
}

/** One answer for every failed sign-in, whatever the reason: it never says whether the account exists. */
export const loginFailed = () => new AppError(401, MESSAGES.loginFailed.title);
/** The lock lasts one throttle window (LOGIN_RATE_LIMIT_WINDOW_MINUTES): the text says so (issue 25 §1.12). */
export const loginThrottled = () =>
  new AppError(429, loginLockedText(Math.max(1, Math.round(env.loginRateLimit.windowMs / 60_000))));

const isWrongCredentials = (err: unknown) =>
  err instanceof AuthenticationError || err instanceof LockedAuth || err instanceof UnverifiedEmail;

export const toAdminSession = (user: Doc): AdminSession => ({
  id: String(user.id),
  email: String(user.email ?? ''),
  firstname: String(user.firstname ?? ''),
  lastname: String(user.lastname ?? ''),
});

/**
 * Where a sign-in is for: the control centre (POST /api/v2/auth/login) takes admins only; the /cms panel
 * (POST /api/users/login) takes admins and editors.
 */
export type SignInAudience = 'control-centre' | 'panel';
const AUDIENCE_CONTEXT_KEY = 'signInAudience';

const editorRefused = () => new AppError(403, EDITOR_SIGN_IN_REFUSED);

/**
 * The users collection's beforeLogin hook for the audience. Payload runs it after the password check, so the
 * refusal tells nothing to someone without the password, and before the token is signed: the session Payload
 * has just added is revoked by its own error path, so nothing signs in.
 */
export const refuseEditorsInControlCentre: CollectionBeforeLoginHook = ({ req, user }) => {
  if (req.context[AUDIENCE_CONTEXT_KEY] === 'control-centre' && !isAdminUser(user)) throw editorRefused();
  return user;
};

export interface SignedIn {
  user: Doc;
  /** The signed session token, only ever handed to the browser inside the HttpOnly cookie. */
  token: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Checks an email and password (the SHA-256 hex the browser sends) through Payload's login operation, which
 * adds a session to the account. Throttled per client address (services/auth/throttle.ts), one count for
 * both sign-in routes; an unknown, inactive or wrong account all fail alike, in the same time.
 */
export async function signIn(
  req: PayloadRequest,
  credentials: { email: string; password: string },
  audience: SignInAudience,
): Promise<SignedIn> {
  const { payload } = req;
  const { password } = credentials;
  const email = credentials.email.trim().toLowerCase();
  const address = clientAddress(req);
  const throttle = authThrottle();
  if (!(await throttle.admit(address, email))) throw loginThrottled();

  const { docs } = await payload.find({
    collection: USERS,
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  });
  const account = docs[0] as Doc | undefined;
  // In production the published demo password opens nothing, whoever's account it is, and neither does the
  // demo seed's account: the same answer, in the same time, as a wrong password.
  const published = isProduction && (isPublishedPasswordDigest(password) || isDemoAccountEmail(email));
  if (!account || account.active === false || published) {
    await spendPasswordCheck(password);
    throw loginFailed();
  }

  let result: { token?: string; exp?: number; user?: unknown };
  req.context[AUDIENCE_CONTEXT_KEY] = audience;
  try {
    // The operation rather than payload.login: the Local API drops the token when removeTokenFromResponses
    // is on, and the token is exactly what the cookie needs.
    result = await loginOperation({
      collection: payload.collections[USERS],
      data: { email, password },
      depth: 0,
      overrideAccess: true,
      req,
    });
  } catch (err) {
    if (err instanceof AppError && err.status === 403) {
      // The right password of an editor at the control centre: not a guess, so it does not count as one.
      await throttle.succeeded(address, email);
      throw err;
    }
    if (!isWrongCredentials(err)) throw err;
    throw loginFailed();
  }
  if (!result.token || !result.exp || !result.user) throw new Error('Payload login returned no session');
  await throttle.succeeded(address, email);
  const user = result.user as Doc;
  await recordLastAccess(payload, user.id);
  return { user, token: result.token, exp: result.exp };
}

/**
 * Written through the database adapter as Payload writes sessions, with `updatedAt: null` (both adapters
 * then leave it alone): payload.update would move updatedAt, and the users list shows that as "modified"
 * (SPEC §2), which a sign-in is not.
 */
async function recordLastAccess(payload: Payload, id: string | number): Promise<void> {
  await payload.db.updateOne({
    collection: USERS,
    id,
    data: { last_access: new Date().toISOString(), updatedAt: null },
    returning: false,
  });
}

const usersAuthConfig = (payload: Payload) => payload.collections[USERS].config.auth;

/** Set-Cookie value of the session, exactly as Payload's own login endpoint writes it. */
export function sessionCookie(payload: Payload, token: string): string {
  return generatePayloadCookie({
    collectionAuthConfig: usersAuthConfig(payload),
    cookiePrefix: payload.config.cookiePrefix,
    token,
  }) as string;
}

export function expiredSessionCookie(payload: Payload): string {
  return generateExpiredPayloadCookie({
    collectionAuthConfig: usersAuthConfig(payload),
    cookiePrefix: payload.config.cookiePrefix,
  }) as string;
}

/**
 * Removes the request's session from its account, so the token stops working even if a copy of the cookie
 * survives. Without a session there is nothing to revoke; the caller still expires the cookie.
 */
export async function signOut(req: PayloadRequest): Promise<void> {
  if (!req.user || req.user.collection !== USERS) return;
  await logoutOperation({ collection: req.payload.collections[USERS], req });
}
