/**
 * The contact form's fields and what each says when it is refused: the page's own checks (with JavaScript)
 * and the route's action (a form sent without it, site/route-data.ts) use the same words.
 */
import type { ContactInput } from '@shop/shared';

export type ContactField = keyof ContactInput;

export const CONTACT_FIELDS: readonly ContactField[] = [
  'firstname',
  'lastname',
  'email',
  'telephone',
  'title',
  'message',
];

/** The label a field's "Please enter your …" names. */
export const CONTACT_LABELS: Record<ContactField, string> = {
  firstname: 'first name',
  lastname: 'last name',
  email: 'email',
  telephone: 'telephone',
  title: 'subject',
  message: 'message',
};

export const requiredText = (field: ContactField) => `Please enter your ${CONTACT_LABELS[field]}`;
export const INVALID_EMAIL_TEXT = 'Please enter a valid email address';
export const INVALID_PHONE_TEXT = 'Only digits, spaces and + ( ) . - are allowed';

/** The longest value each field takes (the shared contactSchema's limits). */
export const CONTACT_MAX: Record<ContactField, number> = {
  firstname: 100,
  lastname: 100,
  email: 200,
  telephone: 40,
  title: 200,
  message: 5000,
};

/** Why one typed value is refused, in the form's words; null when it is fine. */
export function contactFieldError(field: ContactField, value: string): string | null {
  const text = value.trim();
  if (text === '') return field === 'telephone' ? null : requiredText(field);
  if (text.length > CONTACT_MAX[field])
    return `${capitalised(CONTACT_LABELS[field])} cannot be longer than ${CONTACT_MAX[field]} characters`;
  if (field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return INVALID_EMAIL_TEXT;
  if (field === 'telephone' && !/^[+()\d\s.-]*$/.test(text)) return INVALID_PHONE_TEXT;
  return null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
