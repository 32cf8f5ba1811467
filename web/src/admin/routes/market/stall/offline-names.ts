/** Names the stall page and its service worker (web/src/sw/market-sw.ts) share. */

/** The worker's file at the site's root (served with no-cache by the server), controlling the stall's pages. */
export const STALL_WORKER_URL = '/market-sw.js';
export const STALL_SCOPE = '/admin/market/';
/** Product pictures the stall showed, kept for a market with no signal. */
export const STALL_PICTURES_CACHE = 'market-stall-pictures';
/** The page the worker answers a stall navigation with when the network does not. */
export const STALL_SHELL_URL = '/admin.html';
