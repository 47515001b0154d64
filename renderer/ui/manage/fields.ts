/**
 * Field descriptions of the managers' forms and the conversion between a server's values and what
 * the form's inputs hold. Values come from the server's answer; a save sends the changed keys and
 * the server validates them (its messages are shown next to the fields).
 */
import { settingLabel } from '../../format.js';

export type Options = ReadonlyArray<readonly [value: string, label: string]>;

/**
 * A value a manager would read as a code (a walk-in customer's 0, a field's key): its field shows
 * empty with `words` in its place, and an empty field sends `value`.
 */
export interface EmptyMeans {
  value: string | number;
  words: string;
}

export type FieldKind =
  | { kind: 'checkbox' }
  | { kind: 'number'; nullable?: boolean; empty?: EmptyMeans }
  | { kind: 'select'; options: Options }
  | { kind: 'text'; multiline?: boolean; type?: 'email' | 'password'; empty?: EmptyMeans }
  /** A list of strings, one a line. */
  | { kind: 'list' }
  /** A list of values from a fixed set: one checkbox each. */
  | { kind: 'choices'; options: Options }
  /** An object of strings (`eu_vat = _billing_eu_vat`), one `key = value` a line. */
  | { kind: 'map' }
  /** Anything else, as JSON text. */
  | { kind: 'json' }
  | { kind: 'group'; fields: FieldSpec[] }
  /** Shown, never sent. */
  | { kind: 'readonly' };

export interface FieldSpec {
  /** The parameter name as the server names it: `variable_measure_barcodes.item_digits`. */
  path: string;
  label: string;
  help?: string;
  field: FieldKind;
}

export interface FieldOverride {
  label?: string;
  help?: string;
  field?: FieldKind;
}

export type Draft = Record<string, string | boolean | string[]>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function inferKind(value: unknown, path: string, overrides: Readonly<Record<string, FieldOverride>>): FieldKind {
  if (typeof value === 'boolean') return { kind: 'checkbox' };
  if (typeof value === 'number') return { kind: 'number' };
  if (typeof value === 'string') return { kind: 'text', multiline: value.length > 80 || value.includes('\n') };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return { kind: 'list' };
  if (isPlainObject(value) && Object.keys(value).length > 0 && Object.values(value).every(isPrimitive)) {
    return { kind: 'group', fields: describeFields(value, overrides, { prefix: `${path}.` }) };
  }
  return { kind: 'json' };
}

/** The fields of an object as the server answered it, in its order, with labels and kinds adjusted by `overrides` (by path). */
export function describeFields(
  values: Readonly<Record<string, unknown>>,
  overrides: Readonly<Record<string, FieldOverride>> = {},
  options: { keys?: readonly string[]; skip?: readonly string[]; prefix?: string } = {},
): FieldSpec[] {
  const prefix = options.prefix ?? '';
  const keys = options.keys ?? Object.keys(values);
  return keys
    .filter((key) => !(options.skip ?? []).includes(key))
    .map((key) => {
      const path = `${prefix}${key}`;
      const override = overrides[path] ?? {};
      const spec: FieldSpec = { path, label: override.label ?? settingLabel(key), field: override.field ?? inferKind(values[key], path, overrides) };
      if (override.help !== undefined) spec.help = override.help;
      return spec;
    });
}

function valueAt(values: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = values;
  for (const part of path.split('.')) current = isPlainObject(current) ? current[part] : undefined;
  return current;
}

function draftOf(field: FieldKind, value: unknown): string | boolean | string[] {
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'choices':
      return Array.isArray(value) ? value.map(String) : [];
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : '';
    case 'map':
      return isPlainObject(value)
        ? Object.entries(value)
            .map(([key, item]) => `${key} = ${typeof item === 'string' ? item : JSON.stringify(item)}`)
            .join('\n')
        : '';
    case 'json':
      return JSON.stringify(value ?? null, null, 2);
    default:
      if ((field.kind === 'number' || field.kind === 'text') && field.empty !== undefined && value === field.empty.value) return '';
      if (typeof value === 'string') return value;
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  }
}

/** What the inputs start with: every field's value from the server's answer. */
export function draftFrom(values: Readonly<Record<string, unknown>>, fields: readonly FieldSpec[], draft: Draft = {}): Draft {
  for (const spec of fields) {
    if (spec.field.kind === 'group') draftFrom(values, spec.field.fields, draft);
    else draft[spec.path] = draftOf(spec.field, valueAt(values, spec.path));
  }
  return draft;
}

/** The value a field sends. Numbers the user typed oddly go as typed, for the server to say what is wrong. */
function valueOf(spec: FieldSpec, draft: Draft, original: unknown): unknown {
  const raw = draft[spec.path];
  const text = typeof raw === 'string' ? raw : '';
  switch (spec.field.kind) {
    case 'checkbox':
      return raw === true;
    case 'choices':
      return Array.isArray(raw) ? raw : [];
    case 'number':
      if (text.trim() === '' && spec.field.empty !== undefined) return spec.field.empty.value;
      if (text.trim() === '') return spec.field.nullable === true ? null : text;
      return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
    case 'list':
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    case 'map':
      return Object.fromEntries(
        text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => {
            const at = line.indexOf('=');
            return at < 0 ? [line.trim(), ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
          }),
      );
    case 'json':
      return JSON.parse(text) as unknown;
    case 'group': {
      const base = isPlainObject(original) ? original : {};
      return Object.fromEntries(
        spec.field.fields.map((inner) => [inner.path.slice(spec.path.length + 1), valueOf(inner, draft, base[inner.path.slice(spec.path.length + 1)])]),
      );
    }
    case 'readonly':
      return original;
    case 'text':
      return text.trim() === '' && spec.field.empty !== undefined ? spec.field.empty.value : text;
    default:
      return text;
  }
}

/**
 * The keys whose value the form changed, with their new values; a JSON field that does not parse
 * is named in `invalid` instead (the only check made here: the server checks everything else).
 */
export function changesOf(
  values: Readonly<Record<string, unknown>>,
  fields: readonly FieldSpec[],
  draft: Draft,
): { patch: Record<string, unknown>; invalid: Record<string, string> } {
  const patch: Record<string, unknown> = {};
  const invalid: Record<string, string> = {};
  for (const spec of fields) {
    if (spec.field.kind === 'readonly') continue;
    const original = values[spec.path];
    let next: unknown;
    try {
      next = valueOf(spec, draft, original);
    } catch {
      invalid[spec.path] = 'is not valid JSON';
      continue;
    }
    if (JSON.stringify(next) !== JSON.stringify(original)) patch[spec.path] = next;
  }
  return { patch, invalid };
}
