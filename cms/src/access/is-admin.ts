import type { Access, FieldAccess } from 'payload';

/** Every account in `users` is an administrator: the shop has no finer roles (SPEC §6). */
export const isAdmin: Access = ({ req }) => Boolean(req.user);
export const isAdminField: FieldAccess = ({ req }) => Boolean(req.user);
