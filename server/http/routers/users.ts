import type { Router } from 'express';
import { z } from 'zod';
import { roleUpdateInput, userCreateInput, userUpdateInput } from '../../domain/users/user-management.js';
import { apiBase, offsetOf, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams } from '../validation.js';

const usersQuery = pagingQuery.extend({ role: z.string().trim().min(1).max(60).optional() });
const roleParams = z.object({ role: z.string().trim().min(1).max(60) });

/** Users and roles for managers (`manage_pos`): what `tillbase users|roles` does, over HTTP. */
export function createUsersRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const management = services.users;

  routes.get('/users', { query: usersQuery }, (req, res, { query }) => {
    const users = management.list(query.role);
    const offset = offsetOf(query);
    sendPage(req, res, users.slice(offset, offset + query.per_page), users.length, query);
  });

  routes.get('/users/{id}', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, management.get(params.id));
  });

  routes.post('/users', { body: userCreateInput }, async (req, res, { body: input }) => {
    const user = await management.create(principalOf(res), input);
    sendItem(req, res, user, { location: `${apiBase(req)}/users/${user.id}` });
  });

  routes.patch('/users/{id}', { params: idParams, body: userUpdateInput }, async (req, res, { params, body }) => {
    sendItem(req, res, await management.update(principalOf(res), params.id, body));
  });

  routes.get('/roles', (req, res) => {
    sendItem(req, res, management.listRoles());
  });

  routes.patch('/roles/{role}', { params: roleParams, body: roleUpdateInput }, (req, res, { params, body }) => {
    sendItem(req, res, management.updateRole(principalOf(res), params.role, body.capabilities));
  });

  return routes.router;
}
