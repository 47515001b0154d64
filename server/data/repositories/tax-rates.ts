import type { Database } from '../database.js';
import { Decimal } from '../../model/money.js';
import { taxRateInputSchema, type TaxRate, type TaxRateInput } from '../../model/taxes/rates.js';
import { whileConfigStands } from '../sql.js';
import { prepared } from '../statements.js';

interface TaxRateRow {
  id: number;
  country: string;
  state: string;
  postcodes: string;
  cities: string;
  rate: string;
  name: string;
  priority: number;
  compound: number;
  shipping: number;
  rate_order: number;
  class: string;
}

function toTaxRate(row: TaxRateRow): TaxRate {
  return {
    id: row.id,
    country: row.country,
    state: row.state,
    postcodes: JSON.parse(row.postcodes) as string[],
    cities: JSON.parse(row.cities) as string[],
    rate: row.rate,
    name: row.name,
    priority: row.priority,
    compound: row.compound === 1,
    shipping: row.shipping === 1,
    order: row.rate_order,
    taxClass: row.class,
  };
}

export interface TaxRateListQuery {
  /** `standard` or a class slug. */
  taxClass?: string | undefined;
  orderby: 'order' | 'id' | 'priority';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const ORDER_COLUMNS: Record<TaxRateListQuery['orderby'], string> = { order: 'rate_order', id: 'id', priority: 'priority' };

export class TaxRatesRepository {
  constructor(private readonly db: Database) {}

  /** Adds a rate (the class must exist); `""` as class means standard, as in WooCommerce's CSV. */
  create(input: TaxRateInput): TaxRate {
    const rate = taxRateInputSchema.parse(input);
    const classExists = prepared<[string], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM tax_classes WHERE slug = ?').get(rate.class)?.n === 1;
    if (!classExists) throw new Error(`unknown tax class "${rate.class}"`);
    const nextOrder = prepared<[], { n: number | null }>(this.db, 'SELECT MAX(rate_order) + 1 AS n FROM tax_rates').get()?.n ?? 0;
    const { lastInsertRowid } = prepared(
      this.db,
      `INSERT INTO tax_rates (country, state, postcodes, cities, rate, name, priority, compound, shipping, rate_order, class)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      rate.country,
      rate.state,
      JSON.stringify(rate.postcodes),
      JSON.stringify(rate.cities),
      new Decimal(rate.rate).toFixed(4),
      rate.name,
      rate.priority,
      rate.compound ? 1 : 0,
      rate.shipping ? 1 : 0,
      nextOrder,
      rate.class,
    );
    const created = this.find(Number(lastInsertRowid));
    if (!created) throw new Error('tax rate vanished after insert');
    return created;
  }

  find(id: number): TaxRate | undefined {
    const row = prepared<[number], TaxRateRow>(this.db, 'SELECT * FROM tax_rates WHERE id = ?').get(id);
    return row && toTaxRate(row);
  }

  findMany(ids: readonly number[]): TaxRate[] {
    if (ids.length === 0) return [];
    const rows = prepared<[string], TaxRateRow>(this.db, 'SELECT * FROM tax_rates WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(
      JSON.stringify(ids),
    );
    return rows.map(toTaxRate);
  }

  all(): TaxRate[] {
    return prepared<[], TaxRateRow>(this.db, 'SELECT * FROM tax_rates ORDER BY rate_order, id').all().map(toTaxRate);
  }

  list(query: TaxRateListQuery): { rates: TaxRate[]; total: number } {
    const where = query.taxClass === undefined ? '' : 'WHERE class = @taxClass';
    const params: Record<string, string> = query.taxClass === undefined ? {} : { taxClass: query.taxClass };
    const total = prepared<Record<string, string>, { n: number }>(this.db, `SELECT COUNT(*) AS n FROM tax_rates ${where}`).get(params)?.n ?? 0;
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const rows = prepared<Record<string, string | number>, TaxRateRow>(
      this.db,
      `SELECT * FROM tax_rates ${where} ORDER BY ${ORDER_COLUMNS[query.orderby]} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`,
    ).all({ ...params, limit: query.limit, offset: query.offset });
    return { rates: rows.map(toTaxRate), total };
  }

  /**
   * The rates that could apply at a country and state for a class (WC_Tax::find_rates step 1):
   * the postcode and city tests and the per-priority choice are done by the domain.
   */
  candidates(country: string, state: string, taxClass: string): readonly TaxRate[] {
    const at = [country.toUpperCase(), state.toUpperCase(), taxClass] as const;
    // Every line of every sale asks, for each tax class: kept while the set-up stands (migration 16; frozen).
    return whileConfigStands(this.db, `tax-rates.candidates:${JSON.stringify(at)}`, () =>
      prepared<[string, string, string], TaxRateRow>(
        this.db,
        "SELECT * FROM tax_rates WHERE country IN (?, '') AND state IN (?, '') AND class = ? ORDER BY priority, id",
      )
        .all(...at)
        .map(toTaxRate),
    );
  }
}
