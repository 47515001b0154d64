import { readFileSync } from 'node:fs';
import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { openDataDirDatabase } from '../../server/start.js';
import { TillsRepository } from '../../server/data/repositories/tills.js';
import { runCli, serve, type CliResult, type ServeProcess } from './cli.js';
import { makeDataDir } from './server.js';

/** A till as a real `tillbase serve` process with its tills' listeners on 127.0.0.1 (ephemeral ports) and its keys in the file store. */
export interface TillProcess {
  dataDir: string;
  process: ServeProcess;
  /** host:port of its mutual-TLS listener. */
  tillsAddress: string;
  stop(): Promise<number | string>;
}

export async function startTill(options: { dataDir?: string; args?: string[] } = {}): Promise<TillProcess> {
  const dataDir = options.dataDir ?? makeDataDir();
  const process = await serve([
    '--data-dir',
    dataDir,
    '--port',
    '0',
    '--lan-port',
    '0',
    '--lan-host',
    '127.0.0.1',
    '--secret-store',
    'file',
    '--no-demo',
    '--log-level',
    'warn',
    ...(options.args ?? []),
  ]);
  const deadline = Date.now() + 5000;
  let match: RegExpExecArray | null = null;
  while ((match = /^ {2}The tills: +(\S+)/m.exec(process.stdout())) === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  if (match?.[1] === undefined) throw new Error(`no tills' listener line: ${process.stdout()}`);
  return { dataDir, process, tillsAddress: match[1], stop: () => process.stop() };
}

/** `tillbase peers ...` on a till's data directory, over its file secret store. */
export function peersCli(till: { dataDir: string }, args: string[], input = ''): Promise<CliResult> {
  return runCli(['peers', ...args, '--data-dir', till.dataDir, '--secret-store', 'file'], input);
}

export interface Invitation {
  code: string;
  address: string;
  fingerprint: string;
  expires_at: string;
}

export async function invite(till: { dataDir: string }): Promise<Invitation> {
  const result = await peersCli(till, ['invite', '--json']);
  if (result.code !== 0) throw new Error(`peers invite exited ${String(result.code)}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Invitation;
}

/** What a till presents over TLS: its certificate and key as pairing left them (the database and the file secret store). */
export function tillCredentials(dataDir: string): { cert: string; key: string; ca: string; id: string; serial: string } {
  const db = openDataDirDatabase(dataDir);
  try {
    const tills = new TillsRepository(db);
    const identity = tills.identity();
    if (identity === undefined) throw new Error(`the till in ${dataDir} is not paired`);
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    const key = secrets[`till-key:${identity.till_id}`];
    if (key === undefined) throw new Error('no till key in the secret store');
    return { cert: identity.certificate, key, ca: identity.ca_certificate, id: identity.till_id, serial: identity.serial };
  } finally {
    db.close();
  }
}

export interface RawExchange {
  /** Whatever came back on the connection, decrypted. */
  answer: string;
  /** The error the connection ended with, if any. */
  error: string | undefined;
}

/**
 * One HTTP request written by hand over TLS to `address`, with `options` (a client certificate or
 * none): what came back, and how the connection ended. No HTTP client retries or hides anything.
 */
export function requestOverTls(address: string, options: ConnectionOptions, path = '/tills/v1/hello'): Promise<RawExchange> {
  const [host, port] = address.split(':');
  return new Promise((resolve) => {
    let answer = '';
    let error: string | undefined;
    const socket = tlsConnect({ host, port: Number(port), rejectUnauthorized: false, ...options }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${address}\r\nConnection: close\r\n\r\n`);
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', (failure) => (error = failure.message));
    socket.on('close', () => {
      resolve({ answer, error });
    });
  });
}

/** A TCP forwarder between tills (as a switch or a NAT would be): it keeps every byte that passes, both ways. */
export interface Forwarder {
  address: string;
  bytes(): Buffer;
  /** Cuts the link: every connection through it ends, and new ones are closed at once, until heal(). */
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

/** `target` may be a function: the forwarder can start before the till it forwards to (which advertises the forwarder). */
export function startForwarder(target: string | (() => string)): Promise<Forwarder> {
  const seen: Buffer[] = [];
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const [host, port] = (typeof target === 'string' ? target : target()).split(':');
    const upstream = netConnect(Number(port), host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('data', (chunk: Buffer) => seen.push(chunk));
    upstream.on('data', (chunk: Buffer) => seen.push(chunk));
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        address: `127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`,
        bytes: () => Buffer.concat(seen),
        cut: () => {
          cut = true;
          for (const socket of sockets) socket.destroy();
        },
        heal: () => {
          cut = false;
        },
        close: () =>
          new Promise((resolveClose) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => {
              resolveClose();
            });
          }),
      });
    });
  });
}
