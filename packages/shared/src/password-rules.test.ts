import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordAcceptable, PASSWORD_RULES } from './password-rules';

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
  it('when a password has exactly 8 characters, then the length rule is met', () => {
    expect(checkPassword('Olive0i!', 'Olive0i!').length).toBe(true);
    expect(isPasswordAcceptable('Olive0i!', 'Olive0i!')).toBe(true);
  });
  it('when any single rule fails, then the password is not acceptable', () => {
    expect(isPasswordAcceptable('Short1!', 'Short1!')).toBe(false);
    expect(isPasswordAcceptable('Olive0il!', 'Olive0il?')).toBe(false);
  });
  it('when both fields are empty, then they do not count as matching', () => {
    expect(checkPassword('', '')).toEqual({
      length: false,
      special: false,
      digit: false,
      uppercase: false,
      repeat: false,
    });
  });
  it('when the form lists the indicators, then they read as SPEC §5 words them, in order', () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'At least 8 characters',
      'At least 1 special character (! @ # $ % ^ & * ( ) + = . _ -)',
      'At least 1 number',
      'At least 1 uppercase letter',
      'Passwords match',
    ]);
  });
});
