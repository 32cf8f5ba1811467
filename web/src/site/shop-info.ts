/** How shoppers reach the family: shown in the footer, the contact page and the terms. */
export const SHOP_PHONE = '+1 (555) 014-2300';
export const SHOP_EMAIL = 'hello@bottegadifamiglia.example';
export const SHOP_PHONE_HREF = `tel:${SHOP_PHONE.replace(/[^\d+]/g, '')}`;
