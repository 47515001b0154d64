import type { Request } from 'express';
import { z } from 'zod';
import { invalidParams } from '../domain/errors.js';

/** `line_items[0].quantity`, the way WordPress names nested parameters. */
function paramName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name === '' ? String(key) : `${name}.${String(key)}`), '');
}

/** Validates input with a zod schema; failures become `400 rest_invalid_param` with `data.params`. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const params: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = paramName(issue.path) || 'body';
    params[name] ??= issue.message;
  }
  throw invalidParams(params);
}

export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.body ?? {});
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.query);
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.params);

/** A positive integer id from a path or query string. */
export const idSchema = z.coerce.number().int('must be an integer').positive('must be a positive integer');
export const idParams = z.object({ id: idSchema });

/*
 * List parameters of a query string, as WordPress takes them: `a,b` or repeated `a[]=x&a[]=y`. The
 * three kinds below differ only in what they do with empty items and with a value that is neither a
 * string nor a list; an absent or empty parameter is always no list at all.
 */

/** The items of a list parameter, strings trimmed; any other single value becomes a list of one. */
function listItems(value: unknown): unknown[] | undefined {
  if (value === undefined || value === '') return undefined;
  const items: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items.map((item) => (typeof item === 'string' ? item.trim() : item));
}

const isNotEmpty = (item: unknown): boolean => item !== '';

/** `1,2,3`, `[1,2,3]` or repeated `include[]=1&include[]=2`, as WordPress takes id lists. An empty item is refused as no id. */
export const idListSchema = z.preprocess(listItems, z.array(idSchema).optional());

/** `status=pending,processing`, `status[]=pending` or `any`: empty items are left out. */
export const statusListSchema = z.preprocess((value) => listItems(value)?.filter(isNotEmpty), z.array(z.string().max(40)).optional());

/**
 * `a,b` or repeated `sku[]=a&sku[]=b`: a list of non-empty strings. Empty items of `a,,b` are left
 * out, an empty `sku[]=` is refused, and a value of another kind (`sku[k]=a`) is refused as not a list.
 */
export const stringListSchema = z.preprocess(
  (value) => {
    if (typeof value === 'string') return listItems(value)?.filter(isNotEmpty);
    return Array.isArray(value) ? listItems(value) : value;
  },
  z.array(z.string().min(1).max(200)).min(1, 'must name at least one value').optional(),
);

/** Booleans from query strings: `true|false|1|0`. */
export const queryBoolean = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
}, z.boolean());

/** ISO 8601 date or date-time from a query string, read as UTC when it has no zone. */
export const queryDate = z
  .string()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)),
    'must be an ISO 8601 date',
  )
  .transform((value) => (/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || value.length === 10 ? new Date(value) : new Date(`${value}Z`)).toISOString().slice(0, 19));
