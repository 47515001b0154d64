import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';

/** A settings group stored key by key in one `settings` section, every key with its default. */
export interface SettingsSection<S extends z.ZodObject> {
  name: string;
  schema: S;
  /** Object-valued keys that an update replaces whole; other objects are merged one level deep. */
  replacedWhole?: readonly string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored values with defaults for keys never written (or no longer valid under the schema). */
export function readSection<S extends z.ZodObject>(settings: SettingsRepository, section: SettingsSection<S>): z.output<S> {
  const stored = settings.section(section.name);
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(section.schema.shape)) {
    const parsed = z.safeParse(field, stored[key]);
    values[key] = parsed.success ? parsed.data : z.parse(field, undefined);
  }
  return values as z.output<S>;
}

/**
 * A partial update laid over the current values, so that the result can be validated whole
 * (with parameter names as the client sent them). Keys the section does not know are ignored,
 * as WordPress ignores unknown arguments.
 */
export function patchSection<S extends z.ZodObject>(
  section: SettingsSection<S>,
  current: z.output<S>,
  patch: Record<string, unknown>,
): { candidate: Record<string, unknown>; keys: string[] } {
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
export function writeSection<S extends z.ZodObject>(settings: SettingsRepository, section: SettingsSection<S>, values: z.output<S>, keys: readonly string[]): void {
  const all = values as Record<string, unknown>;
  settings.write(section.name, Object.fromEntries(keys.map((key) => [key, all[key]])));
}
