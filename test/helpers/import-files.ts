import { fileURLToPath } from 'node:url';
import { openDataDirDatabase } from '../../server/start.js';
import { runCli, type CliResult } from './cli.js';
import type { TestServer } from './server.js';

/** The import suites' CSV files, written as WooCommerce exports them. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../import/fixtures/${name}`, import.meta.url));
}

/** `tillbase import KIND fixtures/FILE --data-dir <the test server's data dir>`, through the built CLI. */
export function runImport(server: TestServer, kind: 'products' | 'taxes', file: string): Promise<CliResult> {
  return runCli(['import', kind, fixture(file), '--data-dir', server.dataDir]);
}

const TABLES = ['products', 'terms', 'product_terms', 'tax_rates', 'tax_classes'] as const;

/** Every row of the catalogue and tax tables, to show that a refused import changed nothing. */
export function snapshot(server: TestServer): Record<string, unknown[]> {
  const db = openDataDirDatabase(server.dataDir);
  try {
    return Object.fromEntries(TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]));
  } finally {
    db.close();
  }
}

/** Runs SQL on a second connection to the test server's database (test set-up only). */
export function exec(server: TestServer, sql: string): void {
  const db = openDataDirDatabase(server.dataDir);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** A progress line of `tillbase import` on standard error when it is not a terminal. */
export const PROGRESS_LINE = /^[^:]+\.csv: \d+ of \d+ rows read, \d+ rejected(, \d+ of \d+ written)?$/;

/** Standard error without the progress lines: the messages alone. */
export function messagesOf(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !PROGRESS_LINE.test(line))
    .join('\n');
}

/** A product export of `count` simple products (SKU `PREFIX-000001`...), each in a category, every third tagged. */
export function generatedProductCsv(count: number, prefix: string): string {
  const rows = ['SKU,Type,Name,Regular price,Stock,Categories,Tags'];
  for (let index = 1; index <= count; index++) {
    const number = String(index).padStart(6, '0');
    rows.push(
      `${prefix}-${number},simple,"Generated ${prefix} ${number}, boxed",${(index % 40) + 1}.25,${index % 50},"Generated > Aisle ${index % 7}",${index % 3 === 0 ? 'Generated' : ''}`,
    );
  }
  return `${rows.join('\n')}\n`;
}
