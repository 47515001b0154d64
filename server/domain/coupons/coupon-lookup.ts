import type { CouponFilter, CouponSort, CouponsRepository } from '../../data/repositories/coupons.js';
import type { CouponRecord } from '../../model/coupons/types.js';

/** What CouponLookup is built from (server/composition.ts builds each once). */
export interface CouponLookupParts {
  coupons: CouponsRepository;
}

/** Coupon lists for the till and the offline-sync audit (woocommerce-reference §2.5); one coupon is read through CouponWriter. */
export class CouponLookup {
  private readonly coupons: CouponsRepository;

  constructor(parts: CouponLookupParts) {
    this.coupons = parts.coupons;
  }

  list(filter: CouponFilter, sort: CouponSort, limit: number, offset: number): { records: CouponRecord[]; total: number } {
    return this.coupons.list(filter, sort, limit, offset);
  }

  modificationIndex(filter: CouponFilter, sort: CouponSort): Array<{ id: number; date_modified_gmt: string }> {
    return this.coupons.modificationIndex(filter, sort);
  }
}
