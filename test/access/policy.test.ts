import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../shared/access.js';
import { ENDPOINT_POLICIES, findPolicy } from '../../server/domain/access/policy.js';
import { MATRIX } from '../helpers/access-matrix.js';

describe('the access policy table against access-matrix.json', () => {
  it('lists the 40 endpoints of the matrix', () => {
    expect(MATRIX.namespace).toBe('pos/v1');
    expect(MATRIX.endpoints).toHaveLength(40);
  });

  for (const endpoint of MATRIX.endpoints) {
    it(`${endpoint.method} ${endpoint.path}: one capability whose default holders are exactly the allowed roles`, () => {
      const policy = findPolicy(endpoint.method, endpoint.path);
      expect(policy, 'missing from the policy table').toBeDefined();
      const access = policy?.access ?? 'public';
      expect(['public', 'authenticated']).not.toContain(access);
      for (const role of MATRIX.roles) {
        expect(DEFAULT_ROLES[role].capabilities.includes(access as never), `${role} on ${endpoint.method} ${endpoint.path}`).toBe(endpoint.allowed[role]);
      }
    });
  }

  it('has no route twice', () => {
    const keys = ENDPOINT_POLICIES.map((policy) => `${policy.method} ${policy.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
