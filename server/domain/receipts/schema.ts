import { z } from 'zod';
import type { BillingAddress, ShippingAddress } from '../../model/customers/address.js';

/**
 * The receipt data (`data` of `GET /receipts/{order_id}`), the one shape that the JSON answer, the
 * template gallery, stored templates and the plain-text receipt all read. Names follow the reference
 * plugin's receipt payload (wcpos-reference "Receipts"): the required top-level keys, `qty`,
 * `unit_price_incl`, `line_total_excl`, `totals.total_incl`, `tax_summary`, `payments[].tendered`...
 *
 * Money: every amount is a decimal string at the store's decimals (`"28.20"`, `"-2.40"`), and each
 * has a `<name>_display` twin for people, written with the order's currency symbol and the store's
 * currency position and separators (`"£28.20"`). Amounts come in three flavours where tax applies:
 * `_excl` (before tax), `_incl` (with tax) and the bare name, which is whichever of the two the store
 * shows (`tax.display`, from the store's `tax_display_cart`); `_tax` is the tax on it. Line `unit_price`, `line_subtotal` and
 * the `subtotal` totals are before coupons; `discounts` and `line_total` are the coupons' share and
 * what is left after them.
 */

/** A decimal amount at the store's decimals. */
const amount = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal amount');
/** The amount for people: currency symbol and separators. */
const display = z.string();

type MoneyShape<K extends string> = { [P in K]: typeof amount } & { [P in `${K}_display`]: typeof display };
type NullableMoneyShape<K extends string> = { [P in K]: z.ZodNullable<typeof amount> } & { [P in `${K}_display`]: z.ZodNullable<typeof display> };

/** Each amount with its `_display` twin. */
function money<const K extends string>(...keys: K[]): MoneyShape<K> {
  return Object.fromEntries(
    keys.flatMap((key) => [
      [key, amount],
      [`${key}_display`, display],
    ]),
  ) as MoneyShape<K>;
}

/** Amounts that only some receipts have (cash tendered, change): both `null` when absent. */
function nullableMoney<const K extends string>(...keys: K[]): NullableMoneyShape<K> {
  return Object.fromEntries(
    keys.flatMap((key) => [
      [key, amount.nullable()],
      [`${key}_display`, display.nullable()],
    ]),
  ) as NullableMoneyShape<K>;
}

/** A moment in the store's time zone, ready to print, with its GMT twin. */
export const receiptDateSchema = z.object({
  /** `2025-03-14 09:26` */
  datetime: z.string(),
  /** `2025-03-14` */
  date: z.string(),
  /** `09:26` */
  time: z.string(),
  /** `14/03/2025` */
  date_dmy: z.string(),
  /** `03/14/2025` */
  date_mdy: z.string(),
  /** `2025-03-14T09:26:53`, store local time. */
  local: z.string(),
  /** `2025-03-14T09:26:53`, GMT. */
  gmt: z.string(),
});

const taxIdSchema = z.object({ type: z.string(), value: z.string(), label: z.string() });

/** An item's tax at one rate. */
const itemTaxSchema = z.object({ rate_id: z.number().int(), label: z.string(), ...money('amount') });

const metaSchema = z.object({ key: z.string(), value: z.string() });

export const RECEIPT_LABELS = {
  receipt: 'Receipt',
  invoice: 'Invoice',
  gift_receipt: 'Gift receipt',
  order_number: 'No.',
  date: 'Date',
  cashier: 'Served by',
  customer: 'Customer',
  bill_to: 'Bill to',
  phone: 'Tel.',
  sku: 'SKU',
  description: 'Description',
  qty: 'Qty',
  unit_price: 'Unit price',
  amount: 'Amount',
  excl_tax: 'excl. tax',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  fee: 'Fee',
  tax: 'Tax',
  includes_tax: 'incl.',
  total: 'Total',
  paid: 'Paid',
  payment: 'Payment',
  tendered: 'Tendered',
  change: 'Change',
  amount_due: 'Due',
  not_paid: 'NOT PAID',
  reference: 'Ref.',
  refund: 'Refund',
  refunded: 'Refunded',
  net_total: 'Net total',
  note: 'Note',
  thank_you: 'Thank you for your purchase',
  gift_note: 'Prices are not shown on this receipt. Please keep it to exchange or return these items.',
} as const;
export type ReceiptLabel = keyof typeof RECEIPT_LABELS;

const i18nSchema = z.object(Object.fromEntries(Object.keys(RECEIPT_LABELS).map((key) => [key, z.string()])) as { [K in ReceiptLabel]: z.ZodString });

export const receiptDataSchema = z.object({
  order: z.object({
    id: z.number().int(),
    number: z.string(),
    status: z.string(),
    status_label: z.string(),
    currency: z.string(),
    currency_symbol: z.string(),
    prices_include_tax: z.boolean(),
    customer_note: z.string(),
    created_via: z.string(),
    created: receiptDateSchema,
    paid: receiptDateSchema.nullable(),
    completed: receiptDateSchema.nullable(),
  }),
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.object({ address_1: z.string(), address_2: z.string(), city: z.string(), state: z.string(), postcode: z.string(), country: z.string() }),
    /** The address as printed: street lines, `city, state postcode`, country name; empty parts left out. */
    address_lines: z.array(z.string()),
    phone: z.string(),
    email: z.string(),
    url: z.string(),
    tax_ids: z.array(taxIdSchema),
    opening_hours_notes: z.string(),
    personal_notes: z.string(),
    policies_and_conditions: z.string(),
    footer_imprint: z.string(),
  }),
  cashier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  customer: z.object({
    /** 0 for a guest. */
    id: z.number().int(),
    is_guest: z.boolean(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    billing_address: z.custom<BillingAddress>(),
    shipping_address: z.custom<ShippingAddress>(),
    /** The tax ids written to the order or customer under the meta keys of `settings/tax_ids`. */
    tax_ids: z.array(taxIdSchema),
  }),
  lines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      qty: z.number(),
      meta: z.array(metaSchema),
      ...money(
        'unit_price',
        'unit_price_incl',
        'unit_price_excl',
        'line_subtotal',
        'line_subtotal_incl',
        'line_subtotal_excl',
        'line_subtotal_tax',
        'discounts',
        'discounts_incl',
        'discounts_excl',
        'discounts_tax',
        'line_total',
        'line_total_incl',
        'line_total_excl',
        'line_total_tax',
      ),
      taxes: z.array(itemTaxSchema),
    }),
  ),
  fees: z.array(
    z.object({ id: z.number().int(), label: z.string(), ...money('total', 'total_incl', 'total_excl', 'total_tax'), taxes: z.array(itemTaxSchema) }),
  ),
  shipping: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      method_id: z.string(),
      ...money('total', 'total_incl', 'total_excl', 'total_tax'),
      taxes: z.array(itemTaxSchema),
    }),
  ),
  /**
   * One entry per coupon, then one (`code` and `label` empty, `discount_type` `till`) for what the
   * till took off the lines by itself (a line's discount, a whole-sale discount spread over the
   * lines); amounts positive. Together they are `totals.discount_total`, so the lines before
   * discounts, less these, plus tax, shipping and fees, are the total.
   */
  discounts: z.array(z.object({ code: z.string(), label: z.string(), discount_type: z.string(), ...money('total', 'total_incl', 'total_excl', 'total_tax') })),
  totals: z.object({
    ...money(
      'subtotal',
      'subtotal_incl',
      'subtotal_excl',
      'subtotal_tax',
      'discount_total',
      'discount_total_incl',
      'discount_total_excl',
      'discount_total_tax',
      'shipping_total',
      'shipping_total_incl',
      'shipping_total_excl',
      'shipping_total_tax',
      'fee_total',
      'fee_total_incl',
      'fee_total_excl',
      'fee_total_tax',
      'tax_total',
      'total',
      'total_incl',
      'total_excl',
      'paid_total',
      /** What is still to pay: the total less every tender taken so far (0 once paid, and for a cancelled order). */
      'due_total',
      'change_total',
      'refund_total',
      'net_total',
    ),
    has_discount: z.boolean(),
    has_refunds: z.boolean(),
    /** Something is still to pay (part paid, or not paid at all): the receipt shows what is due. */
    has_due: z.boolean(),
    /** Nothing paid yet and something to pay (a pending order's bill): the receipt says it is not paid. */
    is_unpaid: z.boolean(),
    total_qty: z.number(),
    line_count: z.number().int(),
  }),
  tax: z.object({
    /** Whether the bare amounts include tax (the store's `tax_display_cart`). */
    display: z.enum(['incl', 'excl']),
    display_incl: z.boolean(),
    display_excl: z.boolean(),
    /** One line per rate, or a single tax line (the store's `tax_total_display`). */
    breakdown: z.enum(['itemized', 'single']),
    breakdown_itemized: z.boolean(),
    breakdown_single: z.boolean(),
    prices_include_tax: z.boolean(),
  }),
  /** Taxes per rate: what was taxed (after coupons, before tax) and the tax. */
  tax_summary: z.array(
    z.object({
      rate_id: z.number().int(),
      code: z.string(),
      label: z.string(),
      /** The percentage without trailing zeros: `20`, `5`, `7.25`. */
      rate: z.string(),
      compound: z.boolean(),
      ...money('taxable_amount_excl', 'tax_amount', 'taxable_amount_incl'),
    }),
  ),
  has_tax_summary: z.boolean(),
  payments: z.array(
    z.object({
      method_id: z.string(),
      method_title: z.string(),
      ...money('amount'),
      /** Cash handed over and change given back: cash payments only. */
      ...nullableMoney('tendered', 'change'),
      transaction_id: z.string(),
      paid: receiptDateSchema.nullable(),
    }),
  ),
  /** Newest first; amounts positive (what went back to the customer). */
  refunds: z.array(
    z.object({
      id: z.number().int(),
      ...money('amount'),
      reason: z.string(),
      refunded_payment: z.boolean(),
      date: receiptDateSchema,
      lines: z.array(
        z.object({
          type: z.enum(['line_item', 'fee', 'shipping']),
          name: z.string(),
          sku: z.string(),
          qty: z.number(),
          ...money('total_excl', 'total_tax', 'total_incl'),
        }),
      ),
    }),
  ),
  /** Live receipts carry no fiscal record: the fields are there, empty, for templates that print them. */
  fiscal: z.object({
    document_type: z.literal('sale'),
    sequence: z.number().int().nullable(),
    hash: z.string().nullable(),
    qr_payload: z.string().nullable(),
    tax_agency_code: z.string().nullable(),
    signed_at: z.string().nullable(),
    signature_excerpt: z.string().nullable(),
    document_label: z.string(),
    is_reprint: z.boolean(),
    reprint_count: z.number().int(),
    extra_fields: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
  /** How amounts and dates were written, for clients that format the bare values themselves. */
  presentation_hints: z.object({
    locale: z.string(),
    timezone: z.string(),
    currency: z.string(),
    currency_symbol: z.string(),
    currency_position: z.enum(['left', 'right', 'left_space', 'right_space']),
    price_thousand_separator: z.string(),
    price_decimal_separator: z.string(),
    price_num_decimals: z.number().int(),
  }),
  /** The receipt's words: these defaults, overridden by the store's `receipt_i18n`. */
  i18n: i18nSchema,
});

export type ReceiptData = z.output<typeof receiptDataSchema>;
export type ReceiptDate = z.output<typeof receiptDateSchema>;
export type PresentationHints = ReceiptData['presentation_hints'];
export type ReceiptTaxId = z.output<typeof taxIdSchema>;

/**
 * `GET /receipts/{order_id}` as JSON (`format=json`), made live or from the fiscal journal: what the
 * OpenAPI document shows of the answer. The receipts router holds both envelopes to it.
 */
export const receiptEnvelopeSchema = z.object({
  order_id: z.number().int(),
  mode: z.enum(['live', 'fiscal']),
  has_snapshot: z.boolean(),
  submission_status: z.null(),
  data: receiptDataSchema,
});

/** `GET /receipts/{order_id}` as JSON. */
export interface ReceiptEnvelope {
  order_id: number;
  mode: 'live';
  has_snapshot: false;
  submission_status: null;
  data: ReceiptData;
}
