import { z } from 'zod';
import type { UserRecord } from '../../model/records/users.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.js';

/** A PIN is 4 to 8 digits: short enough to type at the till, hashed like a password (scrypt) all the same. */
export const pinSchema = z.string('must be a string of 4 to 8 digits').regex(/^\d{4,8}$/, 'must be 4 to 8 digits');

export function hashPin(pin: string): Promise<string> {
  return hashPassword(pin);
}

/** A secret a user proves themselves with at the till: their PIN or their password. */
export type TillCredential = { pin: string } | { password: string };

/**
 * Checks a PIN or password against a user, always running one scrypt verification (against a
 * decoy for an unknown user or a user without a PIN), so that timing tells nothing about either.
 */
export async function verifyTillCredential(user: UserRecord | undefined, credential: TillCredential): Promise<boolean> {
  const stored = user === undefined ? undefined : 'pin' in credential ? user.pin_hash : user.password_hash;
  const secret = 'pin' in credential ? credential.pin : credential.password;
  const valid = await verifyPassword(secret, stored ?? (await decoyPasswordHash()));
  return valid && stored !== undefined && stored !== null && user?.disabled_at === null;
}
