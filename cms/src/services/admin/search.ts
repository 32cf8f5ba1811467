import type { Where } from 'payload';

/** More words than this in one search box is not a person searching. */
const MAX_WORDS = 6;

/**
 * A free-text filter: every word must appear (case-insensitive) in at least one of the fields, so
 * "rossi maria" finds Maria Rossi and "maria@" finds her by email. Undefined when there is nothing to filter.
 */
export function wordsInAnyField(search: string | undefined, fields: readonly string[]): Where | undefined {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return { and: words.map((word) => ({ or: fields.map((field) => ({ [field]: { like: word } })) })) };
}
