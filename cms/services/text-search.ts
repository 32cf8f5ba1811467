import type { CollectionSlug, Payload, Where } from 'payload';
import { MAX_SEARCH_WORDS } from '@shop/shared';

/** What SQL LIKE reads as wildcards: '%' any run of characters, '_' any one character. */
const LIKE_WILDCARDS = /[%_]+/g;

/**
 * Candidates read to find the literal matches of a search with a wildcard in it; a search that leaves more
 * than this many candidates (e.g. "%" alone) is answered from the first ones read.
 */
const MAX_CANDIDATES = 5000;

/** The words of a search box, at most MAX_SEARCH_WORDS (the storefront's search keeps the same limit). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

const likeAll = (words: string[], fields: readonly string[]): Where => ({
  and: words.map((word) => ({ or: fields.map((field) => ({ [field]: { like: word } })) })),
});

/**
 * A free-text filter: every word must appear (case-insensitive) in at least one of the fields, so
 * "rossi maria" finds Maria Rossi and "maria@" finds her by email. Undefined when there is nothing to filter.
 *
 * '%' and '_' are characters like any other: "50%" finds "Sconto 50%" and not "500 g". Payload puts the
 * words into SQL LIKE patterns as they are, where those two are wildcards and cannot be escaped (no ESCAPE
 * clause), so a search that has one runs in two steps: LIKE on the pieces between the wildcards finds every
 * record that could match, the literal test in code keeps those that do, and the filter names their ids.
 * `scope` (optional) narrows the candidates; it does not replace the conditions the caller adds.
 */
export async function wordsInAnyField(
  payload: Payload,
  collection: CollectionSlug,
  search: string | undefined,
  fields: readonly string[],
  scope?: Where,
): Promise<Where | undefined> {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  if (!words.some((word) => /[%_]/.test(word))) return likeAll(words, fields);

  const pieces = words.map((word) => word.replace(LIKE_WILDCARDS, ' ').trim()).filter(Boolean);
  const candidates = await payload.find({
    collection,
    where: { and: [...(scope ? [scope] : []), ...(pieces.length ? [likeAll(pieces, fields)] : [])] },
    select: Object.fromEntries(fields.map((field) => [field, true])),
    depth: 0,
    limit: MAX_CANDIDATES,
    pagination: false,
    // Only ids leave this step, and the caller's own query (with its access rules) reads the records.
    overrideAccess: true,
  });
  const needles = words.map((word) => word.toLowerCase());
  const ids = candidates.docs
    .filter((doc) => {
      const values = fields.map((field) => String((doc as Record<string, unknown>)[field] ?? '').toLowerCase());
      return needles.every((needle) => values.some((value) => value.includes(needle)));
    })
    .map((doc) => doc.id);
  return { id: { in: ids } };
}
