import { RECEIPT_LABELS, receiptDataSchema, type ReceiptData } from '../../server/domain/receipts/schema.js';

/** Amounts with `_display` twins in dollars (symbol left, no amount here reaches a thousand). */
export function usd<K extends string>(amounts: Record<K, string>): Record<K | `${K}_display`, string> {
  return Object.fromEntries(
    Object.entries<string>(amounts).flatMap(([key, value]) => [
      [key, value],
      [`${key}_display`, value.startsWith('-') ? `-$${value.slice(1)}` : `$${value}`],
    ]),
  ) as Record<K | `${K}_display`, string>;
}

function date(local: string) {
  const [day, time] = local.split('T') as [string, string];
  const [year, month, dayOfMonth] = day.split('-');
  return {
    datetime: `${day} ${time.slice(0, 5)}`,
    date: day,
    time: time.slice(0, 5),
    date_dmy: `${dayOfMonth}/${month}/${year}`,
    date_mdy: `${month}/${dayOfMonth}/${year}`,
    local,
    gmt: local,
  };
}

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: 'US',
  phone: '',
};

/** "Crème brûlée" written with combining accents: 12 characters, 14 code points. */
export const DECOMPOSED_NAME = 'Cre\u0300me bru\u0302le\u0301e';

/**
 * A paid US sale (prices without tax, 8.25 % sales tax) with a coupon, a long product name, a name
 * with combining accents, cash with change, and one refund: the receipt data a text test prints.
 */
export function sampleReceipt(): ReceiptData {
  const data: ReceiptData = {
    order: {
      id: 1042,
      number: '1042',
      status: 'processing',
      status_label: 'Processing',
      currency: 'USD',
      currency_symbol: '$',
      prices_include_tax: false,
      customer_note: '',
      created_via: 'pos',
      created: date('2025-03-14T09:26:53'),
      paid: date('2025-03-14T09:27:10'),
      completed: null,
    },
    store: {
      id: 1,
      name: 'Corner Café',
      address: { address_1: '12 Main Street', address_2: '', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US' },
      address_lines: ['12 Main Street', 'Springfield, IL 62701', 'United States'],
      phone: '217 555 0100',
      email: 'hello@corner.example',
      url: '',
      tax_ids: [{ type: 'us_ein', value: '12-3456789', label: 'EIN' }],
      opening_hours_notes: '',
      personal_notes: '',
      policies_and_conditions: 'Returns within 30 days with this receipt.',
      footer_imprint: '',
    },
    cashier: { id: 3, name: 'Sam' },
    customer: {
      id: 7,
      is_guest: false,
      name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '',
      billing_address: { ...address, email: 'ada@example.test' },
      shipping_address: address,
      tax_ids: [],
    },
    lines: [
      {
        id: 1,
        name: 'Espresso',
        sku: 'ESP',
        qty: 2,
        meta: [],
        ...usd({ unit_price: '3.50', unit_price_incl: '3.79', unit_price_excl: '3.50' }),
        ...usd({ line_subtotal: '7.00', line_subtotal_incl: '7.58', line_subtotal_excl: '7.00', line_subtotal_tax: '0.58' }),
        ...usd({ discounts: '0.23', discounts_incl: '0.25', discounts_excl: '0.23', discounts_tax: '0.02' }),
        ...usd({ line_total: '6.77', line_total_incl: '7.33', line_total_excl: '6.77', line_total_tax: '0.56' }),
        taxes: [{ rate_id: 1, label: 'Sales Tax', ...usd({ amount: '0.56' }) }],
      },
      {
        id: 2,
        name: 'Extraordinarily long artisanal sourdough loaf with toasted sunflower seeds',
        sku: 'LOAF',
        qty: 1,
        meta: [],
        ...usd({ unit_price: '12.00', unit_price_incl: '12.99', unit_price_excl: '12.00' }),
        ...usd({ line_subtotal: '12.00', line_subtotal_incl: '12.99', line_subtotal_excl: '12.00', line_subtotal_tax: '0.99' }),
        ...usd({ discounts: '0.39', discounts_incl: '0.42', discounts_excl: '0.39', discounts_tax: '0.03' }),
        ...usd({ line_total: '11.61', line_total_incl: '12.57', line_total_excl: '11.61', line_total_tax: '0.96' }),
        taxes: [{ rate_id: 1, label: 'Sales Tax', ...usd({ amount: '0.96' }) }],
      },
      {
        id: 3,
        name: DECOMPOSED_NAME,
        sku: 'CB',
        qty: 3,
        meta: [{ key: 'Size', value: 'Large' }],
        ...usd({ unit_price: '4.00', unit_price_incl: '4.33', unit_price_excl: '4.00' }),
        ...usd({ line_subtotal: '12.00', line_subtotal_incl: '12.99', line_subtotal_excl: '12.00', line_subtotal_tax: '0.99' }),
        ...usd({ discounts: '0.38', discounts_incl: '0.41', discounts_excl: '0.38', discounts_tax: '0.03' }),
        ...usd({ line_total: '11.62', line_total_incl: '12.58', line_total_excl: '11.62', line_total_tax: '0.96' }),
        taxes: [{ rate_id: 1, label: 'Sales Tax', ...usd({ amount: '0.96' }) }],
      },
    ],
    fees: [],
    shipping: [],
    discounts: [
      { code: 'save1', label: 'save1', discount_type: 'fixed_cart', ...usd({ total: '1.00', total_incl: '1.08', total_excl: '1.00', total_tax: '0.08' }) },
    ],
    totals: {
      ...usd({ subtotal: '31.00', subtotal_incl: '33.56', subtotal_excl: '31.00', subtotal_tax: '2.56' }),
      ...usd({ discount_total: '1.00', discount_total_incl: '1.08', discount_total_excl: '1.00', discount_total_tax: '0.08' }),
      ...usd({ shipping_total: '0.00', shipping_total_incl: '0.00', shipping_total_excl: '0.00', shipping_total_tax: '0.00' }),
      ...usd({ fee_total: '0.00', fee_total_incl: '0.00', fee_total_excl: '0.00', fee_total_tax: '0.00' }),
      ...usd({
        tax_total: '2.48',
        total: '32.48',
        total_incl: '32.48',
        total_excl: '30.00',
        paid_total: '32.48',
        due_total: '0.00',
        change_total: '7.52',
        refund_total: '4.33',
        net_total: '28.15',
      }),
      has_discount: true,
      has_refunds: true,
      has_due: false,
      is_unpaid: false,
      total_qty: 6,
      line_count: 3,
    },
    tax: {
      display: 'excl',
      display_incl: false,
      display_excl: true,
      breakdown: 'itemized',
      breakdown_itemized: true,
      breakdown_single: false,
      prices_include_tax: false,
    },
    tax_summary: [
      {
        rate_id: 1,
        code: 'US-IL-SALES TAX-1',
        label: 'Sales Tax',
        rate: '8.25',
        compound: false,
        ...usd({ taxable_amount_excl: '30.00', tax_amount: '2.48', taxable_amount_incl: '32.48' }),
      },
    ],
    has_tax_summary: true,
    payments: [
      {
        method_id: 'pos_cash',
        method_title: 'Cash',
        ...usd({ amount: '32.48', tendered: '40.00', change: '7.52' }),
        transaction_id: '',
        paid: date('2025-03-14T09:27:10'),
      },
    ],
    refunds: [
      {
        id: 7,
        ...usd({ amount: '4.33' }),
        reason: 'Dropped on the floor',
        refunded_payment: false,
        date: date('2025-03-14T10:02:00'),
        lines: [{ type: 'line_item', name: DECOMPOSED_NAME, sku: 'CB', qty: 1, ...usd({ total_excl: '4.00', total_tax: '0.33', total_incl: '4.33' }) }],
      },
    ],
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
    presentation_hints: {
      locale: 'en_US',
      timezone: 'America/Chicago',
      currency: 'USD',
      currency_symbol: '$',
      currency_position: 'left',
      price_thousand_separator: ',',
      price_decimal_separator: '.',
      price_num_decimals: 2,
    },
    i18n: { ...RECEIPT_LABELS },
  };
  return receiptDataSchema.parse(data);
}
