/**
 * The user form's draft and its check, made with the same zod schemas the server validates with
 * (admin-catalog-api.ts), so the form refuses exactly what the server would.
 */
import {
  type AdminUser,
  type UserCreateInput,
  type UserRole,
  type UserUpdateInput,
  userCreateSchema,
  userUpdateSchema,
} from '@shop/shared/admin';

export interface UserDraft {
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  /** admin: the control centre and the /cms panel; editor: the panel's content only. */
  role: UserRole;
  active: boolean;
}

export type UserField = 'firstname' | 'lastname' | 'email' | 'telephone';
export type UserErrors = Partial<Record<UserField, string>>;

export const USER_FIELDS: readonly UserField[] = ['firstname', 'lastname', 'email', 'telephone'];

/** A new account is an active admin; it gets its password through the invite link. */
export const EMPTY_USER_DRAFT: UserDraft = {
  firstname: '',
  lastname: '',
  email: '',
  telephone: '',
  role: 'admin',
  active: true,
};

export const draftFromUser = (user: AdminUser): UserDraft => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  telephone: user.telephone ?? '',
  role: user.role,
  active: user.active,
});

export const userDraftChanged = (before: UserDraft, after: UserDraft): boolean =>
  before.firstname !== after.firstname ||
  before.lastname !== after.lastname ||
  before.email !== after.email ||
  before.telephone !== after.telephone ||
  before.role !== after.role ||
  before.active !== after.active;

/** Words for people where zod's defaults are terse ("Invalid email address" names no field). */
const MESSAGES_BY_FIELD: Partial<Record<UserField, (message: string) => string>> = {
  firstname: (message) => (message === 'Required' ? 'Enter the first name' : message),
  lastname: (message) => (message === 'Required' ? 'Enter the last name' : message),
  email: () => 'Enter a valid email address',
};

type Checked<T> = { ok: true; input: T } | { ok: false; errors: UserErrors };

function collectErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): UserErrors {
  const errors: UserErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(USER_FIELDS as readonly string[]).includes(field)) continue;
    const key = field as UserField;
    if (errors[key]) continue;
    errors[key] = MESSAGES_BY_FIELD[key]?.(issue.message) ?? issue.message;
  }
  return errors;
}

/** POST users: the draft as the server will store it (trimmed, email in lower case, empty phone as null). */
export function checkNewUser(draft: UserDraft): Checked<UserCreateInput> {
  const parsed = userCreateSchema.safeParse({
    firstname: draft.firstname,
    lastname: draft.lastname,
    email: draft.email,
    telephone: draft.telephone,
    role: draft.role,
  });
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: collectErrors(parsed.error.issues) };
}

/**
 * PUT users/{id}. The email is locked on edit: the one loaded is sent back untouched, whatever the draft
 * holds, because the server refuses any other.
 */
export function checkUserUpdate(draft: UserDraft, loadedEmail: string): Checked<UserUpdateInput> {
  const parsed = userUpdateSchema.safeParse({
    firstname: draft.firstname,
    lastname: draft.lastname,
    email: loadedEmail,
    telephone: draft.telephone,
    role: draft.role,
    active: draft.active,
  });
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: collectErrors(parsed.error.issues) };
}
