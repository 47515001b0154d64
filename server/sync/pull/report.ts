import type { WooCommerceOutcome } from '../shop/outcome.js';

/** What a catalogue pull reads, in the order it reads them. */
export const PULLED_RESOURCES = ['tax_classes', 'tax_rates', 'settings', 'categories', 'tags', 'brands', 'products', 'variations', 'coupons'] as const;
export type PulledResource = (typeof PULLED_RESOURCES)[number];

/**
 * What a pull changed of one resource. `deleted` counts records gone from WooCommerce and so trashed
 * (products, variations) or deleted (terms, coupons, tax rates) at the till; `local_only` the till's
 * own products WooCommerce has no SKU for, marked so; `skipped` the records the till cannot hold (a
 * plugin's product type or discount type).
 */
export interface ResourceCounts {
  created: number;
  updated: number;
  deleted: number;
  local_only: number;
  skipped: number;
}

export interface PullReport {
  kind: 'full' | 'incremental';
  counts: Record<PulledResource, ResourceCounts>;
  seconds: number;
}

/** Where a pull has got to: records of `resource` read so far, of `total` (WooCommerce's X-WP-Total, when it sends one). */
export interface PullProgress {
  resource: PulledResource;
  done: number;
  total: number | null;
}

export function emptyCounts(): Record<PulledResource, ResourceCounts> {
  return Object.fromEntries(PULLED_RESOURCES.map((resource) => [resource, { created: 0, updated: 0, deleted: 0, local_only: 0, skipped: 0 }])) as Record<
    PulledResource,
    ResourceCounts
  >;
}

/** A request of the pull that did not come back `ok`: the pull stops there, and what it wrote stays (the next one reads again). */
export class CataloguePullFailed extends Error {
  constructor(
    readonly resource: PulledResource,
    readonly outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }>,
  ) {
    super(`the catalogue pull stopped reading ${resource}: ${outcome.kind}${'message' in outcome ? `, ${outcome.message}` : ''}`);
    this.name = 'CataloguePullFailed';
  }
}
