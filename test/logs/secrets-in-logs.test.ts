import { request as httpRequest } from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsFilePath } from '../../server/secrets/file-store.js';
import { openDataDirDatabase, userAdminFor } from '../../server/start.js';
import { serve, type ServeProcess } from '../helpers/cli.js';
import { makeDataDir } from '../helpers/server.js';

const PASSWORD = 'Sesame-Pa55word-1';
const WRONG = 'Wrong-Pa55word-Zebra';
const PIN = '80417362';
const APPROVAL = 'approval-Secret-7f3e9c21';

function send(
  apiUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; text: string }> {
  const url = new URL(`${apiUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: `${url.pathname}${url.search}`, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Every kind of malformed login, refresh and logout request, with real secrets in it, against the real
 * CLI server at log level trace; then the log output and the logs table are searched for each secret.
 */
describe('no secret reaches any log, whatever the request', () => {
  let dataDir: string;
  let server: ServeProcess;
  const secrets: string[] = [PASSWORD, WRONG, PIN, APPROVAL];

  beforeAll(async () => {
    dataDir = makeDataDir();
    const db = openDataDirDatabase(dataDir);
    try {
      await userAdminFor(db).addUser({ username: 'logclerk', role: 'cashier', password: PASSWORD });
    } finally {
      db.close();
    }
    server = await serve(['--data-dir', dataDir, '--port', '0', '--no-demo', '--secret-store', 'file', '--log-level', 'trace']);
    // The signing key and whatever else the server keeps secret, as it stored them.
    const stored = Object.values(JSON.parse(readFileSync(secretsFilePath(dataDir), 'utf8')) as Record<string, string>);
    expect(stored.length).toBeGreaterThan(0);
    secrets.push(...stored);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds none of the passwords, tokens or bearer strings in stderr or the logs table', async () => {
    const api = server.apiUrl;
    const json = { 'content-type': 'application/json' };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const good = await send(api, 'POST', '/auth/login', json, JSON.stringify({ username: 'logclerk', password: PASSWORD }));
    expect(good.status).toBe(200);
    const tokens = JSON.parse(good.text) as { access_token: string; refresh_token: string };
    secrets.push(tokens.access_token, tokens.refresh_token);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };

    const bodies: Array<[string, Record<string, string>, string | Buffer]> = [];
    for (const [field, value] of [
      ['password', WRONG],
      ['password', PASSWORD],
      ['refresh_token', tokens.refresh_token],
      ['pin', PIN],
      ['current_password', PASSWORD],
    ] as const) {
      bodies.push(
        [`{"username":"logclerk","${field}":"${value}"`, json, ''], // broken JSON
        [`username=logclerk&${field}=${value}`, form, ''], // form-encoded
        [`username=logclerk&${field}=${value}`, json, ''], // form sent as JSON
        [`{"username":"logclerk","${field}":"${value}"}`, { ...json, 'content-encoding': 'gzip' }, ''], // gzip lie
        [`{"${field}":"${value}","x":${'['.repeat(100)}${']'.repeat(100)}}`, json, ''], // too deep
        [`${field}=${value}&${Array.from({ length: 1100 }, (_, i) => `f${i}=1`).join('&')}`, form, ''], // too many fields
        [`{"username":["logclerk"],"${field}":{"v":"${value}"}}`, json, ''], // wrong types
        [`{"${field}":"${value}","pad":"${'x'.repeat(1_100_000)}"}`, json, ''], // oversized
      );
    }
    for (const [body, headers] of bodies) {
      for (const path of ['/auth/login', '/auth/refresh']) await send(api, 'POST', path, headers, body);
      await send(api, 'POST', '/auth/logout', { ...headers, authorization: 'Bearer not-a-token' }, body);
      // PIN routes parse their bodies only for a signed-in caller.
      for (const path of ['/auth/pin', '/auth/approvals']) await send(api, 'POST', path, { ...headers, ...bearer }, body);
    }
    // A manager approval header, and secrets in the path of requests refused before routing.
    await send(api, 'POST', '/orders/1/refunds', { ...json, ...bearer, 'x-pos-approval': APPROVAL }, '{"amount":"1.00"}');
    await send(api, 'GET', `/orders/${PASSWORD}`, { host: 'evil.example' });
    await send(api, 'GET', `/auth/${tokens.refresh_token}`, { origin: 'https://evil.example' });
    // Secrets in the query string and in bad Authorization headers.
    await send(api, 'POST', `/auth/login?password=${WRONG}&refresh_token=${tokens.refresh_token}`, json, '{}');
    await send(api, 'GET', `/orders?access_token=${tokens.access_token}`, { authorization: `Bearer ${tokens.refresh_token}` });
    await send(api, 'GET', '/settings/general', bearer); // a refusal, logged with the route
    await send(api, 'GET', '/orders', { authorization: `Basic ${Buffer.from(`logclerk:${PASSWORD}`).toString('base64')}` });
    await send(api, 'POST', '/auth/logout', bearer);

    // An unexpected fault while a password is in the body: logged, without the body.
    const broken = openDataDirDatabase(dataDir);
    try {
      broken.exec('ALTER TABLE sessions RENAME TO sessions_gone');
    } finally {
      broken.close();
    }
    expect((await send(api, 'POST', '/auth/login', json, JSON.stringify({ username: 'logclerk', password: PASSWORD }))).status).toBe(500);

    const db = openDataDirDatabase(dataDir);
    let table: string;
    try {
      table = JSON.stringify(db.prepare('SELECT * FROM logs').all());
    } finally {
      db.close();
    }
    const log = server.stderr();
    expect(log.length).toBeGreaterThan(0);
    expect(table).toContain('refused'); // the refusals were logged, just without secrets
    const basic = Buffer.from(`logclerk:${PASSWORD}`).toString('base64');
    for (const secret of [...secrets, basic]) {
      expect(log.includes(secret), 'a secret in the server log').toBe(false);
      expect(table.includes(secret), 'a secret in the logs table').toBe(false);
    }
    expect(table).toContain('(before routing)');
    expect(log).toContain('unexpected error while handling a request');
  });
});
