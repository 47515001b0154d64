import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, ROLES, type RoleName } from '../../shared/access.js';
import { ENDPOINT_POLICIES, type EndpointPolicy } from '../../server/domain/access/policy.js';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Every route of the policy table, not only the 40 of the seed's matrix, as each role with its
 * default capabilities: a route whose capability the role lacks answers 403 pos_rest_forbidden
 * naming it; any other route lets the role through (no 401, no pos_rest_forbidden). Generated from
 * the table, so a route added to it is covered without touching this file.
 */
const pathOf = (policy: EndpointPolicy): string => policy.path.replace(/\{\w+\}/g, '999999');
const mayCall = (role: RoleName, policy: EndpointPolicy): boolean =>
  policy.access === 'public' || policy.access === 'authenticated' || (DEFAULT_ROLES[role].capabilities as readonly string[]).includes(policy.access);

// Ending the caller's own session would log the test out half-way: those go last.
const LAST = new Set(['POST /auth/logout']);
const routes = [...ENDPOINT_POLICIES].sort((a, b) => Number(LAST.has(`${a.method} ${a.path}`)) - Number(LAST.has(`${b.method} ${b.path}`)));

describe('every route of the policy table × 3 roles, as the table says', () => {
  let server: TestServer;
  const tokens = {} as Record<RoleName, string>;
  beforeAll(async () => {
    server = await startTestServer();
    for (const role of ROLES) {
      const session = await login(server, role);
      tokens[role] = session.access_token;
      // The database's default grants are the ones shared/access.ts declares.
      expect([...session.user.capabilities].sort()).toEqual([...DEFAULT_ROLES[role].capabilities].sort());
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('covers more routes than the seed matrix', () => {
    expect(ENDPOINT_POLICIES.length).toBeGreaterThan(40);
  });

  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const wrong: string[] = [];
      for (const policy of routes) {
        const response = await api(server, policy.method, pathOf(policy), { token: tokens[role], body: policy.method === 'GET' || policy.method === 'DELETE' ? undefined : {} });
        const label = `${policy.method} ${policy.path} (${policy.access}) → ${response.status} ${String(response.body?.code)}`;
        if (response.status >= 500) wrong.push(`${label}: a 5xx`);
        if (mayCall(role, policy)) {
          if (response.status === 401 || response.body?.code === 'pos_rest_forbidden') wrong.push(`${label}: refused, but the role holds ${policy.access}`);
        } else if (response.status !== 403 || response.body?.code !== 'pos_rest_forbidden' || response.body?.data?.capability !== policy.access) {
          wrong.push(`${label}: should be 403 pos_rest_forbidden naming ${policy.access}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
