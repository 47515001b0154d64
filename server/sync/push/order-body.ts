import { Decimal } from '../../model/money.js';
import type { CustomerRecord } from '../../model/customers/types.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import { itemsOfType, type OrderItem, type OrderRecord } from '../../model/orders/types.js';
import type { JournalRecord } from '../../model/records/journal.js';
import type { PaymentRecord } from '../../model/records/payments.js';
import { CREATED_VIA, META } from '../shop/our-orders.js';

/**
 * The bodies the push sends to WooCommerce for a sale and a refund (issue 23, item 5). Pure: every
 * id WooCommerce knows is resolved before, and handed in.
 */

/** WooCommerce's product (and variation) for a line, or null when the shop has no such product (deleted there). */
export interface WooProductRef {
  product_id: number;
  variation_id: number;
}

export interface SaleSources {
  order: OrderRecord;
  payments: readonly PaymentRecord[];
  entry: JournalRecord;
  customer: CustomerRecord | undefined;
  /** The customer's WooCommerce id, when it has an account there. */
  wooCustomerId: number | null;
  /** By the till's order item id. */
  products: ReadonlyMap<number, WooProductRef | null>;
  /** False after WooCommerce refused a coupon: the discount is already in the line totals. */
  withCoupons: boolean;
  /** This till's installation id (see `tillLabel`). */
  tillId: string;
}

type Meta = { key: string; value: string };

/**
 * Where a sale or refund was rung up. `_tillbase_register` is the register's id in the till's own
 * database, so every till's first register sends 1 (sync verify compares it, and it stays as it
 * was); the till's id beside it tells the tills of one shop apart, and the name is what staff call it.
 */
export function tillLabel(entry: JournalRecord, tillId: string): Meta[] {
  const payload = JSON.parse(entry.payload) as { register?: { name?: unknown } };
  const name = typeof payload.register?.name === 'string' ? payload.register.name : '';
  return [
    { key: META.register, value: String(entry.register_id) },
    { key: META.till, value: tillId },
    { key: META.registerName, value: name },
  ];
}

/** A product line as the till sold it, by WooCommerce's product when the shop has it. */
export function lineBody(item: Extract<OrderItem, { type: 'line_item' }>, product: WooProductRef | null): Record<string, unknown> {
  const line: Record<string, unknown> = { name: item.name, quantity: item.data.quantity, subtotal: item.data.subtotal, total: item.data.total };
  if (product) {
    line.product_id = product.product_id;
    if (product.variation_id) line.variation_id = product.variation_id;
  } else {
    // Not in WooCommerce (deleted there, or never there): a line needs a product id or a SKU, and one
    // WooCommerce cannot find makes a line by name without a product (docs/woocommerce-observed.md §15.2).
    line.sku = item.data.sku !== '' ? item.data.sku : `tillbase-product-${item.data.variation_id || item.data.product_id}`;
    line.meta_data = [{ key: META.sku, value: item.data.sku }];
  }
  return line;
}

/** Why a sale's badge says its lines went up by name: the code stored with it. */
export const LINES_BY_NAME = 'tillbase_lines_by_name';

/**
 * The note a sale keeps when WooCommerce made some of its lines by name, without a product (the
 * product was deleted there since the sale, §15.2): which lines, by name and SKU. `lineProductIds`
 * are the answer's, in the order the lines were posted; undefined when every line names a product.
 */
export function linesByNameNote(order: OrderRecord, lineProductIds: readonly number[]): { code: string; message: string } | undefined {
  const byName = itemsOfType(order.items, 'line_item').filter((_, index) => lineProductIds[index] === 0);
  if (byName.length === 0) return undefined;
  const names = byName.map((line) => (line.data.sku === '' ? line.name : `${line.name} (SKU ${line.data.sku})`)).join(', ');
  return {
    code: LINES_BY_NAME,
    message: `In WooCommerce without its product, by name, SKU and price: ${names}; the product is no longer in the shop.`,
  };
}

/** A sale as sold: completed and paid, the till's line totals standing, and meta that proves where it came from. */
export function orderBody(sources: SaleSources): Record<string, unknown> {
  const { order, payments, entry } = sources;
  const meta: Meta[] = [
    { key: META.uuid, value: entry.id },
    { key: META.soldAt, value: order.date_paid_gmt ?? entry.date_created_gmt },
    ...tillLabel(entry, sources.tillId),
    { key: META.sequence, value: String(entry.sequence) },
    { key: META.hash, value: entry.hash },
    { key: META.previousHash, value: entry.previous_hash },
  ];
  if (payments.length > 1) {
    meta.push({
      key: META.tenders,
      value: JSON.stringify(payments.map((p) => ({ gateway_id: p.gateway_id, title: p.gateway_title, amount: p.amount, change: p.change }))),
    });
  }
  const lineItems = itemsOfType(order.items, 'line_item').map((item) => lineBody(item, sources.products.get(item.id) ?? null));
  const first = payments[0];
  const billing = sources.customer ? { ...sources.customer.billing, email: sources.customer.billing.email || sources.customer.email } : order.billing;
  const body: Record<string, unknown> = {
    status: 'completed',
    set_paid: true,
    created_via: CREATED_VIA,
    currency: order.currency,
    payment_method: first?.gateway_id ?? order.payment_method,
    payment_method_title:
      payments.length > 1 ? payments.map((p) => p.gateway_title || p.gateway_id).join(' + ') : first?.gateway_title || order.payment_method_title,
    line_items: lineItems,
    fee_lines: itemsOfType(order.items, 'fee').map((fee) => ({
      name: fee.name,
      total: fee.data.total,
      tax_status: fee.data.tax_status,
      tax_class: fee.data.tax_class,
    })),
    shipping_lines: itemsOfType(order.items, 'shipping').map((s) => ({ method_id: s.data.method_id, method_title: s.name, total: s.data.total })),
    meta_data: meta,
  };
  // WooCommerce refuses a billing e-mail that is not an address, the empty one included (§15.5): empty fields are left out.
  const filled = Object.entries(billing).filter(([, value]) => value !== '');
  if (filled.length > 0) body.billing = Object.fromEntries(filled);
  if (sources.wooCustomerId !== null) body.customer_id = sources.wooCustomerId;
  if (order.customer_note !== '') body.customer_note = order.customer_note;
  if (sources.withCoupons) {
    const coupons = itemsOfType(order.items, 'coupon');
    if (coupons.length > 0) body.coupon_lines = coupons.map((c) => ({ code: c.name }));
  }
  return body;
}

/** The till's total with tax for the sale, from its journal entry: what WooCommerce's total is compared with. */
export function saleTotal(entry: JournalRecord): string {
  const payload = JSON.parse(entry.payload) as { totals?: { total?: string } };
  return payload.totals?.total ?? '0';
}

/** WooCommerce's total minus the till's, or null when they agree. */
export function totalsDifference(wooTotal: unknown, tillTotal: string): string | null {
  if (typeof wooTotal !== 'string' || !/^-?\d+(\.\d+)?$/.test(wooTotal)) return `WooCommerce answered no total (till ${tillTotal})`;
  const difference = new Decimal(wooTotal).minus(tillTotal);
  return difference.isZero() ? null : difference.toFixed(2);
}

/**
 * A refund as the till made it: no money moved by WooCommerce (`api_refund: false`), stock put back
 * there only when the till put it back, lines by WooCommerce's line ids.
 */
export function refundBody(refund: RefundRecord, entry: JournalRecord, wooLineIds: ReadonlyMap<number, number>, tillId: string): Record<string, unknown> {
  const lines = refund.line_items
    .filter((line) => wooLineIds.has(line.refunded_item_id))
    .map((line) => ({ id: wooLineIds.get(line.refunded_item_id), quantity: line.quantity, refund_total: line.total }));
  return {
    amount: refund.amount,
    reason: refund.reason,
    api_refund: false,
    api_restock: refund.restock,
    line_items: lines,
    meta_data: [
      { key: META.uuid, value: entry.id },
      ...tillLabel(entry, tillId),
      { key: META.sequence, value: String(entry.sequence) },
      { key: META.hash, value: entry.hash },
    ],
  };
}
