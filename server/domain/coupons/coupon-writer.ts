import type { Database } from '../../data/database.js';
import type { CouponWritesRepository, CouponChanges } from '../../data/repositories/coupon-writes.js';
import type { CouponsRepository } from '../../data/repositories/coupons.js';
import type { ProductWritesRepository } from '../../data/repositories/product-writes.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { invalidParams, notFound } from '../errors.js';
import { money } from '../../model/money.js';
import type { CouponInput } from './input.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import { UNGUARDED, type CatalogueGuard } from '../catalogue/managed-catalogue.js';

const EMAIL = /^[^\s@]+@[^\s@]+$|^\*@[^\s@]+$/;

/** What CouponWriter is built from (server/composition.ts builds each once). */
export interface CouponWriterParts {
  coupons: CouponsRepository;
  writes: CouponWritesRepository;
  terms: ProductWritesRepository;
  /** Refuses coupon writes while WooCommerce masters the catalogue (catalogue/managed-catalogue.ts). */
  guard?: CatalogueGuard;
}

/** Coupon writes (`manage_products`), refused with every bad field named. */
export class CouponWriter {
  private readonly coupons: CouponsRepository;
  private readonly writes: CouponWritesRepository;
  private readonly terms: ProductWritesRepository;
  private readonly guard: CatalogueGuard;

  constructor(
    private readonly db: Database,
    parts: CouponWriterParts,
  ) {
    this.coupons = parts.coupons;
    this.writes = parts.writes;
    this.terms = parts.terms;
    this.guard = parts.guard ?? UNGUARDED;
  }

  coupon(id: number): CouponRecord {
    const record = this.coupons.findById(id);
    if (!record) throw notFound('coupon');
    return record;
  }

  private check(input: CouponInput, current: CouponRecord | undefined): void {
    const problems: Record<string, string> = {};
    if (input.code !== undefined) {
      const owner = this.writes.codeOwner(input.code, current?.id ?? 0);
      if (owner !== undefined) problems.code = `coupon code ${input.code} is already used by coupon ${owner}`;
    }
    const type = input.discount_type ?? current?.discount_type ?? 'fixed_cart';
    const amount = input.amount ?? current?.amount ?? '0';
    if (type === 'percent' && amount !== '' && money(amount).greaterThan(100)) problems.amount = 'a percentage discount is at most 100';
    for (const field of ['product_ids', 'excluded_product_ids'] as const) {
      const missing = this.writes.missingProducts(input[field] ?? []);
      if (missing.length > 0) problems[field] = `no product with id ${missing.join(', ')}`;
    }
    for (const field of ['product_categories', 'excluded_product_categories'] as const) {
      const missing = this.terms.missingTerms('product_cat', input[field] ?? []);
      if (missing.length > 0) problems[field] = `no category with id ${missing.join(', ')}`;
    }
    const minimum = input.minimum_amount ?? current?.minimum_amount ?? '';
    const maximum = input.maximum_amount ?? current?.maximum_amount ?? '';
    if (minimum !== '' && maximum !== '' && !money(maximum).isZero() && money(minimum).greaterThan(money(maximum)))
      problems.maximum_amount = `maximum spend ${maximum} is below the minimum spend ${minimum}`;
    const badEmail = (input.email_restrictions ?? []).find((email) => !EMAIL.test(email));
    if (badEmail !== undefined) problems.email_restrictions = `${badEmail} is not an email address (or a *@domain pattern)`;
    if (Object.keys(problems).length > 0) throw invalidParams(problems);
  }

  private changes(input: CouponInput): CouponChanges {
    const { date_expires, date_expires_gmt, meta_data, ...rest } = input;
    const expires = date_expires_gmt !== undefined ? date_expires_gmt : date_expires;
    return {
      ...rest,
      ...(expires !== undefined ? { date_expires_gmt: expires } : {}),
      ...(meta_data !== undefined ? { meta_data: meta_data.map((entry, index) => ({ id: entry.id ?? index + 1, key: entry.key, value: entry.value })) } : {}),
    };
  }

  create(input: CouponInput): CouponRecord {
    this.guard();
    if (input.code === undefined) throw invalidParams({ code: 'code is required' });
    const code = input.code;
    return writeTransaction(this.db, () => {
      this.check(input, undefined);
      const { usage_limit, usage_limit_per_user, limit_usage_to_x_items, ...changes } = this.changes(input);
      return this.coupons.create({
        ...changes,
        code,
        amount: input.amount ?? '0',
        usage_limit: usage_limit ?? null,
        usage_limit_per_user: usage_limit_per_user ?? null,
        limit_usage_to_x_items: limit_usage_to_x_items ?? null,
      });
    });
  }

  update(id: number, input: CouponInput): CouponRecord {
    this.guard();
    return writeTransaction(this.db, () => {
      const current = this.coupon(id);
      this.check(input, current);
      this.writes.update(id, this.changes(input));
      return this.coupon(id);
    });
  }

  /** `force` deletes; otherwise the coupon goes to the trash (and stops applying). Returns it as it was. */
  delete(id: number, force: boolean): CouponRecord {
    this.guard();
    return writeTransaction(this.db, () => {
      const current = this.coupon(id);
      if (force) this.writes.delete(id);
      else this.writes.update(id, { status: 'trash' });
      return current;
    });
  }
}
