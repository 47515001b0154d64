import { z } from 'zod';
import { ENDPOINT_POLICIES } from '../../domain/access/policy.js';
import type { MountedRoute } from '../endpoints.js';

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** A request schema as JSON Schema 2020-12, as a client sends it (before zod's coercions and defaults). */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  return jsonSchemaOf(schema, 'input');
}

function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** Path parameters are ids, except the few that are names (a gateway, a role). */
function pathParameterSchema(name: string): JsonSchema {
  return name === 'role' || name === 'session' ? { type: 'string' } : { type: 'integer', minimum: 1 };
}

/** Paths whose `{id}` is a name or key rather than a number (a gateway, a session, a gallery template). */
function isGatewayPath(path: string): boolean {
  return path.startsWith('/payment-gateways/') || path.startsWith('/auth/sessions/') || path.startsWith('/templates/');
}

interface QueryArgument {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** The query parameters of a route, one per property of its query schema. */
export function queryArguments(route: MountedRoute): QueryArgument[] {
  const { query } = route.schemas;
  if (query === undefined) return [];
  const json = requestJsonSchema(query);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, required: required.has(name), schema }));
}

export function bodySchema(route: MountedRoute): JsonSchema | undefined {
  const { body } = route.schemas;
  return body === undefined ? undefined : requestJsonSchema(body);
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'object', required: ['status'], properties: { status: { type: 'integer' } } },
  },
};

function operation(route: MountedRoute): JsonSchema {
  const parameters = [
    ...pathParameters(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: isGatewayPath(route.path) ? { type: 'string' } : pathParameterSchema(name),
    })),
    ...queryArguments(route).map((argument) => ({ name: argument.name, in: 'query', required: argument.required, schema: argument.schema })),
  ];
  const body = bodySchema(route);
  const rawBody = route.schemas.rawBody?.mediaType;
  const { answer } = route.schemas;
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9_]+/g, '_')}`,
    'x-capability': route.access,
    ...(route.access === 'public' ? { security: [] } : {}),
    parameters,
    ...(body === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: body } } } }),
    ...(rawBody === undefined ? {} : { requestBody: { required: true, content: { [rawBody]: { schema: { type: 'string' } } } } }),
    responses: {
      '200': {
        description: 'The resource, the list or the result (201 with Location for a create).',
        content: { 'application/json': answer === undefined ? {} : { schema: jsonSchemaOf(answer, 'output') } },
      },
      default: { description: 'An error in the WordPress shape.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/** The mounted routes in the order of the policy table, the order the document and the index list them in. */
function inPolicyOrder(routes: readonly MountedRoute[]): MountedRoute[] {
  const position = new Map(ENDPOINT_POLICIES.map((policy, index) => [`${policy.method} ${policy.path}`, index]));
  const positionOf = (route: MountedRoute): number => position.get(`${route.method} ${route.path}`) ?? position.size;
  return [...routes].sort((a, b) => positionOf(a) - positionOf(b));
}

/**
 * The OpenAPI 3.1 document of the mounted routes, generated from the zod schemas each was mounted
 * and validates with (endpoints.ts), each operation with the capability it needs (`x-capability`).
 */
export function openApiDocument(apiBase: string, version: string, routes: readonly MountedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of inPolicyOrder(routes)) {
    const path = route.path === '/' ? '/' : route.path;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tillbase pos/v1',
      version,
      description:
        'WooCommerce REST v3 shapes served from the till. `x-capability` names what each operation needs: `public`, `authenticated` or a capability.',
    },
    servers: [{ url: apiBase }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}

/** `/products/{id}` → `/pos/v1/products/(?P<id>[\d]+)`, as WordPress names its routes. */
function wordPressRoute(namespace: string, path: string): string {
  const pattern = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    isGatewayPath(path) || name === 'role' ? `(?P<${name}>[\\w-]+)` : `(?P<${name}>[\\d]+)`,
  );
  return `/${namespace}${path === '/' ? '' : pattern}`;
}

function argumentOf(schema: JsonSchema, required: boolean): JsonSchema {
  const { type, enum: values, default: fallback, description, items } = schema;
  return {
    required,
    ...(type === undefined ? {} : { type }),
    ...(values === undefined ? {} : { enum: values }),
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(description === undefined ? {} : { description }),
    ...(items === undefined ? {} : { items }),
  };
}

/** `GET /pos/v1`: WordPress's namespace index (`namespace`, `routes` with `methods` and `endpoints[].args`). */
export function namespaceIndex(origin: string, namespace: string, mounted: readonly MountedRoute[]): JsonSchema {
  const routes: Record<string, { namespace: string; methods: string[]; endpoints: Array<{ methods: string[]; args: Record<string, JsonSchema> }> }> = {};
  for (const policy of inPolicyOrder(mounted)) {
    const key = wordPressRoute(namespace, policy.path);
    const route = (routes[key] ??= { namespace, methods: [], endpoints: [] });
    route.methods.push(policy.method);
    const args: Record<string, JsonSchema> = {};
    for (const name of pathParameters(policy.path)) args[name] = { required: true, type: isGatewayPath(policy.path) || name === 'role' ? 'string' : 'integer' };
    for (const argument of queryArguments(policy)) args[argument.name] = argumentOf(argument.schema, argument.required);
    const body = bodySchema(policy);
    const bodyRequired = new Set((body?.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((body?.properties ?? {}) as Record<string, JsonSchema>))
      args[name] = argumentOf(schema, bodyRequired.has(name));
    route.endpoints.push({ methods: [policy.method], args });
  }
  return {
    namespace,
    routes,
    _links: { up: [{ href: `${origin}/` }], describedby: [{ href: `${origin}/${namespace}/openapi.json` }] },
  };
}
