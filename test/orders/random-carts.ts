import fc from 'fast-check';
import type { ReferenceCart, ReferenceCoupon, ReferenceFee, ReferenceLine } from './reference-totals.js';
import { CLASS_ORDER, type RateSpec, type TaxSetup } from './totals-harness.js';

/**
 * The random carts and the tax set-ups of issue 22, shared by the property test (against the
 * reference reading of the rules) and the random carts against a real WooCommerce: lines of odd
 * prices and quantities in every tax class (some not taxable), one or two coupons of every type
 * (item limits, product restrictions), shipping lines, positive and negative fees.
 */

const rate = (spec: Partial<RateSpec> & Pick<RateSpec, 'rate' | 'name'>): RateSpec => ({ country: 'US', priority: 1, class: '', ...spec });
const BASIC = [
  rate({ rate: '20', name: 'Standard' }),
  rate({ rate: '5', name: 'Reduced', class: 'reduced-rate' }),
  rate({ rate: '0', name: 'Zero', class: 'zero-rate' }),
];
const BASIC_MATCH = { '': [0], 'reduced-rate': [1], 'zero-rate': [2] };
const COMPOUND = [
  rate({ rate: '5', name: 'GST' }),
  rate({ rate: '9.975', name: 'QST', priority: 2, compound: true }),
  rate({ rate: '5', name: 'GST reduced', class: 'reduced-rate' }),
  rate({ rate: '0', name: 'Zero', class: 'zero-rate' }),
];
const COMPOUND_MATCH = { '': [0, 1], 'reduced-rate': [2], 'zero-rate': [3] };
const AT = (postcode: string, city: string) => ({ country: 'US', state: 'CA', postcode, city });

export const TAX_SETUPS: readonly TaxSetup[] = [
  { name: 'exclusive', store: {}, rates: BASIC, matched: BASIC_MATCH },
  { name: 'inclusive', store: { prices_include_tax: true }, rates: BASIC, matched: BASIC_MATCH },
  { name: 'compound, exclusive', store: {}, rates: COMPOUND, matched: COMPOUND_MATCH },
  { name: 'compound, inclusive', store: { prices_include_tax: true }, rates: COMPOUND, matched: COMPOUND_MATCH },
  {
    // §6.3: the state rate beats the country-wide one of the same priority; one rate per priority.
    name: 'rate priorities',
    store: {},
    rates: [
      rate({ rate: '6', name: 'State', state: 'CA' }),
      rate({ rate: '4', name: 'Country' }),
      rate({ rate: '1.25', name: 'District', state: 'CA', priority: 2 }),
      rate({ rate: '2.5', name: 'Compound', priority: 3, compound: true }),
      rate({ rate: '7', name: 'Reduced', class: 'reduced-rate', priority: 2 }),
      rate({ rate: '3', name: 'Reduced first', class: 'reduced-rate', priority: 1, shipping: false }),
    ],
    matched: { '': [0, 2, 3], 'reduced-rate': [5, 4] },
  },
  {
    name: 'postcode rates',
    store: { tax_based_on: 'billing' },
    billing: AT('90210', 'Beverly Hills'),
    rates: [
      rate({ rate: '7.25', name: 'CA', state: 'CA' }),
      rate({ rate: '2.25', name: '902xx', state: 'CA', postcodes: ['902*'], priority: 2 }),
      rate({ rate: '9', name: 'Other range', state: 'CA', postcodes: ['91000...91999'], priority: 2 }),
      rate({ rate: '1', name: 'In range', state: 'CA', postcodes: ['90000...90300'], priority: 3 }),
      rate({ rate: '4', name: 'Reduced 90210', state: 'CA', postcodes: ['90210'], class: 'reduced-rate' }),
    ],
    matched: { '': [0, 1, 3], 'reduced-rate': [4] },
  },
  {
    name: 'city rates',
    store: { tax_based_on: 'billing' },
    billing: AT('94016', 'San Francisco'),
    rates: [
      rate({ rate: '6', name: 'CA', state: 'CA' }),
      rate({ rate: '2.625', name: 'SF', state: 'CA', cities: ['SAN FRANCISCO'], priority: 2 }),
      rate({ rate: '3', name: 'LA', state: 'CA', cities: ['LOS ANGELES'], priority: 2 }),
      rate({ rate: '8', name: 'SF reduced', state: 'CA', cities: ['SAN FRANCISCO'], class: 'reduced-rate' }),
    ],
    matched: { '': [0, 1], 'reduced-rate': [3] },
  },
  { name: 'round at subtotal, exclusive', store: { tax_round_at_subtotal: true }, rates: COMPOUND, matched: COMPOUND_MATCH },
  { name: 'round at subtotal, inclusive', store: { tax_round_at_subtotal: true, prices_include_tax: true }, rates: BASIC, matched: BASIC_MATCH },
  { name: 'sequential coupons', store: { calc_discounts_sequentially: true }, rates: BASIC, matched: BASIC_MATCH },
  {
    name: 'a shipping tax class',
    store: { shipping_tax_class: 'reduced-rate' },
    rates: [...BASIC, rate({ rate: '2', name: 'Reduced, not on shipping', class: 'reduced-rate', priority: 2, shipping: false })],
    matched: { '': [0], 'reduced-rate': [1, 3], 'zero-rate': [2] },
  },
];

const cents = (min: number, max: number) => fc.integer({ min, max }).map((value) => (value / 100).toFixed(2));
const taxClass = fc.constantFrom(...CLASS_ORDER);

const lineArb: fc.Arbitrary<ReferenceLine> = fc.record({
  unitPrice: fc.oneof(cents(1, 150), cents(1, 5000), fc.constantFrom('0.33', '0.67', '1.37', '4.45', '6.97', '9.99', '34.33')),
  quantity: fc.integer({ min: 1, max: 6 }),
  taxable: fc.integer({ min: 0, max: 9 }).map((draw) => draw < 8),
  taxClass,
});

const couponArb = (lineCount: number, index: number): fc.Arbitrary<ReferenceCoupon> =>
  fc
    .record({
      type: fc.constantFrom('percent', 'fixed_cart', 'fixed_product'),
      percent: fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), fc.constantFrom('12.5', '33.3', '29', '7.5')),
      fixed: fc.oneof(cents(1, 300), cents(100, 6000)),
      limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null, freq: 2 }),
      restricted: fc.boolean(),
      picks: fc.array(fc.boolean(), { minLength: lineCount, maxLength: lineCount }),
    })
    .map(({ type, percent, fixed, limit, restricted, picks }) => {
      // A fixed-cart coupon discounts the whole cart whatever products it names (is_valid_for_cart).
      const limitedTo = type === 'fixed_cart' || !restricted || !picks.some(Boolean) ? picks.map(() => true) : picks;
      return { code: `c${index}`, type, amount: type === 'percent' ? percent : fixed, limit: type === 'fixed_cart' ? null : limit, eligible: limitedTo };
    });

const feeArb: fc.Arbitrary<ReferenceFee> = fc.record({
  total: fc.oneof(cents(1, 1500), cents(-500, -1), cents(-3000, -1)),
  taxable: fc.integer({ min: 0, max: 9 }).map((draw) => draw < 8),
  taxClass,
});

export const cartArb: fc.Arbitrary<ReferenceCart> = fc.array(lineArb, { minLength: 1, maxLength: 5 }).chain((lines) =>
  fc.record({
    lines: fc.constant(lines),
    coupons: fc.integer({ min: 0, max: 2 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => couponArb(lines.length, index)))),
    fees: fc.array(feeArb, { maxLength: 2 }),
    shipping: fc.array(cents(0, 1500), { maxLength: 2 }),
  }),
);
