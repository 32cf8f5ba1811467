/** The SPA's two areas (SPEC §2): the public storefront and the admin control centre. */
export const SITE_HOME = '/site';
export const ADMIN_HOME = '/admin';

export const isAdminPath = (pathname: string): boolean => /^\/admin(\/|$)/.test(pathname);

/** Where "Go Home" leads from a missing page: the admin login inside the admin area, else the storefront. */
export const homeFor = (pathname: string): string => (isAdminPath(pathname) ? ADMIN_HOME : SITE_HOME);
