import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, ROLES, type RoleName } from '../../shared/access.js';
import { ENDPOINT_POLICIES, type EndpointPolicy } from '../../server/domain/access/policy.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Every route of the policy table, not only the 40 of the seed's matrix, as each role with the
 * capabilities a fresh database grants it: a route whose capability the role lacks answers 403
 * pos_rest_forbidden naming it; any other route lets the role through (no 401, no
 * pos_rest_forbidden) and is mounted (no rest_no_route). Generated from the table and the database,
 * so a route or a capability added to either is covered without touching this file.
 */
const pathOf = (policy: EndpointPolicy): string => policy.path.replace(/\{\w+\}/g, '999999');

// Ending the caller's own session would log the test out half-way: those go last.
const LAST = new Set(['POST /auth/logout']);
const routes = [...ENDPOINT_POLICIES].sort((a, b) => Number(LAST.has(`${a.method} ${a.path}`)) - Number(LAST.has(`${b.method} ${b.path}`)));

describe('every route of the policy table × 3 roles, as the table says', () => {
  const granted = {} as Record<RoleName, string[]>;
  const mayCall = (role: RoleName, policy: EndpointPolicy): boolean =>
    policy.access === 'public' || policy.access === 'authenticated' || granted[role].includes(policy.access);
  const { server, tokens } = useServer({}, () => {
    withDb(server, (db) => {
      const read = db.prepare<[string], { capability: string }>('SELECT capability FROM role_capabilities WHERE role = ? ORDER BY capability');
      for (const role of ROLES) granted[role] = read.all(role).map((row) => row.capability);
    });
  });

  it('covers more routes than the seed matrix', () => {
    expect(ENDPOINT_POLICIES.length).toBeGreaterThan(40);
  });

  it('grants each role of a fresh database what shared/access.ts declares, no more', () => {
    for (const role of ROLES) expect(granted[role], role).toEqual([...DEFAULT_ROLES[role].capabilities].sort());
  });

  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const wrong: string[] = [];
      for (const policy of routes) {
        const response = await api(server, policy.method, pathOf(policy), {
          token: tokens[role],
          body: policy.method === 'GET' || policy.method === 'DELETE' ? undefined : {},
        });
        const label = `${policy.method} ${policy.path} (${policy.access}) → ${response.status} ${String(response.body?.code)}`;
        if (response.status >= 500) wrong.push(`${label}: a 5xx`);
        if (mayCall(role, policy)) {
          if (response.status === 401 || response.status === 403) wrong.push(`${label}: refused, but the role holds ${policy.access}`);
          if (response.body?.code === 'rest_no_route') wrong.push(`${label}: in the table but not mounted`);
        } else if (response.status !== 403 || response.body?.code !== 'pos_rest_forbidden' || response.body?.data?.capability !== policy.access) {
          wrong.push(`${label}: should be 403 pos_rest_forbidden naming ${policy.access}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
