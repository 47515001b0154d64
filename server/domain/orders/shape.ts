import { tillbaseVersion } from '../../version.js';
import { gmtToLocal } from '../../model/dates.js';
import { currencySymbol, Decimal, formatMoney } from '../../model/money.js';
import type { Store } from '../../model/stores.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import type { OrderStatuses } from './statuses.js';
import { INTERNAL_META_KEYS, itemsOfType, type ItemMeta, type OrderRecord } from '../../model/orders/types.js';
import type { LocalAndGmt } from '../../../shared/resources/common.js';
import type { Order } from '../../../shared/resources/orders.js';

let version: string | undefined;
/** WooCommerce's `version` is the software that last wrote the order: here, Tillbase's version (read once). */
function orderVersion(): string {
  version ??= tillbaseVersion();
  return version;
}

/** What shaping an order needs besides the record. */
export interface OrderShapeContext {
  store: Store;
  statuses: OrderStatuses;
  refunds: readonly RefundRecord[];
  /** `http://host/pos/v1`, for `_links`. */
  apiBase: string;
  /** Its receipt number (ReceiptNumbers); its id when left out. */
  number?: string | undefined;
}

export { currencySymbol };

/** `foo` (store local time) and `foo_gmt`, as every WooCommerce date comes. */
export function dates<Name extends string>(name: Name, gmt: string | null, timeZone: string): LocalAndGmt<Name> {
  // Computed keys type as an index signature; the two keys are exactly those of LocalAndGmt<Name>.
  return { [name]: gmtToLocal(gmt, timeZone), [`${name}_gmt`]: gmt } as LocalAndGmt<Name>;
}

function itemMeta(meta: readonly ItemMeta[]) {
  return meta.map((entry) => ({
    id: entry.id,
    key: entry.key,
    value: entry.value,
    display_key: entry.key,
    display_value: typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value),
  }));
}

/** Needs payment: pending or failed with something to pay (WC_Order::needs_payment). */
export function needsPayment(order: OrderRecord): boolean {
  return (order.status === 'pending' || order.status === 'failed') && new Decimal(order.total).gt(0);
}

/** The order as `GET /orders/{id}` shows it (woocommerce-reference §2.6). */
export function shapeOrder(order: OrderRecord, context: OrderShapeContext): Order {
  const dp = context.store.price_num_decimals;
  const zone = context.store.timezone;
  const money = (value: string) => formatMoney(value, dp);
  const lineItems = itemsOfType(order.items, 'line_item');
  return {
    id: order.id,
    parent_id: order.parent_id,
    number: context.number ?? String(order.id),
    order_key: order.order_key,
    created_via: order.created_via,
    version: orderVersion(),
    status: order.status,
    currency: order.currency,
    ...dates('date_created', order.date_created_gmt, zone),
    ...dates('date_modified', order.date_modified_gmt, zone),
    discount_total: money(order.discount_total),
    discount_tax: money(order.discount_tax),
    shipping_total: money(order.shipping_total),
    shipping_tax: money(order.shipping_tax),
    cart_tax: money(order.cart_tax),
    total: money(order.total),
    total_tax: money(order.total_tax),
    prices_include_tax: order.prices_include_tax,
    customer_id: order.customer_id,
    customer_ip_address: '',
    customer_user_agent: '',
    customer_note: order.customer_note,
    billing: order.billing,
    shipping: order.shipping,
    payment_method: order.payment_method,
    payment_method_title: order.payment_method_title,
    transaction_id: order.transaction_id,
    ...dates('date_paid', order.date_paid_gmt, zone),
    ...dates('date_completed', order.date_completed_gmt, zone),
    cart_hash: '',
    meta_data: order.meta_data.filter((entry) => !INTERNAL_META_KEYS.has(entry.key)),
    line_items: lineItems.map((item) => ({
      id: item.id,
      name: item.name,
      parent_name: item.data.parent_name,
      product_id: item.data.product_id,
      variation_id: item.data.variation_id,
      quantity: item.data.quantity,
      tax_class: item.data.tax_class,
      subtotal: money(item.data.subtotal),
      subtotal_tax: money(item.data.subtotal_tax),
      total: money(item.data.total),
      total_tax: money(item.data.total_tax),
      taxes: item.data.taxes,
      meta_data: itemMeta(item.data.meta_data),
      sku: item.data.sku,
      price: item.data.quantity > 0 ? new Decimal(item.data.total).div(item.data.quantity).toNumber() : 0,
      image: item.data.image,
    })),
    tax_lines: itemsOfType(order.items, 'tax').map((item) => ({
      id: item.id,
      rate_code: item.data.rate_code,
      rate_id: item.data.rate_id,
      label: item.data.label,
      compound: item.data.compound,
      tax_total: money(item.data.tax_total),
      shipping_tax_total: money(item.data.shipping_tax_total),
      rate_percent: Number(item.data.rate_percent),
      meta_data: itemMeta(item.data.meta_data),
    })),
    shipping_lines: itemsOfType(order.items, 'shipping').map((item) => ({
      id: item.id,
      method_title: item.name,
      method_id: item.data.method_id,
      instance_id: item.data.instance_id,
      total: money(item.data.total),
      total_tax: money(item.data.total_tax),
      taxes: item.data.taxes.map((tax) => ({ id: tax.id, total: tax.total })),
      meta_data: itemMeta(item.data.meta_data),
    })),
    fee_lines: itemsOfType(order.items, 'fee').map((item) => ({
      id: item.id,
      name: item.name,
      tax_class: item.data.tax_class,
      tax_status: item.data.tax_status,
      amount: money(item.data.total),
      total: money(item.data.total),
      total_tax: money(item.data.total_tax),
      taxes: item.data.taxes,
      meta_data: itemMeta(item.data.meta_data),
    })),
    coupon_lines: itemsOfType(order.items, 'coupon').map((item) => ({
      id: item.id,
      code: item.name,
      discount: money(item.data.discount),
      discount_tax: money(item.data.discount_tax),
      discount_type: item.data.discount_type,
      nominal_amount: Number(item.data.nominal_amount === '' ? 0 : item.data.nominal_amount),
      free_shipping: item.data.free_shipping,
      meta_data: [],
    })),
    refunds: context.refunds.map((refund) => ({ id: refund.id, reason: refund.reason, total: formatMoney(new Decimal(refund.amount).negated(), dp) })),
    payment_url: '',
    is_editable: context.statuses.isEditable(order.status),
    needs_payment: needsPayment(order),
    needs_processing: lineItems.some((item) => item.data.product_id > 0),
    _links: {
      self: [{ href: `${context.apiBase}/orders/${order.id}` }],
      collection: [{ href: `${context.apiBase}/orders` }],
      // The POS plugin's links: where to take payment for the order and where its receipt is.
      payment: [{ href: `${context.apiBase}/orders/${order.id}/checkout` }],
      receipt: [{ href: `${context.apiBase}/receipts/${order.id}` }],
      ...(order.customer_id > 0 ? { customer: [{ href: `${context.apiBase}/customers/${order.customer_id}` }] } : {}),
    },
  };
}
export type OrderResponse = ReturnType<typeof shapeOrder>;
