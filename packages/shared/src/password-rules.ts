/** The special characters SPEC §5 accepts in a new password. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()+=._-';
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  id: 'length' | 'special' | 'digit' | 'uppercase' | 'repeat';
  label: string;
  test: (password: string, repeat: string) => boolean;
}

const specials = new Set(PASSWORD_SPECIAL_CHARACTERS.split(''));

/** The five live indicators of the reset / invite form, in display order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  {
    id: 'special',
    label: `At least 1 special character (${PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')})`,
    test: (p) => [...p].some((c) => specials.has(c)),
  },
  { id: 'digit', label: 'At least 1 number', test: (p) => /\d/.test(p) },
  { id: 'uppercase', label: 'At least 1 uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'repeat', label: 'Passwords match', test: (p, r) => p.length > 0 && p === r },
];

export function checkPassword(password: string, repeat: string): Record<PasswordRule['id'], boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.id, r.test(password, repeat)])) as Record<
    PasswordRule['id'],
    boolean
  >;
}

export const isPasswordAcceptable = (password: string, repeat: string): boolean =>
  PASSWORD_RULES.every((r) => r.test(password, repeat));
