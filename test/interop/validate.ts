/**
 * A compact JSON Schema validator for the subset the interop schemas use (no ajv here): `type`
 * (a name or a list, for nullability), `properties`, `required`, `items`, `enum`, `const`,
 * `additionalProperties` (only `false` is enforced), `$ref` to `#/...`, `anyOf`, and the formats
 * `date-time` (WooCommerce's zone-less `YYYY-MM-DDTHH:MM:SS` or RFC 3339) and `uri`.
 */
export type Schema = Record<string, unknown>;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function resolve(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local $ref is supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node as Schema;
}

function check(value: unknown, schema: Schema, root: Schema, path: string, errors: string[]): void {
  if (typeof schema.$ref === 'string') {
    check(value, resolve(root, schema.$ref), root, path, errors);
    return;
  }
  if (Array.isArray(schema.anyOf)) {
    const passing = (schema.anyOf as Schema[]).some((option) => {
      const inner: string[] = [];
      check(value, option, root, path, inner);
      return inner.length === 0;
    });
    if (!passing) errors.push(`${path}: matches none of anyOf`);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => matchesType(value, type))) {
      errors.push(`${path}: ${typeOf(value)} is not of type ${types.join('|')}`);
      return;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value) errors.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string' && schema.format === 'date-time' && !DATE_TIME.test(value)) errors.push(`${path}: "${value}" is not a date-time`);
  if (typeof value === 'string' && schema.format === 'uri' && !URL.canParse(value)) errors.push(`${path}: "${value}" is not an absolute URI`);
  if (Array.isArray(value) && schema.items !== undefined)
    value.forEach((item, index) => {
      check(item, schema.items as Schema, root, `${path}[${index}]`, errors);
    });
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of (schema.required ?? []) as string[]) if (!(name in object)) errors.push(`${path}: missing ${name}`);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, property] of Object.entries(properties)) if (name in object) check(object[name], property, root, `${path}.${name}`, errors);
    if (schema.additionalProperties === false) for (const name of Object.keys(object)) if (!(name in properties)) errors.push(`${path}: unexpected ${name}`);
  }
}

/** Every way `value` breaks `schema` (empty when it is valid), each with its JSON path. */
export function validate(value: unknown, schema: Schema, root: Schema = schema): string[] {
  const errors: string[] = [];
  check(value, schema, root, '$', errors);
  return errors;
}
