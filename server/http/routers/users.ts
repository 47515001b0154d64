import type { Router } from 'express';
import { z } from 'zod';
import { roleUpdateInput, userCreateInput, userUpdateInput } from '../../domain/users/user-management.js';
import { apiBase, offsetOf, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams, parseBody, parseParams, parseQuery } from '../validation.js';

const usersQuery = pagingQuery.extend({ role: z.string().trim().min(1).max(60).optional() });
const roleParams = z.object({ role: z.string().trim().min(1).max(60) });

/** Users and roles for managers (`manage_pos`): what `tillbase users|roles` does, over HTTP. */
export function createUsersRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const management = services.users;

  routes.get('/users', (req, res) => {
    const query = parseQuery(usersQuery, req);
    const users = management.list(query.role);
    const offset = offsetOf(query);
    sendPage(req, res, users.slice(offset, offset + query.per_page), users.length, query);
  });

  routes.get('/users/{id}', (req, res) => {
    const { id } = parseParams(idParams, req);
    sendItem(req, res, management.get(id));
  });

  routes.post('/users', async (req, res) => {
    const input = parseBody(userCreateInput, req);
    const user = await management.create(principalOf(res), input);
    sendItem(req, res, user, { location: `${apiBase(req)}/users/${user.id}` });
  });

  routes.patch('/users/{id}', async (req, res) => {
    const { id } = parseParams(idParams, req);
    const input = parseBody(userUpdateInput, req);
    sendItem(req, res, await management.update(principalOf(res), id, input));
  });

  routes.get('/roles', (req, res) => {
    sendItem(req, res, management.listRoles());
  });

  routes.patch('/roles/{role}', (req, res) => {
    const { role } = parseParams(roleParams, req);
    const { capabilities } = parseBody(roleUpdateInput, req);
    sendItem(req, res, management.updateRole(principalOf(res), role, capabilities));
  });

  return routes.router;
}
