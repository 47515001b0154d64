import { type CollectionFilter } from '../sql.js';
import { prepared } from '../statements.js';
import type { Database } from '../database.js';
import { completeBilling, completeShipping } from '../../model/customers/address.js';
import type { MetaData } from '../../model/stores.js';
import type { OrderFields, OrderItem, OrderItemDraft, OrderRecord } from '../../model/orders/types.js';

/** An order as stored: the JSON columns as text, the flag as 0/1. */
type OrderRow = Omit<OrderFields, 'prices_include_tax' | 'billing' | 'shipping' | 'meta_data'> & {
  id: number;
  prices_include_tax: number;
  billing: string;
  shipping: string;
  meta_data: string;
};

interface ItemRow {
  id: number;
  order_id: number;
  type: OrderItem['type'];
  name: string;
  position: number;
  data: string;
}

function toItem(row: ItemRow): OrderItem {
  const data: unknown = JSON.parse(row.data);
  // The type column says which data shape the JSON holds.
  return { id: row.id, type: row.type, name: row.name, data } as OrderItem;
}

function toRecord(row: OrderRow, items: OrderItem[]): OrderRecord {
  return {
    ...row,
    prices_include_tax: row.prices_include_tax === 1,
    billing: completeBilling(JSON.parse(row.billing)),
    shipping: completeShipping(JSON.parse(row.shipping)),
    meta_data: JSON.parse(row.meta_data) as MetaData,
    items,
  };
}

function columnsOf(fields: OrderFields) {
  return {
    ...fields,
    prices_include_tax: fields.prices_include_tax ? 1 : 0,
    billing: JSON.stringify(fields.billing),
    shipping: JSON.stringify(fields.shipping),
    meta_data: JSON.stringify(fields.meta_data),
  };
}

const COLUMNS = [
  'parent_id',
  'uuid',
  'order_key',
  'status',
  'currency',
  'prices_include_tax',
  'customer_id',
  'billing',
  'shipping',
  'payment_method',
  'payment_method_title',
  'transaction_id',
  'customer_note',
  'created_via',
  'store_id',
  'cashier_id',
  'discount_total',
  'discount_tax',
  'shipping_total',
  'shipping_tax',
  'cart_tax',
  'total_tax',
  'total',
  'meta_data',
  'date_created_gmt',
  'date_modified_gmt',
  'date_paid_gmt',
  'date_completed_gmt',
] as const;
const INSERT_ORDER = `INSERT INTO orders (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((name) => `@${name}`).join(', ')})`;
const updateOf = (columns: readonly string[]) => `UPDATE orders SET ${columns.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`;

/** Filters of `GET /orders` (CONTRACT 7, woocommerce-reference §2.6 and §3). */
export interface OrderFilter extends CollectionFilter {
  statuses?: string[] | undefined;
  customer?: number | undefined;
  store?: number | undefined;
  cashier?: number | undefined;
  register?: number | undefined;
  session?: number | undefined;
}

/** WooCommerce's values (an order's title and slug sort as its date), and the POS plugin's `status`, `customer_id`, `payment_method` and `total`. */
export const ORDER_ORDERBY = ['date', 'id', 'modified', 'include', 'title', 'slug', 'status', 'customer_id', 'payment_method', 'total'] as const;
export interface OrderSort {
  orderby: (typeof ORDER_ORDERBY)[number];
  order: 'asc' | 'desc';
}

type Params = Record<string, string | number>;

/** A search term as an order total reads without trailing zeros ("12.50" → "12.5", "12.00" → "12"); other text as typed. */
function amountText(search: string): string {
  const amount = search.replace(/^[^\d-]+/, '');
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return search;
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

function whereOf(filter: OrderFilter): { clause: string; params: Params } {
  const clauses: string[] = [];
  const params: Params = {};
  const list = (name: string, values: readonly (string | number)[]) =>
    values
      .map((value, index) => {
        params[`${name}${index}`] = value;
        return `@${name}${index}`;
      })
      .join(', ');
  if (filter.statuses && filter.statuses.length > 0) clauses.push(`o.status IN (${list('status', filter.statuses)})`);
  if (filter.customer !== undefined) {
    clauses.push('o.customer_id = @customer');
    params.customer = filter.customer;
  }
  if (filter.store !== undefined) {
    clauses.push('o.store_id = @store');
    params.store = filter.store;
  }
  if (filter.cashier !== undefined) {
    clauses.push('o.cashier_id = @cashier');
    params.cashier = filter.cashier;
  }
  if (filter.register !== undefined) {
    clauses.push('o.id IN (SELECT order_id FROM order_tills WHERE register_id = @register)');
    params.register = filter.register;
  }
  if (filter.session !== undefined) {
    clauses.push('o.id IN (SELECT order_id FROM order_tills WHERE session_id = @session)');
    params.session = filter.session;
  }
  if (filter.include && filter.include.length > 0) clauses.push(`o.id IN (${list('include', filter.include)})`);
  if (filter.exclude && filter.exclude.length > 0) clauses.push(`o.id NOT IN (${list('exclude', filter.exclude)})`);
  const dates: Array<[string | undefined, string, string]> = [
    [filter.createdAfter, 'o.date_created_gmt >', 'createdAfter'],
    [filter.createdBefore, 'o.date_created_gmt <', 'createdBefore'],
    [filter.modifiedAfter, 'o.date_modified_gmt >', 'modifiedAfter'],
    [filter.modifiedBefore, 'o.date_modified_gmt <', 'modifiedBefore'],
  ];
  for (const [value, test, name] of dates) {
    if (value === undefined) continue;
    clauses.push(`${test} @${name}`);
    params[name] = value;
  }
  if (filter.search !== undefined && filter.search !== '') {
    params.search = filter.search;
    params.like = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const field = (path: string) => `json_extract(o.billing, '$.${path}') LIKE @like ESCAPE '\\'`;
    // An amount finds the orders of that total: compared as text without trailing zeros, so "12.5"
    // finds "12.50" exactly, with no number ever turned into a binary float.
    params.amount = amountText(filter.search);
    clauses.push(
      `(CAST(o.id AS TEXT) = @search OR (CASE WHEN instr(o.total, '.') > 0 THEN rtrim(rtrim(o.total, '0'), '.') ELSE o.total END) = @amount OR ${field('first_name')} OR ${field('last_name')} OR ${field('email')} OR ${field('company')} OR ${field('phone')}
        OR (json_extract(o.billing, '$.first_name') || ' ' || json_extract(o.billing, '$.last_name')) LIKE @like ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.type = 'line_item' AND i.name LIKE @like ESCAPE '\\'))`,
    );
  }
  return { clause: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function orderByOf(sort: OrderSort, include: readonly number[] | undefined, params: Params): string {
  const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
  if (sort.orderby === 'include' && include && include.length > 0) {
    const cases = include.map((id, index) => {
      params[`position${index}`] = index;
      params[`include${index}`] = id;
      return `WHEN @include${index} THEN @position${index}`;
    });
    // The order of the include list itself, whatever `order` says (WP_Query's post__in).
    return `ORDER BY CASE o.id ${cases.join(' ')} END, o.id`;
  }
  const column = {
    date: 'o.date_created_gmt',
    id: 'o.id',
    modified: 'o.date_modified_gmt',
    include: 'o.id',
    title: 'o.date_created_gmt',
    slug: 'o.date_created_gmt',
    status: 'o.status',
    customer_id: 'o.customer_id',
    payment_method: 'o.payment_method',
    // Compared as numbers for ordering only; nothing is computed from the REAL values.
    total: 'CAST(o.total AS REAL)',
  }[sort.orderby];
  return `ORDER BY ${column} ${direction}, o.id ${direction}`;
}

export class OrdersRepository {
  constructor(private readonly db: Database) {}

  find(id: number): OrderRecord | undefined {
    const row = prepared<[number], OrderRow>(this.db, 'SELECT * FROM orders WHERE id = ?').get(id);
    return row && toRecord(row, this.itemsOf([row.id]).get(row.id) ?? []);
  }

  findByUuid(uuid: string): OrderRecord | undefined {
    const row = prepared<[string], OrderRow>(this.db, 'SELECT * FROM orders WHERE uuid = ?').get(uuid);
    return row && toRecord(row, this.itemsOf([row.id]).get(row.id) ?? []);
  }

  insert(fields: OrderFields): number {
    return Number(prepared(this.db, INSERT_ORDER).run(columnsOf(fields)).lastInsertRowid);
  }

  /**
   * Writes the columns that differ from the stored row, and nothing when none does: an index
   * whose columns an UPDATE does not set is left alone, so paying an order rewrites two of its
   * five indexes instead of all of them (fewer pages in the commit, which is an fsync).
   */
  update(id: number, fields: OrderFields): void {
    const next: Record<string, unknown> = columnsOf(fields);
    const stored = prepared<[number], Record<string, unknown>>(this.db, 'SELECT * FROM orders WHERE id = ?').get(id);
    const changed = stored === undefined ? COLUMNS : COLUMNS.filter((name) => next[name] !== stored[name]);
    if (changed.length === 0) return;
    const values: Record<string, unknown> = { id };
    for (const name of changed) values[name] = next[name];
    prepared(this.db, updateOf(changed)).run(values);
  }

  /**
   * Makes the order's items exactly `items`: those with an id are updated, those without are
   * added, the rest are deleted. Positions follow the list. Returns the saved items.
   */
  saveItems(orderId: number, items: readonly OrderItemDraft[]): OrderItem[] {
    const keep = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
    const existing = prepared<[number], Omit<ItemRow, 'order_id'>>(this.db, 'SELECT id, type, name, position, data FROM order_items WHERE order_id = ?').all(
      orderId,
    );
    const remove = prepared(this.db, 'DELETE FROM order_items WHERE id = ?');
    for (const { id } of existing) if (!keep.has(id)) remove.run(id);
    // An item saved as it is stored is not written again (most of an order's items when it is paid).
    const stored = new Map(existing.map((row) => [row.id, row]));
    const update = prepared(
      this.db,
      'UPDATE order_items SET type = @type, name = @name, position = @position, data = @data WHERE id = @id AND order_id = @orderId',
    );
    const insert = prepared(this.db, 'INSERT INTO order_items (order_id, type, name, position, data) VALUES (@orderId, @type, @name, @position, @data)');
    return items.map((item, position) => {
      const values = { orderId, type: item.type, name: item.name, position, data: JSON.stringify(item.data) };
      if (item.id !== undefined) {
        const row = stored.get(item.id);
        if (row?.type !== values.type || row.name !== values.name || row.position !== position || row.data !== values.data)
          update.run({ ...values, id: item.id });
        return { ...item, id: item.id };
      }
      const id = Number(insert.run(values).lastInsertRowid);
      return { ...item, id };
    });
  }

  list(filter: OrderFilter, sort: OrderSort, limit: number, offset: number): { records: OrderRecord[]; total: number } {
    const { clause, params } = whereOf(filter);
    const total = prepared<[Params], { n: number }>(this.db, `SELECT COUNT(*) AS n FROM orders o ${clause}`).get(params)?.n ?? 0;
    const orderBy = orderByOf(sort, filter.include, params);
    const rows = prepared<[Params], OrderRow>(this.db, `SELECT o.* FROM orders o ${clause} ${orderBy} LIMIT @limit OFFSET @offset`).all({
      ...params,
      limit,
      offset,
    });
    const items = this.itemsOf(rows.map((row) => row.id));
    return { records: rows.map((row) => toRecord(row, items.get(row.id) ?? [])), total };
  }

  /** Every matching id with its modification date, for offline sync (`per_page=-1`). */
  modificationIndex(filter: OrderFilter, sort: OrderSort): Array<{ id: number; date_modified_gmt: string }> {
    const { clause, params } = whereOf(filter);
    const orderBy = orderByOf(sort, filter.include, params);
    return prepared<[Params], { id: number; date_modified_gmt: string }>(this.db, `SELECT o.id, o.date_modified_gmt FROM orders o ${clause} ${orderBy}`).all(
      params,
    );
  }

  private itemsOf(orderIds: readonly number[]): Map<number, OrderItem[]> {
    const result = new Map<number, OrderItem[]>();
    if (orderIds.length === 0) return result;
    // One statement for any number of orders: the ids go in as one JSON array.
    const rows =
      orderIds.length === 1
        ? prepared<[number], ItemRow>(this.db, 'SELECT * FROM order_items WHERE order_id = ? ORDER BY position, id').all(orderIds[0] ?? 0)
        : prepared<[string], ItemRow>(
            this.db,
            'SELECT * FROM order_items WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, position, id',
          ).all(JSON.stringify(orderIds));
    for (const row of rows) {
      const items = result.get(row.order_id) ?? [];
      items.push(toItem(row));
      result.set(row.order_id, items);
    }
    return result;
  }
}
