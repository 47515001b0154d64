import { Decimal } from 'decimal.js';

/**
 * An order's amounts as one flat list, by where each is (`line 0 total_tax`, `tax Standard
 * shipping_tax_total`, `order total`), so WooCommerce's answer and Tillbase's compare line by line.
 */

/** The fields of an order answer that carry its amounts (WooCommerce's and Tillbase's alike). */
export interface OrderAmounts {
  line_items: Array<{ subtotal: string; total: string; subtotal_tax: string; total_tax: string }>;
  fee_lines: Array<{ total: string; total_tax: string }>;
  shipping_lines: Array<{ total: string; total_tax: string }>;
  coupon_lines: Array<{ code: string; discount: string; discount_tax: string }>;
  tax_lines: Array<{ rate_id: number; label: string; tax_total: string; shipping_tax_total: string }>;
  discount_total: string;
  discount_tax: string;
  shipping_total: string;
  shipping_tax: string;
  cart_tax: string;
  total_tax: string;
  total: string;
}

export type Amounts = Map<string, string>;

/**
 * To whole cents, half up, in decimal: WooCommerce answers a coupon line's amounts unrounded when
 * taxes are rounded at the subtotal (`"2.175"`), which a binary float would turn into 2.17.
 */
export const cents = (value: string | number): string => {
  try {
    return new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP);
  } catch {
    return String(value);
  }
};

/** Every amount of an order by where it is: `line 0 total_tax`, `tax Standard shipping_tax_total`, `order total`. */
export function amountsOf(order: OrderAmounts): Amounts {
  const amounts: Amounts = new Map();
  const put = (where: string, record: object, fields: readonly string[]) => {
    for (const field of fields) amounts.set(`${where} ${field}`, cents((record as Record<string, string>)[field] ?? 'absent'));
  };
  order.line_items.forEach((line, index) => {
    put(`line ${index}`, line, ['subtotal', 'subtotal_tax', 'total', 'total_tax']);
  });
  order.fee_lines.forEach((fee, index) => {
    put(`fee ${index}`, fee, ['total', 'total_tax']);
  });
  order.shipping_lines.forEach((shipping, index) => {
    put(`shipping ${index}`, shipping, ['total', 'total_tax']);
  });
  order.coupon_lines.forEach((coupon, index) => {
    put(`coupon ${index}`, coupon, ['discount', 'discount_tax']);
  });
  // A tax line of zero and no tax line say the same.
  for (const tax of order.tax_lines) {
    if (Number(tax.tax_total) !== 0 || Number(tax.shipping_tax_total) !== 0) put(`tax ${tax.label}`, tax, ['tax_total', 'shipping_tax_total']);
  }
  put('order', order, ['discount_total', 'discount_tax', 'shipping_total', 'shipping_tax', 'cart_tax', 'total_tax', 'total']);
  return amounts;
}

export function differences(woo: Amounts, till: Amounts): string[] {
  const found: string[] = [];
  for (const where of new Set([...woo.keys(), ...till.keys()])) {
    const theirs = woo.get(where) ?? 'absent';
    const ours = till.get(where) ?? 'absent';
    if (theirs !== ours) found.push(`${where}: WooCommerce ${theirs}, Tillbase ${ours}`);
  }
  return found;
}
