import type { Access } from 'payload';

/** Shoppers read published records only; admins read everything. Returned as a query so lists filter too. */
export const publishedOrAdmin: Access = ({ req }) => (req.user ? true : { published: { equals: true } });
