// @peculiar/x509 reads its ASN.1 schemas through decorators: the metadata polyfill loads first.
import 'reflect-metadata';
import { X509Certificate as NodeCertificate, createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

const crypto = webcrypto;
x509.cryptoProvider.set(crypto as unknown as typeof globalThis.crypto);

const EC_KEY: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING: webcrypto.EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
const DAY_MS = 86_400_000;
/** The shop CA outlives any till; a till's certificate is renewed by pairing it again. */
const CA_DAYS = 20 * 365;
const LEAF_DAYS = 5 * 365;

/** A key pair as PEM: the private key PKCS#8 (for the secret store and Node's TLS), the public key SPKI. */
export interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

function derOf(pemText: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(pemText.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'));
}

async function exportPair(keys: webcrypto.CryptoKeyPair): Promise<KeyPairPem> {
  return {
    privateKey: pem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
    publicKey: pem('PUBLIC KEY', await crypto.subtle.exportKey('spki', keys.publicKey)),
  };
}

/** A new ECDSA P-256 key pair. */
export async function newKeyPair(): Promise<KeyPairPem> {
  return exportPair(await crypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']));
}

function importPrivateKey(privateKeyPem: string): Promise<webcrypto.CryptoKey> {
  return crypto.subtle.importKey('pkcs8', derOf(privateKeyPem), EC_KEY, false, ['sign']);
}

function importPublicKey(publicKeyPem: string): Promise<webcrypto.CryptoKey> {
  return crypto.subtle.importKey('spki', derOf(publicKeyPem), EC_KEY, true, ['verify']);
}

/** 16 random bytes, the first below 0x80 and above 0x0f: positive, and no leading zero for Node's TLS to drop. */
function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = 0x10 + ((bytes[0] ?? 0) % 0x70);
  return bytes.toString('hex').toUpperCase();
}

/** SHA-256 of a certificate's DER, as browsers and `openssl x509 -fingerprint -sha256` show it. */
export function fingerprintOf(certificatePem: string): string {
  return new NodeCertificate(certificatePem).fingerprint256;
}

/** The certificate serial as Node's TLS reports a peer's: upper-case hex, no leading zeros. */
export function serialOf(certificatePem: string): string {
  return normaliseSerial(new NodeCertificate(certificatePem).serialNumber);
}

export function normaliseSerial(serial: string): string {
  return serial.toUpperCase().replace(/^0+(?=.)/, '');
}

/** The DNS name a till's certificate carries: `till-<id>`. */
export function tillDnsName(tillId: string): string {
  return `till-${tillId}`;
}

/** The till id in a certificate's subjectAltName (`DNS:till-<id>, ...`), as Node gives it for a peer. */
export function tillIdInAltNames(subjectAltName: string | undefined): string | undefined {
  return /(?:^|,\s*)DNS:till-([A-Za-z0-9-]+)(?:,|$)/.exec(subjectAltName ?? '')?.[1];
}

export interface ShopCa {
  certificate: string;
  key: KeyPairPem;
}

/** The shop's certificate authority: self-signed, allowed to sign tills' certificates only (path length 0). */
export async function createShopCa(shopLabel: string): Promise<ShopCa> {
  const keys = await crypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: newSerial(),
    name: `CN=Tillbase shop CA ${shopLabel}, O=Tillbase shop`,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + CA_DAYS * DAY_MS),
    keys,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate: certificate.toString('pem'), key: await exportPair(keys) };
}

export interface LeafRequest {
  ca: { certificate: string; privateKey: string };
  publicKey: string;
  tillId: string;
  name: string;
  /** Further names for a browser's check of the API listener: host names and IP addresses. */
  hosts?: readonly string[];
}

/** A till's certificate signed by the shop CA: SAN `till-<id>` (and `hosts`), for TLS server and client auth. */
export async function issueLeaf(request: LeafRequest): Promise<{ certificate: string; serial: string }> {
  const caCertificate = new x509.X509Certificate(request.ca.certificate);
  const publicKey = await importPublicKey(request.publicKey);
  const names: x509.JsonGeneralName[] = [{ type: 'dns', value: tillDnsName(request.tillId) }];
  for (const host of request.hosts ?? []) names.push({ type: isIP(host) === 0 ? 'dns' : 'ip', value: host });
  const now = Date.now();
  const serial = newSerial();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial,
    subject: `CN=${request.name.replace(/[,+=<>#;"\\]/g, ' ')}, O=Tillbase shop`,
    issuer: caCertificate.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + LEAF_DAYS * DAY_MS),
    publicKey,
    signingKey: await importPrivateKey(request.ca.privateKey),
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension(names),
      await x509.AuthorityKeyIdentifierExtension.create(caCertificate, false),
    ],
  });
  return { certificate: certificate.toString('pem'), serial };
}

/** Whether `certificatePem` was signed by the CA of `caPem` (the joiner's check of what pairing hands it). */
export function isIssuedBy(certificatePem: string, caPem: string): boolean {
  const certificate = new NodeCertificate(certificatePem);
  const ca = new NodeCertificate(caPem);
  return certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
}

/** Whether a PKCS#8 private key is the one of a certificate's public key. */
export function keyMatches(certificatePem: string, privateKeyPem: string): boolean {
  return new NodeCertificate(certificatePem).checkPrivateKey(createPrivateKey(privateKeyPem));
}
