import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, ROLES } from '../../shared/access.js';
import { ENDPOINT_POLICIES, type EndpointPolicy } from '../../server/domain/access/policy.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { EXPECTED_ACCESS, type Callers, type ExpectedRoute, type Needs } from './expected-access.js';
import { MATRIX } from '../helpers/access-matrix.js';

/**
 * The policy table against the hand-written list of who may call each route outside the seed's
 * matrix (expected-access.ts): the same routes both ways, the same capability and the same roles let
 * through for each; then every listed route called over HTTP without a token and as each role, so
 * the middleware is seen to enforce what the list says.
 */
const keyOf = (policy: Pick<EndpointPolicy, 'method' | 'path'>): string => `${policy.method} ${policy.path}`;
const matrixRoutes = new Set(MATRIX.endpoints.map(keyOf));
const listed = new Map<string, ExpectedRoute>(EXPECTED_ACCESS.map((entry) => [entry[0], entry]));

/** Who the table lets through with the default roles: nobody needs a token for a public route. */
function callersOf(needs: Needs): Callers {
  if (needs === 'public') return 'no token';
  if (needs === 'authenticated') return [...ROLES];
  return ROLES.filter((role) => DEFAULT_ROLES[role].capabilities.includes(needs));
}

describe('the policy table against the hand-written list of the routes outside the matrix', () => {
  it('lists each route once, and none of the 40 of the matrix', () => {
    expect(listed.size).toBe(EXPECTED_ACCESS.length);
    expect(EXPECTED_ACCESS.map((entry) => entry[0]).filter((route) => matrixRoutes.has(route))).toEqual([]);
  });

  it('every route of the table outside the matrix is in the list, and every route of the list is in the table', () => {
    const tableRoutes = ENDPOINT_POLICIES.map(keyOf).filter((route) => !matrixRoutes.has(route));
    expect(
      tableRoutes.filter((route) => !listed.has(route)),
      'in the table, not in the list',
    ).toEqual([]);
    expect(
      [...listed.keys()].filter((route) => !tableRoutes.includes(route)),
      'in the list, not in the table',
    ).toEqual([]);
  });

  it('each route needs what the list says, and lets through the roles the list names', () => {
    const table = Object.fromEntries(
      ENDPOINT_POLICIES.filter((policy) => listed.has(keyOf(policy))).map((policy) => [
        keyOf(policy),
        { needs: policy.access, callers: callersOf(policy.access) },
      ]),
    );
    const expected = Object.fromEntries(EXPECTED_ACCESS.map(([route, needs, callers]) => [route, { needs, callers }]));
    expect(table).toEqual(expected);
  });
});

describe('the middleware enforces the list over HTTP', () => {
  const { server, tokens } = useServer();
  // Ending the caller's own session would log the rest of the calls out: it goes last.
  const routes = [...EXPECTED_ACCESS].sort((a, b) => Number(a[0] === 'POST /auth/logout') - Number(b[0] === 'POST /auth/logout'));
  const call = (route: string, token: string | undefined) => {
    const [method = '', path = ''] = route.split(' ');
    return api(server, method, path.replace(/\{\w+\}/g, '999999'), { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
  };

  it('without a token: public routes answer, every other route is 401 pos_rest_unauthorized', async () => {
    const wrong: string[] = [];
    for (const [route, , callers] of routes) {
      const response = await call(route, undefined);
      const code = String(response.body?.code);
      if (callers === 'no token' ? response.status === 401 && code === 'pos_rest_unauthorized' : response.status !== 401 || code !== 'pos_rest_unauthorized') {
        wrong.push(`${route} (${callers === 'no token' ? 'public' : 'needs a token'}) → ${response.status} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  for (const role of ROLES) {
    it(`as ${role}: the listed roles get through, the others get 403 naming the capability`, async () => {
      const wrong: string[] = [];
      for (const [route, needs, callers] of routes) {
        const response = await call(route, tokens[role]);
        const code = String(response.body?.code);
        const label = `${route} (${needs}) → ${response.status} ${code}`;
        if (response.status >= 500 || code === 'rest_no_route') wrong.push(`${label}: not answered`);
        else if (callers === 'no token' || callers.includes(role)) {
          if (response.status === 401 || code === 'pos_rest_forbidden') wrong.push(`${label}: refused, but the list lets ${role} through`);
        } else if (response.status !== 403 || code !== 'pos_rest_forbidden' || response.body?.data?.capability !== needs) {
          wrong.push(`${label}: should be 403 pos_rest_forbidden naming ${needs}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
