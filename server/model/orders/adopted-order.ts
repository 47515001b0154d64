import type { ItemMetaEntry, MetaDataEntry } from '../../../shared/resources/common.js';
import type { Order } from '../../../shared/resources/orders.js';
import type { ItemMeta, OrderFields, OrderItemDraft } from './types.js';

/** Another till's order as its journal entries carry it (`GET /orders/{id}` without its links). */
export type OriginOrder = Omit<Order, '_links'>;

/** The till's own product for a line of another till's sale, found by SKU (ids are each till's own). */
export type ProductBySku = (sku: string) => { product_id: number; variation_id: number } | undefined;

/** A copy of another till's sale to be saved as an order here, with the origin's item id of each item, in order. */
export interface AdoptedDraft {
  fields: OrderFields;
  items: OrderItemDraft[];
  originItemIds: number[];
}

function meta(entries: readonly ItemMetaEntry[] | readonly MetaDataEntry[]): ItemMeta[] {
  return entries.map((entry) => ({ id: entry.id, key: entry.key, value: entry.value }));
}

/**
 * The order this till keeps of another till's sale, to refund it here: the lines, taxes, totals,
 * payment and addresses as the selling till recorded them. What names the selling till's own rows
 * is left out (its customer and cashier ids, its store): they mean nothing here. Each product line
 * names this till's product of the same SKU (none: product 0, a line that goes back to no shelf),
 * and counts its units as taken from stock, since the selling till took them: a refund with restock
 * puts them back on this till's shelf, as a return here would.
 */
export function adoptedDraftOf(origin: OriginOrder, productBySku: ProductBySku, nowGmt: string): AdoptedDraft {
  const items: OrderItemDraft[] = [];
  const originItemIds: number[] = [];
  const add = (originId: number, item: OrderItemDraft) => {
    items.push(item);
    originItemIds.push(originId);
  };
  for (const line of origin.line_items) {
    const product = line.sku === '' ? undefined : productBySku(line.sku);
    add(line.id, {
      type: 'line_item',
      name: line.name,
      data: {
        product_id: product?.product_id ?? 0,
        variation_id: product?.variation_id ?? 0,
        quantity: line.quantity,
        tax_class: line.tax_class,
        tax_status: line.taxes.length > 0 ? 'taxable' : 'none',
        subtotal: line.subtotal,
        subtotal_tax: line.subtotal_tax,
        total: line.total,
        total_tax: line.total_tax,
        taxes: line.taxes,
        sku: line.sku,
        parent_name: line.parent_name,
        image: line.image,
        meta_data: meta(line.meta_data),
        reduced_stock: product === undefined ? 0 : line.quantity,
      },
    });
  }
  for (const fee of origin.fee_lines) {
    const { tax_class, tax_status, total, total_tax, taxes } = fee;
    add(fee.id, { type: 'fee', name: fee.name, data: { tax_class, tax_status, total, total_tax, taxes, meta_data: meta(fee.meta_data) } });
  }
  for (const shipping of origin.shipping_lines) {
    const { method_id, instance_id, total, total_tax } = shipping;
    const taxes = shipping.taxes.map((tax) => ({ ...tax, subtotal: tax.total }));
    add(shipping.id, {
      type: 'shipping',
      name: shipping.method_title,
      data: { method_id, instance_id, total, total_tax, taxes, meta_data: meta(shipping.meta_data) },
    });
  }
  for (const coupon of origin.coupon_lines) {
    const { discount, discount_tax, discount_type, free_shipping } = coupon;
    add(coupon.id, {
      type: 'coupon',
      name: coupon.code,
      data: { coupon_id: 0, discount, discount_tax, discount_type, nominal_amount: String(coupon.nominal_amount), free_shipping, meta_data: [] },
    });
  }
  for (const tax of origin.tax_lines) {
    const { rate_id, rate_code, label, compound, tax_total, shipping_tax_total } = tax;
    add(tax.id, {
      type: 'tax',
      name: label,
      data: { rate_id, rate_code, label, compound, tax_total, shipping_tax_total, rate_percent: String(tax.rate_percent), meta_data: meta(tax.meta_data) },
    });
  }
  const fields: OrderFields = {
    parent_id: 0,
    uuid: null,
    order_key: origin.order_key,
    status: origin.status,
    currency: origin.currency,
    prices_include_tax: origin.prices_include_tax,
    customer_id: 0,
    billing: origin.billing,
    shipping: origin.shipping,
    payment_method: origin.payment_method,
    payment_method_title: origin.payment_method_title,
    transaction_id: origin.transaction_id,
    customer_note: origin.customer_note,
    created_via: origin.created_via,
    store_id: null,
    cashier_id: null,
    discount_total: origin.discount_total,
    discount_tax: origin.discount_tax,
    shipping_total: origin.shipping_total,
    shipping_tax: origin.shipping_tax,
    cart_tax: origin.cart_tax,
    total_tax: origin.total_tax,
    total: origin.total,
    meta_data: origin.meta_data.map((entry) => ({ id: entry.id, key: entry.key, value: entry.value })),
    date_created_gmt: origin.date_created_gmt ?? nowGmt,
    date_modified_gmt: nowGmt,
    date_paid_gmt: origin.date_paid_gmt,
    date_completed_gmt: origin.date_completed_gmt,
  };
  return { fields, items, originItemIds };
}
