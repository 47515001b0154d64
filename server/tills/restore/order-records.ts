import type { RefundPayload, SalePayload } from '../../domain/journal/entries.js';
import { Decimal, formatMoney } from '../../model/money.js';
import type { RefundedItem, RefundRecord } from '../../model/orders/refund-types.js';
import type { OrderItem, OrderRecord } from '../../model/orders/types.js';
import type { ItemMetaEntry, MetaDataEntry } from '../../../shared/resources/common.js';
import type { OrderLineItem } from '../../../shared/resources/orders.js';
import type { ReplicatedOrder } from '../replication/documents.js';

/**
 * The records of an order rebuilt from what its documents carry: the order as `GET /orders/{id}`
 * showed it (the latest entry's) and the journal payloads of its sale and refunds. What the shape
 * leaves out is taken as a sale at the till makes it: the taxes' status as taxable, nothing noted as
 * taken from stock (a refund's restock of a restored sale puts nothing back), and no internal meta.
 */

const meta = (entries: readonly (MetaDataEntry | ItemMetaEntry)[]) => entries.map(({ id, key, value }) => ({ id, key, value }));

/**
 * A line's ex-tax total as the till kept it: unrounded, so the unit price the order shows (a JSON
 * number, total / quantity) comes out the same. The shown total is rounded; price × quantity is
 * the unrounded one whenever it rounds to it.
 */
function lineTotal(line: OrderLineItem, dp: number): string {
  if (line.quantity <= 0) return line.total;
  const unrounded = new Decimal(line.price).times(line.quantity);
  return formatMoney(unrounded, dp) === line.total ? unrounded.toString() : line.total;
}

function itemsOf(order: ReplicatedOrder, dp: number): OrderItem[] {
  return [
    ...order.line_items.map((line): OrderItem => ({
      id: line.id,
      type: 'line_item',
      name: line.name,
      data: {
        product_id: line.product_id,
        variation_id: line.variation_id,
        quantity: line.quantity,
        tax_class: line.tax_class,
        tax_status: 'taxable',
        subtotal: line.subtotal,
        subtotal_tax: line.subtotal_tax,
        total: lineTotal(line, dp),
        total_tax: line.total_tax,
        taxes: line.taxes,
        sku: line.sku,
        parent_name: line.parent_name,
        image: line.image,
        meta_data: meta(line.meta_data),
        reduced_stock: 0,
      },
    })),
    ...order.fee_lines.map((fee): OrderItem => ({
      id: fee.id,
      type: 'fee',
      name: fee.name,
      data: {
        tax_class: fee.tax_class,
        tax_status: fee.tax_status,
        total: fee.total,
        total_tax: fee.total_tax,
        taxes: fee.taxes,
        meta_data: meta(fee.meta_data),
      },
    })),
    ...order.shipping_lines.map((shipping): OrderItem => ({
      id: shipping.id,
      type: 'shipping',
      name: shipping.method_title,
      data: {
        method_id: shipping.method_id,
        instance_id: shipping.instance_id,
        total: shipping.total,
        total_tax: shipping.total_tax,
        taxes: shipping.taxes.map((tax) => ({ ...tax, subtotal: '' })),
        meta_data: meta(shipping.meta_data),
      },
    })),
    ...order.coupon_lines.map((coupon): OrderItem => ({
      id: coupon.id,
      type: 'coupon',
      name: coupon.code,
      data: {
        coupon_id: 0,
        discount: coupon.discount,
        discount_tax: coupon.discount_tax,
        discount_type: coupon.discount_type,
        nominal_amount: String(coupon.nominal_amount),
        free_shipping: coupon.free_shipping,
        meta_data: [],
      },
    })),
    ...order.tax_lines.map((tax): OrderItem => ({
      id: tax.id,
      type: 'tax',
      name: tax.label,
      data: {
        rate_id: tax.rate_id,
        rate_code: tax.rate_code,
        label: tax.label,
        compound: tax.compound,
        tax_total: tax.tax_total,
        shipping_tax_total: tax.shipping_tax_total,
        rate_percent: String(tax.rate_percent),
        meta_data: meta(tax.meta_data),
      },
    })),
  ];
}

/** The uuid a client gave the order (`_pos_uuid`), which makes its create idempotent; null without one. */
function clientUuid(order: ReplicatedOrder): string | null {
  const value = order.meta_data.find((entry) => entry.key === '_pos_uuid')?.value;
  return typeof value === 'string' ? value : null;
}

/** `user` is the id when that user is in the restored database, else null (the users are the peer's). */
export function orderRecordOf(
  order: ReplicatedOrder,
  sale: SalePayload | undefined,
  known: (user: number | null) => number | null,
  store: number | null,
): OrderRecord {
  return {
    id: order.id,
    parent_id: order.parent_id,
    uuid: clientUuid(order),
    order_key: order.order_key,
    status: order.status,
    currency: order.currency,
    prices_include_tax: order.prices_include_tax,
    customer_id: order.customer_id,
    billing: order.billing,
    shipping: order.shipping,
    payment_method: order.payment_method,
    payment_method_title: order.payment_method_title,
    transaction_id: order.transaction_id,
    customer_note: order.customer_note,
    created_via: order.created_via,
    store_id: store,
    cashier_id: known(sale?.cashier?.id ?? null),
    discount_total: order.discount_total,
    discount_tax: order.discount_tax,
    shipping_total: order.shipping_total,
    shipping_tax: order.shipping_tax,
    cart_tax: order.cart_tax,
    total_tax: order.total_tax,
    total: order.total,
    meta_data: order.meta_data,
    date_created_gmt: order.date_created_gmt ?? '',
    date_modified_gmt: order.date_modified_gmt ?? order.date_created_gmt ?? '',
    date_paid_gmt: order.date_paid_gmt,
    date_completed_gmt: order.date_completed_gmt,
    // The order's money is shown at the store's decimals: its total says how many.
    items: itemsOf(order, order.total.split('.')[1]?.length ?? 0),
  };
}

/** A refund from its journal payload; each line's tax goes to its order line's (first) tax rate. */
export function refundRecordOf(payload: RefundPayload, order: ReplicatedOrder, refundedBy: number | null): RefundRecord {
  const lines = [...order.line_items, ...order.fee_lines, ...order.shipping_lines];
  const line_items = payload.lines.map((line): RefundedItem => {
    const item = lines.find((candidate) => candidate.id === line.item_id);
    const product = item !== undefined && 'product_id' in item ? item : undefined;
    const rate = item?.taxes[0]?.id;
    return {
      type: line.type === 'fee' || line.type === 'shipping' ? line.type : 'line_item',
      refunded_item_id: line.item_id,
      name: line.name,
      product_id: product?.product_id ?? 0,
      variation_id: product?.variation_id ?? 0,
      quantity: line.quantity,
      tax_class: item !== undefined && 'tax_class' in item ? item.tax_class : '',
      total: line.total,
      taxes: rate === undefined ? [] : [{ id: rate, total: line.tax }],
      sku: line.sku,
    };
  });
  return {
    id: payload.refund_id,
    order_id: payload.order.id,
    amount: payload.totals.amount,
    reason: payload.reason,
    refunded_by: refundedBy,
    refunded_payment: payload.tenders.some((tender) => new Decimal(tender.amount).gt(0)),
    restock: false,
    line_items,
    meta_data: [],
    date_created_gmt: payload.time,
  };
}
