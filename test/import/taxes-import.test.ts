import { describe, expect, it } from 'vitest';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { storeFieldsSchema } from '../../server/model/stores.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { runImport, snapshot } from '../helpers/import-files.js';

/**
 * `tillbase import taxes FILE.csv` through the built CLI against a running test server's data
 * directory; rates read back through `GET /taxes` and used by `POST /orders`. The tests run in order.
 */

const { server, tokens } = useServer({ roles: ['cashier'] });

async function allRates(): Promise<any[]> {
  const response = await api<any[]>(server, 'GET', '/taxes?per_page=100&orderby=order', { token: tokens.cashier });
  expect(response.status).toBe(200);
  return response.body;
}

const fields = (rate: any) => [
  rate.country,
  rate.state,
  rate.postcodes,
  rate.cities,
  rate.rate,
  rate.name,
  rate.priority,
  rate.compound,
  rate.shipping,
  rate.class,
];

describe('a WooCommerce tax-rate CSV', () => {
  it('adds every rate, with postcode lists, ranges, wildcards and cities, and creates the class it names', async () => {
    const result = await runImport(server, 'taxes', 'taxes.csv');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('imported taxes.csv: 6 created, 0 unchanged, 0 rejected\ncreated tax class food-rate ("Food Rate", first named on line 7)\n');
    expect(result.code).toBe(0);

    const rates = await allRates();
    expect(rates.map(fields)).toEqual([
      ['GB', '', [], [], '20.0000', 'VAT', 1, false, true, 'standard'],
      ['GB', '', [], [], '5.0000', 'VAT', 1, false, true, 'reduced-rate'],
      ['GB', '', [], [], '0.0000', 'VAT', 1, false, true, 'zero-rate'],
      ['US', 'CA', ['90210...90299', '90401'], ['BEVERLY HILLS', 'SANTA MONICA'], '9.5000', 'CA Tax', 1, false, false, 'standard'],
      ['US', 'CA', ['94*'], [], '8.6250', 'SF Tax', 2, true, false, 'standard'],
      ['CA', 'QC', [], [], '9.9750', 'QST', 2, true, true, 'food-rate'],
    ]);
    expect(rates.map((rate) => rate.order)).toEqual([0, 1, 2, 3, 4, 5]);

    const classes = await api<any[]>(server, 'GET', '/taxes/classes', { token: tokens.cashier });
    expect(classes.body.map((taxClass) => [taxClass.slug, taxClass.name])).toEqual([
      ['standard', 'Standard rate'],
      ['reduced-rate', 'Reduced rate'],
      ['zero-rate', 'Zero rate'],
      ['food-rate', 'Food Rate'],
    ]);
  });

  it('adds nothing when the same file is imported again: identical rates are unchanged', async () => {
    const before = snapshot(server);
    const result = await runImport(server, 'taxes', 'taxes.csv');
    expect(result.stdout).toBe('imported taxes.csv: 0 created, 6 unchanged, 0 rejected\n');
    expect(result.code).toBe(0);
    expect(snapshot(server)).toEqual(before);
  });

  it('reports rows with errors by line and reason, and imports the good rows', async () => {
    const result = await runImport(server, 'taxes', 'taxes-bad-rows.csv');
    expect(result.stdout.split('\n')).toEqual([
      'imported taxes-bad-rows.csv: 2 created, 0 unchanged, 8 rejected',
      'line 3: country code GBR is not a two-letter code',
      'line 4: rate abc is not a percentage such as 20 or 9.975',
      'line 5: rate 19.00001 has more than 4 decimals',
      'line 6: priority 0 is below 1',
      'line 7: compound maybe is not 1 or 0',
      'line 8: postcode range 10001... needs one start and one end (90210...90299)',
      'line 9: the rate is empty',
      'line 10: the same rate as line 2',
      '',
    ]);
    expect(result.code).toBe(0);
    const french = (await allRates()).filter((rate) => rate.country === 'FR');
    expect(french.map(fields)).toEqual([
      ['FR', '', [], [], '20.0000', 'TVA', 1, false, true, 'standard'],
      ['FR', '', [], [], '5.5000', 'TVA', 1, false, true, 'reduced-rate'],
    ]);
    expect((await allRates()).some((rate) => ['DE', 'NL', 'BE', 'IE'].includes(rate.country) || rate.state === 'NY')).toBe(false);
  });

  it('reads a ten-column file with a translated header by position, as WooCommerce does', async () => {
    const result = await runImport(server, 'taxes', 'taxes-de.csv');
    expect(result.stdout).toBe('imported taxes-de.csv: 2 created, 0 unchanged, 0 rejected\n');
    expect((await allRates()).filter((rate) => rate.country === 'DE').map(fields)).toEqual([
      ['DE', '', [], [], '19.0000', 'MwSt.', 1, false, true, 'standard'],
      ['DE', '', [], [], '7.0000', 'MwSt.', 1, false, true, 'reduced-rate'],
    ]);
  });

  it.each([
    ['taxes-unclosed-quote.csv', 'the file is not a valid CSV: a quoted field is never closed (in the row starting on line 3)'],
    ['products.csv', 'the file is not a WooCommerce tax-rate CSV: the header has no Rate % column'],
    ['products-latin1.csv', 'the file is not UTF-8 text (save it as "CSV UTF-8")'],
    ['empty.csv', 'the file is empty'],
  ])('refuses %s with one line and exit 2, changing nothing', async (file, message) => {
    const before = snapshot(server);
    const result = await runImport(server, 'taxes', file);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`tillbase: cannot import ${file}: ${message}\n`);
    expect(result.code).toBe(2);
    expect(snapshot(server)).toEqual(before);
  });
});

describe('imported rates in an order', () => {
  it('tax the lines of an order by their class, with the imported rate ids', async () => {
    const db = openDataDirDatabase(server.dataDir);
    try {
      const stores = new StoresRepository(db);
      const store = stores.defaultStore();
      stores.update(
        store.id,
        store.name,
        storeFieldsSchema.parse({
          store_country: 'GB',
          store_state: '',
          store_city: 'Bristol',
          store_postcode: 'BS1 4DJ',
          currency: 'GBP',
          prices_include_tax: false,
          tax_based_on: 'base',
        }),
        store.meta_data,
      );
    } finally {
      db.close();
    }
    expect((await runImport(server, 'products', 'products.csv')).code).toBe(0);
    const rates = await allRates();
    const standard = rates.find((rate) => rate.country === 'GB' && rate.class === 'standard');
    const reduced = rates.find((rate) => rate.country === 'GB' && rate.class === 'reduced-rate');

    // Flat White: standard class, 2 × 3.40; Ethiopia Guji: reduced-rate class, on sale at 8.50.
    const response = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: {
        line_items: [
          { sku: 'HC-FW', quantity: 2 },
          { sku: 'HC-ETH-250', quantity: 1 },
        ],
      },
    });
    expect(response.status).toBe(201);
    const order = response.body;
    expect(order.line_items.map((line: any) => [line.sku, line.tax_class, line.subtotal, line.total_tax, line.taxes.map((tax: any) => tax.id)])).toEqual([
      ['HC-FW', '', '6.80', '1.36', [standard.id]],
      ['HC-ETH-250', 'reduced-rate', '8.50', '0.43', [reduced.id]],
    ]);
    expect(order.tax_lines.map((line: any) => [line.rate_id, line.rate_code, line.label, line.tax_total, line.rate_percent])).toEqual([
      [standard.id, 'GB-VAT-1', 'VAT', '1.36', 20],
      [reduced.id, 'GB-VAT-1', 'VAT', '0.43', 5],
    ]);
    expect([order.total_tax, order.total]).toEqual(['1.79', '17.09']);
  });
});
