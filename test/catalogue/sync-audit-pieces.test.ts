import { describe, expect, it } from 'vitest';
import { ProductWritesRepository } from '../../server/data/repositories/product-writes.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { openDataDirDatabase } from '../../server/start.js';
import { withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/*
 * The sync audit in the list's default order is read in pieces of 8,192 entries, each starting
 * after the last entry of the one before (ProductsRepository.modificationIndexEntries). Here the
 * catalogue is three pieces and a bit, and seven products share each creation time, so that pieces
 * end in the middle of a run of equal dates: the answer must still be every product once, in order,
 * byte for byte what JSON.stringify makes of the rows SQL reads apart from the server.
 */

const COUNT = 3 * 8192 + 500;

const { server, tokens } = useServer({ roles: ['cashier'], timeout: 120_000 }, () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const writes = new ProductWritesRepository(db);
    writeTransaction(db, () => {
      for (let index = 0; index < COUNT; index++) {
        const created = new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 7) * 60_000).toISOString().slice(0, 19);
        // Inserted out of date order, so that the ids do not follow the dates.
        writes.insert({
          type: 'simple',
          name: `Pieced ${index}`,
          sku: `PC-${index}`,
          regular_price: '1.00',
          date_created_gmt: index % 2 === 0 ? created : created.replace('2025', '2024'),
        });
      }
    });
  } finally {
    db.close();
  }
});

/** The audit's rows as SQL reads them, in the list's order (`direction` of date, then id). */
const expected = (direction: 'ASC' | 'DESC') =>
  withDb(
    server,
    (db) =>
      db
        .prepare(
          `SELECT id, date_modified_gmt FROM products WHERE type <> 'variation' AND status <> 'trash' ORDER BY date_created_gmt ${direction}, id ${direction}`,
        )
        .all() as Array<{ id: number; date_modified_gmt: string }>,
  );

const audit = async (query: string) => {
  const answer = await fetch(`${server.apiUrl}/products?per_page=-1${query}`, { headers: { authorization: `Bearer ${tokens.cashier}` } });
  return { status: answer.status, total: answer.headers.get('x-wp-total'), length: answer.headers.get('content-length'), text: await answer.text() };
};

describe('the sync audit read in pieces', () => {
  it('lists every product once, in the default order (newest first), across pieces that end inside a run of equal dates', async () => {
    const rows = expected('DESC');
    expect(rows).toHaveLength(COUNT);
    const answer = await audit('&_fields=id,date_modified_gmt');
    const text = JSON.stringify(rows.map((row) => ({ id: row.id, date_modified_gmt: row.date_modified_gmt })));
    expect([answer.status, answer.total, answer.length]).toEqual([200, String(COUNT), String(Buffer.byteLength(text))]);
    expect(answer.text).toBe(text);
  });

  it('does the same oldest first, and with the fields in the other order', async () => {
    const rows = expected('ASC');
    const ascending = await audit('&_fields=id,date_modified_gmt&orderby=date&order=asc');
    expect(ascending.text).toBe(JSON.stringify(rows.map((row) => ({ id: row.id, date_modified_gmt: row.date_modified_gmt }))));
    const reversed = await audit('&_fields=date_modified_gmt,id&orderby=date&order=asc');
    expect(reversed.text).toBe(JSON.stringify(rows.map((row) => ({ date_modified_gmt: row.date_modified_gmt, id: row.id }))));
    const idsOnly = await audit('&_fields=id');
    expect(idsOnly.text).toBe(JSON.stringify(expected('DESC').map((row) => ({ id: row.id }))));
    expect(idsOnly.total).toBe(String(COUNT));
  });
});
