import type { TaxClassesRepository } from '../../data/repositories/tax-classes.js';
import type { TaxRateListQuery, TaxRatesRepository } from '../../data/repositories/tax-rates.js';
import type { TaxRate } from '../../model/taxes/rates.js';

/** What TaxTables is built from (server/composition.ts builds each once). */
export interface TaxTablesParts {
  rates: TaxRatesRepository;
  classes: TaxClassesRepository;
}

/** The tax rates and classes, read as the `taxes` routes list them (woocommerce-reference §2.10, §2.11). */
export class TaxTables {
  private readonly rates: TaxRatesRepository;
  private readonly classes: TaxClassesRepository;

  constructor(parts: TaxTablesParts) {
    this.rates = parts.rates;
    this.classes = parts.classes;
  }

  allRates(): TaxRate[] {
    return this.rates.all();
  }

  listRates(query: TaxRateListQuery): { rates: TaxRate[]; total: number } {
    return this.rates.list(query);
  }

  findRate(id: number): TaxRate | undefined {
    return this.rates.find(id);
  }

  classList(): ReturnType<TaxClassesRepository['all']> {
    return this.classes.all();
  }
}
