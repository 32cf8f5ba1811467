/**
 * The drawer's entries (SPEC §2 Sidebar), shared by the desktop sider and the mobile menu so both always
 * list the same screens in the same order.
 */

export type NavEntryKey =
  | 'dashboard'
  | 'orders'
  | 'customers'
  | 'market'
  | 'products'
  | 'coupons'
  | 'recipes'
  | 'users'
  | 'images'
  | 'analytics'
  | 'notifications'
  | 'audit'
  | 'settings';

export interface NavEntry {
  key: NavEntryKey;
  label: string;
  to: string;
  /** Path prefixes that belong to the entry: its sub-screens keep it highlighted. */
  sections: readonly string[];
  /** Which count of the dashboard reply the entry's badge shows. */
  badge?: 'orders' | 'notifications';
}

/** Above the divider: the day-to-day screens. */
export const MAIN_ENTRIES: readonly NavEntry[] = [
  { key: 'dashboard', label: 'Dashboard', to: '/admin/home', sections: ['/admin/home'] },
  { key: 'orders', label: 'Orders', to: '/admin/orders', sections: ['/admin/orders'], badge: 'orders' },
  { key: 'customers', label: 'Customers', to: '/admin/customers', sections: ['/admin/customers'] },
  { key: 'market', label: 'Market', to: '/admin/market', sections: ['/admin/market'] },
  {
    key: 'products',
    label: 'Products',
    to: '/admin/products/product',
    // The category list is a tab of the products screen, and its forms live under /admin/categories.
    sections: ['/admin/products', '/admin/categories'],
  },
  { key: 'coupons', label: 'Discount codes', to: '/admin/coupons', sections: ['/admin/coupons'] },
  { key: 'recipes', label: 'Recipes', to: '/admin/recipes', sections: ['/admin/recipes'] },
  { key: 'users', label: 'Users', to: '/admin/users', sections: ['/admin/users'] },
  { key: 'images', label: 'Images', to: '/admin/assets', sections: ['/admin/assets'] },
];

/** Below the divider. */
export const SECONDARY_ENTRIES: readonly NavEntry[] = [
  { key: 'analytics', label: 'Analytics', to: '/admin/analytics', sections: ['/admin/analytics'] },
  {
    key: 'notifications',
    label: 'Notifications',
    to: '/admin/notifications',
    sections: ['/admin/notifications'],
    badge: 'notifications',
  },
  { key: 'audit', label: 'Audit log', to: '/admin/audit-log', sections: ['/admin/audit-log'] },
  { key: 'settings', label: 'Settings', to: '/admin/settings', sections: ['/admin/settings'] },
];

const ALL_ENTRIES = [...MAIN_ENTRIES, ...SECONDARY_ENTRIES];

/** The entry to highlight for a path: its own page or any page below it (/admin/orders/123 → orders). */
export function activeNavEntry(pathname: string): NavEntryKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entry = ALL_ENTRIES.find((e) => e.sections.some((s) => path === s || path.startsWith(`${s}/`)));
  return entry?.key ?? null;
}

/** SPEC §2, §9: at 725 px wide or less the sider gives way to the mobile menu. */
export const ADMIN_MOBILE_MAX_WIDTH = 725;
export const isAdminMobileWidth = (width: number) => width <= ADMIN_MOBILE_MAX_WIDTH;
