import { type CollectionBeforeOperationHook, type FlattenedField, ValidationError } from 'payload';
import { isPlainObject } from '../lib/control-characters';

/** A number as /api/v2's amounts take it: a finite number, or the text a form holds ("12.50"). */
const isNumberLike = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()));

/** A stored relation as a door sends it: its id, or the related document (the panel may send it populated). */
const isRelationRef = (value: unknown) =>
  (typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value)) ||
  (typeof value === 'number' && Number.isInteger(value)) ||
  (isPlainObject(value) && (typeof value.id === 'string' || typeof value.id === 'number')) ||
  // A polymorphic relation: { relationTo, value }.
  (isPlainObject(value) && typeof value.relationTo === 'string' && 'value' in value);

const isMoment = (value: unknown) =>
  value instanceof Date ||
  (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value)));

function problemOf(field: FlattenedField, value: unknown): string | null {
  const many = 'hasMany' in field && field.hasMany === true;
  const each = (ok: (item: unknown) => boolean, message: string) =>
    many ? (Array.isArray(value) && value.every(ok) ? null : `${message} (a list)`) : ok(value) ? null : message;
  switch (field.type) {
    case 'number':
      return each(isNumberLike, 'Must be a number');
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'Must be true or false';
    case 'date':
      // Empty text empties the date, as null does.
      return value === '' || isMoment(value) ? null : 'Must be a date and time (ISO 8601)';
    case 'relationship':
    case 'upload':
      if (!many && value === '') return null;
      return each(isRelationRef, 'Must be the id of a stored document');
    default:
      return null;
  }
}

function mistyped(fields: readonly FlattenedField[], data: Record<string, unknown>, prefix = '') {
  const errors: Array<{ path: string; message: string }> = [];
  for (const field of fields) {
    if (!('name' in field)) continue;
    const value = data[field.name];
    if (value === undefined || value === null) continue;
    const path = `${prefix}${field.name}`;
    if ((field.type === 'group' || field.type === 'tab') && isPlainObject(value)) {
      errors.push(...mistyped(field.flattenedFields, value, `${path}.`));
    } else if (field.type === 'array' && Array.isArray(value)) {
      value.forEach((row, i) => {
        if (isPlainObject(row)) errors.push(...mistyped(field.flattenedFields, row, `${path}.${i}.`));
      });
    } else {
      const message = problemOf(field, value);
      if (message) errors.push({ path, message });
    }
  }
  return errors;
}

/**
 * A door's write (Payload's REST, the /cms panel) whose numbers, yes/no fields, dates or relations are not of
 * their kind is refused with a 400 naming each field (issue 29 §4). Before the operation, because Payload's
 * own field hooks run before its validation and turn such values into something else ("twelve" into an empty
 * number, true into 1) or throw on them (a date that is no date: a 500). Text fields have their own check
 * (strip-control-characters). The shop's own writes (overrideAccess) are not a door. Placed after a
 * collection's role checks, so a write the role may not make is refused as such (403) first.
 */
export const refuseMistypedValues: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args;
  const { data, overrideAccess } = args as { data?: unknown; overrideAccess?: boolean };
  // Signed out, access refuses every write (401/403) right after this hook: nothing of ours to say first.
  if (overrideAccess === true || !req.user || !isPlainObject(data)) return args;
  const errors = mistyped(collection.flattenedFields, data);
  if (errors.length > 0) throw new ValidationError({ collection: collection.slug, errors });
  return args;
};
