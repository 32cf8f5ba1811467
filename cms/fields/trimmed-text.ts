import type { TextFieldSingleValidation } from 'payload';
import { text } from 'payload/shared';

/**
 * A required name is more than spaces, as the control centre's forms trim it (Payload's `required` counts
 * spaces as text); the field's other rules (maxLength) stay Payload's own.
 */
export const nameOfMoreThanSpaces: TextFieldSingleValidation = (value, options) =>
  typeof value === 'string' && value.trim() === '' ? 'Required' : text(value, options);
