import type { Database } from '../data/database.js';
import { CouponsRepository } from '../data/repositories/coupons.js';
import { CustomersRepository } from '../data/repositories/customers.js';
import { ProductsRepository } from '../data/repositories/products.js';
import { DEFAULT_STORE_ID, StoresRepository } from '../data/repositories/stores.js';
import { TaxRatesRepository } from '../data/repositories/tax-rates.js';
import { TermsRepository } from '../data/repositories/terms.js';
import { ean13 } from '../domain/catalogue/barcode.js';
import { slugify } from '../domain/catalogue/naming.js';
import type { ProductAttribute, TaxStatus } from '../domain/catalogue/types.js';
import { storeFieldsSchema } from '../domain/stores.js';

/*
 * The demo shop: "Mission Corner Café & Market", a small café and general store in San Francisco.
 * Everything is built from the fixed lists below, so every run seeds exactly the same data
 * (ids, SKUs, barcodes, prices and dates alike).
 */

type CategoryKey = 'hot-drinks' | 'coffee' | 'tea' | 'cold-drinks' | 'bakery' | 'sandwiches' | 'snacks' | 'pantry' | 'coffee-beans' | 'merchandise';
type BrandKey = 'house' | 'golden-gate' | 'mission-bakery' | 'sierra-springs' | 'pacific-tea' | 'bay-snacks' | 'valley-farms';
type TagKey = 'vegan' | 'gluten-free' | 'organic' | 'local' | 'bestseller' | 'decaf' | 'new';

/** `sku` is the prefix of the SKUs of the category's products. */
const CATEGORIES: ReadonlyArray<{ key: CategoryKey; name: string; sku: string; parent?: CategoryKey; description: string }> = [
  { key: 'hot-drinks', sku: 'HOT', name: 'Hot Drinks', description: 'Made to order at the bar.' },
  { key: 'coffee', sku: 'COF', name: 'Coffee', parent: 'hot-drinks', description: 'Espresso drinks and filter coffee.' },
  { key: 'tea', sku: 'TEA', name: 'Tea', parent: 'hot-drinks', description: 'Loose-leaf teas and tea lattes.' },
  { key: 'cold-drinks', sku: 'CLD', name: 'Cold Drinks', description: 'From the fridge and the bar.' },
  { key: 'bakery', sku: 'BAK', name: 'Bakery', description: 'Baked every morning by Mission Bakery.' },
  { key: 'sandwiches', sku: 'SAN', name: 'Sandwiches & Salads', description: 'Made fresh in the kitchen.' },
  { key: 'snacks', sku: 'SNK', name: 'Snacks', description: 'Packaged snacks for the road.' },
  { key: 'pantry', sku: 'PAN', name: 'Pantry', description: 'Groceries and household basics.' },
  { key: 'coffee-beans', sku: 'BEA', name: 'Coffee Beans', description: 'Roasted in small batches in the Bay Area.' },
  { key: 'merchandise', sku: 'MER', name: 'Merchandise', description: 'Mugs, shirts and gifts.' },
];

/** The first seven digits of each brand's barcodes (a GS1 company prefix; `2` marks in-store numbers). */
const BRANDS: ReadonlyArray<{ key: BrandKey; name: string; prefix: string }> = [
  { key: 'house', name: 'Mission Corner', prefix: '2000000' },
  { key: 'golden-gate', name: 'Golden Gate Roasters', prefix: '0812741' },
  { key: 'mission-bakery', name: 'Mission Bakery', prefix: '2100000' },
  { key: 'sierra-springs', name: 'Sierra Springs', prefix: '0860004' },
  { key: 'pacific-tea', name: 'Pacific Tea Co.', prefix: '0853662' },
  { key: 'bay-snacks', name: 'Bay Snacks', prefix: '0850017' },
  { key: 'valley-farms', name: 'Valley Farms', prefix: '0842310' },
];

const TAGS: ReadonlyArray<{ key: TagKey; name: string }> = [
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
 * groceries (pantry, coffee beans, still water) are exempt (zero rate).
 */
type TaxClass = '' | 'reduced-rate' | 'zero-rate';

interface SimpleItem {
  name: string;
  price: string;
  category: CategoryKey;
  brand: BrandKey;
  tags?: TagKey[];
  /** A sale price; with `saleEnded` the sale is over (its window closed) and the regular price applies. */
  sale?: string;
  saleEnded?: boolean;
  /** Units in stock when stock is tracked; `0` is sold out. */
  stock?: number;
  taxClass?: TaxClass;
  taxStatus?: TaxStatus;
  featured?: boolean;
  virtual?: boolean;
}

const SIMPLE_ITEMS: readonly SimpleItem[] = [
  // Coffee (prepared, standard rate, not stocked)
  { name: 'Espresso', price: '3.00', category: 'coffee', brand: 'house', tags: ['vegan'], virtual: true },
  { name: 'Double Espresso', price: '3.75', category: 'coffee', brand: 'house', tags: ['vegan'], virtual: true },
  { name: 'Americano', price: '3.50', category: 'coffee', brand: 'house', tags: ['vegan', 'bestseller'], virtual: true },
  { name: 'Cappuccino', price: '4.50', category: 'coffee', brand: 'house', tags: ['bestseller'], virtual: true, featured: true },
  { name: 'Flat White', price: '4.75', category: 'coffee', brand: 'house', virtual: true },
  { name: 'Caffè Latte', price: '4.75', category: 'coffee', brand: 'house', tags: ['bestseller'], virtual: true },
  { name: 'Cortado', price: '4.25', category: 'coffee', brand: 'house', virtual: true },
  { name: 'Mocha', price: '5.25', category: 'coffee', brand: 'house', virtual: true },
  { name: 'Drip Coffee', price: '2.75', category: 'coffee', brand: 'golden-gate', tags: ['vegan'], virtual: true },
  { name: 'Decaf Drip Coffee', price: '2.75', category: 'coffee', brand: 'golden-gate', tags: ['vegan', 'decaf'], virtual: true },
  { name: 'Cold Brew', price: '4.95', category: 'coffee', brand: 'golden-gate', tags: ['vegan', 'new'], virtual: true, sale: '3.95' },
  // Tea
  { name: 'English Breakfast Tea', price: '3.25', category: 'tea', brand: 'pacific-tea', tags: ['vegan'], virtual: true },
  { name: 'Earl Grey Tea', price: '3.25', category: 'tea', brand: 'pacific-tea', tags: ['vegan'], virtual: true },
  { name: 'Jasmine Green Tea', price: '3.50', category: 'tea', brand: 'pacific-tea', tags: ['vegan', 'organic'], virtual: true },
  { name: 'Peppermint Tea', price: '3.25', category: 'tea', brand: 'pacific-tea', tags: ['vegan', 'decaf'], virtual: true },
  { name: 'Chai Latte', price: '4.95', category: 'tea', brand: 'house', tags: ['bestseller'], virtual: true },
  { name: 'Matcha Latte', price: '5.50', category: 'tea', brand: 'house', tags: ['new'], virtual: true },
  { name: 'Hot Chocolate', price: '4.25', category: 'hot-drinks', brand: 'house', virtual: true },
  // Cold drinks
  { name: 'Sparkling Water 500ml', price: '2.25', category: 'cold-drinks', brand: 'sierra-springs', tags: ['vegan'], stock: 48 },
  { name: 'Still Water 500ml', price: '1.95', category: 'cold-drinks', brand: 'sierra-springs', tags: ['vegan'], stock: 60, taxClass: 'zero-rate' },
  { name: 'Lemonade', price: '3.95', category: 'cold-drinks', brand: 'house', tags: ['vegan', 'local'], virtual: true },
  { name: 'Iced Tea Peach', price: '3.75', category: 'cold-drinks', brand: 'pacific-tea', tags: ['vegan'], stock: 24 },
  { name: 'Orange Juice 330ml', price: '4.50', category: 'cold-drinks', brand: 'valley-farms', tags: ['vegan', 'organic'], stock: 18, taxClass: 'zero-rate' },
  { name: 'Apple Juice 330ml', price: '4.25', category: 'cold-drinks', brand: 'valley-farms', tags: ['vegan'], stock: 0, taxClass: 'zero-rate' },
  { name: 'Kombucha Ginger', price: '4.95', category: 'cold-drinks', brand: 'sierra-springs', tags: ['vegan', 'organic', 'local'], stock: 12 },
  { name: 'Cola 355ml', price: '2.50', category: 'cold-drinks', brand: 'sierra-springs', stock: 36 },
  { name: 'Iced Latte', price: '5.25', category: 'cold-drinks', brand: 'house', virtual: true, sale: '4.50', saleEnded: true },
  // Bakery (reduced rate, stocked daily)
  { name: 'Butter Croissant', price: '3.75', category: 'bakery', brand: 'mission-bakery', tags: ['bestseller'], stock: 24, taxClass: 'reduced-rate', featured: true },
  { name: 'Almond Croissant', price: '4.50', category: 'bakery', brand: 'mission-bakery', stock: 12, taxClass: 'reduced-rate' },
  { name: 'Pain au Chocolat', price: '4.25', category: 'bakery', brand: 'mission-bakery', stock: 16, taxClass: 'reduced-rate' },
  { name: 'Blueberry Muffin', price: '3.50', category: 'bakery', brand: 'mission-bakery', stock: 10, taxClass: 'reduced-rate', sale: '2.75' },
  { name: 'Banana Bread Slice', price: '3.95', category: 'bakery', brand: 'house', tags: ['vegan'], stock: 8, taxClass: 'reduced-rate' },
  { name: 'Cinnamon Roll', price: '4.25', category: 'bakery', brand: 'mission-bakery', stock: 9, taxClass: 'reduced-rate' },
  { name: 'Chocolate Chip Cookie', price: '2.50', category: 'bakery', brand: 'house', stock: 30, taxClass: 'reduced-rate' },
  { name: 'Gluten-free Brownie', price: '3.95', category: 'bakery', brand: 'house', tags: ['gluten-free'], stock: 6, taxClass: 'reduced-rate' },
  { name: 'Sourdough Loaf', price: '8.50', category: 'bakery', brand: 'mission-bakery', tags: ['vegan', 'local'], stock: 5, taxClass: 'zero-rate' },
  { name: 'Bagel with Cream Cheese', price: '4.75', category: 'bakery', brand: 'mission-bakery', stock: 14, taxClass: 'reduced-rate' },
  // Sandwiches & salads (prepared, standard rate)
  { name: 'Turkey & Swiss Sandwich', price: '10.95', category: 'sandwiches', brand: 'house', stock: 8 },
  { name: 'Caprese Sandwich', price: '9.95', category: 'sandwiches', brand: 'house', stock: 8 },
  { name: 'Chicken Caesar Wrap', price: '10.50', category: 'sandwiches', brand: 'house', stock: 6 },
  { name: 'Hummus & Roasted Veg Wrap', price: '9.50', category: 'sandwiches', brand: 'house', tags: ['vegan'], stock: 6 },
  { name: 'Egg & Cheese Breakfast Sandwich', price: '7.95', category: 'sandwiches', brand: 'house', tags: ['bestseller'], stock: 10 },
  { name: 'Avocado Toast', price: '9.25', category: 'sandwiches', brand: 'house', tags: ['vegan'] },
  { name: 'Quinoa Power Salad', price: '11.50', category: 'sandwiches', brand: 'house', tags: ['vegan', 'gluten-free'], stock: 5 },
  { name: 'Greek Salad', price: '10.75', category: 'sandwiches', brand: 'house', tags: ['gluten-free'], stock: 5 },
  { name: 'Tomato Basil Soup', price: '6.50', category: 'sandwiches', brand: 'house', tags: ['vegan', 'gluten-free'] },
  // Snacks (packaged, reduced rate)
  { name: 'Sea Salt Potato Chips', price: '2.25', category: 'snacks', brand: 'bay-snacks', tags: ['vegan', 'gluten-free'], stock: 40, taxClass: 'reduced-rate' },
  { name: 'Salt & Vinegar Chips', price: '2.25', category: 'snacks', brand: 'bay-snacks', tags: ['vegan', 'gluten-free'], stock: 35, taxClass: 'reduced-rate' },
  { name: 'Trail Mix 150g', price: '4.95', category: 'snacks', brand: 'bay-snacks', tags: ['vegan'], stock: 20, taxClass: 'reduced-rate' },
  { name: 'Dark Chocolate Bar 70%', price: '3.95', category: 'snacks', brand: 'bay-snacks', tags: ['vegan', 'organic'], stock: 25, taxClass: 'reduced-rate', sale: '3.25' },
  { name: 'Granola Bar Honey Oat', price: '1.95', category: 'snacks', brand: 'bay-snacks', stock: 50, taxClass: 'reduced-rate' },
  { name: 'Roasted Almonds 100g', price: '3.75', category: 'snacks', brand: 'valley-farms', tags: ['vegan', 'gluten-free'], stock: 22, taxClass: 'reduced-rate' },
  { name: 'Gummy Bears', price: '2.50', category: 'snacks', brand: 'bay-snacks', stock: 30, taxClass: 'reduced-rate' },
  { name: 'Pretzel Twists', price: '2.75', category: 'snacks', brand: 'bay-snacks', tags: ['vegan'], stock: 28, taxClass: 'reduced-rate' },
  // Pantry (groceries, exempt)
  { name: 'Whole Milk 1L', price: '3.49', category: 'pantry', brand: 'valley-farms', tags: ['local'], stock: 20, taxClass: 'zero-rate' },
  { name: 'Oat Milk 1L', price: '4.29', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 18, taxClass: 'zero-rate' },
  { name: 'Free-range Eggs (12)', price: '6.99', category: 'pantry', brand: 'valley-farms', tags: ['organic', 'local'], stock: 12, taxClass: 'zero-rate' },
  { name: 'Wildflower Honey 340g', price: '9.95', category: 'pantry', brand: 'valley-farms', tags: ['local'], stock: 10, taxClass: 'zero-rate' },
  { name: 'Strawberry Jam 300g', price: '6.50', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 10, taxClass: 'zero-rate' },
  { name: 'Organic Rolled Oats 500g', price: '5.25', category: 'pantry', brand: 'valley-farms', tags: ['vegan', 'organic'], stock: 14, taxClass: 'zero-rate' },
  { name: 'Extra Virgin Olive Oil 500ml', price: '14.95', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 8, taxClass: 'zero-rate', sale: '12.95' },
  { name: 'Spaghetti 500g', price: '2.95', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 25, taxClass: 'zero-rate' },
  { name: 'Marinara Sauce 680g', price: '6.25', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 12, taxClass: 'zero-rate' },
  { name: 'Sea Salt 250g', price: '3.50', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 15, taxClass: 'zero-rate' },
  { name: 'Paper Towels (2 rolls)', price: '4.99', category: 'pantry', brand: 'house', stock: 16 },
  { name: 'Dish Soap 500ml', price: '3.99', category: 'pantry', brand: 'house', stock: 12 },
  // Coffee beans (groceries, exempt)
  { name: 'Decaf Colombia Beans 340g', price: '16.50', category: 'coffee-beans', brand: 'golden-gate', tags: ['decaf'], stock: 10, taxClass: 'zero-rate' },
  { name: 'Cold Brew Pack 4x50g', price: '12.00', category: 'coffee-beans', brand: 'golden-gate', tags: ['new'], stock: 8, taxClass: 'zero-rate' },
  { name: 'Loose Leaf Sencha 100g', price: '11.50', category: 'coffee-beans', brand: 'pacific-tea', tags: ['organic'], stock: 9, taxClass: 'zero-rate' },
  // Merchandise (standard rate)
  { name: 'Mission Corner Tote Bag', price: '18.00', category: 'merchandise', brand: 'house', stock: 15 },
  { name: 'Reusable Cup 12oz', price: '14.00', category: 'merchandise', brand: 'house', stock: 20 },
  { name: 'Pour-over Dripper', price: '26.00', category: 'merchandise', brand: 'golden-gate', stock: 6 },
  { name: 'Paper Filters (100)', price: '6.50', category: 'merchandise', brand: 'golden-gate', stock: 18 },
  { name: 'Gift Card $25', price: '25.00', category: 'merchandise', brand: 'house', virtual: true, taxStatus: 'none' },
  { name: 'Gift Card $50', price: '50.00', category: 'merchandise', brand: 'house', virtual: true, taxStatus: 'none' },
];

interface VariableItem {
  name: string;
  category: CategoryKey;
  brand: BrandKey;
  tags?: TagKey[];
  taxClass?: TaxClass;
  /** Attributes in order; every combination of their options is one variation. */
  attributes: Array<{ name: string; options: string[] }>;
  /** The regular price of a combination, from its option indexes. */
  price: (options: readonly number[]) => string;
  /** Combinations (joined option indexes, e.g. "1,0") that are on sale, with their sale price. */
  sales?: Record<string, string>;
  /** Units in stock per variation, when tracked. */
  stock?: (options: readonly number[]) => number;
}

const VARIABLE_ITEMS: readonly VariableItem[] = [
  {
    name: 'Mission Corner T-Shirt',
    category: 'merchandise',
    brand: 'house',
    tags: ['organic'],
    attributes: [
      { name: 'Colour', options: ['Black', 'Sage'] },
      { name: 'Size', options: ['Small', 'Medium', 'Large', 'XL'] },
    ],
    price: (options) => (options[1] === 3 ? '26.00' : '24.00'),
    sales: { '1,0': '19.00', '1,1': '19.00' },
    stock: (options) => 3 + ((options[0] ?? 0) * 4 + (options[1] ?? 0)) % 5,
  },
  {
    name: 'House Espresso Blend Beans',
    category: 'coffee-beans',
    brand: 'golden-gate',
    tags: ['bestseller', 'local'],
    taxClass: 'zero-rate',
    attributes: [{ name: 'Bag size', options: ['250 g', '500 g', '1 kg'] }],
    price: (options) => ['9.50', '17.00', '30.00'][options[0] ?? 0] ?? '9.50',
    stock: (options) => [20, 12, 6][options[0] ?? 0] ?? 0,
  },
  {
    name: 'Ethiopia Yirgacheffe Beans',
    category: 'coffee-beans',
    brand: 'golden-gate',
    tags: ['organic'],
    taxClass: 'zero-rate',
    attributes: [
      { name: 'Grind', options: ['Whole bean', 'Filter'] },
      { name: 'Bag size', options: ['250 g', '1 kg'] },
    ],
    price: (options) => (options[1] === 1 ? '38.00' : '12.50'),
    sales: { '0,1': '34.00' },
    stock: (options) => (options[1] === 1 ? 4 : 10),
  },
  {
    name: 'Ceramic Travel Mug',
    category: 'merchandise',
    brand: 'house',
    attributes: [{ name: 'Colour', options: ['Terracotta', 'Slate', 'Cream'] }],
    price: () => '22.00',
    sales: { '2': '17.60' },
  },
];

const COUPONS = [
  { code: 'WELCOME10', amount: '10', discount_type: 'percent', description: '10% off the first visit.', individual_use: true, usage_limit_per_user: 1 },
  { code: 'SAVE5', amount: '5.00', discount_type: 'fixed_cart', description: '$5 off a basket of $25 or more.', minimum_amount: '25.00' },
  { code: 'PASTRY1', amount: '1.00', discount_type: 'fixed_product', description: '$1 off every bakery item.', category: 'bakery' as CategoryKey, limit_usage_to_x_items: 4 },
] as const;

const CUSTOMERS = [
  { first: 'Maya', last: 'Lindqvist', email: 'maya.lindqvist@example.com', phone: '+1 415 555 0142', address: '88 Valencia Street', city: 'San Francisco', postcode: '94103', company: '' },
  { first: 'Daniel', last: 'Okafor', email: 'daniel.okafor@example.com', phone: '+1 510 555 0178', address: '2201 Telegraph Avenue', city: 'Oakland', postcode: '94612', company: 'Okafor Studio' },
  { first: 'Sofia', last: 'Ramirez', email: 'sofia.ramirez@example.com', phone: '+1 415 555 0193', address: '3150 24th Street', city: 'San Francisco', postcode: '94110', company: '' },
  { first: 'Kenji', last: 'Watanabe', email: 'kenji.watanabe@example.com', phone: '+1 650 555 0127', address: '415 Grand Avenue', city: 'South San Francisco', postcode: '94080', company: '' },
  { first: 'Priya', last: 'Raman', email: 'priya.raman@example.com', phone: '+1 510 555 0165', address: '1830 Shattuck Avenue', city: 'Berkeley', postcode: '94709', company: 'Raman & Co.' },
] as const;

/**
 * California's statewide rate, San Francisco's district tax on top, and demo rates for the two other
 * classes. None applies to shipping: California does not tax separately stated delivery charges.
 */
const TAX_RATES = [
  { name: 'CA State Tax', rate: '7.25', priority: 1, class: 'standard', cities: [] as string[] },
  { name: 'SF District Tax', rate: '1.375', priority: 2, class: 'standard', cities: ['San Francisco'] },
  { name: 'CA Reduced Rate', rate: '3.625', priority: 1, class: 'reduced-rate', cities: [] as string[] },
  { name: 'CA Exempt', rate: '0', priority: 1, class: 'zero-rate', cities: [] as string[] },
] as const;

/** Products appear to have been added over the shop's first weeks, 37 minutes apart, from this moment on. */
const CATALOGUE_START = Date.UTC(2025, 0, 6, 16, 0, 0);
const createdAt = (position: number): string => new Date(CATALOGUE_START + position * 37 * 60_000).toISOString().slice(0, 19);

/** SKU like `COF-003`: the category's prefix and the product's place in it. */
function skuOf(category: CategoryKey, position: number): string {
  return `${CATEGORIES.find((entry) => entry.key === category)?.sku ?? 'GEN'}-${String(position).padStart(3, '0')}`;
}

const cartesian = (sizes: readonly number[]): number[][] =>
  sizes.reduce<number[][]>((combinations, size) => combinations.flatMap((combination) => Array.from({ length: size }, (_, index) => [...combination, index])), [[]]);

/**
 * Seeds the demo shop into an empty catalogue, in one transaction: terms, about eighty products
 * with variations, coupons, customers, the tax rates of the store's base and the store's details.
 * A database that already holds products, coupons or customers is left as it is, so seeding twice
 * changes nothing.
 */
export function seedDemoCatalogue(db: Database): void {
  const products = new ProductsRepository(db);
  const terms = new TermsRepository(db);
  const coupons = new CouponsRepository(db);
  const customers = new CustomersRepository(db);
  const stores = new StoresRepository(db);
  const taxRates = new TaxRatesRepository(db);

  db.transaction(() => {
    if (products.count() > 0 || coupons.count() > 0 || customers.count() > 0) return;

    const categoryIds = new Map<CategoryKey, number>();
    for (const category of CATEGORIES) {
      const parent = category.parent === undefined ? 0 : (categoryIds.get(category.parent) ?? 0);
      categoryIds.set(category.key, terms.create('product_cat', { name: category.name, slug: category.key, parent, description: category.description }).id);
    }
    const brandIds = new Map(BRANDS.map((brand) => [brand.key, terms.create('product_brand', { name: brand.name, slug: brand.key }).id]));
    const tagIds = new Map(TAGS.map((tag) => [tag.key, terms.create('product_tag', { name: tag.name, slug: tag.key }).id]));
    const lookup = <K>(ids: Map<K, number>, key: K): number => {
      const id = ids.get(key);
      if (id === undefined) throw new Error(`demo term ${String(key)} is missing`);
      return id;
    };
    const categoryChain = (key: CategoryKey): number[] => {
      const parent = CATEGORIES.find((category) => category.key === key)?.parent;
      return [lookup(categoryIds, key), ...(parent === undefined ? [] : categoryChain(parent))];
    };

    const positionInCategory = new Map<CategoryKey, number>();
    const nextSku = (category: CategoryKey): string => {
      const position = (positionInCategory.get(category) ?? 0) + 1;
      positionInCategory.set(category, position);
      return skuOf(category, position);
    };
    const itemsOfBrand = new Map<BrandKey, number>();
    const nextBarcode = (brand: BrandKey): string => {
      const prefix = BRANDS.find((entry) => entry.key === brand)?.prefix ?? '2000000';
      const item = (itemsOfBrand.get(brand) ?? 0) + 1;
      itemsOfBrand.set(brand, item);
      return ean13(`${prefix}${String(item).padStart(5, '0')}`);
    };
    let position = 0;

    for (const item of SIMPLE_ITEMS) {
      const created = createdAt(position++);
      products.create({
        type: 'simple',
        name: item.name,
        sku: nextSku(item.category),
        barcode: nextBarcode(item.brand),
        regular_price: item.price,
        sale_price: item.sale ?? '',
        // An ended sale keeps its price and window, as WooCommerce keeps them after a scheduled sale.
        date_on_sale_from_gmt: item.saleEnded === true ? '2025-02-01T08:00:00' : null,
        date_on_sale_to_gmt: item.saleEnded === true ? '2025-02-28T23:59:59' : null,
        short_description: `${item.name} from ${BRANDS.find((brand) => brand.key === item.brand)?.name ?? ''}.`,
        virtual: item.virtual ?? false,
        featured: item.featured ?? false,
        tax_status: item.taxStatus ?? 'taxable',
        tax_class: item.taxClass ?? '',
        manage_stock: item.stock !== undefined,
        stock_quantity: item.stock ?? null,
        total_sales: (position * 7) % 23,
        category_ids: categoryChain(item.category),
        brand_ids: [lookup(brandIds, item.brand)],
        tag_ids: (item.tags ?? []).map((tag) => lookup(tagIds, tag)),
        date_created_gmt: created,
      });
    }

    for (const item of VARIABLE_ITEMS) {
      const created = createdAt(position++);
      const attributes: ProductAttribute[] = item.attributes.map((attribute, index) => ({
        id: 0,
        name: attribute.name,
        slug: slugify(attribute.name),
        position: index,
        visible: true,
        variation: true,
        options: attribute.options,
      }));
      const sku = nextSku(item.category);
      const parent = products.create({
        type: 'variable',
        name: item.name,
        sku,
        short_description: `${item.name}, in ${item.attributes.map((attribute) => attribute.options.length).join(' × ')} options.`,
        tax_class: item.taxClass ?? '',
        attributes,
        default_attributes: item.attributes.map((attribute) => ({ id: 0, name: attribute.name, option: attribute.options[0] ?? '' })),
        category_ids: categoryChain(item.category),
        brand_ids: [lookup(brandIds, item.brand)],
        tag_ids: (item.tags ?? []).map((tag) => lookup(tagIds, tag)),
        date_created_gmt: created,
      });
      cartesian(item.attributes.map((attribute) => attribute.options.length)).forEach((combination, index) => {
        const stock = item.stock?.(combination);
        products.create({
          type: 'variation',
          parent_id: parent.id,
          sku: `${sku}-${String(index + 1).padStart(2, '0')}`,
          barcode: nextBarcode(item.brand),
          regular_price: item.price(combination),
          sale_price: item.sales?.[combination.join(',')] ?? '',
          variation_attributes: item.attributes.map((attribute, attributeIndex) => ({
            id: 0,
            name: attribute.name,
            slug: slugify(attribute.name),
            option: attribute.options[combination[attributeIndex] ?? 0] ?? '',
          })),
          manage_stock: stock !== undefined,
          stock_quantity: stock ?? null,
          menu_order: index,
          date_created_gmt: created,
        });
      });
    }

    COUPONS.forEach((coupon, index) => {
      coupons.create({
        code: coupon.code,
        amount: coupon.amount,
        discount_type: coupon.discount_type,
        description: coupon.description,
        individual_use: 'individual_use' in coupon ? coupon.individual_use : false,
        usage_limit_per_user: 'usage_limit_per_user' in coupon ? coupon.usage_limit_per_user : null,
        minimum_amount: 'minimum_amount' in coupon ? coupon.minimum_amount : '',
        product_categories: 'category' in coupon ? [lookup(categoryIds, coupon.category)] : [],
        limit_usage_to_x_items: 'limit_usage_to_x_items' in coupon ? coupon.limit_usage_to_x_items : null,
        date_created_gmt: createdAt(position + index),
      });
    });

    CUSTOMERS.forEach((customer, index) => {
      const address = {
        first_name: customer.first,
        last_name: customer.last,
        company: customer.company,
        address_1: customer.address,
        address_2: '',
        city: customer.city,
        state: 'CA',
        postcode: customer.postcode,
        country: 'US',
        phone: customer.phone,
      };
      customers.create({
        email: customer.email,
        username: customer.email.split('@')[0] ?? customer.email,
        first_name: customer.first,
        last_name: customer.last,
        billing: { ...address, email: customer.email },
        shipping: address,
        date_created_gmt: createdAt(position + COUPONS.length + index),
      });
    });

    for (const rate of TAX_RATES) {
      taxRates.create({ country: 'US', state: 'CA', postcodes: [], cities: [...rate.cities], rate: rate.rate, name: rate.name, priority: rate.priority, compound: false, shipping: false, class: rate.class });
    }

    const store = stores.find(DEFAULT_STORE_ID);
    if (store) {
      const fields = storeFieldsSchema.parse(store);
      stores.update(
        DEFAULT_STORE_ID,
        'Mission Corner Café & Market',
        {
          ...fields,
          store_address: '2150 Mission Street',
          store_address_2: '',
          store_city: 'San Francisco',
          store_postcode: '94110',
          store_state: 'CA',
          store_country: 'US',
          timezone: 'America/Los_Angeles',
          phone: '+1 415 555 0137',
          email: 'hello@missioncorner.example',
        },
        store.meta_data,
      );
    }
  })();
}
