/**
 * Readers of WooCommerce's answers. What WooCommerce sends is JSON of its own making (a plugin may add
 * or change fields, a proxy may answer in its place), so the sync never takes an answer's shape on
 * trust: each field is read through one of these, and a field that is absent or of another type reads
 * as the caller's default or `undefined`, never as a value of the wrong type.
 */

/** One JSON object of an answer, its fields not yet read. */
export type Json = Record<string, unknown>;

export const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/** A list's items, or none when the value is not a list. */
export const list = (value: unknown): unknown[] => (isList(value) ? value : []);

/** The objects of a list (a record list's answer), leaving out anything else in it. */
export const objectsOf = (value: unknown): Json[] => list(value).filter(isJson);

export const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);

export const whole = (value: unknown, fallback = 0): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? Math.trunc(number) : fallback;
};

/** The `id` of a record WooCommerce answered: a positive whole number, or undefined. */
export const idOf = (record: unknown): number | undefined => {
  const id = isJson(record) ? record.id : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The value of a record's `meta_data` entry named `key`, as text (WooCommerce may answer a number), or undefined. */
export function metaValue(record: Json, key: string): string | undefined {
  const value = objectsOf(record.meta_data).find((entry) => entry.key === key)?.value;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
