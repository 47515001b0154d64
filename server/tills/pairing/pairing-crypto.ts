import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { bigIntToArrayBuffer, createVerifierAndSalt, SRPParameters, SRPRoutines } from 'tssrp6a';

/**
 * SRP-6a over the 6-digit code (RFC 5054's 2048-bit group, SHA-512): the joining till proves it
 * knows the code without sending it, and a recorded exchange gives nothing to guess the code
 * offline against; each guess costs one online try, and the invitation ends after five.
 */
export const SRP_ROUTINES = new SRPRoutines(new SRPParameters(SRPParameters.PrimeGroup[2048], SRPParameters.H.SHA512));
/** The SRP user name: an invitation has no user; one fixed name keeps both sides' computations alike. */
export const SRP_IDENTITY = 'tillbase-pairing';
export const CODE_DIGITS = 6;

/** A 6-digit code from the OS's CSPRNG, leading zeros kept. */
export function newPairingCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

export function isPairingCode(value: string): boolean {
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(value);
}

/** What is stored of an invitation: the SRP verifier and salt, as decimal strings; never the code. */
export async function verifierOf(code: string): Promise<{ salt: string; verifier: string }> {
  const { s, v } = await createVerifierAndSalt(SRP_ROUTINES, SRP_IDENTITY, code);
  return { salt: s.toString(), verifier: v.toString() };
}

/** A sealed message: AES-256-GCM under a key only the two ends of the SRP exchange can derive. */
export interface Sealed {
  iv: string;
  data: string;
  tag: string;
}

/**
 * The key both tills derive from SRP's shared secret S (HKDF-SHA-256), one per direction: a man in
 * the middle who relays the SRP messages never learns S, so cannot read or swap what is sealed
 * (the joiner's public key one way, its certificate, the CA and the member list the other).
 */
function sealingKey(sharedSecret: bigint, direction: 'to-host' | 'to-joiner'): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(bigIntToArrayBuffer(sharedSecret)), Buffer.alloc(0), `tillbase pairing v1 ${direction}`, 32));
}

export function seal(sharedSecret: bigint, direction: 'to-host' | 'to-joiner', message: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(sharedSecret, direction), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), data: data.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** The message, or an Error when it was not sealed under this session's key (tampered with, or another session's). */
export function unseal(sharedSecret: bigint, direction: 'to-host' | 'to-joiner', sealed: Sealed): unknown {
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(sharedSecret, direction), Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as unknown;
}
