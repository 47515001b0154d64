import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import type { MetaData } from '../../model/stores.js';
import { type CollectionFilter, likePattern, SqlParams } from '../sql.js';
import { prepared } from '../statements.js';

type JsonColumn =
  'product_ids' | 'excluded_product_ids' | 'product_categories' | 'excluded_product_categories' | 'email_restrictions' | 'used_by' | 'meta_data';
type FlagColumn = 'individual_use' | 'free_shipping' | 'exclude_sale_items';
/** A coupon as stored: lists as JSON text, flags as 0/1. */
type CouponRow = Omit<CouponRecord, JsonColumn | FlagColumn> & Record<JsonColumn, string> & Record<FlagColumn, number>;

/** WooCommerce stores "no limit" as 0 as well as empty. */
const limit = (value: number | null): number | null => (value === null || value === 0 ? null : value);

function toRecord(row: CouponRow): CouponRecord {
  return {
    id: row.id,
    code: row.code,
    amount: row.amount,
    discount_type: row.discount_type,
    status: row.status,
    description: row.description,
    date_expires_gmt: row.date_expires_gmt,
    usage_count: row.usage_count,
    individual_use: row.individual_use === 1,
    product_ids: JSON.parse(row.product_ids) as number[],
    excluded_product_ids: JSON.parse(row.excluded_product_ids) as number[],
    product_categories: JSON.parse(row.product_categories) as number[],
    excluded_product_categories: JSON.parse(row.excluded_product_categories) as number[],
    usage_limit: limit(row.usage_limit),
    usage_limit_per_user: limit(row.usage_limit_per_user),
    limit_usage_to_x_items: limit(row.limit_usage_to_x_items),
    free_shipping: row.free_shipping === 1,
    exclude_sale_items: row.exclude_sale_items === 1,
    minimum_amount: row.minimum_amount,
    maximum_amount: row.maximum_amount,
    email_restrictions: JSON.parse(row.email_restrictions) as string[],
    used_by: JSON.parse(row.used_by) as string[],
    meta_data: JSON.parse(row.meta_data) as MetaData,
    date_created_gmt: row.date_created_gmt,
    date_modified_gmt: row.date_modified_gmt,
  };
}

/** A coupon to create (seed, tests); omitted fields take the WooCommerce defaults. */
export type NewCoupon = Pick<CouponRecord, 'code' | 'amount'> &
  Partial<Omit<CouponRecord, 'id' | 'code' | 'amount' | 'usage_count' | 'used_by' | 'date_modified_gmt'>>;

export interface CouponFilter extends CollectionFilter {
  code?: string | undefined;
}

/** WooCommerce's values and the POS plugin's `code`. */
export const COUPON_ORDERBY = ['date', 'id', 'include', 'title', 'slug', 'modified', 'code'] as const;
export interface CouponSort {
  orderby: (typeof COUPON_ORDERBY)[number];
  order: 'asc' | 'desc';
  include?: number[] | undefined;
}

export class CouponsRepository {
  constructor(private readonly db: Database) {}

  findById(id: number): CouponRecord | undefined {
    const row = prepared<[number], CouponRow>(this.db, 'SELECT * FROM coupons WHERE id = ?').get(id);
    return row && toRecord(row);
  }

  /** Case-insensitively (the code column collates NOCASE), as WooCommerce looks codes up. */
  findByCode(code: string): CouponRecord | undefined {
    const row = prepared<[string], CouponRow>(this.db, "SELECT * FROM coupons WHERE code = ? AND status <> 'trash'").get(code.trim());
    return row && toRecord(row);
  }

  count(): number {
    return prepared<[], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM coupons').get()?.n ?? 0;
  }

  create(coupon: NewCoupon): CouponRecord {
    const created = coupon.date_created_gmt ?? gmtNow();
    const { lastInsertRowid } = prepared(
      this.db,
      `INSERT INTO coupons (code, amount, discount_type, status, description, date_expires_gmt, individual_use, product_ids, excluded_product_ids,
           product_categories, excluded_product_categories, usage_limit, usage_limit_per_user, limit_usage_to_x_items, free_shipping,
           exclude_sale_items, minimum_amount, maximum_amount, email_restrictions, meta_data, date_created_gmt, date_modified_gmt)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      coupon.code,
      coupon.amount,
      coupon.discount_type ?? 'fixed_cart',
      coupon.status ?? 'publish',
      coupon.description ?? '',
      coupon.date_expires_gmt ?? null,
      coupon.individual_use === true ? 1 : 0,
      JSON.stringify(coupon.product_ids ?? []),
      JSON.stringify(coupon.excluded_product_ids ?? []),
      JSON.stringify(coupon.product_categories ?? []),
      JSON.stringify(coupon.excluded_product_categories ?? []),
      coupon.usage_limit ?? null,
      coupon.usage_limit_per_user ?? null,
      coupon.limit_usage_to_x_items ?? null,
      coupon.free_shipping === true ? 1 : 0,
      coupon.exclude_sale_items === true ? 1 : 0,
      coupon.minimum_amount ?? '',
      coupon.maximum_amount ?? '',
      JSON.stringify(coupon.email_restrictions ?? []),
      JSON.stringify(coupon.meta_data ?? []),
      created,
      created,
    );
    const record = this.findById(Number(lastInsertRowid));
    if (!record) throw new Error('coupon vanished after insert');
    return record;
  }

  /** One more use of the coupon, by a user id (as a string) or a guest's email, as WooCommerce records `used_by`. */
  /** One more use; `usedBy` (customer id or guest email) is recorded when there is one. */
  incrementUsage(id: number, usedBy: string): void {
    prepared(
      this.db,
      "UPDATE coupons SET usage_count = usage_count + 1, used_by = CASE WHEN @usedBy = '' THEN used_by ELSE json_insert(used_by, '$[#]', @usedBy) END, date_modified_gmt = @now WHERE id = @id",
    ).run({ usedBy, now: gmtNow(), id });
  }

  /** Gives back a use, as when an order that used the coupon is cancelled: one count and one `used_by` entry. */
  decrementUsage(id: number, usedBy: string): void {
    const row = prepared<[number], { used_by: string }>(this.db, 'SELECT used_by FROM coupons WHERE id = ?').get(id);
    if (!row) return;
    const usedByList = JSON.parse(row.used_by) as string[];
    const index = usedByList.indexOf(usedBy);
    if (index !== -1) usedByList.splice(index, 1);
    prepared(this.db, 'UPDATE coupons SET usage_count = MAX(usage_count - 1, 0), used_by = ?, date_modified_gmt = ? WHERE id = ?').run(
      JSON.stringify(usedByList),
      gmtNow(),
      id,
    );
  }

  list(filter: CouponFilter, sort: CouponSort, limit: number, offset: number): { records: CouponRecord[]; total: number } {
    const params = new SqlParams();
    const where = this.where(filter, params);
    const total = prepared<[Record<string, unknown>], { n: number }>(this.db, `SELECT COUNT(*) AS n FROM coupons c WHERE ${where}`).get(params.values)?.n ?? 0;
    const rows = prepared<[Record<string, unknown>], CouponRow>(
      this.db,
      `SELECT * FROM coupons c WHERE ${where} ORDER BY ${this.orderBy(sort, params)} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`,
    ).all(params.values);
    return { records: rows.map(toRecord), total };
  }

  /** Every matching id with its modification time, for the offline-sync audit (`per_page=-1`). */
  modificationIndex(filter: CouponFilter, sort: CouponSort): Array<{ id: number; date_modified_gmt: string }> {
    const params = new SqlParams();
    const where = this.where(filter, params);
    return prepared<[Record<string, unknown>], { id: number; date_modified_gmt: string }>(
      this.db,
      `SELECT c.id, c.date_modified_gmt FROM coupons c WHERE ${where} ORDER BY ${this.orderBy(sort, params)}`,
    ).all(params.values);
  }

  private where(filter: CouponFilter, params: SqlParams): string {
    const clauses: string[] = ["c.status <> 'trash'"];
    if (filter.code !== undefined) clauses.push(`c.code = ${params.bind(filter.code)}`);
    if (filter.search !== undefined && filter.search !== '') {
      const pattern = params.bind(likePattern(filter.search));
      clauses.push(`(c.code LIKE ${pattern} ESCAPE '\\' OR c.description LIKE ${pattern} ESCAPE '\\')`);
    }
    if (filter.include !== undefined) clauses.push(`c.id IN (${params.list(filter.include)})`);
    if (filter.exclude !== undefined) clauses.push(`c.id NOT IN (${params.list(filter.exclude)})`);
    if (filter.createdAfter !== undefined) clauses.push(`c.date_created_gmt > ${params.bind(filter.createdAfter)}`);
    if (filter.createdBefore !== undefined) clauses.push(`c.date_created_gmt < ${params.bind(filter.createdBefore)}`);
    if (filter.modifiedAfter !== undefined) clauses.push(`c.date_modified_gmt > ${params.bind(filter.modifiedAfter)}`);
    if (filter.modifiedBefore !== undefined) clauses.push(`c.date_modified_gmt < ${params.bind(filter.modifiedBefore)}`);
    return clauses.join(' AND ');
  }

  private orderBy(sort: CouponSort, params: SqlParams): string {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    const include = sort.include ?? [];
    const keys: Record<CouponSort['orderby'], string> = {
      date: 'c.date_created_gmt',
      id: 'c.id',
      include: include.length === 0 ? 'c.id' : `CASE c.id ${include.map((id, position) => `WHEN ${params.bind(id)} THEN ${position}`).join(' ')} END`,
      title: 'c.code COLLATE NOCASE',
      slug: 'c.code COLLATE NOCASE',
      modified: 'c.date_modified_gmt',
      code: 'c.code COLLATE NOCASE',
    };
    return `${keys[sort.orderby]} ${direction}, c.id ${direction}`;
  }
}
