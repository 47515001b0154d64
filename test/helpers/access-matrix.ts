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

/**
 * The specification's matrix, kept in the repository so that the project tests on its own;
 * matrix-copy.test.ts checks it against the specification wherever that sits beside the project.
 */
export const MATRIX_FILE = fileURLToPath(new URL('../access/access-matrix.json', import.meta.url));
export const MATRIX = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as Matrix;
