import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { TaxClassesRepository } from '../../data/repositories/tax-classes.js';
import type { TaxRatesRepository } from '../../data/repositories/tax-rates.js';
import { slugify } from '../../model/catalogue/naming.js';
import { Decimal } from '../../model/money.js';
import { STANDARD_TAX_CLASS, taxRateInputSchema, type NormalisedTaxRateInput, type TaxRate } from '../../model/taxes/rates.js';
import { cell, flagCell, integerCell, problem, reasonsOf } from './cells.js';
import { cellsOf, mapColumns, requireColumns, splitList, type ColumnIndex, type ColumnRule } from './columns.js';
import type { CsvTable } from './csv.js';
import { Rejections, type ImportReport } from './report.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { UNGUARDED, type CatalogueGuard } from '../catalogue/managed-catalogue.js';

/** The columns of WooCommerce's tax-rate CSV (Settings → Tax → Export CSV, and its sample file), in their order. */
export const TAX_COLUMNS = [
  { key: 'country', label: 'Country code', names: ['country code', 'country'] },
  { key: 'state', label: 'State code', names: ['state code', 'state'] },
  { key: 'postcodes', label: 'Postcode / ZIP', names: ['postcode/zip', 'zip/postcode', 'postcodes', 'postcode', 'zip'] },
  { key: 'cities', label: 'City', names: ['city', 'cities'] },
  { key: 'rate', label: 'Rate %', names: ['rate %', 'rate'] },
  { key: 'name', label: 'Tax name', names: ['tax name', 'name'] },
  { key: 'priority', label: 'Priority', names: ['priority'] },
  { key: 'compound', label: 'Compound', names: ['compound'] },
  { key: 'shipping', label: 'Shipping', names: ['shipping'] },
  { key: 'class', label: 'Tax class', names: ['tax class', 'class'] },
] as const satisfies readonly ColumnRule<string>[];
type TaxColumn = (typeof TAX_COLUMNS)[number]['key'];

/**
 * The columns of a tax-rate file. WooCommerce's own importer reads the ten columns by position,
 * whatever the header says (its exporter translates the header), so a ten-column header whose
 * names are all unknown is read the same way.
 */
function taxColumnsOf(header: readonly string[]): ColumnIndex<TaxColumn> {
  const byName = mapColumns(header, TAX_COLUMNS);
  if (byName.size > 0 || header.length !== TAX_COLUMNS.length) return byName;
  return new Map(TAX_COLUMNS.map((column, position) => [column.key, position]));
}

/** `;`-separated entries, upper case, `*` and empty entries left out (they mean "any"). */
function locationList(value: string): string[] {
  return splitList(value, ';')
    .map((entry) => entry.toUpperCase())
    .filter((entry) => entry !== '' && entry !== '*');
}

const taxRowSchema = z.object({
  country: cell((value, ctx) => {
    const code = value.trim().toUpperCase();
    if (code === '' || code === '*') return '';
    return /^[A-Z]{2}$/.test(code) ? code : problem(ctx, `country code ${value.trim()} is not a two-letter code`);
  }).optional(),
  state: cell((value) => value.trim()).optional(),
  postcodes: cell((value, ctx) =>
    locationList(value.replaceAll('\u2026', '...')).map((postcode) => {
      const range = postcode.split('...');
      if (range.length > 2 || (range.length === 2 && range.some((end) => end.trim() === '')))
        return problem(ctx, `postcode range ${postcode} needs one start and one end (90210...90299)`);
      if (/\*./.test(postcode)) return problem(ctx, `postcode ${postcode} has a * before its end (write 90* for every postcode starting with 90)`);
      return postcode;
    }),
  ).optional(),
  cities: cell((value) => locationList(value)).optional(),
  rate: cell((value, ctx) => {
    const rate = value.trim();
    if (rate === '') return problem(ctx, 'the rate is empty');
    if (/^\d{1,4}\.\d{5,}$/.test(rate)) return problem(ctx, `rate ${rate} has more than 4 decimals`);
    if (!/^\d{1,4}(\.\d{1,4})?$/.test(rate)) return problem(ctx, `rate ${rate} is not a percentage such as 20 or 9.975`);
    return rate;
  }),
  name: cell((value) => value.trim()).optional(),
  priority: integerCell('priority', 1, 1).optional(),
  // WooCommerce reads an empty Compound or Shipping cell as 0; a file without the column keeps the defaults.
  compound: flagCell('compound', false).optional(),
  shipping: flagCell('shipping', false).optional(),
  class: cell((value) => value.trim()).optional(),
});

/** Two rates are the same when every field of the CSV is (postcodes and cities in any order, the rate as a number). */
function identityOf(
  rate: Pick<TaxRate, 'country' | 'state' | 'postcodes' | 'cities' | 'rate' | 'name' | 'priority' | 'compound' | 'shipping'> & { taxClass: string },
): string {
  return JSON.stringify([
    rate.country,
    rate.state,
    [...rate.postcodes].sort(),
    [...rate.cities].sort(),
    new Decimal(rate.rate).toFixed(4),
    rate.name,
    rate.priority,
    rate.compound,
    rate.shipping,
    rate.taxClass,
  ]);
}

/** "food-rate" → "Food rate". */
function nameOfSlug(slug: string): string {
  const words = slug.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface NewClass {
  slug: string;
  name: string;
  line: number;
}

/**
 * `tillbase import taxes`: WooCommerce's tax-rate CSV into the tax rates, all or nothing. A rate
 * identical to one already stored (or to an earlier row) is not added again, so importing the same
 * file twice changes nothing. A tax class the file names that does not exist is created, as
 * WooCommerce's tax settings create classes, and the report says so.
 */
export class TaxRateImporter {
  constructor(
    private readonly db: Database,
    /** `guard` refuses the import while WooCommerce masters the tax rates (catalogue/managed-catalogue.ts). */
    private readonly parts: { rates: TaxRatesRepository; taxClasses: TaxClassesRepository; guard?: CatalogueGuard },
  ) {}

  run(table: CsvTable): ImportReport {
    (this.parts.guard ?? UNGUARDED)();
    const columns = taxColumnsOf(table.header);
    requireColumns(table.header, columns, TAX_COLUMNS, ['rate'], 'a WooCommerce tax-rate CSV');
    const { rates, taxClasses } = this.parts;
    const rejections = new Rejections();

    return writeTransaction(this.db, () => {
      const classes = taxClasses.all();
      const newClasses = new Map<string, NewClass>();
      const known = new Set(rates.all().map((rate) => identityOf(rate)));
      const lineOfIdentity = new Map<string, number>();
      const toCreate: NormalisedTaxRateInput[] = [];
      let unchanged = 0;

      for (const record of table.records) {
        if (record.fields.length > table.header.length) {
          rejections.add(record.line, `the row has ${record.fields.length} fields, the header ${table.header.length}`);
          continue;
        }
        const parsed = taxRowSchema.safeParse(cellsOf(record.fields, columns));
        if (!parsed.success) {
          rejections.add(record.line, ...reasonsOf(parsed.error));
          continue;
        }
        const row = parsed.data;
        const classCell = row.class ?? '';
        const existingClass = classes.find(
          (taxClass) => taxClass.slug === classCell || taxClass.slug === slugify(classCell) || taxClass.name.toLowerCase() === classCell.toLowerCase(),
        );
        const taxClass = classCell === '' ? STANDARD_TAX_CLASS : (existingClass?.slug ?? slugify(classCell));
        if (classCell !== '' && !existingClass && !newClasses.has(taxClass))
          newClasses.set(taxClass, { slug: taxClass, name: classCell === taxClass ? nameOfSlug(taxClass) : classCell, line: record.line });
        const normalised = taxRateInputSchema.safeParse({
          country: row.country ?? '',
          state: row.state ?? '',
          postcodes: row.postcodes ?? [],
          cities: row.cities ?? [],
          rate: row.rate,
          name: row.name ?? '',
          priority: row.priority,
          compound: row.compound,
          shipping: row.shipping,
          class: taxClass,
        });
        if (!normalised.success) {
          rejections.add(record.line, ...normalised.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
          continue;
        }
        const input = normalised.data;
        const identity = identityOf({ ...input, taxClass: input.class });
        const earlier = lineOfIdentity.get(identity);
        if (earlier !== undefined) {
          rejections.add(record.line, `the same rate as line ${earlier}`);
          continue;
        }
        lineOfIdentity.set(identity, record.line);
        if (known.has(identity)) unchanged++;
        else toCreate.push(input);
      }

      const usedClasses = new Set(toCreate.map((rate) => rate.class));
      const createdClasses = [...newClasses.values()].filter((taxClass) => usedClasses.has(taxClass.slug));
      for (const taxClass of createdClasses) taxClasses.create(taxClass.slug, taxClass.name);
      for (const rate of toCreate) rates.create(rate);
      return {
        created: toCreate.length,
        updated: 0,
        unchanged,
        rejected: rejections.list(),
        notes: createdClasses.map((taxClass) => `created tax class ${taxClass.slug} ("${taxClass.name}", first named on line ${taxClass.line})`),
      };
    });
  }
}
