import type { PaymentRecord } from '../../model/records/payments.js';
import { Decimal, formatMoney } from '../../model/money.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import { ratePercent } from '../receipts/format.js';
import { sum, type DecimalInput } from '../taxes/calc.js';

/** Who and where, as every entry records it. */
export interface EntryContext {
  cashier: { id: number; name: string } | null;
  register: { id: number; name: string };
  session_id: number | null;
  store_id: number | null;
  dp: number;
  /** The order's receipt number (its shop series' "A-1042"); its id when left out. */
  number?: string;
}

export interface JournalTax {
  rate_id: number;
  label: string;
  rate: string;
  amount: string;
}

/** A sale as the journal keeps it: what was sold, the taxes, the totals and how it was paid. */
export interface SalePayload {
  type: 'sale';
  order: { id: number; number: string; currency: string };
  time: string;
  cashier: EntryContext['cashier'];
  register: EntryContext['register'];
  session_id: number | null;
  store_id: number | null;
  lines: Array<{ item_id: number; type: 'line_item' | 'fee' | 'shipping'; name: string; sku: string; quantity: number; total: string; tax: string }>;
  taxes: JournalTax[];
  /** `gross` is before discounts; every total includes tax. */
  totals: { gross: string; discount: string; tax: string; total: string };
  tenders: Array<{ gateway_id: string; amount: string; tendered: string | null; change: string; transaction_id: string }>;
}

export interface RefundPayload {
  type: 'refund';
  order: { id: number; number: string; currency: string };
  refund_id: number;
  time: string;
  cashier: EntryContext['cashier'];
  register: EntryContext['register'];
  session_id: number | null;
  store_id: number | null;
  reason: string;
  lines: Array<{ item_id: number; type: string; name: string; sku: string; quantity: number; total: string; tax: string }>;
  taxes: JournalTax[];
  totals: { amount: string; tax: string };
  tenders: Array<{ gateway_id: string; amount: string }>;
}

export function salePayload(order: OrderRecord, payments: readonly PaymentRecord[], context: EntryContext): SalePayload {
  const money = (value: DecimalInput) => formatMoney(value, context.dp);
  const taxed = [...itemsOfType(order.items, 'line_item'), ...itemsOfType(order.items, 'fee'), ...itemsOfType(order.items, 'shipping')];
  const discount = new Decimal(order.discount_total).plus(order.discount_tax);
  return {
    type: 'sale',
    order: { id: order.id, number: context.number ?? String(order.id), currency: order.currency },
    time: order.date_paid_gmt ?? order.date_modified_gmt,
    cashier: context.cashier,
    register: context.register,
    session_id: context.session_id,
    store_id: context.store_id,
    lines: taxed.map((item) => ({
      item_id: item.id,
      type: item.type,
      name: item.name,
      sku: item.type === 'line_item' ? item.data.sku : '',
      quantity: item.type === 'line_item' ? item.data.quantity : 1,
      total: money(item.data.total),
      tax: money(item.data.total_tax),
    })),
    taxes: itemsOfType(order.items, 'tax').map((tax) => ({
      rate_id: tax.data.rate_id,
      label: tax.data.label,
      rate: ratePercent(tax.data.rate_percent),
      amount: money(new Decimal(tax.data.tax_total).plus(tax.data.shipping_tax_total)),
    })),
    totals: { gross: money(new Decimal(order.total).plus(discount)), discount: money(discount), tax: money(order.total_tax), total: money(order.total) },
    tenders: payments.map((payment) => ({
      gateway_id: payment.gateway_id,
      amount: payment.amount,
      tendered: payment.tendered,
      change: payment.change,
      transaction_id: payment.transaction_id,
    })),
  };
}

export function refundPayload(order: OrderRecord, refund: RefundRecord, gatewayId: string, context: EntryContext): RefundPayload {
  const money = (value: DecimalInput) => formatMoney(value, context.dp);
  const taxLines = itemsOfType(order.items, 'tax');
  const byRate = new Map<number, Decimal>();
  for (const item of refund.line_items) for (const tax of item.taxes) byRate.set(tax.id, (byRate.get(tax.id) ?? new Decimal(0)).plus(tax.total));
  const taxTotal = sum([...byRate.values()]);
  return {
    type: 'refund',
    order: { id: order.id, number: context.number ?? String(order.id), currency: order.currency },
    refund_id: refund.id,
    time: refund.date_created_gmt,
    cashier: context.cashier,
    register: context.register,
    session_id: context.session_id,
    store_id: context.store_id,
    reason: refund.reason,
    lines: refund.line_items.map((item) => ({
      item_id: item.refunded_item_id,
      type: item.type,
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      total: money(item.total),
      tax: money(sum(item.taxes.map((tax) => new Decimal(tax.total)))),
    })),
    taxes: [...byRate].map(([rateId, amount]) => {
      const line = taxLines.find((tax) => tax.data.rate_id === rateId);
      return { rate_id: rateId, label: line?.data.label ?? '', rate: ratePercent(line?.data.rate_percent ?? '0'), amount: money(amount) };
    }),
    totals: { amount: refund.amount, tax: money(taxTotal) },
    tenders: [{ gateway_id: gatewayId, amount: refund.amount }],
  };
}
