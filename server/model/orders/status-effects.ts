import { Decimal } from '../money.js';
import type { CouponRecord } from '../coupons/types.js';
import type { MetaData } from '../stores.js';
import { itemsOfType, type OrderItem, type OrderRecord } from './types.js';

/** Moving into one of these takes the goods out of stock and books the coupons (WooCommerce's status hooks). */
export const STOCK_REDUCING_STATUSES: ReadonlySet<string> = new Set(['processing', 'completed', 'on-hold']);

/** Moving into one of these puts reduced stock back. */
export const STOCK_RESTORING_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'pending']);

/** The order's own record of what it has done to the shop, as WooCommerce keeps it in the order's meta. */
export const STOCK_REDUCED = '_order_stock_reduced';
export const SALES_RECORDED = '_recorded_sales';
export const COUPON_USAGE_RECORDED = '_recorded_coupon_usage_counts';

/** Why an order moved stock, as the stock ledger records it. */
export type OrderStockReason = 'sale' | 'cancellation' | 'released' | 'order_edit';

/**
 * One change an order makes outside itself. `stock` moves a product's (or variation's) stock by
 * `change` units (negative takes); `sales` adds whole units to its `total_sales`; `coupon_usage`
 * books (+1) or gives back (-1) one use of the coupon with that code by `usedBy`.
 */
export type OrderEffect =
  | { kind: 'stock'; productId: number; change: number; reason: OrderStockReason; orderId: number }
  | { kind: 'sales'; productId: number; units: number }
  | { kind: 'coupon_usage'; code: string; usedBy: string; change: 1 | -1 };

/** What the order engine knows of a product's stock when it moves it. A product not known has no managed stock. */
export interface StockLevel {
  manageStock: boolean;
  stockQuantity: number | null;
  backorders: string;
}

/** Units a change takes from stock for one order line, with where the line sits in the order (for a refusal's `param`). */
export interface StockDemand {
  index: number;
  itemId: number;
  name: string;
  productId: number;
  quantity: Decimal;
}

/**
 * A change to an order worked out before anything is written: the order as it is to be saved (its
 * status, dates, flags and lines' `reduced_stock`), the effects to apply with it, and what it takes
 * from stock (`demands`) beside what it gives back first (`returning`, by product), to be checked
 * against stock before anything moves.
 */
export interface OrderChange {
  order: OrderRecord;
  effects: readonly OrderEffect[];
  demands: readonly StockDemand[];
  returning: ReadonlyMap<number, Decimal>;
}

export function hasFlag(meta: MetaData, key: string): boolean {
  return meta.some((entry) => entry.key === key && entry.value === 'yes');
}

function setFlag(meta: MetaData, key: string, on: boolean): MetaData {
  const rest = meta.filter((entry) => entry.key !== key);
  if (!on) return rest;
  const nextId = meta.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  return [...rest, { id: meta.find((entry) => entry.key === key)?.id ?? nextId, key, value: 'yes' }];
}

/** Who used a coupon, as WooCommerce records it: the customer id, or a guest's email (none for an anonymous sale). */
export function couponUserOf(order: OrderRecord): string {
  return order.customer_id > 0 ? String(order.customer_id) : order.billing.email.toLowerCase();
}

const productOf = (data: { product_id: number; variation_id: number }): number => (data.variation_id > 0 ? data.variation_id : data.product_id);

const managed = (levels: ReadonlyMap<number, StockLevel>, productId: number): boolean => levels.get(productId)?.manageStock === true;

/**
 * The effects of moving `order` to `to`, as WooCommerce's status hooks have them: paying dates;
 * stock taken, units sold and coupon uses booked on processing/completed/on-hold (each once, as the
 * order's flags say); stock and coupon uses given back on cancelled/pending.
 *
 * A cancelled order reopened as pending is unpaid again: its payment date goes (WooCommerce keeps
 * it, but here a payment date is what makes an order paid), so it counts as paid only once it has
 * been through checkout again.
 */
export function statusChange(order: OrderRecord, to: string, levels: ReadonlyMap<number, StockLevel>, now: string): OrderChange {
  let next: OrderRecord = { ...order, status: to, date_modified_gmt: now };
  if (order.status === 'cancelled' && to === 'pending') {
    next.date_paid_gmt = null;
    next.date_completed_gmt = null;
  }
  if ((to === 'processing' || to === 'completed') && next.date_paid_gmt === null) next.date_paid_gmt = now;
  if (to === 'completed' && next.date_completed_gmt === null) next.date_completed_gmt = now;
  const effects: OrderEffect[] = [];
  let demands: StockDemand[] = [];
  if (STOCK_REDUCING_STATUSES.has(to) && order.status !== to) ({ order: next, demands } = takeFromStock(next, levels, effects));
  if (STOCK_RESTORING_STATUSES.has(to) && order.status !== to) {
    next = putBackStock(next, to === 'cancelled' ? 'cancellation' : 'released', effects);
    next = releaseCouponUsage(next, effects);
  }
  return { order: next, effects, demands, returning: new Map() };
}

function takeFromStock(order: OrderRecord, levels: ReadonlyMap<number, StockLevel>, effects: OrderEffect[]): { order: OrderRecord; demands: StockDemand[] } {
  let meta = order.meta_data;
  let items = order.items;
  let demands: StockDemand[] = [];
  if (!hasFlag(meta, STOCK_REDUCED)) {
    demands = itemsOfType(items, 'line_item').flatMap((line, index) =>
      line.data.reduced_stock > 0
        ? []
        : [{ index, itemId: line.id, name: line.name, productId: productOf(line.data), quantity: new Decimal(line.data.quantity) }],
    );
    items = items.map((item) => {
      if (item.type !== 'line_item' || item.data.reduced_stock > 0) return item;
      const productId = productOf(item.data);
      if (!managed(levels, productId)) return item;
      effects.push({ kind: 'stock', productId, change: -item.data.quantity, reason: 'sale', orderId: order.id });
      return { ...item, data: { ...item.data, reduced_stock: item.data.quantity } };
    });
    meta = setFlag(meta, STOCK_REDUCED, true);
  }
  if (!hasFlag(meta, SALES_RECORDED)) {
    for (const line of itemsOfType(items, 'line_item')) {
      const productId = productOf(line.data);
      // `total_sales` is a whole number of units: WooCommerce adds absint(quantity), so 2.345 kg counts 2.
      const units = Math.trunc(line.data.quantity);
      if (productId > 0 && units > 0) effects.push({ kind: 'sales', productId, units });
    }
    meta = setFlag(meta, SALES_RECORDED, true);
  }
  if (!hasFlag(meta, COUPON_USAGE_RECORDED)) {
    for (const line of itemsOfType(items, 'coupon')) effects.push({ kind: 'coupon_usage', code: line.name, usedBy: couponUserOf(order), change: 1 });
    meta = setFlag(meta, COUPON_USAGE_RECORDED, true);
  }
  return { order: { ...order, items, meta_data: meta }, demands };
}

function putBackStock(order: OrderRecord, reason: OrderStockReason, effects: OrderEffect[]): OrderRecord {
  if (!hasFlag(order.meta_data, STOCK_REDUCED)) return order;
  const items = order.items.map((item): OrderItem => {
    if (item.type !== 'line_item' || item.data.reduced_stock <= 0) return item;
    effects.push({ kind: 'stock', productId: productOf(item.data), change: item.data.reduced_stock, reason, orderId: order.id });
    return { ...item, data: { ...item.data, reduced_stock: 0 } };
  });
  return { ...order, items, meta_data: setFlag(order.meta_data, STOCK_REDUCED, false) };
}

/** A cancelled (or back to pending) order no longer counts against its coupons' usage limits. */
function releaseCouponUsage(order: OrderRecord, effects: OrderEffect[]): OrderRecord {
  if (!hasFlag(order.meta_data, COUPON_USAGE_RECORDED)) return order;
  for (const line of itemsOfType(order.items, 'coupon')) effects.push({ kind: 'coupon_usage', code: line.name, usedBy: couponUserOf(order), change: -1 });
  return { ...order, meta_data: setFlag(order.meta_data, COUPON_USAGE_RECORDED, false) };
}

/**
 * Once an order's stock is taken (on hold, say), edits to its lines move stock too: removed lines
 * (or lines now selling another product) give their units back, new or larger lines take more,
 * smaller lines give some back. `undefined` when the order's stock is not taken: nothing moves.
 */
export function lineEditChange(previous: OrderRecord, order: OrderRecord, levels: ReadonlyMap<number, StockLevel>): OrderChange | undefined {
  if (!hasFlag(order.meta_data, STOCK_REDUCED)) return undefined;
  const lines = itemsOfType(order.items, 'line_item');
  const kept = new Map(lines.map((item) => [item.id, productOf(item.data)]));
  const before = new Map(itemsOfType(previous.items, 'line_item').map((item) => [item.id, item]));
  const takenBefore = (item: (typeof lines)[number]): Decimal => {
    const earlier = before.get(item.id);
    return new Decimal(earlier !== undefined && productOf(earlier.data) === productOf(item.data) ? earlier.data.reduced_stock : 0);
  };
  const demands = lines.flatMap((line, index) => {
    const more = new Decimal(line.data.quantity).minus(takenBefore(line));
    return more.gt(0) ? [{ index, itemId: line.id, name: line.name, productId: productOf(line.data), quantity: more }] : [];
  });
  const givenBack = itemsOfType(previous.items, 'line_item').filter((line) => line.data.reduced_stock > 0 && kept.get(line.id) !== productOf(line.data));
  const returning = new Map<number, Decimal>();
  for (const line of givenBack) returning.set(productOf(line.data), (returning.get(productOf(line.data)) ?? new Decimal(0)).plus(line.data.reduced_stock));
  const effects: OrderEffect[] = givenBack.map((line) => ({
    kind: 'stock',
    productId: productOf(line.data),
    change: line.data.reduced_stock,
    reason: 'order_edit',
    orderId: order.id,
  }));
  const items = order.items.map((item): OrderItem => {
    if (item.type !== 'line_item') return item;
    const productId = productOf(item.data);
    const taken = takenBefore(item);
    if (!managed(levels, productId) || taken.eq(item.data.quantity)) return { ...item, data: { ...item.data, reduced_stock: taken.toNumber() } };
    effects.push({ kind: 'stock', productId, change: taken.minus(item.data.quantity).toNumber(), reason: 'order_edit', orderId: order.id });
    return { ...item, data: { ...item.data, reduced_stock: item.data.quantity } };
  });
  return { order: { ...order, items }, effects, demands, returning };
}

/** A line that would take a stock-managed product taking no backorders below zero: `total` of it wanted, `left` in stock. */
export interface StockShortfall {
  demand: StockDemand;
  left: Decimal;
  total: Decimal;
}

/**
 * The first line of a change that stock cannot cover, if any: lines of the same product count
 * together, and units the same change gives back count as stock. Whether a shortfall is refused is
 * the store's call (`prevent_overselling`); otherwise stock may go below zero.
 */
export function stockShortfall(change: OrderChange, levels: ReadonlyMap<number, StockLevel>): StockShortfall | undefined {
  const wanted = new Map<number, Decimal>();
  for (const demand of change.demands) {
    const total = (wanted.get(demand.productId) ?? new Decimal(0)).plus(demand.quantity);
    wanted.set(demand.productId, total);
    const level = levels.get(demand.productId);
    if (!level?.manageStock || level.backorders !== 'no') continue;
    const left = new Decimal(level.stockQuantity ?? 0).plus(change.returning.get(demand.productId) ?? 0);
    if (total.gt(left)) return { demand, left, total };
  }
  return undefined;
}

/** Why a coupon use cannot be booked: the coupon is used up, or used up by this customer. */
export interface CouponRefusal {
  reason: 'usage_limit_reached' | 'usage_limit_per_user_reached';
  code: string;
  coupon: CouponRecord;
}

/**
 * A coupon is checked against its usage limits when it is applied, but its use is booked only when
 * the order is paid or held: by then other orders may have used it up (or this one, reopened after
 * a cancellation gave its use back, may come back to a coupon used up meanwhile). The first use a
 * change would book beyond a limit, if any; `coupons` are the coupons by their line's code.
 */
export function couponRefusal(change: OrderChange, coupons: ReadonlyMap<string, CouponRecord>): CouponRefusal | undefined {
  for (const effect of change.effects) {
    if (effect.kind !== 'coupon_usage' || effect.change < 0) continue;
    const coupon = coupons.get(effect.code);
    if (!coupon) continue;
    if (coupon.usage_limit !== null && coupon.usage_limit > 0 && coupon.usage_count >= coupon.usage_limit)
      return { reason: 'usage_limit_reached', code: effect.code, coupon };
    const perUser = coupon.usage_limit_per_user;
    const user = effect.usedBy;
    if (perUser !== null && perUser > 0 && user !== '' && coupon.used_by.filter((usedBy) => usedBy.toLowerCase() === user).length >= perUser)
      return { reason: 'usage_limit_per_user_reached', code: effect.code, coupon };
  }
  return undefined;
}
