// A PeerNetwork (server/tills/peer-network.ts) of the tests' and the bench's own, standing in for the
// pairing layer: a shop CA made here, each till's certificate signed by it, and each till's
// mutual-TLS listener on 127.0.0.1 (requestCert: refused without a certificate of the shop). Real
// TLS both ways, as between paired tills. JavaScript, so that the bench (which runs the build) and
// the tests (through tills-network.d.mts) use the same one.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import express from 'express';
import { webcrypto } from 'node:crypto';
import { Agent, createServer } from 'node:https';

x509.cryptoProvider.set(webcrypto);
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

const keyPair = () => webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);

async function privateKeyPem(key) {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
}

const validity = () => ({ notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000) });
let serial = 1;

/** A till of the test shop: its network, its listener, and the means to cut it off. */
export class TestTillNetwork {
  /** A new one with each start of the till's server (`renew`): what a server mounted goes with it. */
  router = express.Router();
  #others = [];
  #listeners = new Set();
  #server;
  #sockets = new Set();
  #agent;
  #credentials;

  constructor(id, name, credentials) {
    this.me = { id, name, address: '' };
    this.#credentials = credentials;
    this.#agent = new Agent({ ...credentials, keepAlive: true });
  }

  self() {
    return this.me;
  }

  peers() {
    return this.#others;
  }

  onChange(listener) {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  agent() {
    return this.#agent;
  }

  /** Opens the till's listener (at its last port when it had one, so its peers find it again). */
  async listen() {
    const app = express();
    const router = this.router;
    app.use((req, res, next) => {
      // The handshake has checked the certificate against the shop CA: its CN is the calling till's id.
      const subject = req.socket.getPeerCertificate().subject;
      res.locals.peer = this.#others.find((peer) => peer.id === subject?.CN);
      next();
    });
    app.use(router);
    const server = createServer({ ...this.#credentials, requestCert: true, rejectUnauthorized: true }, app);
    // Every raw socket, so that a cut ends those still in their TLS handshake too (closeAllConnections knows only HTTP's).
    const sockets = new Set();
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    this.#sockets = sockets;
    const port = this.me.address === '' ? 0 : Number(this.me.address.split(':')[1]);
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    this.#server = server;
    this.me = { ...this.me, address: `127.0.0.1:${server.address().port}` };
  }

  /** Closes the listener at once, open connections and all: to its peers the till is gone. */
  async cut() {
    const server = this.#server;
    this.#server = undefined;
    this.#agent.destroy();
    if (server === undefined) return;
    const closed = new Promise((resolve) => server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  /** For the next start of the till's server: a router of its own and a fresh agent (the listener reopens at the same address). */
  async renew() {
    await this.cut();
    this.router = express.Router();
    this.#agent = new Agent({ ...this.#credentials, keepAlive: true });
    await this.listen();
  }

  setPeers(peers) {
    this.#others = peers;
    for (const listener of this.#listeners) listener();
  }
}

/** The test shop: its CA and its tills, each one knowing the others as its peers. */
export class TestShop {
  tills = [];
  #caKeys;
  #ca;

  constructor(caKeys, ca) {
    this.#caKeys = caKeys;
    this.#ca = ca;
  }

  static async create() {
    const keys = await keyPair();
    const ca = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=Test shop CA',
      ...validity(),
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
    });
    return new TestShop(keys, ca);
  }

  /** A till's certificate from the shop CA (its id as CN, 127.0.0.1 as its address) and its listener. */
  async till(id, name) {
    const network = new TestTillNetwork(id, name, await this.credentials(id));
    await network.listen();
    this.tills.push(network);
    return network;
  }

  /** A till's key and certificate, signed by the shop CA, and the CA: what a till in another process is made from. */
  async credentials(id) {
    const keys = await keyPair();
    serial += 1;
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial.toString(16).padStart(2, '0'),
      subject: `CN=${id}`,
      issuer: this.#ca.subject,
      ...validity(),
      signingKey: this.#caKeys.privateKey,
      publicKey: keys.publicKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }]),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
      ],
    });
    return { key: await privateKeyPem(keys.privateKey), cert: cert.toString('pem'), ca: this.#ca.toString('pem') };
  }

  /** Each till's peers: every other till of the shop. */
  connectAll() {
    for (const till of this.tills) till.setPeers(this.tills.filter((other) => other !== till).map((other) => other.self()));
  }
}
