import { request as httpRequest } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_POLICIES } from '../../server/domain/access/policy.js';
import { openDataDirDatabase, userAdminFor } from '../../server/start.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * A bounded property-based fuzz over every route of the policy table, as administrator and cashier,
 * with fuzzed path parameters, query strings, bodies, content types and encodings: no answer is a
 * 5xx, every error has the WordPress shape with data.status equal to the HTTP status, and no body
 * carries internals. The fixed seed makes a failure reproducible: fast-check prints the seed, the
 * path and the shrunk counterexample, and `{ seed, path }` in the options replays it.
 */
const SEED = 20261122;
const RUNS = 4000;
const FUZZ_ROLES = ['administrator', 'cashier'] as const;
type FuzzRole = (typeof FUZZ_ROLES)[number];

/** Routes that can end a fuzzing user's session or change its password: the run signs in again after them. */
const SESSION_ENDING = new Set(['POST /auth/logout', 'DELETE /auth/sessions/{id}', 'PATCH /users/{id}', 'PATCH /roles/{role}']);

/** What a body must never show of the server: SQLite, SQL, stack frames, source paths. */
const INTERNALS = /SQLITE_|SqliteError|\bSELECT .+ FROM\b|\bINSERT INTO\b|(?:\n|\\n)\s+at |at \/|\.[jt]s:\d+|node_modules/;

const deepJson = (depth: number, open: string, close: string, leaf = '1') => `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

const pathSegment = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
  fc.constantFrom(
    '%ZZ',
    '%',
    '%00',
    '..',
    '0x10',
    '1e309',
    '-0',
    'NaN',
    '%E0%A4%A',
    'a%2Fb',
    '%EF%BC%99',
    '99999999999999999999999',
    '%C0%AE',
    '%2e%2e',
    'administrator',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const KEYS = [
  'id',
  'quantity',
  'price',
  'total',
  'status',
  'line_items',
  'meta_data',
  'key',
  'value',
  'amount',
  'gateway_id',
  'sku',
  'name',
  'email',
  'password',
  'username',
  'capabilities',
  'payment_data',
  'refresh_token',
  'pin',
  '__proto__',
  'constructor',
];
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 20 }),
    fc.constantFrom('1e400', '-0.001', '99999999999999999999.99', '', ' ', '<script>', "'; DROP TABLE orders; --", '\u0000', 'NaN'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** JSON texts that JSON.stringify cannot write: numbers past a double, duplicate keys, prototype keys, deep nesting. */
const oddJsonText = fc.oneof(
  fc.constantFrom(
    '{"quantity":1e400}',
    '{"id":-1e400,"amount":1e-400}',
    '{"line_items":[{"product_id":99999999999999999999999,"quantity":1e308}]}',
    '{"payment_data":{"amount_tendered":123456789012345678901234567890.123456789}}',
    '{"price":-0,"total":-0.0}',
    '{"status":"pending","status":"completed"}',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    '[1e400]',
    '"just a string"',
    'null',
    '{"a":"\\ud800"}',
  ),
  fc.integer({ min: 28, max: 40 }).chain((depth) => fc.constantFrom(deepJson(depth, '[', ']'), deepJson(depth, '{"a":', '}'))),
);

/**
 * Bodies of a valid shape with a value nested thousands of levels deep where a resource keeps free
 * JSON: what overflowed the stack of the handlers that write meta_data.
 */
const deepBody = fc
  .tuple(fc.constantFrom(40, 10_000), fc.constantFrom(['[', ']'], ['{"a":', '}']))
  .chain(([depth, [open, close]]) =>
    fc.constantFrom(
      `{"meta_data":[{"key":"k","value":${deepJson(depth, open, close)}}]}`,
      `{"name":"Deep","meta_data":[{"key":"k","value":${deepJson(depth, open, close)}}]}`,
      `{"line_items":[{"sku":"x","quantity":1,"meta_data":[{"key":"k","value":${deepJson(depth, open, close)}}]}]}`,
    ),
  );

interface Payload {
  type: string | undefined;
  bytes: string;
}
const body: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 4, arbitrary: jsonValue.map((value) => ({ type: 'application/json', bytes: JSON.stringify(value) })) },
  { weight: 2, arbitrary: oddJsonText.map((bytes) => ({ type: 'application/json', bytes })) },
  { weight: 2, arbitrary: deepBody.map((bytes) => ({ type: 'application/json', bytes })) },
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'application/json', bytes: text })),
  fc
    .dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 6 })
    .map((fields) => ({ type: 'application/x-www-form-urlencoded', bytes: new URLSearchParams(fields).toString() })),
  fc.integer({ min: 5, max: 40 }).map((depth) => ({ type: 'application/x-www-form-urlencoded', bytes: `a${'[b]'.repeat(depth)}=1` })),
  fc
    .integer({ min: 995, max: 1005 })
    .map((count) => ({ type: 'application/x-www-form-urlencoded', bytes: Array.from({ length: count }, (_, index) => `f${index}=1`).join('&') })),
  fc.constantFrom<Payload>(
    { type: 'application/x-www-form-urlencoded', bytes: 'line_items[0][quantity]=1e400&line_items[0][sku]=%ZZ&a[]=1&a[x]=2' },
    { type: 'text/plain', bytes: 'hello' },
    { type: 'application/json; charset=utf-16', bytes: '{}' },
    { type: 'application/json; charset=latin1', bytes: '{}' },
    { type: 'application/x-www-form-urlencoded; charset=utf-7', bytes: 'a=1' },
    { type: 'multipart/form-data; boundary=x', bytes: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
    { type: 'application/merge-patch+json', bytes: '{}' },
    { type: ';;;', bytes: '{}' },
    { type: undefined, bytes: '{"a":1}' },
    { type: 'application/json', bytes: '\u0000\uFFFF' },
  ),
);

/** How the body is sent: as is, under a Content-Encoding it is not in, or truly compressed. */
const encoding = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ header: undefined, compress: false }) },
  fc.record({ header: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'zstd', 'gzip, gzip', 'x-nonsense', 'GZIP', ''), compress: fc.boolean() }),
);

const query = fc.dictionary(
  fc.constantFrom(
    'per_page',
    'page',
    'search',
    'orderby',
    'order',
    'include',
    'include[]',
    'exclude[]',
    '_fields',
    'context',
    'status',
    'after',
    'before',
    'format',
    'mode',
    'width',
    'force',
    'barcode',
    'posts_per_page',
    '_method',
    'dates_are_gmt',
    'a[b][c]',
  ),
  fc.oneof(
    fc.string({ maxLength: 10 }),
    fc.integer({ min: -10, max: 1_000_000 }).map(String),
    fc.constantFrom('-1', '%ZZ', 'edit', 'bogus', '0', 'id,date_modified_gmt', '1e400', '99999999999999999999', 'true'),
  ),
  { maxKeys: 3 },
);

function encoded(payload: Payload, header: string | undefined, compress: boolean): Buffer {
  const raw = Buffer.from(payload.bytes);
  if (!compress || header === undefined) return raw;
  const name = header.toLowerCase();
  if (name === 'gzip') return gzipSync(raw);
  if (name === 'deflate') return deflateSync(raw);
  if (name === 'br') return brotliCompressSync(raw);
  return raw;
}

function send(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  bytes: Buffer | undefined,
): Promise<{ status: number; text: string }> {
  const url = new URL(server.apiUrl);
  return new Promise((resolve, reject) => {
    if (bytes) headers['content-length'] = String(bytes.length);
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: `${url.pathname}${path}`, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

describe('fuzzing every route of the policy table', () => {
  const tokens = {} as Record<FuzzRole, string>;
  let signIns = 0;

  /** Signs a fuzzing user in again if a fuzzed request ended its session or changed its password. */
  async function keepSignedIn(role: FuzzRole): Promise<void> {
    const probe = await api(server, 'GET', '/auth/test', { token: tokens[role] });
    if (probe.status === 200 && probe.body.authenticated === true) return;
    const user = server.users[role];
    const db = openDataDirDatabase(server.dataDir);
    try {
      await userAdminFor(db).changePassword(user.username, user.password);
    } finally {
      db.close();
    }
    tokens[role] = (await login(server, role)).access_token;
    signIns += 1;
  }

  // The tokens are the fuzz's own: it signs a role in again when a fuzzed request ends its session.
  const { server } = useServer({ roles: [] }, async () => {
    for (const role of FUZZ_ROLES) tokens[role] = (await login(server, role)).access_token;
  });

  it('never answers a 5xx, always the error shape, never internals', async () => {
    const request = fc.record({
      route: fc.constantFrom(...ENDPOINT_POLICIES),
      role: fc.constantFrom(...FUZZ_ROLES),
      segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
      query,
      body: fc.option(body, { nil: undefined, freq: 4 }),
      encoding,
      override: fc.option(fc.constantFrom('GET', 'PATCH', 'PUT', 'DELETE', 'bogus', ''), { nil: undefined, freq: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, role, segments, query: params, body: payload, encoding: { header, compress }, override }) => {
        let index = 0;
        const path = route.path.replace(/\{\w+\}/g, () => segments[index++] ?? '1');
        const search = Object.entries(params)
          .map(([key, value]) => `${encodeURIComponent(key)}=${value === '%ZZ' ? value : encodeURIComponent(value)}`)
          .join('&');
        const headers: Record<string, string> = { authorization: `Bearer ${tokens[role]}` };
        if (override !== undefined) headers['x-http-method-override'] = override;
        const bytes = payload && route.method !== 'GET' ? encoded(payload, header, compress) : undefined;
        if (bytes && payload?.type !== undefined) headers['content-type'] = payload.type;
        if (bytes && header !== undefined) headers['content-encoding'] = header;
        const label = `${route.method} ${path}?${search}`;
        const response = await send(server, route.method, `${path}${search ? `?${search}` : ''}`, headers, bytes);
        if (SESSION_ENDING.has(`${route.method} ${route.path}`) || override !== undefined) for (const fuzzRole of FUZZ_ROLES) await keepSignedIn(fuzzRole);

        expect(response.status, label).toBeLessThan(500);
        // A backup download is the database file itself, its schema included: that is its content, not a leak.
        const isBackupFile = route.path === '/backup' && response.status === 200 && response.text.startsWith('SQLite format 3\u0000');
        if (!isBackupFile) expect(response.text, label).not.toMatch(INTERNALS);
        if (response.status >= 400) {
          expect(response.text, `${label}: ${response.status}`).toMatch(/^\{/);
          const error = JSON.parse(response.text) as { code: unknown; message: unknown; data: { status: unknown } };
          expect(typeof error.code, label).toBe('string');
          expect(typeof error.message, label).toBe('string');
          expect(error.data.status, label).toBe(response.status);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Logging out and the like did happen during the run, and the users were signed in again.
    expect(signIns).toBeGreaterThan(0);
    // The server still answers a normal request correctly afterwards.
    const after = await api(server, 'GET', '/products?per_page=1&_fields=id,name', { token: tokens.cashier });
    expect(after.status).toBe(200);
    expect(Array.isArray(after.body)).toBe(true);
    expect((await api(server, 'GET', '/auth/test', { token: tokens.administrator })).body.authenticated).toBe(true);
  }, 120_000);
});
