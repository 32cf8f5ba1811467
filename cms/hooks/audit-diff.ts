import type { AuditChanges } from '@shop/shared/admin';

/**
 * Fields never written to the audit log: secrets (passwords, their hashes and salts, tokens, API keys, sessions)
 * at any depth, and bookkeeping that changes on its own (timestamps, sign-in counters, the last visit), which
 * would bury the admins' changes. Matched by name, so a secret added later under such a name stays out.
 */
const SECRET_KEY = /(password|hash|salt|token|secret|api_?key|session|otp)/i;
const NOISE_KEYS = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'loginAttempts',
  'lockUntil',
  'last_access',
  '_verified',
  // An order's status history repeats its status changes, which are logged as `status` (and on its timeline).
  'status_history',
]);

/** A stored value longer than this is logged as its length only: a rich-text body is not a diff line. */
const MAX_VALUE_CHARS = 20_000;

/** The value as the log keeps it: secrets removed at every depth, related documents reduced to their ids. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  // A populated relation (a whole document) is logged as the id it stores.
  if ('id' in record && 'createdAt' in record) return record.id;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) {
    if (!SECRET_KEY.test(key)) out[key] = clean(v);
  }
  return out;
}

function bounded(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text !== undefined && text.length > MAX_VALUE_CHARS ? `(${text.length} characters, too long to log)` : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The top-level fields whose value differs between `before` and `after` (either may be absent: a create, a
 * delete), each with its old and new value. Secret and bookkeeping fields are left out; an empty result means
 * nothing worth logging changed.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of [...keys].sort()) {
    if (NOISE_KEYS.has(key) || SECRET_KEY.test(key)) continue;
    const b = before ? clean(before[key]) : undefined;
    const a = after ? clean(after[key]) : undefined;
    if (before && after && same(b, a)) continue;
    if (!before && (a === undefined || a === null)) continue;
    if (!after && (b === undefined || b === null)) continue;
    const change: { before?: unknown; after?: unknown } = {};
    if (before) change.before = bounded(b ?? null);
    if (after) change.after = bounded(a ?? null);
    changes[key] = change;
  }
  return changes;
}
