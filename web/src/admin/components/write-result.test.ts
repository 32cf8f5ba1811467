import { describe, expect, it } from 'vitest';
import { conflictMessage } from './write-result';

describe('conflictMessage', () => {
  it('when the 409 carries a sentence, then that sentence is shown as it is', () => {
    expect(conflictMessage({ result: ' You cannot delete your own account ' })).toBe(
      'You cannot delete your own account',
    );
  });

  it('when the sentence sits in a message field, then it is taken from there', () => {
    expect(conflictMessage({ result: { message: 'The image is used by 2 products' } })).toBe(
      'The image is used by 2 products',
    );
  });

  it('when the reply holds no words, then a generic explanation is shown', () => {
    expect(conflictMessage({ result: null })).toBe(
      'This change conflicts with the current data. Reload the page and try again.',
    );
    expect(conflictMessage({ result: '   ' })).toBe(
      'This change conflicts with the current data. Reload the page and try again.',
    );
    expect(conflictMessage({ result: { message: 42 } })).toBe(
      'This change conflicts with the current data. Reload the page and try again.',
    );
  });
});
