/** Small helpers shared by the repositories that build their WHERE clauses from filters. */

/** Named parameters for a query assembled from optional filters. */
export class SqlParams {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  bind(value: unknown): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `@${name}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((value) => this.bind(value)).join(', ');
  }
}

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The filters every WooCommerce collection takes (woocommerce-reference §3); dates are GMT strings. */
export interface CollectionFilter {
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  modifiedAfter?: string | undefined;
  modifiedBefore?: string | undefined;
}
