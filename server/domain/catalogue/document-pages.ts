import type { CatalogueFilter, CatalogueSort } from '../../data/repositories/products.js';

/** A page as sent, with what it was read under. */
interface CachedPage {
  version: number;
  body: Buffer;
  total: number;
  validBefore: string | null;
  validThrough: string | null;
}

/** The bytes of pages kept at once: a few dozen pages of 100 products, well inside the server's memory budget. */
const BUDGET_BYTES = 12 * 1024 * 1024;

/**
 * The filters whose matches and order follow only the products' rows and their terms, all of which
 * move `documents_version`: a page of such a list holds the same bytes while the version stands,
 * the store's settings and origin are the same (they are in the key) and no sale-date boundary of
 * its documents has passed. A search (its index), a barcode (its table), the on-sale filter and the
 * price order (the clock) are read afresh every time.
 */
export function cacheablePage(filter: CatalogueFilter, sort: CatalogueSort): boolean {
  return (
    (filter.search === undefined || filter.search === '') && filter.barcodeMatches === undefined && filter.onSale === undefined && sort.orderby !== 'price'
  );
}

export function pageKey(filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number, stamp: string): string {
  return `${stamp}|${JSON.stringify({ ...filter, now: undefined })}|${JSON.stringify(sort)}|${limit}|${offset}`;
}

/**
 * The product list pages most recently sent, as bytes, bounded by BUDGET_BYTES (least recently
 * used forgotten first). A page is sent from here only under the documents version it was read
 * with and before its first sale-date boundary.
 */
export class DocumentPages {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  get(key: string, version: number, nowGmt: string): { body: Buffer; total: number } | undefined {
    const page = this.pages.get(key);
    if (page === undefined) return undefined;
    const fresh =
      page.version === version && (page.validBefore === null || nowGmt < page.validBefore) && (page.validThrough === null || nowGmt <= page.validThrough);
    this.forget(key, page);
    if (!fresh) return undefined;
    this.pages.set(key, page);
    this.bytes += page.body.length;
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.body.length > BUDGET_BYTES / 8) return;
    const known = this.pages.get(key);
    if (known !== undefined) this.forget(key, known);
    for (const [oldestKey, oldest] of this.pages) {
      if (this.bytes + page.body.length <= BUDGET_BYTES) break;
      this.forget(oldestKey, oldest);
    }
    this.pages.set(key, page);
    this.bytes += page.body.length;
  }

  private forget(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.bytes -= page.body.length;
  }
}
