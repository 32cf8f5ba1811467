import { contactSchema, type ContactInput } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { type ContactField, contactIssueText } from './contact-form';

/** The words the form shows for each field the shared schema refuses in `input`. */
function wordsFor(input: ContactInput): Partial<Record<ContactField, string>> {
  const parsed = contactSchema.safeParse(input);
  const words: Partial<Record<ContactField, string>> = {};
  if (parsed.success) return words;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    words[field] ??= contactIssueText(field, issue, input[field] ?? '');
  }
  return words;
}

const filled: ContactInput = {
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'giulia@example.com',
  telephone: '',
  title: 'Olive oil',
  message: 'Do you ship to Canada?',
};

describe('the contact form words for what the shared schema refuses', () => {
  it('when every field is right, then nothing is said', () => {
    expect(wordsFor(filled)).toEqual({});
  });

  it('when fields are empty or blank, then each is asked for by its label (the telephone may stay empty)', () => {
    expect(wordsFor({ ...filled, firstname: '  ', email: '', title: '', telephone: '' })).toEqual({
      firstname: 'Please enter your first name',
      email: 'Please enter your email',
      title: 'Please enter your subject',
    });
  });

  it('when a value is too long or malformed, then the words name the schema limit and the format', () => {
    expect(
      wordsFor({
        ...filled,
        lastname: 'R'.repeat(101),
        message: 'x'.repeat(5001),
        email: 'giulia@',
        telephone: '+39 055 12#34',
      }),
    ).toEqual({
      lastname: 'Last name cannot be longer than 100 characters',
      message: 'Message cannot be longer than 5000 characters',
      email: 'Please enter a valid email address',
      telephone: 'Only digits, spaces and + ( ) . - are allowed',
    });
  });
});
