import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCli, serve } from '../helpers/cli.js';
import { api, withDb, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { exec, generatedProductCsv, messagesOf, PROGRESS_LINE, snapshot } from '../helpers/import-files.js';

/**
 * The import writes in short journaled steps so that the tills keep selling: these tests show that
 * it still is all-or-nothing when a step fails after others were committed, and when the process
 * dies between two steps.
 */

const files = mkdtempSync(join(tmpdir(), 'tillbase-import-steps-'));

function csvFile(name: string, text: string): string {
  const path = join(files, name);
  writeFileSync(path, text);
  return path;
}

/** Stored products without their modification dates (an undone update is stamped when it is undone, so that syncing clients fetch it again). */
function catalogue(): Record<string, unknown[]> {
  const tables = snapshot(server);
  return { ...tables, products: tables.products?.map((row) => ({ ...(row as Record<string, unknown>), date_modified_gmt: undefined })) ?? [] };
}

/** The search index's `automerge` setting (FTS5's default 4 when never set). */
const automerge = (dataDir: string) =>
  withDb(
    { dataDir } as TestServer,
    (db) => (db.prepare("SELECT v FROM products_search_config WHERE k = 'automerge'").get() as { v: number } | undefined)?.v ?? 4,
  );

const writtenOf = (stderr: string): number[] => [...stderr.matchAll(/, (\d+) of \d+ written/g)].map((match) => Number(match[1]));

const { server, tokens } = useServer({ roles: ['shop_manager'] }, async () => {
  const first = await runCli(['import', 'products', csvFile('base.csv', generatedProductCsv(300, 'BASE')), '--data-dir', server.dataDir]);
  expect(first.code).toBe(0);
});

afterAll(() => {
  rmSync(files, { recursive: true, force: true });
});

describe('an import written in steps', () => {
  it('reports its progress on standard error, a line at every tenth, up to every row written', async () => {
    const result = await runCli(['import', 'products', csvFile('progress.csv', generatedProductCsv(20_000, 'PROG')), '--data-dir', server.dataDir]);
    expect(result.stdout).toBe('imported progress.csv: 20000 created, 0 updated, 0 unchanged, 0 rejected\n');
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) expect(line).toMatch(PROGRESS_LINE);
    expect(lines.at(-1)).toBe('progress.csv: 20000 of 20000 rows read, 0 rejected, 20000 of 20000 written');
    const written = writtenOf(result.stderr);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(written.some((count) => count > 0 && count < 20_000)).toBe(true);
    // Its search index segments are merged, merging at commit is back on, and its journal is cleared.
    expect(automerge(server.dataDir)).toBe(4);
    expect(withDb(server, (db) => db.prepare('SELECT COUNT(*) AS n FROM import_undo').get())).toEqual({ n: 0 });
    const found = await api<any[]>(server, 'GET', `/products?search=${encodeURIComponent('PROG 012345, box')}`, { token: tokens.shop_manager });
    expect(found.body.map((product: { sku: string }) => product.sku)).toEqual(['PROG-012345']);
  });

  it('undoes the steps already committed when a later one fails: creations, updates and new terms', async () => {
    // The first 300 rows update the products of the first import (price, stock, category, tag);
    // the failure comes at the very last row, many steps later.
    const text = generatedProductCsv(3000, 'BASE').replaceAll('Generated > Aisle', 'Moved > Shelf').replaceAll('.25,', '.75,');
    exec(server, "CREATE TRIGGER refuse_late_row BEFORE INSERT ON products WHEN NEW.sku = 'BASE-003000' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    try {
      const before = catalogue();
      const result = await runCli(['import', 'products', csvFile('late-failure.csv', text), '--data-dir', server.dataDir]);
      expect(messagesOf(result.stderr)).toBe('tillbase: importing late-failure.csv failed and nothing was changed: disk I/O error\n');
      expect(result.stdout).toBe('');
      expect(result.code).toBe(1);
      // Steps had been committed before the failure...
      expect(Math.max(0, ...writtenOf(result.stderr))).toBeGreaterThan(300);
      // ...and every one of them is undone.
      expect(catalogue()).toEqual(before);
      expect(withDb(server, (db) => db.prepare('SELECT COUNT(*) AS n FROM import_runs').get())).toEqual({ n: 0 });
      const response = await api<any[]>(server, 'GET', '/products?sku=BASE-000007', { token: tokens.shop_manager });
      expect(response.body[0]).toMatchObject({ regular_price: '8.25', categories: [expect.objectContaining({ name: 'Aisle 0' })] });
    } finally {
      exec(server, 'DROP TRIGGER refuse_late_row;');
    }
  });

  /** Starts an import of a 20,000-row file and kills it (SIGKILL) once it has committed some steps. */
  async function killImportMidway(dataDir: string, file: string): Promise<void> {
    const path = csvFile(file, generatedProductCsv(20_000, 'KILL'));
    const child = spawn(process.execPath, [CLI, 'import', 'products', path, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (writtenOf(stderr).some((count) => count > 0)) resolve();
      });
      child.on('exit', () => {
        reject(new Error(`the import ended before writing: ${stderr}`));
      });
    });
    child.kill('SIGKILL');
    await exited;
  }

  const journalCounts = (dataDir: string) =>
    withDb(
      { dataDir } as TestServer,
      (db) =>
        db
          .prepare(
            "SELECT (SELECT COUNT(*) FROM import_runs) AS runs, (SELECT COUNT(*) FROM import_undo) AS entries, (SELECT COUNT(*) FROM products WHERE sku LIKE 'KILL-%') AS written",
          )
          .get() as { runs: number; entries: number; written: number },
    );

  it('is undone by the next import after the process dies between two steps', async () => {
    const before = catalogue();
    await killImportMidway(server.dataDir, 'killed.csv');
    const partial = journalCounts(server.dataDir);
    expect(partial.runs).toBe(1);
    // The search index's merging stays off while an import writes, and the dead one left it off.
    expect(automerge(server.dataDir)).toBe(0);
    expect(partial.written).toBeGreaterThan(0);
    expect(partial.written).toBeLessThan(20_000);

    const next = await runCli(['import', 'products', csvFile('after.csv', generatedProductCsv(1, 'BASE')), '--data-dir', server.dataDir]);
    expect(messagesOf(next.stderr)).toMatch(/^tillbase: undid the unfinished import of killed\.csv \(started by process \d+\)\n$/);
    expect(next.stdout).toBe('imported after.csv: 0 created, 0 updated, 1 unchanged, 0 rejected\n');
    expect(catalogue()).toEqual(before);
    expect(journalCounts(server.dataDir)).toEqual({ runs: 0, entries: 0, written: 0 });
    expect(automerge(server.dataDir)).toBe(4);
  });

  it('is undone by the next start of the server after the process dies between two steps', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tillbase-import-crash-'));
    try {
      const flags = ['--data-dir', dataDir, '--port', '0', '--secret-store', 'memory', '--no-demo'];
      await (await serve(flags)).stop();
      await killImportMidway(dataDir, 'killed-under-server.csv');
      expect(journalCounts(dataDir).written).toBeGreaterThan(0);

      const restarted = await serve(flags);
      try {
        expect(journalCounts(dataDir)).toEqual({ runs: 0, entries: 0, written: 0 });
        expect(automerge(dataDir)).toBe(4);
      } finally {
        await restarted.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
