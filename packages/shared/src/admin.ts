/**
 * What the control centre and the server use on top of the storefront's part: the admin API contract.
 * A separate entry ('@shop/shared/admin'), because zod schemas are built when a module loads and a bundler
 * cannot drop them: exported from the main entry, they would ride along in every shopper's download.
 */
export * from './index';
export * from './admin-api';
export * from './admin-catalog-api';
export * from './admin-customers-api';
export * from './admin-recipes-api';
export * from './status-on-open';
export * from './admin-coupons-api';
export { MAX_PAGE } from './schema-parts';
export * from './market-api';
