import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import { readSection, type SettingsSection } from './section.js';

const storedLicenseSchema = z.object({
  key: z.string().default(''),
  /** Identifies this till as the licence's activation instance; made when a key is first stored. */
  instance: z.string().default(''),
});
type StoredLicense = z.output<typeof storedLicenseSchema>;

export const LICENSE_SETTINGS: SettingsSection<typeof storedLicenseSchema> = { name: 'license', schema: storedLicenseSchema };

/** `POST /settings/license`: the key, or an empty string to clear it. The message never repeats the key. */
export const licenseInputSchema = z.object({
  key: z
    .string({ error: (issue) => (issue.input === undefined ? 'key is required' : 'key must be a string') })
    .trim()
    .max(256, 'a licence key has at most 256 characters')
    .regex(/^[\x21-\x7e]*$/, 'a licence key is made of printable characters without spaces'),
});

const MASK = '•';
const VISIBLE_TAIL = 4;

/** All but the last four characters hidden; a key too short to keep a secret part is hidden entirely. */
export function maskLicenseKey(key: string): string {
  if (key.length <= VISIBLE_TAIL) return MASK.repeat(key.length);
  return MASK.repeat(key.length - VISIBLE_TAIL) + key.slice(-VISIBLE_TAIL);
}

let cachedVersion: string | undefined;

/** The version of the running Tillbase, from the package.json above this module (source tree and build alike). */
function tillbaseVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'tillbase' && typeof manifest.version === 'string') return (cachedVersion = manifest.version);
    }
    const parent = dirname(dir);
    if (parent === dir) return (cachedVersion = '');
    dir = parent;
  }
}

export function readLicense(settings: SettingsRepository): StoredLicense {
  return readSection(settings, LICENSE_SETTINGS);
}

/** Stores (or, with an empty key, clears) the licence key; the instance id stays as long as a key does. */
export function storeLicenseKey(settings: SettingsRepository, key: string): StoredLicense {
  const current = readLicense(settings);
  const next: StoredLicense = key === '' ? { key: '', instance: '' } : { key, instance: current.instance === '' ? randomUUID() : current.instance };
  settings.write(LICENSE_SETTINGS.name, next);
  return next;
}

/**
 * The licence view. Tillbase is offline and has no licence server to ask, so a stored key is
 * never reported as activated: its status is `unverified`, and the message says why.
 */
export function licenseView(license: StoredLicense) {
  const hasKey = license.key !== '';
  return {
    key: maskLicenseKey(license.key),
    instance: license.instance,
    product_id: 'tillbase',
    platform: process.platform,
    version: tillbaseVersion(),
    activated: false,
    status: hasKey ? ('unverified' as const) : ('none' as const),
    message: hasKey
      ? 'The licence key is stored on this till. Tillbase runs offline and cannot reach a licence server, so the key has not been verified or activated.'
      : 'No licence key is stored.',
  };
}
