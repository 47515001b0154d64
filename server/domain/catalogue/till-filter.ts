import type { BarcodesRepository } from '../../data/repositories/barcodes.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { CatalogueFilter, CatalogueKind } from '../lists.js';
import { readGeneralSettings } from '../settings/general.js';
import { resolveBarcode, type BarcodeMatch } from './barcode-lookup.js';

/** What TillFilter is built from (server/composition.ts builds each once). */
export interface TillFilterParts {
  settings: SettingsRepository;
  barcodes: BarcodesRepository;
  stores: StoresRepository;
}

/**
 * The catalogue as the till sees it: items marked online-only are left out while `pos_only_products`
 * is on, and a scanned `barcode` is resolved by `barcode_field`, in any GTIN form, and as a GS1
 * variable-measure code (its match is shown on each item found as `barcode_match`).
 */
export class TillFilter {
  private readonly settings: SettingsRepository;
  private readonly barcodes: BarcodesRepository;
  private readonly stores: StoresRepository;

  constructor(parts: TillFilterParts) {
    this.settings = parts.settings;
    this.barcodes = parts.barcodes;
    this.stores = parts.stores;
  }

  /** `filter` narrowed as the till sees the catalogue, with the match of `barcode` when one was asked for. */
  narrow(kind: CatalogueKind, filter: CatalogueFilter, barcode: string | undefined): { filter: CatalogueFilter; match: BarcodeMatch | undefined } {
    const general = readGeneralSettings(this.settings);
    const tillFilter: CatalogueFilter = { ...filter, hideOnlineOnly: general.pos_only_products };
    if (barcode === undefined) return { filter: tillFilter, match: undefined };
    const barcodeSettings = {
      barcodeField: general.barcode_field,
      layout: general.variable_measure_barcodes,
      priceDecimals: this.stores.defaultStore().price_num_decimals,
    };
    const resolved = resolveBarcode(this.barcodes, barcodeSettings, barcode, kind);
    return { filter: { ...tillFilter, barcodeMatches: resolved.ids }, match: resolved.match };
  }

  /** Whether an item marked online-only is hidden from the till (`pos_only_products`). */
  hidesOnlineOnly(): boolean {
    return readGeneralSettings(this.settings).pos_only_products;
  }
}
