/**
 * Each route is declared once: mounted with the access policy's entry and its request schemas, it
 * validates with those schemas, and the OpenAPI document is built from them (server/http/endpoints.ts).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../server/composition.js';
import type { Database } from '../../server/data/database.js';
import { TokenSigner } from '../../server/domain/auth/tokens.js';
import { endpointRouter, mountedRoutesOf } from '../../server/http/endpoints.js';
import { idParams } from '../../server/http/validation.js';
import { createLogger } from '../../server/logging.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api, login, makeDataDir, startTestServer, type TestServer } from '../helpers/server.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';

describe('mounting a route', () => {
  let dataDir: string;
  let db: Database;
  let auth: ReturnType<typeof createAppServices>['auth'];
  beforeAll(() => {
    dataDir = makeDataDir();
    db = openDataDirDatabase(dataDir);
    auth = createAppServices(db, {
      signer: new TokenSigner(randomBytes(32), 'tillbase:route-schemas'),
      tokens: { accessTtlSeconds: 60, refreshTtlSeconds: 600 },
      logger: createLogger('silent'),
      secrets: createMemorySecretStore(),
    }).auth;
  });
  afterAll(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails for a route the access policy does not list, with or without schemas', () => {
    const routes = endpointRouter(auth);
    expect(() => {
      routes.get('/not-in-the-policy', (_req, res) => {
        res.json({});
      });
    }).toThrow('GET /not-in-the-policy has no entry in the access policy');
    expect(() => {
      routes.post('/taxes/{id}', { params: idParams }, (_req, res) => {
        res.json({});
      });
    }).toThrow('POST /taxes/{id} has no entry in the access policy');
    expect(mountedRoutesOf(routes.router)).toEqual([]);
  });

  it('records the route with its policy entry and its schemas', () => {
    const routes = endpointRouter(auth);
    const schemas = { params: idParams };
    routes.get('/taxes/{id}', schemas, (_req, res, { params }) => {
      res.json({ id: params.id });
    });
    expect(mountedRoutesOf(routes.router)).toEqual([{ method: 'GET', path: '/taxes/{id}', access: 'access_pos', schemas }]);
  });
});

interface Operation {
  parameters: Array<{ name: string; in: string; schema: { enum?: unknown[] } }>;
}

describe('the routes of a server, as documented and as validated', () => {
  let server: TestServer;
  let admin: string;
  let document: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await login(server, 'administrator')).access_token;
    document = (await api(server, 'GET', '/openapi.json')).body;
  });
  afterAll(async () => {
    await server.close();
  });

  /** Every query parameter of a GET route that the document says takes one of a list of values. */
  const enumParameters = () =>
    Object.entries(document.paths).flatMap(([path, operations]) =>
      (operations.get?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && Array.isArray(parameter.schema.enum))
        .map((parameter) => ({ path, name: parameter.name })),
    );

  it('documents the query of routes whose schemas only the router knew before (a report format, a log level)', () => {
    const documented = enumParameters().map(({ path, name }) => `${path}?${name}`);
    expect(documented).toEqual(
      expect.arrayContaining(['/registers/{id}/session?format', '/closures/{id}?format', '/logs?level', '/receipts/{order_id}?format', '/orders?orderby']),
    );
  });

  it('refuses, with 400 naming the parameter, a value outside every list the document gives, before looking anything up', async () => {
    const wrong: string[] = [];
    const checked = enumParameters();
    for (const { path, name } of checked) {
      const response = await api(server, 'GET', `${path.replace(/\{\w+\}/g, '999999')}?${name}=not-a-listed-value`, { token: admin });
      if (response.status !== 400 || response.body?.code !== 'rest_invalid_param' || response.body?.data?.params?.[name] === undefined) {
        wrong.push(`${path}?${name} → ${response.status} ${String(response.body?.code)} ${JSON.stringify(response.body?.data?.params ?? {})}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
