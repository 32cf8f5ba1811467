import { describe, expect, it } from 'vitest';
import { fullName, roleLabel, usersPageFromSearchParams, usersPageToSearchParams } from './users-list';

describe('users list page in the URL', () => {
  it('when the URL names page 2, then page 2 is shown', () => {
    expect(usersPageFromSearchParams(new URLSearchParams('page=2'))).toBe(2);
  });

  it('when the page is missing, zero or not a number, then page 1 is shown', () => {
    expect(usersPageFromSearchParams(new URLSearchParams(''))).toBe(1);
    expect(usersPageFromSearchParams(new URLSearchParams('page=0'))).toBe(1);
    expect(usersPageFromSearchParams(new URLSearchParams('page=two'))).toBe(1);
    expect(usersPageFromSearchParams(new URLSearchParams('page=-3'))).toBe(1);
  });

  it('when the page is 1, then the address stays plain; otherwise it names the page', () => {
    expect(usersPageToSearchParams(1).toString()).toBe('');
    expect(usersPageToSearchParams(3).toString()).toBe('page=3');
  });
});

describe('fullName', () => {
  it('when both names are set, then they are joined by a space', () => {
    expect(fullName({ firstname: 'Giulia', lastname: 'Rossi', email: 'g@b.example' })).toBe('Giulia Rossi');
  });

  it('when both names are empty, then the email stands in', () => {
    expect(fullName({ firstname: '', lastname: '', email: 'g@b.example' })).toBe('g@b.example');
  });
});

describe('role shown per account', () => {
  it('when the account is an admin or an editor, then the list says Admin or Editor', () => {
    expect(roleLabel({ role: 'admin' })).toBe('Admin');
    expect(roleLabel({ role: 'editor' })).toBe('Editor');
  });
});
