import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordAcceptable } from './password-rules';

describe('password rules', () => {
  it('when a password meets every rule and the repeat matches, then it is acceptable', () => {
    expect(isPasswordAcceptable('Olive0il!', 'Olive0il!')).toBe(true);
  });
  it('when a rule fails, then exactly that indicator is false', () => {
    expect(checkPassword('Short1!', 'Short1!')).toMatchObject({
      length: false,
      special: true,
      digit: true,
      uppercase: true,
      repeat: true,
    });
    expect(checkPassword('NoSpecial1', 'NoSpecial1').special).toBe(false);
    expect(checkPassword('NoDigits!!', 'NoDigits!!').digit).toBe(false);
    expect(checkPassword('lowercase1!', 'lowercase1!').uppercase).toBe(false);
    expect(checkPassword('Olive0il!', 'Olive0il?').repeat).toBe(false);
  });
  it('when the special character is outside the allowed set, then the special rule fails', () => {
    expect(checkPassword('Olive0il?', 'Olive0il?').special).toBe(false);
  });
});
