import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import { completeBilling, completeShipping, type BillingAddress, type ShippingAddress } from '../../model/customers/address.js';
import type { CustomerRecord } from '../../model/customers/types.js';
import type { MetaData } from '../../model/stores.js';
import { likePattern, SqlParams } from '../sql.js';
import { prepared } from '../statements.js';

/** A customer as stored: addresses and meta as JSON text, the flag as 0/1. */
type CustomerRow = Omit<CustomerRecord, 'billing' | 'shipping' | 'meta_data' | 'is_paying_customer'> & {
  billing: string;
  shipping: string;
  meta_data: string;
  is_paying_customer: number;
};

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    billing: completeBilling(JSON.parse(row.billing)),
    shipping: completeShipping(JSON.parse(row.shipping)),
    is_paying_customer: row.is_paying_customer === 1,
    meta_data: JSON.parse(row.meta_data) as MetaData,
    date_created_gmt: row.date_created_gmt,
    date_modified_gmt: row.date_modified_gmt,
  };
}

export interface NewCustomer {
  uuid?: string | null;
  email: string;
  username?: string | null;
  first_name?: string;
  last_name?: string;
  billing?: BillingAddress;
  shipping?: ShippingAddress;
  meta_data?: MetaData;
  date_created_gmt?: string;
}

/** The writable fields of a customer; those left out keep their values. */
export type CustomerChanges = Partial<
  Pick<CustomerRecord, 'uuid' | 'email' | 'first_name' | 'last_name' | 'billing' | 'shipping' | 'meta_data' | 'is_paying_customer'>
>;

export interface CustomerFilter {
  search?: string | undefined;
  email?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
}

/** WooCommerce's values and the POS plugin's `first_name`, `last_name`, `email` and `username` (its default sort is `last_name`). */
export const CUSTOMER_ORDERBY = ['id', 'include', 'name', 'registered_date', 'first_name', 'last_name', 'email', 'username'] as const;
export interface CustomerSort {
  orderby: (typeof CUSTOMER_ORDERBY)[number];
  order: 'asc' | 'desc';
  include?: number[] | undefined;
}

export class CustomersRepository {
  constructor(private readonly db: Database) {}

  findById(id: number): CustomerRecord | undefined {
    const row = prepared<[number], CustomerRow>(this.db, 'SELECT * FROM customers WHERE id = ?').get(id);
    return row && toRecord(row);
  }

  /** Case-insensitively: the email column collates NOCASE, as WordPress compares emails. */
  findByEmail(email: string): CustomerRecord | undefined {
    const row = prepared<[string], CustomerRow>(this.db, 'SELECT * FROM customers WHERE email = ?').get(email);
    return row && toRecord(row);
  }

  findByUuid(uuid: string): CustomerRecord | undefined {
    const row = prepared<[string], CustomerRow>(this.db, 'SELECT * FROM customers WHERE uuid = ?').get(uuid);
    return row && toRecord(row);
  }

  usernameTaken(username: string): boolean {
    return prepared<[string], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM customers WHERE username = ?').get(username)?.n !== 0;
  }

  count(): number {
    return prepared<[], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM customers').get()?.n ?? 0;
  }

  create(customer: NewCustomer): CustomerRecord {
    const created = customer.date_created_gmt ?? gmtNow();
    const { lastInsertRowid } = prepared(
      this.db,
      `INSERT INTO customers (uuid, email, username, first_name, last_name, billing, shipping, meta_data, date_created_gmt, date_modified_gmt)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      customer.uuid ?? null,
      customer.email,
      customer.username ?? null,
      customer.first_name ?? '',
      customer.last_name ?? '',
      JSON.stringify(completeBilling(customer.billing)),
      JSON.stringify(completeShipping(customer.shipping)),
      JSON.stringify(customer.meta_data ?? []),
      created,
      created,
    );
    const record = this.findById(Number(lastInsertRowid));
    if (!record) throw new Error('customer vanished after insert');
    return record;
  }

  update(id: number, changes: CustomerChanges): CustomerRecord | undefined {
    const current = this.findById(id);
    if (!current) return undefined;
    const next = { ...current, ...changes };
    prepared(
      this.db,
      `UPDATE customers SET uuid = ?, email = ?, first_name = ?, last_name = ?, billing = ?, shipping = ?, meta_data = ?, is_paying_customer = ?, date_modified_gmt = ?
         WHERE id = ?`,
    ).run(
      next.uuid,
      next.email,
      next.first_name,
      next.last_name,
      JSON.stringify(next.billing),
      JSON.stringify(next.shipping),
      JSON.stringify(next.meta_data),
      next.is_paying_customer ? 1 : 0,
      gmtNow(),
      id,
    );
    return this.findById(id);
  }

  list(filter: CustomerFilter, sort: CustomerSort, limit: number, offset: number): { records: CustomerRecord[]; total: number } {
    const params = new SqlParams();
    const where = this.where(filter, params);
    const total =
      prepared<[Record<string, unknown>], { n: number }>(this.db, `SELECT COUNT(*) AS n FROM customers c WHERE ${where}`).get(params.values)?.n ?? 0;
    const rows = prepared<[Record<string, unknown>], CustomerRow>(
      this.db,
      `SELECT * FROM customers c WHERE ${where} ORDER BY ${this.orderBy(sort, params)} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`,
    ).all(params.values);
    return { records: rows.map(toRecord), total };
  }

  /** Every matching id with its modification time, for the offline-sync audit (`per_page=-1`). */
  modificationIndex(filter: CustomerFilter, sort: CustomerSort): Array<{ id: number; date_modified_gmt: string }> {
    const params = new SqlParams();
    const where = this.where(filter, params);
    return prepared<[Record<string, unknown>], { id: number; date_modified_gmt: string }>(
      this.db,
      `SELECT c.id, c.date_modified_gmt FROM customers c WHERE ${where} ORDER BY ${this.orderBy(sort, params)}`,
    ).all(params.values);
  }

  private where(filter: CustomerFilter, params: SqlParams): string {
    const clauses: string[] = ['1 = 1'];
    if (filter.search !== undefined && filter.search !== '') {
      const pattern = params.bind(likePattern(filter.search));
      const fields = [
        'c.first_name',
        'c.last_name',
        "c.first_name || ' ' || c.last_name",
        'c.email',
        'c.username',
        "json_extract(c.billing, '$.first_name')",
        "json_extract(c.billing, '$.last_name')",
        "json_extract(c.billing, '$.email')",
        "json_extract(c.billing, '$.phone')",
      ];
      clauses.push(`(${fields.map((field) => `${field} LIKE ${pattern} ESCAPE '\\'`).join(' OR ')})`);
    }
    if (filter.email !== undefined) clauses.push(`c.email = ${params.bind(filter.email)}`);
    if (filter.include !== undefined) clauses.push(`c.id IN (${params.list(filter.include)})`);
    if (filter.exclude !== undefined) clauses.push(`c.id NOT IN (${params.list(filter.exclude)})`);
    return clauses.join(' AND ');
  }

  private orderBy(sort: CustomerSort, params: SqlParams): string {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    const include = sort.include ?? [];
    const keys: Record<CustomerSort['orderby'], string> = {
      id: `c.id ${direction}`,
      include:
        include.length === 0
          ? `c.id ${direction}`
          : `CASE c.id ${include.map((id, position) => `WHEN ${params.bind(id)} THEN ${position}`).join(' ')} END ${direction}`,
      name: `c.last_name COLLATE NOCASE ${direction}, c.first_name COLLATE NOCASE ${direction}`,
      registered_date: `c.date_created_gmt ${direction}`,
      first_name: `c.first_name COLLATE NOCASE ${direction}, c.last_name COLLATE NOCASE ${direction}`,
      last_name: `c.last_name COLLATE NOCASE ${direction}, c.first_name COLLATE NOCASE ${direction}`,
      email: `c.email ${direction}`,
      username: `c.username ${direction}`,
    };
    return `${keys[sort.orderby]}, c.id ${direction}`;
  }
}
