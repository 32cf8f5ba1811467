import { randomBytes } from 'node:crypto';
import { APIError, type Payload, type PayloadRequest } from 'payload';
import type { AdminUser, userCreateSchema, userUpdateSchema } from '@shop/shared/admin';
import { roleOf } from '../../access/roles';
import type { z } from 'zod';
import { EMAIL_LOCKED } from '../../lib/account-fields';
import { AppError, badRequest } from '../../lib/app-error';
import { sendInvite } from '../auth/password-reset';
import { clientPasswordHash } from '../../lib/client-password';
import { str, type Doc } from '../mappers';
import { findByIdOr404 } from './admin-queries';
import { contactOf } from './doc-fields';
import type { AdminUser as Actor } from './sales';

const USERS = 'users';

type UserCreate = z.output<typeof userCreateSchema>;
type UserUpdate = z.output<typeof userUpdateSchema>;

function toAdminUser(doc: Doc, invited = false): AdminUser {
  return {
    ...contactOf(doc),
    // Accounts made before roles existed were made admins by the migration; a missing value reads the same.
    role: roleOf(doc) ?? 'admin',
    active: doc.active !== false,
    invited,
    last_access: str(doc.last_access) || null,
    updated_at: str(doc.updatedAt),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Who may go: the rules hold on every route (these screens and Payload's own REST), through the collection's
// hooks, which call assertAccountMayGo.

/** `demote`: any change of the account's role (an admin's only possible change is to editor). */
export type AccountRemoval = 'delete' | 'deactivate' | 'demote';

export const CANNOT_REMOVE_SELF: Record<AccountRemoval, string> = {
  delete: 'You cannot delete your own account. Another admin can do it for you.',
  deactivate: 'You cannot deactivate your own account. Another admin can do it for you.',
  demote: 'You cannot change your own role. Another admin can do it for you.',
};
export const CANNOT_REMOVE_LAST_ADMIN: Record<AccountRemoval, string> = {
  delete: 'This is the last active admin, so it cannot be deleted. Add or activate another admin first.',
  deactivate: 'This is the last active admin, so it cannot be deactivated. Add or activate another admin first.',
  demote: 'This is the last active admin, so it cannot become an editor. Add or activate another admin first.',
};

/**
 * Why an account may not be deleted, deactivated or given another role, or null when it may.
 * `otherActiveAdmins` counts the active admins besides the target; editors do not count, since they cannot
 * use the control centre. Nobody locks themselves out, and the shop always keeps one admin who can sign in
 * (without one, only a shell on the server could bring the control centre back).
 */
export function accountRemovalRefusal(
  removal: AccountRemoval,
  account: { isSelf: boolean; active: boolean; isAdmin: boolean; otherActiveAdmins: number },
): string | null {
  if (account.isSelf) return CANNOT_REMOVE_SELF[removal];
  if (account.active && account.isAdmin && account.otherActiveAdmins === 0) return CANNOT_REMOVE_LAST_ADMIN[removal];
  return null;
}

/**
 * Throws a 409 when the rule above refuses. Payload's APIError rather than AppError: the collection hooks
 * also run under Payload's REST routes, whose error handler reads APIError's status and message.
 */
export async function assertAccountMayGo(req: PayloadRequest, target: Doc, removal: AccountRemoval): Promise<void> {
  const id = String(target.id);
  const { totalDocs: otherActiveAdmins } = await req.payload.count({
    collection: USERS,
    where: { and: [{ id: { not_equals: id } }, { active: { not_equals: false } }, { role: { equals: 'admin' } }] },
    overrideAccess: true,
    req,
  });
  const refusal = accountRemovalRefusal(removal, {
    isSelf: req.user?.collection === USERS && String(req.user.id) === id,
    active: target.active !== false,
    isAdmin: roleOf(target) !== 'editor',
    otherActiveAdmins,
  });
  if (refusal) throw new APIError(refusal, 409);
}

/**
 * Changes to accounts run one at a time in this process: two admins deactivating each other at the same
 * moment would each see the other still active and both pass the last-admin check.
 */
let accountChanges: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(change: () => Promise<T>): Promise<T> {
  const run = accountChanges.then(change, change);
  accountChanges = run.catch(() => undefined);
  return run;
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/**
 * Which of these accounts are still invitations (issue 25 §1.11), from fields the account already has: it
 * holds a password link (Payload's reset token, which the invite set and choosing a password clears) and has
 * never signed in. An admin who forgot a password has signed in before, so a reset link alone is no invite.
 */
async function invitedIds(payload: Payload, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { docs } = await payload.find({
    collection: USERS,
    where: {
      and: [{ id: { in: ids } }, { resetPasswordToken: { exists: true } }, { last_access: { exists: false } }],
    },
    select: { email: true },
    depth: 0,
    limit: ids.length,
    pagination: false,
    // The token is a hidden field: only its presence is asked, and nothing of it leaves here.
    overrideAccess: true,
  });
  return new Set(docs.map((doc) => String(doc.id)));
}

/** GET users: the whole team (a family shop has a handful of admins), by last then first name. */
export async function listUsers(payload: Payload, actor: Actor): Promise<{ items: AdminUser[]; count: number }> {
  const res = await payload.find({
    collection: USERS,
    sort: ['lastname', 'firstname', 'email'],
    pagination: false,
    depth: 0,
    user: actor,
    overrideAccess: false,
  });
  const docs = res.docs as unknown as Doc[];
  const invited = await invitedIds(
    payload,
    docs.map((doc) => String(doc.id)),
  );
  return { items: docs.map((doc) => toAdminUser(doc, invited.has(String(doc.id)))), count: res.totalDocs };
}

const findUser = (payload: Payload, actor: Actor, id: string) =>
  findByIdOr404(payload, USERS, actor, id, 'User not found');

export async function getUser(payload: Payload, actor: Actor, id: string): Promise<AdminUser> {
  const doc = await findUser(payload, actor, id);
  return toAdminUser(doc, (await invitedIds(payload, [String(doc.id)])).size > 0);
}

// ---------------------------------------------------------------------------------------------------------
// Writes

export const EMAIL_TAKEN = 'An admin with this email already exists';
export const INVITE_NOT_SENT =
  'The invite mail could not be sent, so the account was not created. Check the mail settings and try again.';

const emailIssue = (message: string) => badRequest([{ path: 'email', message }]);

async function emailInUse(payload: Payload, email: string): Promise<boolean> {
  const { totalDocs } = await payload.count({
    collection: USERS,
    where: { email: { equals: email } },
    overrideAccess: true,
  });
  return totalDocs > 0;
}

/** Payload's unique index answers a race between two creates with a ValidationError on `email`. */
const isEmailConflict = (err: unknown) =>
  (err as { status?: number })?.status === 400 &&
  JSON.stringify((err as { data?: unknown }).data ?? '').includes('email');

/**
 * POST users: the account starts with a random password nobody knows, and the invite mail carries the link
 * to choose one. Without the mail the new admin could never sign in, so a failed send undoes the account
 * and the form can simply be sent again.
 */
export async function createUser(payload: Payload, actor: Actor, input: UserCreate): Promise<AdminUser> {
  return oneAtATime(async () => {
    if (await emailInUse(payload, input.email)) throw emailIssue(EMAIL_TAKEN);
    let doc: Doc;
    try {
      doc = (await payload.create({
        collection: USERS,
        data: {
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          telephone: input.telephone,
          role: input.role,
          active: true,
          // What a browser would send for a password nobody has typed (services/first-admin.ts).
          password: clientPasswordHash(randomBytes(32).toString('hex')),
        },
        depth: 0,
        user: actor,
        overrideAccess: false,
      })) as unknown as Doc;
    } catch (err) {
      if (isEmailConflict(err)) throw emailIssue(EMAIL_TAKEN);
      throw err;
    }
    try {
      await sendInvite(payload, String(doc.id));
    } catch (err) {
      payload.logger.error({ err, msg: `invite mail to ${input.email} failed` });
      await payload.delete({ collection: USERS, id: doc.id, overrideAccess: true });
      throw new AppError(503, INVITE_NOT_SENT);
    }
    return toAdminUser(doc, true);
  });
}

/**
 * PUT users/{id}: names, telephone, role and the active flag. The email may come back unchanged; another one
 * is refused. Deactivation and a change of role go through the collection's rules (not yourself, not the last
 * active admin).
 */
export async function updateUser(payload: Payload, actor: Actor, id: string, input: UserUpdate): Promise<AdminUser> {
  return oneAtATime(async () => {
    const doc = await findUser(payload, actor, id);
    if (input.email !== undefined && input.email !== str(doc.email).toLowerCase()) throw emailIssue(EMAIL_LOCKED);
    const updated = await payload.update({
      collection: USERS,
      id: doc.id,
      data: {
        firstname: input.firstname,
        lastname: input.lastname,
        telephone: input.telephone,
        ...(input.active === undefined ? {} : { active: input.active }),
        ...(input.role === undefined ? {} : { role: input.role }),
      },
      depth: 0,
      user: actor,
      overrideAccess: false,
    });
    const saved = updated as unknown as Doc;
    return toAdminUser(saved, (await invitedIds(payload, [String(saved.id)])).size > 0);
  });
}

/** DELETE users/{id}: the collection's rule refuses yourself and the last active admin with a 409. */
export async function deleteUser(payload: Payload, actor: Actor, id: string): Promise<{ id: string }> {
  return oneAtATime(async () => {
    const doc = await findUser(payload, actor, id);
    await payload.delete({ collection: USERS, id: doc.id, depth: 0, user: actor, overrideAccess: false });
    return { id: String(doc.id) };
  });
}
