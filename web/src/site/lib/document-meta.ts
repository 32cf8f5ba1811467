// The builders live in @shop/shared (seo.ts): the server writes the same titles into the HTML it serves.
export { DESCRIPTION_MAX_LENGTH, HOME_TITLE, metaDescription, pageTitle, SHOP_NAME } from '@shop/shared';
