import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RoleName } from '../../shared/access.js';

export interface MatrixEndpoint {
  area: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  part: 'base' | 'pro';
  allowed: Record<RoleName, boolean>;
}

interface Matrix {
  namespace: string;
  roles: RoleName[];
  endpoints: MatrixEndpoint[];
}

/** The seed's matrix, read from the shared spec (beside this repository) so that the tests cannot drift from it. */
export const MATRIX = JSON.parse(readFileSync(fileURLToPath(new URL('../../../shared/spec/access-matrix.json', import.meta.url)), 'utf8')) as Matrix;
