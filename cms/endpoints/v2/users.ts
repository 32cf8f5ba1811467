import type { Endpoint } from 'payload';
import { idSchema, userCreateSchema, userUpdateSchema } from '@shop/shared/admin';
import { body, param, requireAdmin, v2 } from '../../lib/endpoint';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '../../services/admin/users';

/** SPEC §7 Admin: the shop's accounts (admins and /cms editors); admins only (requireAdmin). */
export const userEndpoints: Endpoint[] = [
  v2('get', '/users', async (req) => {
    const user = requireAdmin(req);
    const { items, count } = await listUsers(req.payload, user);
    return { result: items, pagination: { count } };
  }),

  v2('get', '/users/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getUser(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),

  v2('post', '/users', async (req) => {
    const user = requireAdmin(req);
    const input = await body(req, userCreateSchema);
    return { result: await createUser(req.payload, user, input), status: 201 };
  }),

  v2('put', '/users/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const input = await body(req, userUpdateSchema);
    return { result: await updateUser(req.payload, user, id, input) };
  }),

  v2('delete', '/users/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteUser(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
];
