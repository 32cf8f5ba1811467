import { describe, expect, it } from 'vitest';
import { activeNavEntry, isAdminMobileWidth, MAIN_ENTRIES, SECONDARY_ENTRIES } from './nav-entries';

describe('activeNavEntry', () => {
  it("when on an entry's own page, then that entry is active", () => {
    expect(activeNavEntry('/admin/home')).toBe('dashboard');
    expect(activeNavEntry('/admin/orders')).toBe('orders');
    expect(activeNavEntry('/admin/assets')).toBe('images');
    expect(activeNavEntry('/admin/settings')).toBe('settings');
    expect(activeNavEntry('/admin/recipes')).toBe('recipes');
    expect(activeNavEntry('/admin/customers')).toBe('customers');
    expect(activeNavEntry('/admin/market')).toBe('market');
  });

  it('when on a sub-page of an entry, then the entry stays active', () => {
    expect(activeNavEntry('/admin/orders/6f1c2d3e-0000-4000-8000-000000000001')).toBe('orders');
    expect(activeNavEntry('/admin/notifications/abc')).toBe('notifications');
    expect(activeNavEntry('/admin/users/edit/42')).toBe('users');
    expect(activeNavEntry('/admin/customers/c9b4a83c91fd66a395de5034e9523319')).toBe('customers');
  });

  it('when on the category tab or a category form, then Products is active', () => {
    expect(activeNavEntry('/admin/products/category')).toBe('products');
    expect(activeNavEntry('/admin/categories/edit/7')).toBe('products');
  });

  it('when the path has a trailing slash, then it still matches', () => {
    expect(activeNavEntry('/admin/orders/')).toBe('orders');
  });

  it('when a path only starts with the same letters as an entry, then no entry is active', () => {
    expect(activeNavEntry('/admin/ordersx')).toBeNull();
    expect(activeNavEntry('/admin')).toBeNull();
  });
});

describe('entries', () => {
  it("when listing the drawer, then it has SPEC §2's order (Customers after Orders, the Market after Customers, Discount codes after Products) with the divider after Images", () => {
    expect(MAIN_ENTRIES.map((e) => e.label)).toEqual([
      'Dashboard',
      'Orders',
      'Customers',
      'Market',
      'Products',
      'Discount codes',
      'Recipes',
      'Users',
      'Images',
    ]);
    expect(SECONDARY_ENTRIES.map((e) => e.label)).toEqual(['Analytics', 'Notifications', 'Audit log', 'Settings']);
  });
});

describe('isAdminMobileWidth', () => {
  it('when the window is 725 px or narrower, then the mobile menu is used', () => {
    expect(isAdminMobileWidth(725)).toBe(true);
    expect(isAdminMobileWidth(390)).toBe(true);
  });

  it('when the window is 726 px or wider, then the sider is used', () => {
    expect(isAdminMobileWidth(726)).toBe(false);
  });
});
