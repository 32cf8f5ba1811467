import type { AdminUser } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import { checkNewUser, checkUserUpdate, draftFromUser, EMPTY_USER_DRAFT, userDraftChanged } from './user-form';

const giulia: AdminUser = {
  invited: false,
  id: 'u-1',
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'giulia@bottega.example',
  telephone: null,
  role: 'admin',
  active: true,
  last_access: null,
  updated_at: '2025-03-01T10:00:00.000Z',
};

describe('checkNewUser', () => {
  it('when every field is filled with stray spaces and capitals, then the input is trimmed and the email lowered', () => {
    expect(
      checkNewUser({
        firstname: '  Marco ',
        lastname: ' Bianchi',
        email: ' Marco@Bottega.Example ',
        telephone: ' +39 055 123456 ',
        role: 'editor',
        active: true,
      }),
    ).toEqual({
      ok: true,
      input: {
        firstname: 'Marco',
        lastname: 'Bianchi',
        email: 'marco@bottega.example',
        telephone: '+39 055 123456',
        role: 'editor',
      },
    });
  });

  it('when the role is not chosen, then the new account is an admin', () => {
    expect(EMPTY_USER_DRAFT.role).toBe('admin');
  });

  it('when the telephone is left empty, then it is sent as null', () => {
    const checked = checkNewUser({ ...EMPTY_USER_DRAFT, firstname: 'A', lastname: 'B', email: 'a@b.example' });
    expect(checked).toEqual({
      ok: true,
      input: { firstname: 'A', lastname: 'B', email: 'a@b.example', telephone: null, role: 'admin' },
    });
  });

  it('when the form is empty, then the three required fields each get their own message', () => {
    expect(checkNewUser(EMPTY_USER_DRAFT)).toEqual({
      ok: false,
      errors: {
        firstname: 'Enter the first name',
        lastname: 'Enter the last name',
        email: 'Enter a valid email address',
      },
    });
  });

  it('when the names are only spaces and the email has no domain, then all three are refused', () => {
    const checked = checkNewUser({
      firstname: '   ',
      lastname: ' ',
      email: 'marco@',
      telephone: '',
      role: 'admin',
      active: true,
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors).sort()).toEqual(['email', 'firstname', 'lastname']);
  });

  it('when the telephone holds letters, then only the telephone is refused', () => {
    const checked = checkNewUser({
      firstname: 'A',
      lastname: 'B',
      email: 'a@b.example',
      telephone: 'call me',
      role: 'admin',
      active: true,
    });
    expect(checked).toEqual({
      ok: false,
      errors: { telephone: 'Only digits, spaces and + ( ) . - are allowed' },
    });
  });
});

describe('checkUserUpdate', () => {
  it('when the draft email was altered, then the loaded email is still what is sent', () => {
    const draft = {
      ...draftFromUser(giulia),
      email: 'someone@else.example',
      lastname: 'Verdi',
      role: 'editor' as const,
      active: false,
    };
    expect(checkUserUpdate(draft, 'giulia@bottega.example')).toEqual({
      ok: true,
      input: {
        firstname: 'Giulia',
        lastname: 'Verdi',
        email: 'giulia@bottega.example',
        telephone: null,
        role: 'editor',
        active: false,
      },
    });
  });

  it('when the first name is cleared, then the update is refused naming it', () => {
    expect(checkUserUpdate({ ...draftFromUser(giulia), firstname: '' }, giulia.email)).toEqual({
      ok: false,
      errors: { firstname: 'Enter the first name' },
    });
  });
});

describe('userDraftChanged', () => {
  it('when nothing was edited, then the draft is unchanged', () => {
    expect(userDraftChanged(draftFromUser(giulia), draftFromUser(giulia))).toBe(false);
  });

  it('when only the active switch moved, then the draft has changed', () => {
    expect(userDraftChanged(draftFromUser(giulia), { ...draftFromUser(giulia), active: false })).toBe(true);
  });

  it('when only the role changed, then the draft has changed', () => {
    expect(userDraftChanged(draftFromUser(giulia), { ...draftFromUser(giulia), role: 'editor' })).toBe(true);
  });
});
