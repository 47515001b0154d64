import { z } from 'zod';

/** A tax rate as stored (woocommerce-reference §2.10). `taxClass` is `standard` or a class slug. */
export interface TaxRate {
  id: number;
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  /** Percentage with 4 decimals, e.g. `"20.0000"`. */
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  order: number;
  taxClass: string;
}

export const STANDARD_TAX_CLASS = 'standard';

/** Products and settings write the standard class as `""`; the rates table writes it as `standard`. */
export function rateClassOf(taxClass: string): string {
  return taxClass === '' ? STANDARD_TAX_CLASS : taxClass;
}

export function productClassOf(rateClass: string): string {
  return rateClass === STANDARD_TAX_CLASS ? '' : rateClass;
}

/** What a new rate is made of; the CSV import and the demo seed both go through it. */
export const taxRateInputSchema = z.object({
  country: z
    .string()
    .trim()
    .transform((value) => (value === '*' ? '' : value.toUpperCase()))
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'must be a two-letter country code or empty'),
  state: z
    .string()
    .trim()
    .transform((value) => (value === '*' ? '' : value.toUpperCase())),
  postcodes: z.array(z.string()).transform((codes) => codes.map((code) => code.trim().toUpperCase()).filter((code) => code !== '' && code !== '*')),
  cities: z.array(z.string()).transform((cities) => cities.map((city) => city.trim().toUpperCase()).filter((city) => city !== '' && city !== '*')),
  rate: z
    .string()
    .trim()
    .refine((value) => /^\d{1,4}(\.\d{1,4})?$/.test(value), 'must be a percentage such as "20" or "9.975"'),
  name: z
    .string()
    .trim()
    .max(200)
    .transform((value) => (value === '' ? 'Tax' : value)),
  priority: z.number().int().min(1).default(1),
  compound: z.boolean().default(false),
  shipping: z.boolean().default(true),
  class: z.string().trim().transform(rateClassOf),
});
export type TaxRateInput = z.input<typeof taxRateInputSchema>;
export type NormalisedTaxRateInput = z.output<typeof taxRateInputSchema>;

/** `US-CA-STATE TAX-1`: the `rate_code` of an order's tax line (WC_Tax::get_rate_code). */
export function rateCodeOf(rate: Pick<TaxRate, 'country' | 'state' | 'name' | 'priority'>): string {
  return [rate.country, rate.state, rate.name === '' ? 'TAX' : rate.name, String(rate.priority)]
    .filter((part) => part !== '')
    .join('-')
    .toUpperCase();
}
