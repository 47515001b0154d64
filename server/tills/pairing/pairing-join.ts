import { request as httpsRequest } from 'node:https';
import { X509Certificate } from 'node:crypto';
import { SRPClientSession } from 'tssrp6a';
import type { z } from 'zod';
import type { TillsRepository } from '../../data/repositories/tills.js';
import { ApiError } from '../../domain/errors.js';
import type { TillIdentityRecord } from '../../model/records/tills.js';
import { fingerprintOf, isIssuedBy, keyMatches, newKeyPair, tillIdInAltNames } from '../identity/certificates.js';
import type { Membership, ShopIdentity } from '../identity/shop-identity.js';
import { isPairingCode, SRP_IDENTITY, SRP_ROUTINES, seal, unseal } from './pairing-crypto.js';
import { finishAnswerSchema, membershipSchema, pairingErrorSchema, startAnswerSchema, type JoinRequest } from './pairing-messages.js';

const TIMEOUT_MS = 15_000;

/** A refusal of pairing, for people: the CLI prints its message and exits 1. */
function refused(code: string, message: string): ApiError {
  return new ApiError(409, code, message);
}

/**
 * One request to the inviting till's pairing listener. Its certificate cannot be checked yet (the
 * joiner holds no CA before pairing), so TLS here only hides the exchange from onlookers; what
 * proves the host is SRP (M2), and what the host hands over is sealed under SRP's session key.
 */
function post<T>(address: string, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  const url = new URL(`https://${address}${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: 'POST',
        rejectUnauthorized: false,
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reject(refused('pairing_bad_answer', `${address} did not answer as a Tillbase pairing listener`));
            return;
          }
          if ((res.statusCode ?? 500) >= 400) {
            const error = pairingErrorSchema.safeParse(parsed);
            reject(refused(error.success ? error.data.code : 'pairing_refused', error.success ? error.data.message : `${address} refused the pairing`));
            return;
          }
          const answer = schema.safeParse(parsed);
          if (answer.success) resolve(answer.data);
          else reject(refused('pairing_bad_answer', `${address} did not answer as a Tillbase pairing listener`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => {
      reject(refused('pairing_unreachable', `cannot reach the pairing listener at ${address}: ${error.message}`));
    });
    req.end(payload);
  });
}

export interface JoinOptions {
  /** HOST:PORT of the inviting till's pairing listener, as `peers invite` printed it. */
  address: string;
  code: string;
  /** This till's tills' listener, as the other tills should reach it. */
  selfAddress: string;
  name?: string | undefined;
  /** The shop CA's fingerprint as the invitation showed it: the joiner checks the CA it gets against it. */
  fingerprint?: string | undefined;
}

/** What pairing hands over once checked: the membership and the private key of its certificate. */
export interface PairedMembership {
  membership: Membership;
  tillKey: string;
  /** The till id the certificate names. */
  tillId: string;
}

/**
 * The SRP-6a exchange with the inviting till and the checks of what it hands over: the CA is the
 * one the invitation showed (when given), and the certificate is the CA's, for this key.
 */
async function pair(options: JoinOptions, ask: Omit<JoinRequest, 'public_key'>): Promise<PairedMembership> {
  if (!isPairingCode(options.code)) throw refused('pairing_bad_code', 'the code is the 6 digits the inviting till shows');
  const start = await post(options.address, '/pairing/v1/start', {}, startAnswerSchema);
  const client = await new SRPClientSession(SRP_ROUTINES).step1(SRP_IDENTITY, options.code);
  const proof = await client.step2(BigInt(start.salt), BigInt(start.B));
  const key = await newKeyPair();
  const request = seal(proof.S, 'to-host', { ...ask, public_key: key.publicKey } satisfies JoinRequest);
  const answer = await post(
    options.address,
    '/pairing/v1/finish',
    { session: start.session, A: proof.A.toString(), M1: proof.M1.toString(), request },
    finishAnswerSchema,
  );
  try {
    await proof.step3(BigInt(answer.M2));
  } catch {
    throw refused('pairing_host_unproven', `${options.address} did not prove it knows the code: it is not the till that showed it`);
  }
  const membership = membershipSchema.parse(unseal(proof.S, 'to-joiner', answer.membership));
  const fingerprint = fingerprintOf(membership.ca_certificate);
  if (options.fingerprint !== undefined && options.fingerprint.replace(/:/g, '').toUpperCase() !== fingerprint.replace(/:/g, '')) {
    throw refused('pairing_wrong_shop', `the shop CA ${options.address} handed over has the fingerprint ${fingerprint}, not the one the invitation showed`);
  }
  if (!isIssuedBy(membership.certificate, membership.ca_certificate) || !keyMatches(membership.certificate, key.privateKey)) {
    throw refused('pairing_bad_answer', 'the certificate handed over is not signed by the shop CA for this till’s key');
  }
  const tillId = tillIdInAltNames(new X509Certificate(membership.certificate).subjectAltName);
  if (tillId === undefined) throw refused('pairing_bad_answer', 'the certificate handed over names no till');
  return { membership, tillKey: key.privateKey, tillId };
}

/** The joining till's side of pairing: proves the code by SRP-6a, gets its certificate, keeps the shop identity. */
export async function joinShop(deps: { identity: ShopIdentity; tills: TillsRepository }, options: JoinOptions): Promise<TillIdentityRecord> {
  if (!isPairingCode(options.code)) throw refused('pairing_bad_code', 'the code is the 6 digits the inviting till shows');
  if (deps.tills.identity() !== undefined && deps.tills.activePeers().length > 0) {
    throw refused(
      'pairing_already_paired',
      'this till already belongs to a shop with other tills: remove it there first (tillbase peers remove) to pair it elsewhere',
    );
  }
  const paired = await pair(options, { till_id: deps.identity.tillId, name: options.name, address: options.selfAddress });
  if (paired.tillId !== deps.identity.tillId) throw refused('pairing_bad_answer', 'the certificate handed over names another till');
  return deps.identity.adopt(paired.membership, paired.tillKey);
}

/**
 * `peers restore`: pairs as the dead till `tillId` (or the one the inviting till finds down), whose
 * id the certificate handed over carries. Nothing is kept here: the caller builds the new data
 * directory around it. `newMachineId` is the new machine's own installation id, which the request
 * names as any join does; the inviting till answers with the dead till's instead.
 */
export async function pairAsRestored(options: JoinOptions & { tillId?: string | undefined }, newMachineId: string): Promise<PairedMembership> {
  const paired = await pair(options, {
    till_id: newMachineId,
    address: options.selfAddress,
    restore: options.tillId === undefined ? {} : { till_id: options.tillId },
  });
  if (options.tillId !== undefined && paired.tillId !== options.tillId)
    throw refused('pairing_bad_answer', `the certificate handed over names ${paired.tillId}, not ${options.tillId}`);
  return paired;
}
