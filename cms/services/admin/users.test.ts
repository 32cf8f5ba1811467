import { describe, expect, it } from 'vitest';
import { accountRemovalRefusal } from './users';

const SELF_DELETE = 'You cannot delete your own account. Another admin can do it for you.';
const LAST_DELETE = 'This is the last active admin, so it cannot be deleted. Add or activate another admin first.';
const LAST_DEACTIVATE =
  'This is the last active admin, so it cannot be deactivated. Add or activate another admin first.';
const SELF_DEMOTE = 'You cannot change your own role. Another admin can do it for you.';
const LAST_DEMOTE =
  'This is the last active admin, so it cannot become an editor. Add or activate another admin first.';

describe('accountRemovalRefusal', () => {
  it('when admins remove their own account, then it is refused whatever else is true', () => {
    expect(accountRemovalRefusal('delete', { isSelf: true, active: true, isAdmin: true, otherActiveAdmins: 3 })).toBe(
      SELF_DELETE,
    );
    expect(accountRemovalRefusal('delete', { isSelf: true, active: true, isAdmin: true, otherActiveAdmins: 0 })).toBe(
      SELF_DELETE,
    );
  });

  it('when the account is the last active one, then deleting and deactivating it are refused', () => {
    // Reachable only by routes without a signed-in actor (scripts, the local API), since a signed-in admin is active.
    expect(accountRemovalRefusal('delete', { isSelf: false, active: true, isAdmin: true, otherActiveAdmins: 0 })).toBe(
      LAST_DELETE,
    );
    expect(
      accountRemovalRefusal('deactivate', { isSelf: false, active: true, isAdmin: true, otherActiveAdmins: 0 }),
    ).toBe(LAST_DEACTIVATE);
  });

  it('when another active admin remains, or the account is already inactive, then it may go', () => {
    expect(accountRemovalRefusal('delete', { isSelf: false, active: true, isAdmin: true, otherActiveAdmins: 1 })).toBe(
      null,
    );
    expect(
      accountRemovalRefusal('deactivate', { isSelf: false, active: true, isAdmin: true, otherActiveAdmins: 1 }),
    ).toBe(null);
    expect(accountRemovalRefusal('delete', { isSelf: false, active: false, isAdmin: true, otherActiveAdmins: 0 })).toBe(
      null,
    );
  });

  it('when admins change their own role, or the last active admin would become an editor, then it is refused', () => {
    expect(accountRemovalRefusal('demote', { isSelf: true, active: true, isAdmin: true, otherActiveAdmins: 2 })).toBe(
      SELF_DEMOTE,
    );
    expect(accountRemovalRefusal('demote', { isSelf: false, active: true, isAdmin: true, otherActiveAdmins: 0 })).toBe(
      LAST_DEMOTE,
    );
    expect(accountRemovalRefusal('demote', { isSelf: false, active: true, isAdmin: true, otherActiveAdmins: 1 })).toBe(
      null,
    );
  });

  it('when the account is an editor, then it may go even with no other active admin (it is not an admin)', () => {
    expect(accountRemovalRefusal('delete', { isSelf: false, active: true, isAdmin: false, otherActiveAdmins: 0 })).toBe(
      null,
    );
    expect(
      accountRemovalRefusal('deactivate', { isSelf: false, active: true, isAdmin: false, otherActiveAdmins: 0 }),
    ).toBe(null);
  });
});
