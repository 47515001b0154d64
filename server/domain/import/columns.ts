import { UnusableFileError } from './csv.js';

/** A header cell as compared: trimmed, lower case, one space between words, no spaces around `/`. */
export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/');
}

/** A column the importer reads: its exact header names, or a prefix for names that carry a unit (`Weight (kg)`). */
export interface ColumnRule<K extends string> {
  key: K;
  /** How the report names the column. */
  label: string;
  names: readonly string[];
  prefixes?: readonly string[];
}

/** Which field index holds each known column; other columns are ignored. */
export type ColumnIndex<K extends string> = Map<K, number>;

/**
 * Matches a header against the rules. A column named twice is refused: the importer could not tell
 * which of the two cells to believe.
 */
export function mapColumns<K extends string>(header: readonly string[], rules: readonly ColumnRule<K>[]): ColumnIndex<K> {
  const index: ColumnIndex<K> = new Map();
  header.forEach((cell, position) => {
    const key = headerKey(cell);
    const rule = rules.find((candidate) => candidate.names.includes(key) || (candidate.prefixes ?? []).some((prefix) => key.startsWith(prefix)));
    if (!rule) return;
    if (index.has(rule.key)) throw new UnusableFileError(`the column "${rule.label}" appears twice in the header`);
    index.set(rule.key, position);
  });
  return index;
}

/** Refuses a file whose header lacks required columns, with a hint when the file is not comma separated. */
export function requireColumns<K extends string>(
  header: readonly string[],
  index: ColumnIndex<K>,
  rules: readonly ColumnRule<K>[],
  required: readonly K[],
  kind: string,
): void {
  const missing = required.filter((key) => !index.has(key)).map((key) => rules.find((rule) => rule.key === key)?.label ?? key);
  if (missing.length === 0) return;
  const semicolons = header.length === 1 && (header[0] ?? '').includes(';') ? ' (the file seems to be separated by semicolons; export it with commas)' : '';
  throw new UnusableFileError(`the file is not ${kind}: the header has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}${semicolons}`);
}

/**
 * The cells of a record by column key, for the columns the record reaches. A row shorter than the
 * header leaves its last columns out (absent, not empty), as WooCommerce reads such rows.
 */
export function cellsOf<K extends string>(fields: readonly string[], index: ColumnIndex<K>): Partial<Record<K, string>> {
  const cells: Partial<Record<K, string>> = {};
  for (const [key, position] of index) {
    const value = fields[position];
    if (value !== undefined) cells[key] = value;
  }
  return cells;
}

/** WooCommerce's exporter puts `'` before cells starting with `=`, `+`, `-` or `@` (against formula injection); its importer takes it off again. */
export function unescapeCell(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

/** A comma-separated list cell, where `\,` is a comma inside an item (WooCommerce's `explode_values`). */
export function splitList(value: string, separator = ','): string[] {
  const marker = '\u0000';
  return value
    .replaceAll('\\,', marker)
    .split(separator)
    .map((item) => item.replaceAll(marker, ',').trim());
}
