import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MATRIX_FILE } from '../helpers/access-matrix.js';

/** The specification beside the repository (`../shared/spec/` from its root), where the project is developed. */
const SPEC_MATRIX = fileURLToPath(new URL('../../../shared/spec/access-matrix.json', import.meta.url));

describe('the access matrix kept in the repository', () => {
  it("is the specification's access-matrix.json, unchanged", (context) => {
    context.skip(!existsSync(SPEC_MATRIX), `${SPEC_MATRIX} is not there (the project is checked out on its own): nothing to compare with`);
    expect(JSON.parse(readFileSync(MATRIX_FILE, 'utf8'))).toEqual(JSON.parse(readFileSync(SPEC_MATRIX, 'utf8')));
  });
});
