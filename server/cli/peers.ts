import { get as httpsGet } from 'node:https';
import { createRepositories } from '../composition-repositories.js';
import { createTillsServices, type TillsServices } from '../composition-tills.js';
import { ConfigError, parseHostPort } from '../config.js';
import type { Repositories } from '../composition-repositories.js';
import { openDataDirDatabase } from '../start.js';
import { joinShop } from '../tills/pairing/pairing-join.js';
import type { PeerTill } from '../tills/peer-network.js';
import { restoreCommand } from './peers-restore.js';
import { dataDirOf, existingDataDir, parse, UsageError, type CliIo } from './args.js';
import { readSecret, SECRET_STORE_OPTION, secretStoreOf } from './secret-input.js';

const COMMANDS = 'invite, join, list, remove, restore';
/** How long `join` waits for the running server to serve the certificate it has just got. */
const SERVER_PICKUP_MS = 10_000;

interface PeersContext {
  r: Repositories;
  tills: TillsServices;
}

/** Opens the data directory's database and the tills' services over the server's secret store, for one command. */
async function withTills<T>(
  values: { 'data-dir'?: string | undefined; 'secret-store'?: string | undefined },
  io: CliIo,
  work: (context: PeersContext) => Promise<T>,
): Promise<T> {
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const secrets = await secretStoreOf(values, dataDir, io);
  const db = openDataDirDatabase(dataDir);
  try {
    const r = createRepositories(db);
    return await work({ r, tills: createTillsServices(r, { secrets }) });
  } finally {
    db.close();
  }
}

function print(io: CliIo, json: boolean | undefined, value: object, text: string): void {
  io.stdout.write(json === true ? `${JSON.stringify(value, null, 2)}\n` : text);
}

async function inviteCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse('peers invite', args, { json: { type: 'boolean' }, ...SECRET_STORE_OPTION }, 0);
  return withTills(values, io, async ({ tills }) => {
    const invitation = await tills.peers.invite();
    print(
      io,
      values.json,
      invitation,
      `code:        ${invitation.code}\naddress:     ${invitation.address}\nfingerprint: ${invitation.fingerprint}\nexpires_at:  ${invitation.expires_at}\n` +
        `On the new till (its server running with --lan-port):\n  tillbase peers join ${invitation.address} --code-stdin --fingerprint ${invitation.fingerprint}\n`,
    );
    return 0;
  });
}

/** GET /tills/v1/hello at a peer over mutual TLS: the proof that pairing gave this till a certificate the shop accepts. */
function hello(tills: TillsServices, peer: PeerTill): Promise<string> {
  const agent = tills.network.agent();
  return new Promise((resolve, reject) => {
    const req = httpsGet(`https://${peer.address}/tills/v1/hello`, { agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode === 200) resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string }).name);
        else reject(new Error(`it answered ${String(res.statusCode)}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

async function joinCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    'peers join',
    args,
    { 'code-stdin': { type: 'boolean' }, name: { type: 'string' }, fingerprint: { type: 'string' }, ...SECRET_STORE_OPTION },
    1,
  );
  if (!values['code-stdin']) throw new UsageError('peers join reads the code from standard input: pass --code-stdin', 'peers join');
  const address = parseHostPort(positionals[0] ?? '', 'the inviting till’s address');
  const code = (await readSecret(io.stdin)).trim();
  return withTills(values, io, async ({ r, tills }) => {
    const listener = r.pairing.listener('tills');
    if (listener === undefined) throw new ConfigError('start this till’s server with --lan-port first: the other tills reach it there once it is paired');
    const identity = await joinShop(
      { identity: tills.identity, tills: r.tills },
      { address, code, selfAddress: listener.address, name: values.name, fingerprint: values.fingerprint },
    );
    io.stdout.write(`paired: this till is ${identity.name} of the shop (CA ${identity.ca_fingerprint})\n`);
    const deadline = Date.now() + SERVER_PICKUP_MS;
    while (r.pairing.listener('tills')?.serial !== identity.serial && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    if (r.pairing.listener('tills')?.serial !== identity.serial)
      io.stderr.write('tillbase: warning: the server on this data directory has not taken the new certificate yet\n');
    await tills.network.load();
    for (const peer of tills.network.peers()) {
      try {
        // The agent's check of the answering till records it as seen (its last_seen_gmt here).
        io.stdout.write(`${await hello(tills, peer)} answered at ${peer.address} over mutual TLS\n`);
      } catch (error) {
        io.stderr.write(
          `tillbase: warning: ${peer.name} at ${peer.address} did not answer over mutual TLS: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
    return 0;
  });
}

async function listCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse('peers list', args, { json: { type: 'boolean' }, ...SECRET_STORE_OPTION }, 0);
  return withTills(values, io, async ({ tills }) => {
    const peers = tills.peers.list();
    const rows = peers.map((peer) => `${peer.name.padEnd(8)} ${peer.address.padEnd(22)} ${(peer.last_seen_gmt ?? 'never').padEnd(20)} ${peer.id}\n`);
    print(
      io,
      values.json,
      peers,
      peers.length === 0
        ? 'no other till is paired with this one\n'
        : `${'NAME'.padEnd(8)} ${'ADDRESS'.padEnd(22)} ${'LAST SEEN (GMT)'.padEnd(20)} ID\n${rows.join('')}`,
    );
    return Promise.resolve(0);
  });
}

async function removeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse('peers remove', args, { ...SECRET_STORE_OPTION }, 1);
  return withTills(values, io, async ({ tills }) => {
    const removed = tills.peers.remove(positionals[0] ?? '');
    io.stdout.write(`removed ${removed.name} (${removed.id}): its certificate is refused from now on\n`);
    return Promise.resolve(0);
  });
}

/** `tillbase peers invite|join|list|remove|restore`: the shop's tills, beside a running server on the same data directory. */
export async function peersCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'invite':
      return inviteCommand(rest, io);
    case 'join':
      return joinCommand(rest, io);
    case 'list':
      return listCommand(rest, io);
    case 'remove':
      return removeCommand(rest, io);
    case 'restore':
      return restoreCommand(rest, io);
    default:
      throw new UsageError(action === undefined ? `peers needs a command (${COMMANDS})` : `unknown peers command "${action}" (${COMMANDS})`, 'peers');
  }
}
