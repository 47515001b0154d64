import { currencySymbol, Decimal } from '../../model/money.js';
import { ReceiptMoney, receiptDate } from '../receipts/format.js';
import { receiptLabels, receiptStoreSection } from '../receipts/store-section.js';
import { receiptDataSchema, type ReceiptData } from '../receipts/schema.js';
import type { Store } from '../../model/stores.js';

/** The sample sale: two items at one tax rate, paid in cash. Amounts before tax. */
const SAMPLE_LINES = [
  { id: 1, name: 'Flat white', sku: 'SAMPLE-COF', qty: 2, unit: '3.50' },
  { id: 2, name: 'Butter croissant', sku: 'SAMPLE-BAK', qty: 1, unit: '2.80' },
] as const;
const SAMPLE_RATE = '10';
const SAMPLE_TENDERED = '20';

/**
 * Receipt data for previewing a template without a sale: a made-up cash sale, written as this
 * store writes its receipts (its name, address, tax ids, currency, separators, tax display and
 * receipt words), so that the preview looks like the store's own receipts.
 */
export function sampleReceipt(store: Store, now: Date = new Date()): ReceiptData {
  const hints = {
    locale: store.locale,
    timezone: store.timezone,
    currency: store.currency,
    currency_symbol: currencySymbol(store.currency, store.locale),
    currency_position: store.currency_pos,
    price_thousand_separator: store.price_thousand_sep,
    price_decimal_separator: store.price_decimal_sep,
    price_num_decimals: store.price_num_decimals,
  };
  const money = new ReceiptMoney(hints);
  const inclusive = store.tax_display_cart === 'incl';
  const rate = new Decimal(SAMPLE_RATE).dividedBy(100);
  const dp = store.price_num_decimals;
  const taxed = <K extends string>(name: K, excl: Decimal) => {
    const tax = excl.times(rate).toDecimalPlaces(dp);
    const incl = excl.plus(tax);
    return {
      ...money.fields({ [name]: inclusive ? incl : excl, [`${name}_incl`]: incl, [`${name}_excl`]: excl } as Record<K | `${K}_incl` | `${K}_excl`, Decimal>),
      ...money.fields({ [`${name}_tax`]: tax } as Record<`${K}_tax`, Decimal>),
    };
  };
  const zero = new Decimal(0);
  const lines = SAMPLE_LINES.map((line) => {
    const excl = new Decimal(line.unit).times(line.qty);
    const unitExcl = new Decimal(line.unit);
    const unitIncl = unitExcl.plus(unitExcl.times(rate).toDecimalPlaces(dp));
    return {
      id: line.id,
      name: line.name,
      sku: line.sku,
      qty: line.qty,
      meta: [],
      ...money.fields({ unit_price: inclusive ? unitIncl : unitExcl, unit_price_incl: unitIncl, unit_price_excl: unitExcl }),
      ...taxed('line_subtotal', excl),
      ...taxed('discounts', zero),
      ...taxed('line_total', excl),
      taxes: [{ rate_id: 1, label: 'Tax', ...money.fields({ amount: excl.times(rate).toDecimalPlaces(dp) }) }],
    };
  });
  const subtotal = SAMPLE_LINES.reduce((total, line) => total.plus(new Decimal(line.unit).times(line.qty)), zero);
  const tax = lines.reduce((total, line) => total.plus(line.line_total_tax), zero);
  const total = subtotal.plus(tax);
  const tendered = Decimal.max(new Decimal(SAMPLE_TENDERED), total.ceil());
  const change = tendered.minus(total);
  const when = receiptDate(now.toISOString().slice(0, 19), store.timezone);
  const guest = { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', phone: '' };

  return receiptDataSchema.parse({
    order: {
      id: 0,
      number: 'SAMPLE',
      status: 'completed',
      status_label: 'Completed',
      currency: store.currency,
      currency_symbol: hints.currency_symbol,
      prices_include_tax: false,
      customer_note: '',
      created_via: 'pos',
      created: when,
      paid: when,
      completed: when,
    },
    store: receiptStoreSection(store),
    cashier: { id: 0, name: 'Sample cashier' },
    customer: {
      id: 0,
      is_guest: true,
      name: '',
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      billing_address: { ...guest, email: '' },
      shipping_address: guest,
      tax_ids: [],
    },
    lines,
    fees: [],
    shipping: [],
    discounts: [],
    totals: {
      ...taxed('subtotal', subtotal),
      ...taxed('discount_total', zero),
      ...taxed('shipping_total', zero),
      ...taxed('fee_total', zero),
      ...money.fields({
        tax_total: tax,
        total,
        total_incl: total,
        total_excl: subtotal,
        paid_total: total,
        due_total: zero,
        change_total: change,
        refund_total: zero,
        net_total: total,
      }),
      has_discount: false,
      has_refunds: false,
      has_due: false,
      is_unpaid: false,
      total_qty: SAMPLE_LINES.reduce((count, line) => count + line.qty, 0),
      line_count: SAMPLE_LINES.length,
    },
    tax: {
      display: inclusive ? 'incl' : 'excl',
      display_incl: inclusive,
      display_excl: !inclusive,
      breakdown: store.tax_total_display,
      breakdown_itemized: store.tax_total_display === 'itemized',
      breakdown_single: store.tax_total_display === 'single',
      prices_include_tax: false,
    },
    tax_summary: [
      {
        rate_id: 1,
        code: 'SAMPLE-TAX-1',
        label: 'Tax',
        rate: SAMPLE_RATE,
        compound: false,
        ...money.fields({ taxable_amount_excl: subtotal, tax_amount: tax, taxable_amount_incl: total }),
      },
    ],
    has_tax_summary: true,
    payments: [
      {
        method_id: 'pos_cash',
        method_title: 'Cash',
        ...money.fields({ amount: total }),
        ...money.nullableFields({ tendered, change }),
        transaction_id: '',
        paid: when,
      },
    ],
    refunds: [],
    fiscal: {
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
    },
    presentation_hints: hints,
    i18n: receiptLabels(store),
  });
}
