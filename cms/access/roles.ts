import {
  Forbidden,
  type Access,
  type ClientUser,
  type CollectionBeforeOperationHook,
  type CollectionSlug,
  type Field,
  type FieldAccess,
  type PayloadRequest,
} from 'payload';

import { isAdminUser, isStaffUser } from '../lib/roles';

export { isAdminUser, isStaffUser, roleOf } from '../lib/roles';

/**
 * Who may do what (issue 11): an `admin` runs the shop (control centre and /cms panel); an `editor` writes
 * content in the panel only (recipes, changelog, assets, products' descriptive fields). `users` is the only
 * auth collection, so a signed-in request always carries one of its accounts.
 */
export const isAdmin: Access = ({ req }) => isAdminUser(req.user);
export const isStaff: Access = ({ req }) => isStaffUser(req.user);
export const isAdminField: FieldAccess = ({ req }) => isAdminUser(req.user);

/** `admin.hidden` of what only admins use: the panel's nav and routes leave it out for editors. */
export const hiddenFromEditors = ({ user }: { user: ClientUser | null }): boolean => !isAdminUser(user);

/** Drafts never reach shoppers: anyone but staff reads published versions only (a query, so lists filter too). */
export const publishedVersionsOrStaff: Access = ({ req }) =>
  isStaffUser(req.user) ? true : { _status: { equals: 'published' } };

/** An editor's own account (GET /api/users/me, the panel's account page), an admin's every account. */
export const adminOrOwnAccount: Access = ({ req, id }) => {
  if (isAdminUser(req.user)) return true;
  // A boolean rather than a query on `id`: a list or another id is a 403, not a filtered 200 (issue 11).
  return isStaffUser(req.user) && id !== undefined && String(id) === String(req.user?.id);
};

// ---------------------------------------------------------------------------------------------------------
// Editors' writes limited to some fields

/**
 * Field access that makes every field but `editable` admin-only for update and create, so the panel shows
 * those fields read-only to editors. Applied around a collection's field list so the list itself (names,
 * types: the schema) stays as written.
 */
export function adminOnlyExcept(editable: readonly string[], fields: Field[]): Field[] {
  const open = new Set(editable);
  return fields.map((field) => {
    if (!('name' in field) || open.has(field.name)) return field;
    const { access } = field as { access?: Record<string, FieldAccess> };
    // A field's own stricter rule (a count nobody edits after creation) stays.
    return {
      ...field,
      access: { ...access, create: access?.create ?? isAdminField, update: access?.update ?? isAdminField },
    } as Field;
  });
}

/** Keys Payload itself carries on a document (the panel sends some back on save); never an editor's change. */
const SYSTEM_KEYS = new Set(['id', 'createdAt', 'updatedAt']);

const idOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value;

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T/;
const asMoment = (value: unknown): number | null => {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || !ISO_MOMENT.test(value)) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Whether a value sent back equals the stored one as the panel round-trips it: relations may come back as
 * populated objects, dates as ISO strings of the same moment, and empty as null, undefined or ''.
 * `objectsById: false` compares every key of an object instead of its id: an array row (which Payload also
 * gives an id) is its values, not a reference.
 */
export function sameStoredValue(sent: unknown, stored: unknown, { objectsById = true } = {}): boolean {
  const same = (x: unknown, y: unknown) => sameStoredValue(x, y, { objectsById });
  const a = objectsById ? idOf(sent) : sent;
  const b = objectsById ? idOf(stored) : stored;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => same(item, b[i]));
  }
  const at = asMoment(a);
  const bt = asMoment(b);
  if (at !== null && bt !== null) return at === bt;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return String(a) === String(b);
}

/**
 * The names in an editor's write that would change a field outside `editable`. Field access alone would drop
 * them silently and answer 200; a price change must be refused (403) and change nothing. `stored` is the
 * document before the write (null for a create, where every named field is a change).
 */
export function forbiddenChanges(
  data: Record<string, unknown>,
  stored: Record<string, unknown> | null,
  editable: readonly string[],
): string[] {
  const open = new Set(editable);
  return Object.keys(data).filter(
    (key) => !open.has(key) && !SYSTEM_KEYS.has(key) && (stored === null || !sameStoredValue(data[key], stored[key])),
  );
}

export function refuseForbiddenChanges(
  req: PayloadRequest,
  data: Record<string, unknown> | undefined,
  stored: Record<string, unknown> | null,
  editable: readonly string[],
): void {
  if (!data || isAdminUser(req.user) || !req.user) return;
  const refused = forbiddenChanges(data, stored, editable);
  if (refused.length > 0) {
    req.payload.logger.warn({ msg: `editor ${String(req.user.id)} refused: ${refused.join(', ')}` });
    throw new Forbidden(req.t);
  }
}

/**
 * A beforeOperation hook refusing an editor's update that would change a field outside `editable` (403, and
 * nothing is written). Before the operation, because Payload's field access strips the fields before any
 * collection hook would see them. Payload names both an update by id and a bulk update 'update'; a bulk one
 * (no id) has no single stored document, so any other field it names counts as a change.
 */
export function refuseEditorChangesOutside(
  collection: CollectionSlug,
  editable: readonly string[],
): CollectionBeforeOperationHook {
  return async ({ args, operation, req }) => {
    if (operation !== 'update' || !req.user || isAdminUser(req.user)) return args;
    const { data, id } = args as { data?: Record<string, unknown>; id?: string | number };
    const stored =
      id === undefined
        ? null
        : ((await req.payload.findByID({
            collection,
            id,
            depth: 0,
            overrideAccess: true,
            disableErrors: true,
            req,
          })) as Record<string, unknown> | null);
    refuseForbiddenChanges(req, data, stored, editable);
    return args;
  };
}
