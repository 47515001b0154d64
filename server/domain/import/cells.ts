import { z } from 'zod';
import { unescapeCell } from './columns.js';

/**
 * Cell readers shared by the product and tax-rate rows: each one is a zod schema from the cell's
 * text to its value, whose issues are the reasons the report gives for a rejected row.
 */

type Reader<T> = (value: string, ctx: z.RefinementCtx) => T;

/** Records why a cell is unusable; the row is then rejected with this reason. */
export function problem(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A cell schema: the text is unescaped first (see `unescapeCell`). */
export function cell<T>(read: Reader<T>) {
  return z.string().transform((value, ctx) => read(unescapeCell(value), ctx));
}

/** The reasons of a failed row parse, in column order, without repeats. */
export function reasonsOf(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/** The reasons of a failed row parse, each with the column it is about (`columnOf` the field's key), without repeats. */
export function problemsOf(error: z.ZodError, columnOf: (key: string) => string | undefined): Array<{ reason: string; column?: string }> {
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    if (seen.has(issue.message)) return [];
    seen.add(issue.message);
    const [key] = issue.path;
    const column = typeof key === 'string' ? columnOf(key) : undefined;
    return [column === undefined ? { reason: issue.message } : { reason: issue.message, column }];
  });
}

export const TRUE_WORDS: ReadonlySet<string> = new Set(['1', 'yes', 'true']);
export const FALSE_WORDS: ReadonlySet<string> = new Set(['0', 'no', 'false']);

/** `1`/`0` (also yes/no, true/false); an empty cell is `empty`. */
export function flagCell(label: string, empty: boolean) {
  return cell((value, ctx) => {
    const word = value.trim().toLowerCase();
    if (word === '') return empty;
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return problem(ctx, `${label} ${value.trim()} is not 1 or 0`);
  });
}

/**
 * A non-negative decimal as text, with the store's decimal separator read as a point (WooCommerce
 * exports prices with the store's separator). `''` for an empty cell.
 */
export function decimalCell(label: string, decimalSeparator: string) {
  return cell((value, ctx) => {
    const text = value.trim();
    if (text === '') return '';
    const normalised = decimalSeparator !== '.' && decimalSeparator !== '' ? text.replace(decimalSeparator, '.') : text;
    if (/^-\d/.test(normalised)) return problem(ctx, `${label} ${text} is negative`);
    if (!/^\d{1,15}(\.\d{1,10})?$/.test(normalised)) return problem(ctx, `${label} ${text} is not a number`);
    return normalised;
  });
}

/** A whole number; `empty` for an empty cell. `12.0` is 12 (spreadsheets write integers so). */
export function integerCell(label: string, empty: number, min = Number.MIN_SAFE_INTEGER) {
  return cell((value, ctx) => {
    const text = value.trim();
    if (text === '') return empty;
    if (!/^-?\d{1,15}(\.0+)?$/.test(text)) return problem(ctx, `${label} ${text} is not a whole number`);
    const number = Math.trunc(Number(text));
    if (number < min) return problem(ctx, `${label} ${text} is below ${min}`);
    return number;
  });
}

/** The import reads a local date as the model does (the shop's X report reads its day the same way). */
export { localToGmt } from '../../model/dates.js';

/** `YYYY-MM-DD` with an optional time, which WooCommerce drops; `null` for an empty cell. */
export function dateCell(label: string) {
  return cell((value, ctx) => {
    const text = value.trim();
    if (text === '') return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:]*)?$/.exec(text);
    const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
    const parsed = new Date(`${date}T00:00:00Z`);
    if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
      return problem(ctx, `${label} ${text} is not a date (YYYY-MM-DD)`);
    return date;
  });
}
