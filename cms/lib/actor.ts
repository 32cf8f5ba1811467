/**
 * How a change is signed in the order timeline and the audit log: the account's id, and its name and email
 * as text so the record outlives the account. Without a signed-in user the change is the system's own
 * (the reconciler, a seed, a script).
 */
export function describeActor(user: unknown): { by_id: string | null; by: string } {
  if (!user || typeof user !== 'object') return { by_id: null, by: 'system' };
  const u = user as { id?: unknown; firstname?: unknown; lastname?: unknown; email?: unknown };
  const name = [u.firstname, u.lastname].filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
  const email = typeof u.email === 'string' ? u.email : '';
  return {
    by_id: u.id === undefined || u.id === null ? null : String(u.id),
    by: (email ? `${name || email} <${email}>` : name || 'unknown').slice(0, 400),
  };
}
