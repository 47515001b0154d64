import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import { invalidParams } from '../errors.js';

/** A settings group stored key by key in one `settings` section, every key with its default. */
export interface SettingsSection<S extends z.ZodObject> {
  name: string;
  schema: S;
  /** Object-valued keys that an update replaces whole; other objects are merged one level deep. */
  replacedWhole?: readonly string[];
  /** Keys the view shows but an update cannot change (`store_defaults`): sent back unchanged by a client, they are ignored. */
  readOnly?: readonly string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored values with defaults for keys never written (or no longer valid under the schema). */
export function readSection<S extends z.ZodObject>(settings: SettingsRepository, section: SettingsSection<S>): z.output<S> {
  return settings.sectionAs(section.name, (stored) => {
    const values: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(section.schema.shape)) {
      const parsed = z.safeParse(field, stored[key]);
      values[key] = parsed.success ? parsed.data : z.parse(field, undefined);
    }
    return values as z.output<S>;
  });
}

/**
 * A partial update laid over the current values, so that the result can be validated whole
 * (with parameter names as the client sent them). A key the section does not know is refused
 * (400 naming it): a setting that was silently dropped would look saved and change nothing.
 */
export function patchSection<S extends z.ZodObject>(
  section: SettingsSection<S>,
  current: z.output<S>,
  patch: Record<string, unknown>,
): { candidate: Record<string, unknown>; keys: string[] } {
  refuseUnknownKeys(patch, [...Object.keys(section.schema.shape), ...(section.readOnly ?? [])], section.name);
  const keys = Object.keys(patch).filter((key) => Object.hasOwn(section.schema.shape, key));
  const candidate: Record<string, unknown> = { ...current };
  for (const key of keys) {
    const before = candidate[key];
    const after = patch[key];
    const merge = isPlainObject(before) && isPlainObject(after) && !(section.replacedWhole ?? []).includes(key);
    candidate[key] = merge ? { ...before, ...after } : after;
  }
  return { candidate, keys };
}

/** Persists the validated values of the keys an update touched; the other keys keep what they had. */
export function writeSection<S extends z.ZodObject>(
  settings: SettingsRepository,
  section: SettingsSection<S>,
  values: z.output<S>,
  keys: readonly string[],
): void {
  const all = values as Record<string, unknown>;
  settings.write(section.name, Object.fromEntries(keys.map((key) => [key, all[key]])));
}

/** 400 `rest_invalid_param` naming every key of `patch` that is not one of `known`. */
export function refuseUnknownKeys(patch: Record<string, unknown>, known: readonly string[], group: string): void {
  const unknown = Object.keys(patch).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw invalidParams(Object.fromEntries(unknown.map((key) => [key, `${key} is not a setting of the ${group} group`])));
}
