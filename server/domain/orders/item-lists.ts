import { badRequest } from '../errors.js';
import type { CouponLineInput, FeeLineInput, ShippingLineInput } from './input.js';
import { upsertMeta } from './meta.js';
import type { OrderItemDraft } from '../../model/orders/types.js';

/** Fee, shipping and coupon lines of a create or update (woocommerce-reference §2.6 write semantics). */

type FeeDraft = Extract<OrderItemDraft, { type: 'fee' }>;
type ShippingDraft = Extract<OrderItemDraft, { type: 'shipping' }>;
type CouponDraft = Extract<OrderItemDraft, { type: 'coupon' }>;

/** A tax class as the request names it (`standard` for `''`), checked against the configured classes. */
export type TaxClassOf = (value: string, param: string) => string;

export function applyFees(current: readonly FeeDraft[], inputs: readonly FeeLineInput[], taxClassOf: TaxClassOf): FeeDraft[] {
  const fees = [...current];
  inputs.forEach((input, index) => {
    if (input.id === undefined) {
      if (input.name === undefined || input.name === null || input.name === '')
        throw badRequest('woocommerce_rest_invalid_fee_item', 'Fee name is required.', { param: `fee_lines[${index}].name` });
      fees.push({
        type: 'fee',
        name: input.name,
        data: {
          tax_class: input.tax_class !== undefined ? taxClassOf(input.tax_class, `fee_lines[${index}].tax_class`) : '',
          tax_status: input.tax_status ?? 'taxable',
          total: input.total ?? '0',
          total_tax: '0',
          taxes: [],
          meta_data: upsertMeta([], input.meta_data ?? []),
        },
      });
      return;
    }
    const position = fees.findIndex((fee) => fee.id === input.id);
    const existing = fees[position];
    if (!existing)
      throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${input.id} is not a fee line of this order.`, { param: `fee_lines[${index}].id` });
    if (input.name === null) {
      fees.splice(position, 1);
      return;
    }
    fees[position] = {
      ...existing,
      name: input.name ?? existing.name,
      data: {
        ...existing.data,
        tax_class: input.tax_class !== undefined ? taxClassOf(input.tax_class, `fee_lines[${index}].tax_class`) : existing.data.tax_class,
        tax_status: input.tax_status ?? existing.data.tax_status,
        total: input.total ?? existing.data.total,
        meta_data: input.meta_data ? upsertMeta(existing.data.meta_data, input.meta_data) : existing.data.meta_data,
      },
    };
  });
  return fees;
}

export function applyShipping(current: readonly ShippingDraft[], inputs: readonly ShippingLineInput[]): ShippingDraft[] {
  const lines = [...current];
  inputs.forEach((input, index) => {
    if (input.id === undefined) {
      if (input.method_id === undefined || input.method_id === null || input.method_id === '') {
        throw badRequest('woocommerce_rest_invalid_shipping_item', 'Shipping method ID is required.', { param: `shipping_lines[${index}].method_id` });
      }
      lines.push({
        type: 'shipping',
        name: input.method_title ?? input.method_id,
        data: {
          method_id: input.method_id,
          instance_id: input.instance_id ?? '',
          total: input.total ?? '0',
          total_tax: '0',
          taxes: [],
          meta_data: upsertMeta([], input.meta_data ?? []),
        },
      });
      return;
    }
    const position = lines.findIndex((line) => line.id === input.id);
    const existing = lines[position];
    if (!existing)
      throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${input.id} is not a shipping line of this order.`, {
        param: `shipping_lines[${index}].id`,
      });
    if (input.method_id === null || input.method_title === null) {
      lines.splice(position, 1);
      return;
    }
    lines[position] = {
      ...existing,
      name: input.method_title ?? existing.name,
      data: {
        ...existing.data,
        method_id: input.method_id ?? existing.data.method_id,
        instance_id: input.instance_id ?? existing.data.instance_id,
        total: input.total ?? existing.data.total,
        meta_data: input.meta_data ? upsertMeta(existing.data.meta_data, input.meta_data) : existing.data.meta_data,
      },
    };
  });
  return lines;
}

/** Coupon lines sent replace the order's coupons (WooCommerce removes them all and applies the codes again). */
export function applyCoupons(current: readonly CouponDraft[], inputs: readonly CouponLineInput[]): CouponDraft[] {
  return inputs.flatMap((input, index): CouponDraft[] => {
    if (input.code === null || (input.code === undefined && input.id !== undefined)) return [];
    if (input.code === undefined || input.code === '')
      throw badRequest('woocommerce_rest_invalid_coupon', 'Coupon code is required.', { param: `coupon_lines[${index}].code` });
    const existing = current.find((line) => line.name.toLowerCase() === input.code?.toLowerCase());
    if (existing) return [existing];
    return [
      {
        type: 'coupon',
        name: input.code,
        data: { coupon_id: 0, discount: '0', discount_tax: '0', discount_type: 'fixed_cart', nominal_amount: '0', free_shipping: false, meta_data: [] },
      },
    ];
  });
}
