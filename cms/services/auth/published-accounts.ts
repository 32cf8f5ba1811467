import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import type { Payload } from 'payload';
import { DEACTIVATED_BY_SYSTEM } from '../../lib/account-fields';
import { AUDIT_ACTOR, type AuditActor } from '../../lib/audit-write';
import { DEMO_ADMIN, isDemoAccountEmail, PUBLISHED_PASSWORD_DIGEST } from '../../lib/demo-account';
import type { Doc } from '../mappers';

const pbkdf2Async = promisify(pbkdf2);

/**
 * Payload 3.90's stored hash (payload/dist/auth/strategies/local/generatePasswordSaltHash.js, not exported):
 * `pbkdf2-sha256-v1:<hex>` with 600 000 iterations and a 32-byte key, or plain hex from before, with 25 000
 * iterations and a 512-byte key.
 */
const CURRENT_HASH_PREFIX = 'pbkdf2-sha256-v1:';
function hashParameters(hash: string): { iterations: number; keyLength: number; hex: string } {
  if (hash.startsWith(CURRENT_HASH_PREFIX)) {
    return { iterations: 600_000, keyLength: 32, hex: hash.slice(CURRENT_HASH_PREFIX.length) };
  }
  return { iterations: 25_000, keyLength: 512, hex: hash };
}

/** Whether the account's stored hash is that of the published demo password (as Payload checks a sign-in). */
async function hasPublishedPassword(account: Doc): Promise<boolean> {
  const { hash, salt } = account as { hash?: unknown; salt?: unknown };
  if (typeof hash !== 'string' || typeof salt !== 'string' || hash === '') return false;
  const { iterations, keyLength, hex } = hashParameters(hash);
  const derived = await pbkdf2Async(PUBLISHED_PASSWORD_DIGEST, salt, iterations, keyLength, 'sha256');
  return derived.toString('hex') === hex;
}

/** How many accounts are looked at: a family shop has a handful; each check costs a password hash. */
const MAX_ACCOUNTS_CHECKED = 200;

const SYSTEM: AuditActor = { by_id: null, by: 'system (production start: published password)' };

/**
 * A production start on a database a development start made (the demo seed's admin, or an account given
 * the published demo password): those accounts are deactivated, which also ends their sessions (the users
 * collection's hook), and the change is on the audit log, signed by the system. The sign-in refuses them in production anyway (services/auth/session.ts);
 * this makes the control centre show them inactive and lets the start say so. Returns their emails.
 */
export async function disablePublishedAccounts(payload: Payload): Promise<string[]> {
  const { docs } = await payload.find({
    collection: 'users',
    where: { active: { not_equals: false } },
    limit: MAX_ACCOUNTS_CHECKED,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  });
  const disabled: string[] = [];
  for (const account of docs as Doc[]) {
    if (!isDemoAccountEmail(account.email) && !(await hasPublishedPassword(account))) continue;
    await payload.update({
      collection: 'users',
      id: account.id as string,
      data: { active: false },
      depth: 0,
      overrideAccess: true,
      context: { [DEACTIVATED_BY_SYSTEM]: true, [AUDIT_ACTOR]: SYSTEM },
    });
    disabled.push(String(account.email));
  }
  return disabled;
}

/** Active admins other than the ones just disabled: whether the shop has anyone to run it. */
export async function countActiveAdmins(payload: Payload): Promise<number> {
  const { totalDocs } = await payload.count({
    collection: 'users',
    where: { and: [{ active: { not_equals: false } }, { role: { equals: 'admin' } }] },
    overrideAccess: true,
  });
  return totalDocs;
}

/** The demo seed's account if the database has it (deactivated by an earlier start, or just now). */
export async function listPublishedAccounts(payload: Payload): Promise<string[]> {
  const { docs } = await payload.find({
    collection: 'users',
    where: { email: { equals: DEMO_ADMIN.email } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return docs.map((doc) => String(doc.email));
}
