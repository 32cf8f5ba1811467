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

/** What the shared contactSchema says of a refused field, as zod reports it (only what is read of it here). */
export interface ContactIssue {
  code: string;
  message: string;
  maximum?: unknown;
  format?: string;
}

/**
 * The form's words for a field the shared contactSchema refused: its own limits and formats decide, so the
 * words cannot drift from what the API accepts.
 */
export function contactIssueText(field: ContactField, issue: ContactIssue, value: string): string {
  // An empty address fails the email format too: what the shopper needs to hear is that it is missing.
  if (issue.code === 'too_small' || value.trim() === '') return requiredText(field);
  if (issue.code === 'too_big')
    return `${capitalised(CONTACT_LABELS[field])} cannot be longer than ${String(issue.maximum)} characters`;
  if (issue.code === 'invalid_format' && issue.format === 'email') return INVALID_EMAIL_TEXT;
  return issue.message;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
