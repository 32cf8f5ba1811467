/** The shipping-country check of SPEC §5 lives in @shop/shared, beside the cart's list of where the shop ships. */
export { isCountryAllowed } from '@shop/shared';
