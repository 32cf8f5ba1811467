import { createHash, randomBytes } from 'node:crypto';
import type { Payload, PayloadRequest } from 'payload';
import {
  AUTH_RESULTS,
  MESSAGES,
  resetTokenSchema,
  type InviteCheck,
  type ResetPasswordInput,
} from '@shop/shared/admin';
import { badRequest, notFound, tooManyRequests } from '../../lib/app-error';
import { describeActor } from '../../lib/actor';
import { AUDIT_ACTOR } from '../../lib/audit-write';
import { isPublishedPasswordDigest } from '../../lib/demo-account';
import type { Doc } from '../mappers';
import { roleOf } from '../../lib/roles';
import { clientAddress } from './client-ip';
import { renderInviteMail, renderResetMail, type Mail } from './mails';
import { loginThrottled, signOut } from './session';
import { authThrottle } from './process-throttle';

const USERS = 'users';
const HOUR_MS = 60 * 60 * 1000;
/** A reset link is asked for by someone at the screen right now; an invite may sit in an inbox for days. */
export const RESET_LINK_HOURS = 1;
export const INVITE_LINK_DAYS = 7;

const linkInvalid = () => notFound(AUTH_RESULTS.linkInvalid);

/**
 * What the account keeps of a mailed token: its SHA-256 (hex). The token has 160 random bits, so a fast hash
 * is enough (nothing to stretch), and a copy of the database holds no link that opens an account.
 */
export const storedTokenOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A one-use token on the account, in Payload's forgot-password fields (resetPasswordToken and its expiry), made
 * without Payload's forgot-password operation: that one stores the token as mailed, and ours mails
 * PUBLIC_URL's control-centre link. Returns the token for the mail; only its digest is stored.
 */
async function issueToken(payload: Payload, user: Doc, lifetimeMs: number): Promise<string> {
  // As Payload makes its own: 20 random bytes, 40 hex digits (resetTokenSchema).
  const token = randomBytes(20).toString('hex');
  await payload.update({
    collection: USERS,
    id: user.id,
    data: {
      resetPasswordToken: storedTokenOf(token),
      resetPasswordExpiration: new Date(Date.now() + lifetimeMs).toISOString(),
    },
    depth: 0,
    overrideAccess: true,
  });
  return token;
}

async function send(payload: Payload, mail: Mail): Promise<void> {
  await payload.sendEmail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}

const nameOf = (user: Doc) => ({
  email: String(user.email ?? ''),
  firstname: String(user.firstname ?? ''),
  // Accounts made before roles existed are admins (the migration's reading).
  role: roleOf(user) ?? 'admin',
});

/**
 * Settings' "reset your password" (SPEC §2, §6): mails the signed-in admin a reset link, then ends the
 * session (the caller expires the cookie). A mail that cannot be sent fails the request and keeps the
 * session, so nobody is signed out without a way back in.
 */
export async function requestPasswordReset(req: PayloadRequest, user: Doc): Promise<void> {
  const throttle = authThrottle();
  if (await throttle.isBlocked(clientAddress(req))) throw loginThrottled();
  if (!(await throttle.takeResetMail(String(user.id)))) {
    throw tooManyRequests({ title: MESSAGES.rateLimited.title, description: MESSAGES.rateLimited.description });
  }
  const token = await issueToken(req.payload, user, RESET_LINK_HOURS * HOUR_MS);
  await send(req.payload, renderResetMail(nameOf(user), token, RESET_LINK_HOURS));
  await signOut(req);
}

/**
 * The sign-in screen's "Forgot password?" (issue 25 §1.12): the same answer and the same time whatever the
 * email, so nobody learns which emails have accounts. The client address is throttled as for a sign-in (each
 * request counts as an attempt and blocks like one); an active account also gets at most
 * PASSWORD_RESET_RATE_LIMIT mails per window, past which the request is answered alike and sends nothing.
 * The lookup, token and mail run after the answer, so a known email does not answer slower.
 */
export async function requestPasswordResetByEmail(req: PayloadRequest, email: string): Promise<void> {
  const throttle = authThrottle();
  if (!(await throttle.admit(clientAddress(req)))) throw loginThrottled();
  const payload = req.payload;
  void (async () => {
    const { docs } = await payload.find({
      collection: USERS,
      where: { email: { equals: email.trim().toLowerCase() } },
      limit: 1,
      depth: 0,
      pagination: false,
      overrideAccess: true,
    });
    const user = docs[0] as Doc | undefined;
    if (!user || user.active === false) return;
    if (!(await throttle.takeResetMail(String(user.id)))) {
      payload.logger.info({ msg: `password reset for user ${String(user.id)} not sent: mail allowance used up` });
      return;
    }
    const token = await issueToken(payload, user, RESET_LINK_HOURS * HOUR_MS);
    await send(payload, renderResetMail(nameOf(user), token, RESET_LINK_HOURS));
  })().catch((err: unknown) => payload.logger.error({ err, msg: 'password reset mail failed' }));
}

/**
 * Welcomes a new admin or editor: an invite link to choose a password, valid for INVITE_LINK_DAYS. The users screens
 * call it after creating an account.
 */
export async function sendInvite(payload: Payload, userId: string): Promise<void> {
  const user = (await payload.findByID({ collection: USERS, id: userId, depth: 0, overrideAccess: true })) as Doc;
  const token = await issueToken(payload, user, INVITE_LINK_DAYS * 24 * HOUR_MS);
  await send(payload, renderInviteMail(nameOf(user), token, INVITE_LINK_DAYS));
}

/**
 * The account whose live reset/invite token this is, or null. Looked up by the token's digest: a token stored
 * as mailed (before digests) never matches, so such links stopped working, and the stored digest itself opens
 * nothing either.
 */
async function accountByToken(payload: Payload, token: string): Promise<Doc | null> {
  const { docs } = await payload.find({
    collection: USERS,
    where: {
      and: [
        { resetPasswordToken: { equals: storedTokenOf(token) } },
        { resetPasswordExpiration: { greater_than: new Date().toISOString() } },
      ],
    },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  });
  return (docs[0] as Doc | undefined) ?? null;
}

/**
 * Every token lookup goes through here. A live link works from any address, also one throttled for wrong
 * sign-ins (issue 29 §6): the owner locked out by a typo resets from the same network. A malformed or unknown
 * token counts against the client address like a wrong password, and is answered 429 once the address is
 * throttled. Unlike a password, a link is checked before it is counted: it carries 160 random bits, so the
 * count is not what keeps it from being guessed; it keeps a guessing address from signing in.
 */
async function liveAccount(req: PayloadRequest, rawToken: string): Promise<Doc> {
  const parsed = resetTokenSchema.safeParse(rawToken);
  const account = parsed.success ? await accountByToken(req.payload, parsed.data) : null;
  if (account) return account;
  if (!(await authThrottle().admit(clientAddress(req)))) throw loginThrottled();
  throw linkInvalid();
}

/** GET auth/invite/{token}: whom a live link is for; nothing at all about a dead one. */
export async function checkPasswordLink(req: PayloadRequest, rawToken: string): Promise<InviteCheck> {
  const account = await liveAccount(req, rawToken);
  return { email: String(account.email), role: roleOf(account) ?? 'admin' };
}

/**
 * PUT auth/reset/{token}: sets the password and uses the token up. Every session of the account ends (Payload
 * clears them when the password changes) and nobody is signed in: the form returns to the login (SPEC §2).
 */
export async function setPasswordFromLink(
  req: PayloadRequest,
  rawToken: string,
  input: Required<ResetPasswordInput>,
): Promise<void> {
  // The server sees only the digest (SPEC §5), so the form holds the five rules; the one password it can
  // recognise is the published demo password, which no account may take.
  if (isPublishedPasswordDigest(input.password)) throw badRequest(MESSAGES.passwordRules.title);
  const account = await liveAccount(req, rawToken);
  await req.payload.update({
    collection: USERS,
    id: account.id,
    data: { password: input.password, resetPasswordToken: null, resetPasswordExpiration: null },
    depth: 0,
    overrideAccess: true,
    // Nobody is signed in: the change is the account's own, through its link.
    context: { [AUDIT_ACTOR]: describeActor(account) },
  });
}
