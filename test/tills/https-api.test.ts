import { connect as netConnect } from 'node:net';
import { request as httpsRequest } from 'node:https';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TillsRepository } from '../../server/data/repositories/tills.js';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';

/** An address of this machine that is not loopback: the API listener bound there must serve HTTPS only. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;

function plainHttp(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = netConnect(port, host, () => socket.write(`GET /pos/v1/ HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`));
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve(answer);
    });
  });
}

function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(lanAddress === undefined)('the API listener on an address that is not loopback', () => {
  const host = lanAddress ?? '';
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ host, allowedHosts: [host] });
  });
  afterAll(() => server.close());

  test('serves HTTPS with a certificate from the shop CA it made, valid for its address', async () => {
    expect(server.origin).toMatch(/^https:\/\//);
    const ca = withDb(server, (db) => new TillsRepository(db).identity()?.ca_certificate ?? '');
    expect(ca).toContain('BEGIN CERTIFICATE');
    // node:https checks the chain against the shop CA alone and the address against the certificate's names.
    const index = await httpsGet(`${server.apiUrl}/`, ca);
    expect(index.status).toBe(200);
    const pem = await httpsGet(`${server.apiUrl}/peers/ca.pem`, ca);
    expect(pem.body).toBe(ca);
  });

  test('answers no plain HTTP there', async () => {
    const port = Number(new URL(server.origin).port);
    const answer = await plainHttp(host, port);
    expect(answer).not.toMatch(/^HTTP\//);
    expect(answer).not.toContain('pos/v1');
  });
});

describe.skipIf(lanAddress === undefined)('stopping the HTTPS API', () => {
  test('ends a connection still in its TLS handshake: the server stops after its 2 s of grace, not the handshake’s 2 minutes', async () => {
    const host = lanAddress ?? '';
    const server = await startTestServer({ host, allowedHosts: [host] });
    const socket = netConnect(Number(new URL(server.origin).port), host);
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = server.close().then(() => 'stopped');
    const outcome = await Promise.race([
      closed,
      new Promise((resolve) =>
        setTimeout(() => {
          resolve('still running after 5 s');
        }, 5000),
      ),
    ]);
    socket.destroy();
    await closed;
    expect(outcome).toBe('stopped');
  });
});
