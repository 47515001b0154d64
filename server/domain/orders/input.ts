import { z } from 'zod';
import { billingAddressInput, shippingAddressInput } from '../../model/customers/address.js';
import { Decimal, moneyInput } from '../../model/money.js';
import { QUANTITY_DECIMALS } from './quantities.js';

/** An integer that may come as a numeric string, as WordPress sanitises integer arguments. */
const integer = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z.number().int('must be an integer'),
);
const positiveId = integer.pipe(z.number().positive('must be a positive integer'));
const nonNegativeId = integer.pipe(z.number().min(0, 'must not be negative'));

/**
 * A line quantity: a number (or numeric string) of at most three decimal places; whether decimals
 * are allowed at all is the general setting `decimal_qty`, checked where the line is built.
 */
const quantity = z
  .preprocess((value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value), z.number('must be a number'))
  .refine((value) => Number.isFinite(value) && !new Decimal(value).gt(1_000_000), 'must be a quantity up to 1000000')
  .refine((value) => value >= 0, 'must be 0 (delete) or more')
  .refine(
    (value) => !Number.isFinite(value) || new Decimal(value).decimalPlaces() <= QUANTITY_DECIMALS,
    `must have at most ${QUANTITY_DECIMALS} decimal places`,
  );

const optionalMoney = moneyInput.optional().transform((value) => (value === '' ? undefined : value));
/** Line and shipping amounts: never below zero (a discount is a coupon or a negative fee; see money-invariants.ts). */
const optionalNonNegativeMoney = optionalMoney.refine((value) => value === undefined || !new Decimal(value).lt(0), 'must not be negative');

export const metaInput = z.array(
  z.object({
    id: positiveId.optional(),
    key: z.string().trim().min(1, 'key is required').max(255),
    value: z.unknown(),
  }),
);
export type MetaInput = z.output<typeof metaInput>;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** `line_items[]` (§2.6): with `id` an update, without an addition; `quantity: 0` or `product_id: null` deletes. */
export const lineItemInput = z.object({
  id: positiveId.optional(),
  product_id: nonNegativeId.nullable().optional(),
  variation_id: nonNegativeId.nullable().optional(),
  sku: text(100).optional(),
  quantity: quantity.optional(),
  /** A scanned code instead of a product reference: an ordinary barcode, or a GS1 scale label carrying the weight or price. */
  barcode: text(64).optional(),
  name: text(400).optional(),
  tax_class: text(200).optional(),
  subtotal: optionalNonNegativeMoney,
  total: optionalNonNegativeMoney,
  meta_data: metaInput.optional(),
});
export type LineItemInput = z.output<typeof lineItemInput>;

export const feeLineInput = z.object({
  id: positiveId.optional(),
  name: text(400).nullable().optional(),
  total: optionalMoney,
  tax_class: text(200).optional(),
  tax_status: z.enum(['taxable', 'none']).optional(),
  meta_data: metaInput.optional(),
});
export type FeeLineInput = z.output<typeof feeLineInput>;

export const shippingLineInput = z.object({
  id: positiveId.optional(),
  method_id: text(200).nullable().optional(),
  method_title: text(400).nullable().optional(),
  instance_id: z.union([text(64), integer.transform(String)]).optional(),
  total: optionalNonNegativeMoney,
  meta_data: metaInput.optional(),
});
export type ShippingLineInput = z.output<typeof shippingLineInput>;

export const couponLineInput = z.object({
  id: positiveId.optional(),
  code: text(200).nullable().optional(),
});
export type CouponLineInput = z.output<typeof couponLineInput>;

/** WooCommerce clients send `null` for empty address fields (`billing.email: null`): read them as `''`. */
const nullsAsEmpty = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, field]) => [key, field ?? '']))
    : value;

const orderFields = {
  status: text(40).optional(),
  customer_id: nonNegativeId.optional(),
  billing: z.preprocess(nullsAsEmpty, billingAddressInput).optional(),
  shipping: z.preprocess(nullsAsEmpty, shippingAddressInput).optional(),
  customer_note: text(5000).optional(),
  payment_method: text(200).optional(),
  payment_method_title: text(400).optional(),
  transaction_id: text(200).optional(),
  meta_data: metaInput.optional(),
  line_items: z.array(lineItemInput).max(500).optional(),
  fee_lines: z.array(feeLineInput).max(100).optional(),
  shipping_lines: z.array(shippingLineInput).max(100).optional(),
  coupon_lines: z.array(couponLineInput).max(50).optional(),
  set_paid: z.boolean().optional(),
};

/** `POST /orders`; `uuid` (or meta `_pos_uuid`) makes the create idempotent (CONTRACT 7). */
export const orderCreateInput = z.object({ ...orderFields, uuid: z.string().trim().min(1).max(64).optional() });
export type OrderCreateInput = z.output<typeof orderCreateInput>;

export const orderUpdateInput = z.object(orderFields);
export type OrderUpdateInput = z.output<typeof orderUpdateInput>;
