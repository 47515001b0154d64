import { networkInterfaces } from 'node:os';
import type { Server } from 'node:https';
import { createServer as createHttpsServer } from 'node:https';
import { ConfigError } from '../../config.js';
import type { PairingRepository } from '../../data/repositories/pairing.js';
import type { TillsRepository } from '../../data/repositories/tills.js';
import { ListenerSockets } from '../../listener-sockets.js';
import { errorSummary, type Logger } from '../../logging.js';
import type { ShopIdentity } from '../identity/shop-identity.js';
import { createPairingHost } from '../pairing/pairing-host.js';
import type { ShopNetwork } from './shop-network.js';
import { createTillsListener } from './tills-listener.js';

/**
 * How often the running server looks at the database for a till paired, removed or moved by the
 * CLI (`peers join|remove` run beside it, in another process). A poll of one cheap query is the
 * simplest way that needs nothing from the CLI (no signal, no socket) and works whichever process
 * wrote; a removal is refused at once anyway, since every new connection reads the removed serials.
 */
export const TILLS_POLL_MS = 2_000;

export interface LanOptions {
  lanHost: string;
  lanPort: number;
  /** HOST:PORT the other tills should use (a forwarder or NAT in between); else the listener's own. */
  lanAdvertise?: string | undefined;
}

function listen(server: Server, host: string, port: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException): void => {
      reject(
        new ConfigError(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} (${what}) is already in use: choose another --lan-port`
            : `cannot listen on ${host}:${port} (${what}): ${error.message}`,
        ),
      );
    };
    server.once('error', refuse);
    server.listen(port, host, () => {
      server.off('error', refuse);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/** The address to advertise for a listener bound to `host`: a wildcard is replaced by the machine's first LAN address. */
function reachableHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host.includes(':') ? `[${host}]` : host;
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
  return lan?.address ?? '127.0.0.1';
}

/**
 * The two listeners of a till on the shop's network. The tills' listener (--lan-port) answers only
 * tills holding a shop certificate. Pairing cannot run there: the joining till has no certificate
 * yet, and the tills' listener must answer nothing without one. So pairing has a TLS listener of
 * its own beside it, on --lan-port + 1 (ephemeral when --lan-port is 0), serving the till's own
 * certificate; the joiner cannot check that certificate before pairing, which is why what pairing
 * hands over is sealed under the SRP session key (pairing-crypto.ts), not trusted to the TLS.
 */
export class TillsLan {
  #tills: Server | undefined;
  #pairing: Server | undefined;
  #closeRemoved: () => void = () => undefined;
  #timer: NodeJS.Timeout | undefined;
  #sockets: ListenerSockets[] = [];
  #version = '';
  #address = '';
  #listening = '';

  constructor(
    private readonly deps: { tills: TillsRepository; pairing: PairingRepository; identity: ShopIdentity; network: ShopNetwork; logger: Logger },
    private readonly options: LanOptions,
  ) {}

  /** The tills' listener as peers reach it. */
  address(): string {
    return this.#address;
  }

  /** The tills' listener as it is bound (differs from `address()` with --lan-advertise). */
  listening(): string {
    return this.#listening;
  }

  async start(): Promise<void> {
    const { logger } = this.deps;
    const tills = createTillsListener(this.deps.network, logger);
    this.#tills = tills.server;
    this.#closeRemoved = tills.closeRemoved;
    const pairingApp = createPairingHost({
      pairing: this.deps.pairing,
      tills: this.deps.tills,
      identity: this.deps.identity,
      logger,
      selfAddress: () => this.#address,
      onPaired: () => void this.poll(),
    });
    this.#pairing = createHttpsServer({ minVersion: 'TLSv1.3' }, pairingApp);
    this.#sockets = [new ListenerSockets(this.#tills), new ListenerSockets(this.#pairing)];
    const { lanHost, lanPort } = this.options;
    const tillsPort = await listen(this.#tills, lanHost, lanPort, 'the tills’ listener');
    const pairingPort = await listen(this.#pairing, lanHost, lanPort === 0 ? 0 : lanPort + 1, 'pairing');
    this.#listening = `${lanHost.includes(':') ? `[${lanHost}]` : lanHost}:${tillsPort}`;
    this.#address = this.options.lanAdvertise ?? `${reachableHost(lanHost)}:${tillsPort}`;
    const advertisedHost = this.#address.replace(/:\d+$/, '');
    this.deps.pairing.announceListener('tills', this.#address, null);
    this.deps.pairing.announceListener('pairing', `${advertisedHost}:${pairingPort}`, null);
    await this.load();
    this.#version = this.deps.tills.version();
    // A till paired before this start (restarted, or restored from its peers) has its identity only
    // now: the replication, started before the listeners, begins on this word.
    this.deps.network.notify();
    this.#timer = setInterval(() => void this.poll(), TILLS_POLL_MS);
    this.#timer.unref();
  }

  /** Picks up what changed in the database: a till paired (here or by the CLI), removed, or moved. */
  async poll(): Promise<void> {
    try {
      const version = this.deps.tills.version();
      if (version === this.#version) return;
      this.#version = version;
      await this.load();
      this.#closeRemoved();
      this.deps.network.notify();
    } catch (error) {
      this.deps.logger.error({ err: errorSummary(error) }, 'tills: reading the shop identity failed');
    }
  }

  /** Gives both listeners this till's certificate (the first time, or after the till joined another shop). */
  private async load(): Promise<void> {
    const credentials = await this.deps.network.load();
    if (credentials === undefined) return;
    const { identity, tillKey } = credentials;
    this.#tills?.setSecureContext({ key: tillKey, cert: identity.certificate, ca: identity.ca_certificate });
    this.#pairing?.setSecureContext({ key: tillKey, cert: identity.certificate });
    this.deps.pairing.announceListener('tills', this.#address, identity.serial);
    const pairing = this.deps.pairing.listener('pairing');
    if (pairing !== undefined) this.deps.pairing.announceListener('pairing', pairing.address, identity.serial);
    this.deps.logger.info({ name: identity.name, address: this.#address }, 'tills: listening for the shop’s tills');
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await Promise.all(this.#sockets.map((sockets) => sockets.close()));
    this.deps.pairing.clearListeners();
  }
}
