import { Parser } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import { finished } from 'node:stream/promises';

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

/** The file as text must be UTF-8, not empty, and not binary. */
function checkText(bytes: Uint8Array): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnusableFileError('the file is not UTF-8 text (save it as "CSV UTF-8")');
  }
  if (text.trim() === '') throw new UnusableFileError('the file is empty');
  if (text.includes('\u0000')) throw new UnusableFileError('the file holds binary data, not CSV text');
}

const PARSE_OPTIONS = { bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] };

function unusable(error: CsvError, bytes: Uint8Array, ends: readonly number[]): UnusableFileError {
  const line = 1 + lineBreaks(bytes, 0, ends.at(-1) ?? 0);
  return new UnusableFileError(`the file is not a valid CSV: ${describeCsvError(error)} (in the row starting on line ${line})`);
}

/** The parsed rows as a table: line numbers, blank rows skipped, the header apart. */
function tableOf(bytes: Uint8Array, rows: readonly string[][], ends: readonly number[]): CsvTable {
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

/**
 * Reads a CSV file's bytes: UTF-8 (a byte order mark is allowed, as WooCommerce writes one), comma
 * separated, fields quoted with `"` (RFC 4180, as PHP's fputcsv writes them), any line ending.
 * Blank lines and rows whose every field is empty are skipped, as WooCommerce's importer does.
 * Rows keep their own number of fields: WooCommerce's exporter leaves trailing columns out of rows
 * written before those columns appeared.
 */
export function readCsv(bytes: Uint8Array): CsvTable {
  checkText(bytes);
  const ends: number[] = [];
  let rows: string[][];
  try {
    rows = parse(bytes, {
      ...PARSE_OPTIONS,
      on_record: (record: string[], context) => {
        ends.push(context.bytes);
        return record;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw unusable(error, bytes, ends);
    throw error;
  }
  return tableOf(bytes, rows, ends);
}

/** Bytes parsed between two calls of `pause`: a few milliseconds of work. */
const SLICE_BYTES = 256 * 1024;

/**
 * `readCsv` in slices, calling `pause` between them: a server reading a large upload keeps answering
 * the tills meanwhile (parsed at once, 50 MB hold its event loop for seconds).
 */
export async function readCsvInSlices(bytes: Uint8Array, pause: () => Promise<void>): Promise<CsvTable> {
  checkText(bytes);
  const ends: number[] = [];
  const rows: string[][] = [];
  const parser = new Parser({
    ...PARSE_OPTIONS,
    // Collected here rather than read from the stream: nothing is buffered twice.
    on_record: (record: string[], context) => {
      ends.push(context.bytes);
      rows.push(record);
      return null;
    },
  });
  parser.resume();
  const done = finished(parser);
  let failure: unknown;
  parser.once('error', (error) => {
    failure = error;
  });
  for (let offset = 0; offset < bytes.length && failure === undefined; offset += SLICE_BYTES) {
    parser.write(bytes.subarray(offset, offset + SLICE_BYTES));
    await pause();
  }
  parser.end();
  try {
    await done;
  } catch (error) {
    failure ??= error;
  }
  if (failure instanceof CsvError) throw unusable(failure, bytes, ends);
  if (failure instanceof Error) throw failure;
  return tableOf(bytes, rows, ends);
}

/** The header row alone, for refusing a file that is not of the expected kind before reading it all. */
export function readCsvHeader(bytes: Uint8Array): string[] {
  checkText(bytes);
  try {
    const [header] = parse(bytes, { ...PARSE_OPTIONS, to: 1, skip_empty_lines: true });
    return header ?? [];
  } catch (error) {
    if (error instanceof CsvError) throw unusable(error, bytes, []);
    throw error;
  }
}
