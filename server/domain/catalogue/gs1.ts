import { z } from 'zod';
import { Decimal } from '../../model/money.js';
import { ean13, isValidEan13 } from '../../model/catalogue/barcode.js';

/**
 * How the shop's scales print variable-measure EAN-13 codes (GS1 prefixes 20-29, "restricted
 * circulation"): `2P IIIII VVVVV C` with the default five item digits, the rest up to the check
 * digit being the value. `measure` says whether the value is a weight (in kilograms, three decimals
 * by default: 01234 = 1.234 kg) or a price (the store's price decimals by default: 00350 = 3.50).
 */
export const variableMeasureLayoutSchema = z.strictObject({
  enabled: z.boolean().default(true),
  measure: z.enum(['weight', 'price']).default('weight'),
  item_digits: z.number().int('must be an integer').min(4, 'item_digits must be 4, 5 or 6').max(6, 'item_digits must be 4, 5 or 6').default(5),
  /** Decimal places of the value; null takes 3 for a weight and the store's price decimals for a price. */
  value_decimals: z.number().int('must be an integer').min(0).max(4).nullable().default(null),
});
export type VariableMeasureLayout = z.output<typeof variableMeasureLayoutSchema>;

export interface VariableMeasureCode {
  /** The code as scanned. */
  code: string;
  /** The code with its value zeroed and the check digit recomputed: the barcode the product carries. */
  productCode: string;
  measure: 'weight' | 'price';
  /** The embedded weight (kg) or price, as a decimal string at the layout's places. */
  value: string;
}

const WEIGHT_DECIMALS = 3;

/** Reads a variable-measure code; undefined when it is not one (not 13 digits, not 20-29, a wrong check digit, or the layout is off). */
export function decodeVariableMeasure(code: string, layout: VariableMeasureLayout, priceDecimals: number): VariableMeasureCode | undefined {
  if (!layout.enabled || !/^2\d{12}$/.test(code) || !isValidEan13(code)) return undefined;
  const itemEnd = 2 + layout.item_digits;
  const valueDigits = code.slice(itemEnd, 12);
  const decimals = layout.value_decimals ?? (layout.measure === 'weight' ? WEIGHT_DECIMALS : priceDecimals);
  const value = new Decimal(valueDigits).div(new Decimal(10).pow(decimals)).toFixed(decimals);
  return { code, productCode: ean13(`${code.slice(0, itemEnd)}${'0'.repeat(valueDigits.length)}`), measure: layout.measure, value };
}
