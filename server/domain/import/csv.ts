import { CsvError, parse } from 'csv-parse/sync';

/**
 * A file the importer cannot use at all: empty, not UTF-8, not parseable as CSV, or without the
 * columns of its kind. The command refuses it with this message and writes nothing.
 */
export class UnusableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableFileError';
  }
}

/** One data row of a CSV file; `line` is where it starts in the file (the header is line 1 when it is the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

const LF = 0x0a;
const CR = 0x0d;

/** Counts line breaks (`\r\n`, `\n` or a lone `\r`) in `bytes[from, to)`. */
function lineBreaks(bytes: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const byte = bytes[index];
    if (byte === LF) count++;
    else if (byte === CR && bytes[index + 1] !== LF) count++;
  }
  return count;
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed';
    case 'INVALID_OPENING_QUOTE':
      return 'a quote appears inside a field that does not start with one';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a closing quote is followed by more text instead of a comma or the end of the line';
    default:
      return error.message;
  }
}

/**
 * Reads a CSV file's bytes: UTF-8 (a byte order mark is allowed, as WooCommerce writes one), comma
 * separated, fields quoted with `"` (RFC 4180, as PHP's fputcsv writes them), any line ending.
 * Blank lines and rows whose every field is empty are skipped, as WooCommerce's importer does.
 * Rows keep their own number of fields: WooCommerce's exporter leaves trailing columns out of rows
 * written before those columns appeared.
 */
export function readCsv(bytes: Uint8Array): CsvTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnusableFileError('the file is not UTF-8 text (save it as "CSV UTF-8")');
  }
  if (text.trim() === '') throw new UnusableFileError('the file is empty');
  if (text.includes('\u0000')) throw new UnusableFileError('the file holds binary data, not CSV text');

  const ends: number[] = [];
  let rows: string[][];
  try {
    rows = parse(bytes, {
      bom: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (record: string[], context) => {
        ends.push(context.bytes);
        return record;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = 1 + lineBreaks(bytes, 0, ends.at(-1) ?? 0);
      throw new UnusableFileError(`the file is not a valid CSV: ${describeCsvError(error)} (in the row starting on line ${line})`);
    }
    throw error;
  }

  const records: CsvRecord[] = [];
  let line = 1;
  let start = 0;
  rows.forEach((fields, index) => {
    const end = ends[index] ?? bytes.length;
    if (fields.some((field) => field.trim() !== '')) records.push({ line, fields });
    line += lineBreaks(bytes, start, end);
    start = end;
  });
  const [header, ...data] = records;
  if (!header) throw new UnusableFileError('the file is empty');
  if (data.length === 0) throw new UnusableFileError('the file has a header but no rows');
  return { header: header.fields, records: data };
}
