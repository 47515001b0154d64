import { fileURLToPath } from 'node:url';
import { openDataDirDatabase } from '../../server/start.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import type { TestServer } from '../helpers/server.js';

/** The import suites' CSV files, written as WooCommerce exports them. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
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
