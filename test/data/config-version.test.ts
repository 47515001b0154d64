import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { TaxRatesRepository } from '../../server/data/repositories/tax-rates.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import type { Database } from '../../server/data/database.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api, makeDataDir, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/*
 * The shop's set-up (stores, their users, settings, taxes, gateways, shipping methods) is kept in
 * memory while migration 16's `config_version` stands (`whileConfigStands` in server/data/sql.ts):
 * every sale reads it and writes none of it, so unlike the reads kept `untilWritten` it must stay
 * through the writes of sales, and yet show any change to the set-up, from any connection, at once.
 */

function withDataDir(work: (db: Database, dataDir: string) => void): void {
  const dataDir = makeDataDir();
  const db = openDataDirDatabase(dataDir);
  try {
    work(db, dataDir);
  } finally {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const version = (db: Database) => db.prepare('SELECT version FROM config_version WHERE slot = 1').pluck().get() as number;

/** One row of each set-up table to insert, change and delete, so that each trigger is seen to fire (listed here, not taken from the migration, so that a table left out there fails here). */
const TAX_RATE =
  "INSERT INTO tax_rates (country, state, postcodes, cities, rate, name, priority, compound, shipping, rate_order, class) VALUES ('DE', '', '[]', '[]', '19.0000', 'MwSt', 1, 0, 1, 90, 'standard')";

const SAMPLE_ROWS: Record<string, { insert: string; where: string; column: string }> = {
  stores: {
    insert:
      "INSERT INTO stores (id, name, fields, meta_data, date_created_gmt, date_modified_gmt) VALUES (90, 'Second', '{}', '[]', '2026-01-01T00:00:00', '2026-01-01T00:00:00')",
    where: 'id = 90',
    column: 'name',
  },
  store_users: { insert: 'INSERT INTO store_users (store_id, user_id) VALUES (1, (SELECT min(id) FROM users))', where: 'store_id = 1', column: 'user_id' },
  settings: {
    insert: "INSERT INTO settings (section, key, value) VALUES ('general', 'store_name', '\"Corner\"')",
    where: "section = 'general' AND key = 'store_name'",
    column: 'value',
  },
  tax_classes: {
    insert: "INSERT INTO tax_classes (slug, name, position) VALUES ('zero-rate-test', 'Zero', 90)",
    where: "slug = 'zero-rate-test'",
    column: 'name',
  },
  tax_rates: { insert: TAX_RATE, where: "name = 'MwSt'", column: 'rate' },
  payment_gateways: {
    insert: "INSERT INTO payment_gateways (id, title, description, provider, pos_type, position) VALUES ('test_gateway', 'Test', '', 'test', 'cash', 90)",
    where: "id = 'test_gateway'",
    column: 'title',
  },
  shipping_methods: {
    insert: "INSERT INTO shipping_methods (id, title, description) VALUES ('test_shipping', 'Test', '')",
    where: "id = 'test_shipping'",
    column: 'title',
  },
};

describe('config_version (migration 16)', () => {
  for (const [table, sample] of Object.entries(SAMPLE_ROWS)) {
    it(`moves on every insert, update and delete of ${table}`, () => {
      withDataDir((db) => {
        if (table === 'store_users')
          db.prepare(
            "INSERT INTO users (uuid, username, display_name, password_hash, created_at) VALUES ('u-1', 'version-user', 'V', 'x', '2026-01-01T00:00:00')",
          ).run();
        const before = version(db);
        db.prepare(sample.insert).run();
        expect(version(db)).toBe(before + 1);
        db.prepare(`UPDATE ${table} SET ${sample.column} = ${sample.column} WHERE ${sample.where}`).run();
        expect(version(db)).toBe(before + 2);
        db.prepare(`DELETE FROM ${table} WHERE ${sample.where}`).run();
        expect(version(db)).toBe(before + 3);
      });
    });
  }

  it('stays through writes to anything else: a sale keeps what it read of the set-up', () => {
    withDataDir((db) => {
      const stores = new StoresRepository(db);
      const settings = new SettingsRepository(db);
      const read = (stored: Record<string, unknown>) => ({ ...stored });
      const store = stores.find(1);
      const general = settings.sectionAs('general', read);
      db.prepare(
        "INSERT INTO users (uuid, username, display_name, password_hash, created_at) VALUES ('u-2', 'someone', 'Someone', 'x', '2026-01-01T00:00:00')",
      ).run();
      writeTransaction(db, () => {
        db.prepare("UPDATE users SET display_name = 'Someone else' WHERE username = 'someone'").run();
        // Inside a write too, while the set-up stands, the same frozen objects.
        expect(stores.find(1)).toBe(store);
      });
      expect(stores.find(1)).toBe(store);
      expect(settings.sectionAs('general', read)).toBe(general);
      expect(Object.isFrozen(store)).toBe(true);
    });
  });

  it('shows a change made inside a write to that write, and forgets it when it is rolled back', () => {
    withDataDir((db) => {
      const rates = new TaxRatesRepository(db);
      const before = rates.candidates('DE', '', 'standard');
      expect(() =>
        writeTransaction(db, () => {
          db.prepare(TAX_RATE).run();
          expect(rates.candidates('de', '', 'standard').map((rate) => rate.name)).toContain('MwSt');
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(rates.candidates('DE', '', 'standard')).toBe(before);
      // The same number again, with other rows: what the rolled-back write saw must not come back.
      db.prepare(TAX_RATE.replace("'MwSt'", "'USt'")).run();
      expect(rates.candidates('DE', '', 'standard').map((rate) => rate.name)).toEqual(['USt']);
    });
  });

  it("shows another connection's change at once, even within one turn of the event loop", () => {
    withDataDir((db, dataDir) => {
      const other = openDataDirDatabase(dataDir);
      try {
        const stores = new StoresRepository(db);
        expect(stores.defaultStore().name).not.toBe('Renamed elsewhere');
        other.prepare("UPDATE stores SET name = 'Renamed elsewhere' WHERE id = 1").run();
        expect(stores.defaultStore().name).toBe('Renamed elsewhere');
      } finally {
        other.close();
      }
    });
  });
});

describe('the set-up kept through a stream of sales, through HTTP', () => {
  let productId: number;

  const { server, tokens } = useServer({ roles: ['administrator', 'cashier'] }, async () => {
    const created = await api(server, 'POST', '/products', { token: tokens.administrator, body: { name: 'Kept Tea', regular_price: '4.50' } });
    expect(created.status).toBe(201);
    productId = created.body.id as number;
  });

  const newOrder = async () => {
    const created = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: productId, quantity: 2 }] } });
    expect(created.status).toBe(201);
    return created.body as { currency: string; total: string; total_tax: string };
  };

  it("a store's currency and a tax rate changed by another connection show in the very next order", async () => {
    for (let sale = 0; sale < 3; sale++) expect((await newOrder()).currency).toBe('USD');

    withDb(server, (db) => db.prepare("UPDATE stores SET fields = json_set(fields, '$.currency', 'EUR') WHERE id = 1").run());
    expect((await newOrder()).currency).toBe('EUR');

    const untaxed = await newOrder();
    expect(untaxed.total_tax).toBe('0.00');
    withDb(server, (db) => {
      db.prepare(
        "INSERT INTO tax_rates (country, state, postcodes, cities, rate, name, priority, compound, shipping, rate_order, class) VALUES ('', '', '[]', '[]', '10.0000', 'Everywhere', 1, 0, 1, 90, 'standard')",
      ).run();
      db.prepare("UPDATE stores SET fields = json_set(fields, '$.calc_taxes', json('true')) WHERE id = 1").run();
    });
    const taxed = await newOrder();
    expect(taxed.total_tax).not.toBe('0.00');
  });
});
