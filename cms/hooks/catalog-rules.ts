import { ValidationError, type CollectionBeforeChangeHook, type CollectionBeforeValidateHook } from 'payload';
import { CATEGORY_NAME_TAKEN } from '@shop/shared/admin';

/** A name as stored and compared: trimmed, each run of spaces (tabs, line breaks, no-break spaces) one space. */
export const foldedName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** The key two names are compared by: "gift  Boxes " and "Gift Boxes" are the same name. */
const nameKey = (name: unknown) => foldedName(String(name ?? '')).toLowerCase();

/**
 * Issue 31 §19: a name is stored trimmed and single-spaced, whichever door it came through (/api/v2, Payload's
 * REST, the /cms panel), so "Gift  Boxes" cannot stand beside "Gift Boxes" and lists read alike. Before
 * validation, so `required` and maxLength judge the name as it will be stored.
 */
export const foldNameSpaces: CollectionBeforeValidateHook = ({ data }) => {
  if (data && typeof data.name === 'string') data.name = foldedName(data.name);
  return data;
};

/** Payload's `like` cannot escape SQL's wildcards: they become spaces, and the exact test below decides. */
const likeText = (text: string) => text.replace(/[%_]+/g, ' ').trim();

/**
 * Issue 25 §1.7: category names are unique whatever their case or spaces (issue 31 §19), on every door. A hook
 * rather than a unique index: an index cannot ignore case without a migration, and this one answers a
 * readable 400 naming the field.
 */
export const refuseTakenCategoryName: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  if (typeof data.name !== 'string') return data;
  const name = foldedName(data.name);
  if (originalDoc && nameKey(originalDoc.name) === nameKey(name)) return data;
  // `like` is case-insensitive (every word somewhere in the name): it finds the candidates, and the exact
  // comparison below keeps only a true twin. A shop has at most a thousand categories (SPEC §9).
  const words = likeText(name);
  const { docs } = await req.payload.find({
    collection: 'categories',
    where: {
      and: [
        ...(words ? [{ name: { like: words } }] : []),
        ...(originalDoc?.id === undefined ? [] : [{ id: { not_equals: originalDoc.id } }]),
      ],
    },
    select: { name: true },
    depth: 0,
    limit: 1000,
    pagination: false,
    overrideAccess: true,
    req,
  });
  // A name stored before names were folded may still hold double spaces: it is compared folded too.
  const taken = docs.some((doc) => nameKey(doc.name) === nameKey(name));
  if (taken) {
    throw new ValidationError(
      { collection: 'categories', errors: [{ path: 'name', message: CATEGORY_NAME_TAKEN }] },
      req.t,
    );
  }
  return data;
};
