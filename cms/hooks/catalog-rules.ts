import { ValidationError, type CollectionBeforeChangeHook } from 'payload';
import { CATEGORY_NAME_TAKEN } from '@shop/shared/admin';

/** Payload's `like` cannot escape SQL's wildcards: they become spaces, and the exact test below decides. */
const likeText = (text: string) => text.replace(/[%_]+/g, ' ').trim();

/**
 * Issue 25 §1.7: category names are unique whatever their case or surrounding spaces, on every door. A hook
 * rather than a unique index: an index cannot ignore case without a migration, and this one answers a
 * readable 400 naming the field.
 */
export const refuseTakenCategoryName: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  if (typeof data.name !== 'string') return data;
  const name = data.name.trim();
  if (
    originalDoc &&
    String(originalDoc.name ?? '')
      .trim()
      .toLowerCase() === name.toLowerCase()
  )
    return data;
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
  const taken = docs.some(
    (doc) =>
      String(doc.name ?? '')
        .trim()
        .toLowerCase() === name.toLowerCase(),
  );
  if (taken) {
    throw new ValidationError(
      { collection: 'categories', errors: [{ path: 'name', message: CATEGORY_NAME_TAKEN }] },
      req.t,
    );
  }
  return data;
};
