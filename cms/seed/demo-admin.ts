/**
 * The demo admin a development start creates (never in production). Re-exported from lib/demo-account.ts,
 * where the sign-in refuses it in production, so that the server can print it without loading the seed,
 * which loads sharp for the artwork.
 */
export { DEMO_ADMIN } from '../lib/demo-account';
