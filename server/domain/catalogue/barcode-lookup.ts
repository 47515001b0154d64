import type { BarcodeField, BarcodesRepository } from '../../data/repositories/barcodes.js';
import { gtinForms } from '../../model/catalogue/barcode.js';
import { decodeVariableMeasure, type VariableMeasureLayout } from './gs1.js';

/**
 * What a scan matched, shown on each product a `barcode=` lookup returns as `barcode_match`:
 * `exact` (the code, or another GTIN form of it: a UPC-A scanned without its leading 0), or
 * `variable_measure` (a GS1 20-29 code whose item part is the product's barcode), with the weight
 * in `quantity` (kg) or the price in `price` that the code carries.
 */
export interface BarcodeMatch {
  code: string;
  match: 'exact' | 'variable_measure';
  /** The code the product carries. */
  product_code: string;
  measure: 'weight' | 'price' | null;
  quantity: string | null;
  price: string | null;
}

export interface BarcodeSettings {
  /** General setting `barcode_field`: `_global_unique_id` (the barcode), `sku`/`_sku`, or a meta key. */
  barcodeField: string;
  layout: VariableMeasureLayout;
  priceDecimals: number;
}

export interface ResolvedBarcode {
  ids: number[];
  match: BarcodeMatch | undefined;
}

const BARCODE_FIELDS = new Set(['_global_unique_id', 'global_unique_id', 'barcode', '_barcode']);
const SKU_FIELDS = new Set(['sku', '_sku']);

export function barcodeFieldOf(setting: string): BarcodeField {
  if (BARCODE_FIELDS.has(setting)) return { column: 'barcode' };
  if (SKU_FIELDS.has(setting)) return { column: 'sku' };
  return { metaKey: setting };
}

/**
 * The products (or variations) a scanned code names: first the code itself in any GTIN form, then,
 * for a variable-measure code, the product its item part names, with the embedded weight or price.
 */
export function resolveBarcode(repository: BarcodesRepository, settings: BarcodeSettings, code: string, kind: 'product' | 'variation'): ResolvedBarcode {
  const field = barcodeFieldOf(settings.barcodeField);
  const exact = repository.idsMatching(field, gtinForms(code), kind);
  if (exact.length > 0) return { ids: exact, match: { code, match: 'exact', product_code: code, measure: null, quantity: null, price: null } };
  const decoded = decodeVariableMeasure(code, settings.layout, settings.priceDecimals);
  if (decoded === undefined) return { ids: [], match: undefined };
  const ids = repository.idsMatching(field, gtinForms(decoded.productCode), kind);
  if (ids.length === 0) return { ids: [], match: undefined };
  return {
    ids,
    match: {
      code,
      match: 'variable_measure',
      product_code: decoded.productCode,
      measure: decoded.measure,
      quantity: decoded.measure === 'weight' ? decoded.value : null,
      price: decoded.measure === 'price' ? decoded.value : null,
    },
  };
}

/** One item a scan names, for a sale: the first product, else the first variation, with what the code carried. */
export function resolveScannedItem(repository: BarcodesRepository, settings: BarcodeSettings, code: string): { id: number; match: BarcodeMatch } | undefined {
  for (const kind of ['product', 'variation'] as const) {
    const { ids, match } = resolveBarcode(repository, settings, code, kind);
    const [id] = ids;
    if (id !== undefined && match !== undefined) return { id, match };
  }
  return undefined;
}
