import {
  type CollectionBeforeValidateHook,
  type FlattenedField,
  type GlobalBeforeValidateHook,
  ValidationError,
} from 'payload';
import { isPlainObject, stripControlCharacters } from '../lib/control-characters';

/** Fields stored as one string (or, with hasMany, a list of strings). */
const STRING_TYPES = new Set(['text', 'textarea', 'email', 'code', 'select', 'radio']);

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Paths of text and option fields given something other than text. Payload's own validation lets an array
 * or object through a text field (its maxLength counts array items) or a select, and the database or the
 * email field's hook then throws a plain error, a 500; here it becomes a 400 naming the field.
 */
function nonTextValues(fields: readonly FlattenedField[], data: Record<string, unknown>, prefix = ''): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    const value = data[field.name];
    if (value === undefined || value === null) continue;
    const path = `${prefix}${field.name}`;
    if (STRING_TYPES.has(field.type)) {
      const many = 'hasMany' in field && field.hasMany === true;
      if (many ? !isStringList(value) : typeof value !== 'string') problems.push(path);
    } else if (field.type === 'array') {
      if (!Array.isArray(value)) problems.push(path);
      else {
        value.forEach((row, i) => {
          if (isPlainObject(row)) problems.push(...nonTextValues(field.flattenedFields, row, `${path}.${i}.`));
          else problems.push(`${path}.${i}`);
        });
      }
    } else if ((field.type === 'group' || field.type === 'tab') && 'flattenedFields' in field) {
      if (isPlainObject(value)) problems.push(...nonTextValues(field.flattenedFields, value, `${path}.`));
      else problems.push(path);
    }
  }
  return problems;
}

function clean(
  data: Record<string, unknown> | undefined,
  fields: readonly FlattenedField[],
  owner: { collection: string } | { global: string },
): Record<string, unknown> | undefined {
  if (data === undefined) return data;
  const problems = nonTextValues(fields, data);
  if (problems.length > 0) {
    throw new ValidationError({
      ...owner,
      errors: problems.map((path) => ({ path, message: 'Must be text (or a list of texts).' })),
    });
  }
  return stripControlCharacters(data);
}

/** Before validation, so maxLength and required see the text as it will be stored. */
export const stripControlCharactersHook: CollectionBeforeValidateHook = ({ data, collection }) =>
  clean(data, collection.flattenedFields, { collection: collection.slug });

export const stripControlCharactersGlobalHook: GlobalBeforeValidateHook = ({ data, global }) =>
  clean(data, global.flattenedFields, { global: global.slug });
