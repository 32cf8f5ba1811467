export interface NavItem {
  to: string;
  label: string;
  /** Only the exact path marks the link active (Home would otherwise match every /site page). */
  end?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/site', label: 'Home', end: true },
  { to: '/site/shop', label: 'Shop' },
  { to: '/site/recipes', label: 'Recipes' },
  { to: '/site/about', label: 'About' },
  { to: '/site/contact', label: 'Contact' },
  { to: '/site/tracking', label: 'Track order' },
];

/** SPEC §2: on mobile the navbar sticks to the top once the page has scrolled past this offset. */
export const STICKY_OFFSET = 380;
