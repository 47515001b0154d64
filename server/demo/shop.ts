/**
 * The demo shop's fixed lists (seeded by catalogue.ts): its categories, brands and tags, its tax
 * classes, coupons, customers and tax rates. The goods on its shelves are in shelves.ts and
 * variable-items.ts.
 */

export type CategoryKey =
  | 'hot-drinks'
  | 'coffee'
  | 'tea'
  | 'cold-drinks'
  | 'bakery'
  | 'sandwiches'
  | 'snacks'
  | 'pantry'
  | 'dairy'
  | 'produce'
  | 'household'
  | 'coffee-beans'
  | 'merchandise';
export type BrandKey =
  'house' | 'golden-gate' | 'mission-bakery' | 'sierra-springs' | 'pacific-tea' | 'bay-snacks' | 'valley-farms' | 'coastal-creamery' | 'bright-home';
export type TagKey = 'vegan' | 'gluten-free' | 'organic' | 'local' | 'bestseller' | 'decaf' | 'new';

/** `sku` is the prefix of the SKUs of the category's products. */
export const CATEGORIES: ReadonlyArray<{ key: CategoryKey; name: string; sku: string; parent?: CategoryKey; description: string }> = [
  { key: 'hot-drinks', sku: 'HOT', name: 'Hot Drinks', description: 'Made to order at the bar.' },
  { key: 'coffee', sku: 'COF', name: 'Coffee', parent: 'hot-drinks', description: 'Espresso drinks and filter coffee.' },
  { key: 'tea', sku: 'TEA', name: 'Tea', parent: 'hot-drinks', description: 'Loose-leaf teas and tea lattes.' },
  { key: 'cold-drinks', sku: 'CLD', name: 'Cold Drinks', description: 'From the fridge and the bar.' },
  { key: 'bakery', sku: 'BAK', name: 'Bakery', description: 'Baked every morning by Mission Bakery.' },
  { key: 'sandwiches', sku: 'SAN', name: 'Sandwiches & Salads', description: 'Made fresh in the kitchen.' },
  { key: 'snacks', sku: 'SNK', name: 'Snacks', description: 'Packaged snacks for the road.' },
  { key: 'pantry', sku: 'PAN', name: 'Pantry', description: 'Groceries for the cupboard.' },
  { key: 'dairy', sku: 'DAI', name: 'Dairy & Eggs', description: 'Milk, cheese, yogurt and eggs from the fridge.' },
  { key: 'produce', sku: 'PRO', name: 'Fresh Produce', description: 'Fruit and vegetables from Valley Farms.' },
  { key: 'household', sku: 'HOU', name: 'Household', description: 'Cleaning and everyday basics.' },
  { key: 'coffee-beans', sku: 'BEA', name: 'Coffee Beans', description: 'Roasted in small batches in the Bay Area.' },
  { key: 'merchandise', sku: 'MER', name: 'Merchandise', description: 'Mugs, shirts and gifts.' },
];

/** The first seven digits of each brand's barcodes (a GS1 company prefix; `2` marks in-store numbers). */
export const BRANDS: ReadonlyArray<{ key: BrandKey; name: string; prefix: string }> = [
  { key: 'house', name: 'Mission Corner', prefix: '2000000' },
  { key: 'golden-gate', name: 'Golden Gate Roasters', prefix: '0812741' },
  { key: 'mission-bakery', name: 'Mission Bakery', prefix: '2100000' },
  { key: 'sierra-springs', name: 'Sierra Springs', prefix: '0860004' },
  { key: 'pacific-tea', name: 'Pacific Tea Co.', prefix: '0853662' },
  { key: 'bay-snacks', name: 'Bay Snacks', prefix: '0850017' },
  { key: 'valley-farms', name: 'Valley Farms', prefix: '0842310' },
  { key: 'coastal-creamery', name: 'Coastal Creamery', prefix: '0857291' },
  { key: 'bright-home', name: 'Bright Home', prefix: '0864213' },
];

export const TAGS: ReadonlyArray<{ key: TagKey; name: string }> = [
  { key: 'vegan', name: 'Vegan' },
  { key: 'gluten-free', name: 'Gluten-free' },
  { key: 'organic', name: 'Organic' },
  { key: 'local', name: 'Local' },
  { key: 'bestseller', name: 'Bestseller' },
  { key: 'decaf', name: 'Decaf' },
  { key: 'new', name: 'New' },
];

/**
 * Tax classes follow California's rules as a demo simplifies them: drinks and food prepared here
 * are taxed at the standard rate, packaged snacks and bakery items to go at the reduced rate, and
 * groceries (pantry, dairy, produce, coffee beans, still water) are exempt (zero rate). Household
 * goods and merchandise are taxed at the standard rate.
 */
export type TaxClass = '' | 'reduced-rate' | 'zero-rate';

export const COUPONS = [
  { code: 'WELCOME10', amount: '10', discount_type: 'percent', description: '10% off the first visit.', individual_use: true, usage_limit_per_user: 1 },
  { code: 'SAVE5', amount: '5.00', discount_type: 'fixed_cart', description: '$5 off a basket of $25 or more.', minimum_amount: '25.00' },
  {
    code: 'PASTRY1',
    amount: '1.00',
    discount_type: 'fixed_product',
    description: '$1 off every bakery item.',
    category: 'bakery' as CategoryKey,
    limit_usage_to_x_items: 4,
  },
] as const;

export const CUSTOMERS = [
  {
    first: 'Maya',
    last: 'Lindqvist',
    email: 'maya.lindqvist@example.com',
    phone: '+1 415 555 0142',
    address: '88 Valencia Street',
    city: 'San Francisco',
    postcode: '94103',
    company: '',
  },
  {
    first: 'Daniel',
    last: 'Okafor',
    email: 'daniel.okafor@example.com',
    phone: '+1 510 555 0178',
    address: '2201 Telegraph Avenue',
    city: 'Oakland',
    postcode: '94612',
    company: 'Okafor Studio',
  },
  {
    first: 'Sofia',
    last: 'Ramirez',
    email: 'sofia.ramirez@example.com',
    phone: '+1 415 555 0193',
    address: '3150 24th Street',
    city: 'San Francisco',
    postcode: '94110',
    company: '',
  },
  {
    first: 'Kenji',
    last: 'Watanabe',
    email: 'kenji.watanabe@example.com',
    phone: '+1 650 555 0127',
    address: '415 Grand Avenue',
    city: 'South San Francisco',
    postcode: '94080',
    company: '',
  },
  {
    first: 'Priya',
    last: 'Raman',
    email: 'priya.raman@example.com',
    phone: '+1 510 555 0165',
    address: '1830 Shattuck Avenue',
    city: 'Berkeley',
    postcode: '94709',
    company: 'Raman & Co.',
  },
] as const;

/**
 * California's statewide rate, San Francisco's district tax on top, and demo rates for the two other
 * classes. None applies to shipping: California does not tax separately stated delivery charges.
 */
export const TAX_RATES = [
  { name: 'CA State Tax', rate: '7.25', priority: 1, class: 'standard', cities: [] as string[] },
  { name: 'SF District Tax', rate: '1.375', priority: 2, class: 'standard', cities: ['San Francisco'] },
  { name: 'CA Reduced Rate', rate: '3.625', priority: 1, class: 'reduced-rate', cities: [] as string[] },
  { name: 'CA Exempt', rate: '0', priority: 1, class: 'zero-rate', cities: [] as string[] },
] as const;
