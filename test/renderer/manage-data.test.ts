/**
 * Product import and backup in the managers' area, in real Chromium against a real server: a dry
 * run changes nothing, an import shows the server's progress and refused rows and creates the
 * products, and the backup downloaded by an administrator is the till's SQLite database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fixture, generatedProductCsv } from '../helpers/import-files.js';
import { manageScreenshot, openManage, saved, serverAs } from '../helpers/manage-page.js';
import { openTill, SCREENSHOT_DIR, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: false });

const CSV = 'products-bad-rows.csv';

async function skus(): Promise<string[]> {
  const products = (await serverAs(server, 'cashier', 'GET', '/products?per_page=100&_fields=sku')).body as Array<{ sku: string }>;
  return products.map((product) => product.sku).sort();
}

/** Enough rows that the import runs through several of the page's polls; one of them refused. */
const LARGE_ROWS = 4000;
const LARGE_CSV = `${generatedProductCsv(LARGE_ROWS, 'GEN')}GEN-BAD,simple,Bad price,abc,,,\n`;

describe('managers’ screens: import and backup', () => {
  it('imports a product CSV followed to its end with the server’s counts and refused rows, after a dry run that changes nothing', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Import');
    const csv = readFileSync(fixture(CSV));
    await page.getByLabel('CSV file').setInputFiles({ name: CSV, mimeType: 'text/csv', buffer: csv });
    await page.getByLabel('Dry run: check the file, change nothing').check();
    await page.getByRole('button', { name: 'Check file' }).click();
    await saved(page, /The import has finished|The import failed/);
    const progress = page.getByRole('region', { name: 'Import progress' });
    const dryId = /(\S+):/.exec((await progress.getByRole('heading').textContent()) ?? '')?.[1];
    const dry = (await serverAs(server, 'shop_manager', 'GET', `/imports/${dryId ?? ''}`)).body;
    expect(dry.dry_run).toBe(true);
    expect(await page.locator('#import-created').textContent()).toBe(String(dry.created));
    expect(await page.locator('#import-errors tbody tr').count()).toBe(dry.errors.length);
    await page.locator('#import-errors').getByText(dry.errors[0].message, { exact: true }).first().waitFor();
    expect(await skus()).toEqual([]);

    await page.getByLabel('CSV file').setInputFiles({ name: 'generated.csv', mimeType: 'text/csv', buffer: Buffer.from(LARGE_CSV) });

    await page.getByLabel('Dry run: check the file, change nothing').uncheck();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('#import-progress[aria-busy="false"] h2', { hasText: /^Import / }).waitFor();
    const id = /Import (\S+):/.exec((await progress.getByRole('heading').textContent()) ?? '')?.[1];
    const job = (await serverAs(server, 'shop_manager', 'GET', `/imports/${id ?? ''}`)).body;
    expect(job.status).not.toBe('running');
    // Every count shown is the server's; the refused rows are listed with its messages.
    expect(await page.locator('#import-processed').textContent()).toBe(`${job.processed} of ${job.total}`);
    expect(await page.locator('#import-created').textContent()).toBe(String(job.created));
    expect(await page.locator('#import-failed').textContent()).toBe(String(job.failed));
    expect(job.status).toBe('done');
    expect(job.created).toBe(LARGE_ROWS);
    expect(job.failed).toBe(1);
    await page.locator('#import-errors tr', { hasText: job.errors[0].message }).getByText(String(job.errors[0].row), { exact: true }).waitFor();
    expect((await serverAs(server, 'cashier', 'GET', '/products?sku=GEN-004000&_fields=name')).body).toEqual([{ name: 'Generated GEN 004000, boxed' }]);
    await manageScreenshot(page, 'import');
    expect(pageErrors).toEqual([]);
  });

  it('downloads the database as a backup for an administrator, and keeps the backup from a shop manager', async () => {
    expect((await serverAs(server, 'shop_manager', 'GET', '/backup')).status).toBe(403);
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'administrator', 'Backup');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download backup' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tillbase-backup-.*\.sqlite$/);
    const path = join(SCREENSHOT_DIR, 'manage-backup.sqlite');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
    const copy = new Database(path, { readonly: true });
    try {
      const names = (copy.prepare('SELECT username FROM users ORDER BY id').all() as Array<{ username: string }>).map((row) => row.username);
      expect(names).toEqual(expect.arrayContaining([server.users.administrator.username, server.users.cashier.username]));
    } finally {
      copy.close();
    }
    await page.locator('#backup-done').waitFor();
    await manageScreenshot(page, 'backup');
    expect(pageErrors).toEqual([]);
  });
});
