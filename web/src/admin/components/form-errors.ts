/**
 * Field messages for the catalogue forms, from the very schema the server validates with (checked before
 * sending) and from the server's 400 reply, whose result is a list of {path, message}.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FieldIssue {
  /** 'price', 'categories.0' from the server; ['price'] or ['categories', 0] from zod. */
  path: string | readonly PropertyKey[];
  message: string;
}

const firstSegment = (path: FieldIssue['path']): string => {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return first === undefined ? '' : String(first);
};

/**
 * One message per known field, the first issue winning (it is the one the person should fix first). Issues
 * about fields the form does not show are dropped: the caller's notice says the form was refused anyway.
 * `messageFor` may replace a message, e.g. zod's type errors by a sentence a shop owner understands.
 */
export function issuesToErrors<F extends string>(
  issues: readonly FieldIssue[],
  fields: readonly F[],
  messageFor: (field: F, issue: FieldIssue) => string = (_field, issue) => issue.message,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = firstSegment(issue.path);
    if (!(fields as readonly string[]).includes(field)) continue;
    errors[field as F] ??= messageFor(field as F, issue);
  }
  return errors;
}

/** The issues of a 400 reply, or none when its result is not the list the server sends for refused fields. */
export function serverIssues(result: unknown): FieldIssue[] {
  if (!Array.isArray(result)) return [];
  return result.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { path, message } = item as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

/** A copy of the errors without one field's message: editing a field clears what was said about it. */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!errors[field]) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The Form.Item props that show a field's message under it, or none while the field is fine. */
export const fieldStatus = <F extends string>(errors: FieldErrors<F>, field: F) =>
  errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};
