import type { CustomerRecord } from '../../model/customers/types.js';
import { Decimal, HALF_UP } from '../../model/money.js';
import type { PaymentRecord } from '../../model/records/payments.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import type { UserRecord } from '../../model/records/users.js';
import type { Store } from '../../model/stores.js';
import { itemsOfType, type ItemMeta, type ItemTax, type OrderItem, type OrderRecord } from '../../model/orders/types.js';
import { nullableReceiptDate, ratePercent, ReceiptMoney, receiptDate } from '../receipts/format.js';
import { receiptLabels, receiptStoreSection } from '../receipts/store-section.js';
import type { PresentationHints, ReceiptData, ReceiptTaxId } from '../receipts/schema.js';
import { sum } from '../taxes/calc.js';
import { currencySymbol } from './shape.js';
import type { OrderStatuses } from './statuses.js';

/** Everything a receipt is built from, read by ReceiptService; building it reads nothing more. */
export interface ReceiptSources {
  order: OrderRecord;
  store: Store;
  statuses: OrderStatuses;
  paid: boolean;
  refunds: readonly RefundRecord[];
  cashier: UserRecord | undefined;
  customer: CustomerRecord | undefined;
  customerTaxIds: ReceiptTaxId[];
  /** What the completed checkout's gateway recorded (cash tendered and change), for an order paid before split payments. */
  providerData: Record<string, unknown>;
  tenders: readonly PaymentRecord[];
  /** Its receipt number (ReceiptNumbers). */
  number: string;
}

/** What the receipt says about an amount that tax applies to: before tax, the tax, and with tax. */
interface Taxed {
  excl: Decimal;
  tax: Decimal;
}

/** Meta keys starting with `_` are the order's own bookkeeping, never printed (WooCommerce hides them too). */
function printableMeta(meta: readonly ItemMeta[]) {
  return meta
    .filter((entry) => !entry.key.startsWith('_'))
    .map((entry) => ({ key: entry.key, value: typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value) }));
}

/** How the store writes amounts on the receipt: its hints, rounding to its decimals, and the taxed quartets. */
class ReceiptAmounts {
  readonly money: ReceiptMoney;
  readonly inclusive: boolean;
  private readonly dp: number;

  constructor(
    readonly hints: PresentationHints,
    store: Store,
  ) {
    this.money = new ReceiptMoney(hints);
    this.dp = hints.price_num_decimals;
    this.inclusive = store.tax_display_cart === 'incl';
  }

  rounded(value: Decimal | string): Decimal {
    return new Decimal(value).toDecimalPlaces(this.dp, HALF_UP);
  }

  /** `<name>_excl`, `<name>_tax`, `<name>_incl` and the bare `<name>` the store shows, each rounded before they are added up. */
  taxed<K extends string>(name: K, { excl, tax }: Taxed) {
    const incl = this.rounded(excl.plus(tax));
    return this.money.fields({
      [name]: this.inclusive ? incl : this.rounded(excl),
      [`${name}_incl`]: incl,
      [`${name}_excl`]: this.rounded(excl),
      [`${name}_tax`]: this.rounded(tax),
    } as Record<K | `${K}_incl` | `${K}_excl` | `${K}_tax`, Decimal>);
  }
}

function hintsOf(order: OrderRecord, store: Store): PresentationHints {
  return {
    locale: store.locale,
    timezone: store.timezone,
    currency: order.currency,
    currency_symbol: currencySymbol(order.currency, store.locale),
    currency_position: store.currency_pos,
    price_thousand_separator: store.price_thousand_sep,
    price_decimal_separator: store.price_decimal_sep,
    price_num_decimals: store.price_num_decimals,
  };
}

/** The order's items by type, and each tax rate's label as the order's tax lines give it. */
function itemsOf(order: OrderRecord) {
  const taxLines = itemsOfType(order.items, 'tax');
  const labelOf = (rateId: number) => taxLines.find((line) => line.data.rate_id === rateId)?.data.label ?? '';
  return {
    lines: itemsOfType(order.items, 'line_item'),
    fees: itemsOfType(order.items, 'fee'),
    shipping: itemsOfType(order.items, 'shipping'),
    coupons: itemsOfType(order.items, 'coupon'),
    taxLines,
    labelOf,
  };
}
type ReceiptItems = ReturnType<typeof itemsOf>;

function taxesOf(amounts: ReceiptAmounts, items: ReceiptItems, taxes: readonly ItemTax[]) {
  return taxes.map((tax) => ({ rate_id: tax.id, label: items.labelOf(tax.id), ...amounts.money.fields({ amount: tax.total }) }));
}

function lineRows(amounts: ReceiptAmounts, items: ReceiptItems): ReceiptData['lines'] {
  return items.lines.map((line) => {
    const { quantity, subtotal, subtotal_tax, total, total_tax } = line.data;
    const perUnit = (value: Decimal) => (quantity === 0 ? new Decimal(0) : value.div(quantity));
    const subtotalExcl = new Decimal(subtotal);
    const subtotalTax = new Decimal(subtotal_tax);
    const unitIncl = amounts.rounded(perUnit(subtotalExcl.plus(subtotalTax)));
    const unitExcl = amounts.rounded(perUnit(subtotalExcl));
    return {
      id: line.id,
      name: line.name,
      sku: line.data.sku,
      qty: quantity,
      meta: printableMeta(line.data.meta_data),
      ...amounts.money.fields({ unit_price: amounts.inclusive ? unitIncl : unitExcl, unit_price_incl: unitIncl, unit_price_excl: unitExcl }),
      ...amounts.taxed('line_subtotal', { excl: subtotalExcl, tax: subtotalTax }),
      ...amounts.taxed('discounts', { excl: subtotalExcl.minus(total), tax: subtotalTax.minus(total_tax) }),
      ...amounts.taxed('line_total', { excl: new Decimal(total), tax: new Decimal(total_tax) }),
      taxes: taxesOf(amounts, items, line.data.taxes),
    };
  });
}

/** What each rate taxed: the items (after coupons, before tax) that carry the rate. */
function taxSummary(amounts: ReceiptAmounts, items: ReceiptItems): ReceiptData['tax_summary'] {
  const taxedItems: ReadonlyArray<Extract<OrderItem, { type: 'line_item' | 'fee' | 'shipping' }>> = [...items.lines, ...items.fees, ...items.shipping];
  const taxable = (rateId: number) =>
    sum(taxedItems.filter((item) => item.data.taxes.some((tax) => tax.id === rateId)).map((item) => new Decimal(item.data.total)));
  return items.taxLines.map((line) => {
    const taxAmount = amounts.rounded(new Decimal(line.data.tax_total).plus(line.data.shipping_tax_total));
    const base = amounts.rounded(taxable(line.data.rate_id));
    return {
      rate_id: line.data.rate_id,
      code: line.data.rate_code,
      label: line.data.label,
      rate: ratePercent(line.data.rate_percent),
      compound: line.data.compound,
      ...amounts.money.fields({ taxable_amount_excl: base, tax_amount: taxAmount, taxable_amount_incl: base.plus(taxAmount) }),
    };
  });
}

/** Every tender taken so far: a part-paid order shows what was paid, each tender, and what is still due. */
function paymentsOf(amounts: ReceiptAmounts, sources: ReceiptSources) {
  const { order, paid, tenders, providerData } = sources;
  const zone = amounts.hints.timezone;
  const total = new Decimal(order.total);
  const cashText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const tendered = cashText(providerData.amount_tendered);
  const change = tendered === null ? null : (cashText(providerData.change_due) ?? '0');
  const recorded = tenders.some((tender) => tender.id > 0);
  const payments: ReceiptData['payments'] = recorded
    ? tenders.map((tender) => ({
        method_id: tender.gateway_id,
        method_title: tender.gateway_title,
        ...amounts.money.fields({ amount: tender.amount }),
        ...amounts.money.nullableFields({ tendered: tender.tendered, change: tender.tendered === null ? null : tender.change }),
        transaction_id: tender.transaction_id,
        paid: nullableReceiptDate(tender.date_created_gmt, zone),
      }))
    : paid
      ? [
          {
            method_id: order.payment_method,
            method_title: order.payment_method_title,
            ...amounts.money.fields({ amount: total }),
            ...amounts.money.nullableFields({ tendered, change }),
            transaction_id: order.transaction_id,
            paid: nullableReceiptDate(order.date_paid_gmt, zone),
          },
        ]
      : [];
  const paidTotal = recorded ? sum(tenders.map((tender) => new Decimal(tender.amount))) : paid ? total : new Decimal(0);
  const changeTotal = recorded ? sum(tenders.map((tender) => new Decimal(tender.change))) : new Decimal(change ?? 0);
  const dueTotal = order.status === 'cancelled' ? new Decimal(0) : Decimal.max(0, total.minus(paidTotal));
  return { payments, paidTotal, changeTotal, dueTotal };
}

function customerSection({ order, customer, customerTaxIds }: ReceiptSources): ReceiptData['customer'] {
  const name = customer ? `${customer.first_name} ${customer.last_name}` : `${order.billing.first_name} ${order.billing.last_name}`;
  return {
    id: customer?.id ?? 0,
    is_guest: customer === undefined,
    name: name.trim(),
    first_name: customer?.first_name ?? order.billing.first_name,
    last_name: customer?.last_name ?? order.billing.last_name,
    email: order.billing.email || (customer?.email ?? ''),
    phone: order.billing.phone,
    billing_address: order.billing,
    shipping_address: order.shipping,
    tax_ids: customerTaxIds,
  };
}

function orderSection(order: OrderRecord, number: string, statuses: OrderStatuses, hints: PresentationHints): ReceiptData['order'] {
  const zone = hints.timezone;
  return {
    id: order.id,
    number,
    status: order.status,
    status_label: statuses.label(order.status),
    currency: order.currency,
    currency_symbol: hints.currency_symbol,
    prices_include_tax: order.prices_include_tax,
    customer_note: order.customer_note,
    created_via: order.created_via,
    created: receiptDate(order.date_created_gmt, zone),
    paid: nullableReceiptDate(order.date_paid_gmt, zone),
    completed: nullableReceiptDate(order.date_completed_gmt, zone),
  };
}

/**
 * What the till took off the lines by itself (a line's discount, a whole-sale discount), as one
 * entry: the order's discount less what the coupons took. Without it a receipt of a discounted sale
 * prints the lines before discounts and a total that does not follow from them.
 */
function tillDiscounts(amounts: ReceiptAmounts, items: ReceiptItems, order: OrderRecord): ReceiptData['discounts'] {
  const excl = new Decimal(order.discount_total).minus(sum(items.coupons.map((coupon) => new Decimal(coupon.data.discount))));
  const tax = new Decimal(order.discount_tax).minus(sum(items.coupons.map((coupon) => new Decimal(coupon.data.discount_tax))));
  if (amounts.rounded(excl.plus(tax)).isZero() && amounts.rounded(excl).isZero()) return [];
  return [{ code: '', label: '', discount_type: 'till', ...amounts.taxed('total', { excl, tax }) }];
}

/** The fees, shipping and discounts, each with its taxed amounts. */
function chargesOf(amounts: ReceiptAmounts, items: ReceiptItems, order: OrderRecord): Pick<ReceiptData, 'fees' | 'shipping' | 'discounts'> {
  return {
    fees: items.fees.map((fee) => ({
      id: fee.id,
      label: fee.name,
      ...amounts.taxed('total', { excl: new Decimal(fee.data.total), tax: new Decimal(fee.data.total_tax) }),
      taxes: taxesOf(amounts, items, fee.data.taxes),
    })),
    shipping: items.shipping.map((line) => ({
      id: line.id,
      label: line.name,
      method_id: line.data.method_id,
      ...amounts.taxed('total', { excl: new Decimal(line.data.total), tax: new Decimal(line.data.total_tax) }),
      taxes: taxesOf(amounts, items, line.data.taxes),
    })),
    discounts: [
      ...items.coupons.map((coupon) => ({
        code: coupon.name,
        label: coupon.name,
        discount_type: coupon.data.discount_type,
        ...amounts.taxed('total', { excl: new Decimal(coupon.data.discount), tax: new Decimal(coupon.data.discount_tax) }),
      })),
      ...tillDiscounts(amounts, items, order),
    ],
  };
}

function totalsSection(amounts: ReceiptAmounts, items: ReceiptItems, sources: ReceiptSources, paying: ReturnType<typeof paymentsOf>): ReceiptData['totals'] {
  const { order, refunds } = sources;
  const { lines, fees } = items;
  const total = new Decimal(order.total);
  const refundTotal = sum(refunds.map((refund) => new Decimal(refund.amount)));
  const subtotals = {
    excl: sum(lines.map((line) => amounts.rounded(line.data.subtotal))),
    tax: sum(lines.map((line) => amounts.rounded(line.data.subtotal_tax))),
  };
  const feeTotals = { excl: sum(fees.map((fee) => amounts.rounded(fee.data.total))), tax: sum(fees.map((fee) => amounts.rounded(fee.data.total_tax))) };
  return {
    ...amounts.taxed('subtotal', subtotals),
    ...amounts.taxed('discount_total', { excl: new Decimal(order.discount_total), tax: new Decimal(order.discount_tax) }),
    ...amounts.taxed('shipping_total', { excl: new Decimal(order.shipping_total), tax: new Decimal(order.shipping_tax) }),
    ...amounts.taxed('fee_total', feeTotals),
    ...amounts.money.fields({
      tax_total: order.total_tax,
      total,
      total_incl: total,
      total_excl: total.minus(order.total_tax),
      paid_total: paying.paidTotal,
      due_total: paying.dueTotal,
      change_total: paying.changeTotal,
      refund_total: refundTotal,
      net_total: total.minus(refundTotal),
    }),
    has_discount: !new Decimal(order.discount_total).plus(order.discount_tax).isZero(),
    has_refunds: refunds.length > 0,
    has_due: paying.dueTotal.gt(0),
    is_unpaid: paying.payments.length === 0 && paying.dueTotal.gt(0),
    // Weighed lines make quantities decimal: summed exactly, so 0.1 + 0.2 kg prints 0.3.
    total_qty: lines.reduce((count, line) => count.plus(line.data.quantity), new Decimal(0)).toNumber(),
    line_count: lines.length,
  };
}

function refundsSection(amounts: ReceiptAmounts, refunds: readonly RefundRecord[]): ReceiptData['refunds'] {
  return refunds.map((refund) => ({
    id: refund.id,
    ...amounts.money.fields({ amount: refund.amount }),
    reason: refund.reason,
    refunded_payment: refund.refunded_payment,
    date: receiptDate(refund.date_created_gmt, amounts.hints.timezone),
    lines: refund.line_items.map((item) => {
      const tax = sum(item.taxes.map((entry) => new Decimal(entry.total)));
      return {
        type: item.type,
        name: item.name,
        sku: item.sku,
        qty: item.quantity,
        ...amounts.money.fields({
          total_excl: amounts.rounded(item.total),
          total_tax: amounts.rounded(tax),
          total_incl: amounts.rounded(new Decimal(item.total).plus(tax)),
        }),
      };
    }),
  }));
}

/** A live receipt has no fiscal record: the fiscal mode replaces this with the journal's. */
const noFiscalRecord = (): ReceiptData['fiscal'] => ({
  document_type: 'sale',
  sequence: null,
  hash: null,
  qr_payload: null,
  tax_agency_code: null,
  signed_at: null,
  signature_excerpt: null,
  document_label: '',
  is_reprint: false,
  reprint_count: 0,
  extra_fields: [],
});

/** The receipt data (server/domain/receipts/schema.ts) of an order, from what ReceiptService read. */
export function buildReceipt(sources: ReceiptSources): ReceiptData {
  const { order, store } = sources;
  const hints = hintsOf(order, store);
  const amounts = new ReceiptAmounts(hints, store);
  const items = itemsOf(order);
  const paying = paymentsOf(amounts, sources);
  const summary = taxSummary(amounts, items);
  return {
    order: orderSection(order, sources.number, sources.statuses, hints),
    store: receiptStoreSection(store),
    cashier: sources.cashier ? { id: sources.cashier.id, name: sources.cashier.display_name } : null,
    customer: customerSection(sources),
    lines: lineRows(amounts, items),
    ...chargesOf(amounts, items, order),
    totals: totalsSection(amounts, items, sources, paying),
    tax: {
      display: amounts.inclusive ? 'incl' : 'excl',
      display_incl: amounts.inclusive,
      display_excl: !amounts.inclusive,
      breakdown: store.tax_total_display,
      breakdown_itemized: store.tax_total_display === 'itemized',
      breakdown_single: store.tax_total_display === 'single',
      prices_include_tax: order.prices_include_tax,
    },
    tax_summary: summary,
    has_tax_summary: summary.length > 0,
    payments: paying.payments,
    refunds: refundsSection(amounts, sources.refunds),
    fiscal: noFiscalRecord(),
    presentation_hints: hints,
    i18n: receiptLabels(store),
  };
}
