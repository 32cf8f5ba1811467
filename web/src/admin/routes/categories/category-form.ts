/** The category form's values (SPEC §2 Category form, §4 defaults) and their translation to the body. */
import { type AdminCategory, type CategoryInput, categoryInputSchema } from '@shop/shared/admin';
import { type FieldErrors, issuesToErrors } from '../../components/form-errors';

export interface CategoryDraft {
  name: string;
  description: string;
  img_id: string | null;
  published: boolean;
  /** ISO date-time of a scheduled publication; null = as soon as it is published. */
  publish_at: string | null;
}

export type CategoryField = keyof CategoryDraft;
export type CategoryErrors = FieldErrors<CategoryField>;

export const CATEGORY_FIELDS: readonly CategoryField[] = ['name', 'description', 'img_id', 'published', 'publish_at'];

/** SPEC §4: a new category is published. */
export const newCategoryDraft = (): CategoryDraft => ({
  name: '',
  description: '',
  img_id: null,
  published: true,
  publish_at: null,
});

export const draftFromCategory = (category: AdminCategory): CategoryDraft => ({
  name: category.name,
  description: category.description ?? '',
  img_id: category.img_id ?? category.img?.id ?? null,
  published: category.published,
  publish_at: category.publish_at,
});

/** A category that is not published has no schedule. */
export const toCategoryInput = (draft: CategoryDraft): CategoryInput => ({
  name: draft.name,
  description: draft.description,
  img_id: draft.img_id,
  published: draft.published,
  publish_at: draft.published ? draft.publish_at : null,
});

/** Checks the body with the schema the server uses, so the form refuses exactly what the server would. */
export function validateCategory(
  draft: CategoryDraft,
): { ok: true; input: CategoryInput } | { ok: false; errors: CategoryErrors } {
  const input = toCategoryInput(draft);
  const parsed = categoryInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors = issuesToErrors(parsed.error.issues, CATEGORY_FIELDS);
  if (Object.keys(errors).length === 0) errors.name = parsed.error.issues[0]?.message ?? 'Check this category';
  return { ok: false, errors };
}

/**
 * SPEC §2: deleting a category that still holds products is refused (409) with a message meant for the
 * admin; any other text in the reply is not, and the generic notice is shown instead.
 */
export function conflictMessage(result: unknown): string | null {
  const text =
    typeof result === 'string'
      ? result
      : typeof result === 'object' && result !== null && 'message' in result && typeof result.message === 'string'
        ? result.message
        : '';
  return text.trim() ? text.trim() : null;
}
