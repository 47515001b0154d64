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
import { writeTransaction } from '../data/write-transaction.js';

/*
 * The demo shop: "Mission Corner Café & Market", a small café and general store in San Francisco.
 * Everything is built from the fixed lists below, so every run seeds exactly the same data
 * (ids, SKUs, barcodes, prices and dates alike).
 */

type CategoryKey =
  | 'hot-drinks' | 'coffee' | 'tea' | 'cold-drinks' | 'bakery' | 'sandwiches' | 'snacks' | 'pantry' | 'dairy' | 'produce' | 'household' | 'coffee-beans' | 'merchandise';
type BrandKey = 'house' | 'golden-gate' | 'mission-bakery' | 'sierra-springs' | 'pacific-tea' | 'bay-snacks' | 'valley-farms' | 'coastal-creamery' | 'bright-home';
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
  { key: 'pantry', sku: 'PAN', name: 'Pantry', description: 'Groceries for the cupboard.' },
  { key: 'dairy', sku: 'DAI', name: 'Dairy & Eggs', description: 'Milk, cheese, yogurt and eggs from the fridge.' },
  { key: 'produce', sku: 'PRO', name: 'Fresh Produce', description: 'Fruit and vegetables from Valley Farms.' },
  { key: 'household', sku: 'HOU', name: 'Household', description: 'Cleaning and everyday basics.' },
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
  { key: 'coastal-creamery', name: 'Coastal Creamery', prefix: '0857291' },
  { key: 'bright-home', name: 'Bright Home', prefix: '0864213' },
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
 * groceries (pantry, dairy, produce, coffee beans, still water) are exempt (zero rate). Household
 * goods and merchandise are taxed at the standard rate.
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

/** One line of a shelf: name, price, units in stock (`undefined`: not tracked), tags and a sale price. */
type ShelfLine = readonly [name: string, price: string, stock?: number, tags?: readonly TagKey[], sale?: string];

/** A shelf of similar goods: one category and brand, and the same tax treatment, for every line. */
function shelf(category: CategoryKey, brand: BrandKey, common: Pick<SimpleItem, 'taxClass' | 'taxStatus' | 'virtual'>, lines: readonly ShelfLine[]): SimpleItem[] {
  return lines.map(([name, price, stock, tags, sale]) => ({ ...common, name, price, category, brand, stock, tags: tags === undefined ? undefined : [...tags], sale }));
}

const PREPARED = { virtual: true } as const;
const PACKAGED = { taxClass: 'reduced-rate' } as const;
const GROCERY = { taxClass: 'zero-rate' } as const;
const STANDARD = {} as const;

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
  { name: 'Whole Milk 1L', price: '3.49', category: 'dairy', brand: 'valley-farms', tags: ['local'], stock: 20, taxClass: 'zero-rate' },
  { name: 'Oat Milk 1L', price: '4.29', category: 'dairy', brand: 'valley-farms', tags: ['vegan'], stock: 18, taxClass: 'zero-rate' },
  { name: 'Free-range Eggs (12)', price: '6.99', category: 'dairy', brand: 'valley-farms', tags: ['organic', 'local'], stock: 12, taxClass: 'zero-rate' },
  { name: 'Wildflower Honey 340g', price: '9.95', category: 'pantry', brand: 'valley-farms', tags: ['local'], stock: 10, taxClass: 'zero-rate' },
  { name: 'Strawberry Jam 300g', price: '6.50', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 10, taxClass: 'zero-rate' },
  { name: 'Organic Rolled Oats 500g', price: '5.25', category: 'pantry', brand: 'valley-farms', tags: ['vegan', 'organic'], stock: 14, taxClass: 'zero-rate' },
  { name: 'Extra Virgin Olive Oil 500ml', price: '14.95', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 8, taxClass: 'zero-rate', sale: '12.95' },
  { name: 'Spaghetti 500g', price: '2.95', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 25, taxClass: 'zero-rate' },
  { name: 'Marinara Sauce 680g', price: '6.25', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 12, taxClass: 'zero-rate' },
  { name: 'Sea Salt 250g', price: '3.50', category: 'pantry', brand: 'valley-farms', tags: ['vegan'], stock: 15, taxClass: 'zero-rate' },
  { name: 'Paper Towels (2 rolls)', price: '4.99', category: 'household', brand: 'bright-home', stock: 16 },
  { name: 'Dish Soap 500ml', price: '3.99', category: 'household', brand: 'bright-home', stock: 12 },
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

  // The rest of the shelves, shelf by shelf.
  ...shelf('coffee', 'house', PREPARED, [
    ['Macchiato', '3.75'],
    ['Vanilla Latte', '5.25'],
    ['Caramel Latte', '5.25'],
    ['Hazelnut Latte', '5.25'],
    ['Oat Milk Latte', '5.50', undefined, ['vegan']],
    ['Decaf Cappuccino', '4.50', undefined, ['decaf']],
    ['Iced Americano', '4.00', undefined, ['vegan']],
    ['Iced Mocha', '5.75'],
    ['Affogato', '5.75', undefined, ['new']],
    ['Red Eye', '4.25', undefined, ['vegan']],
    ['Espresso Tonic', '5.25', undefined, ['vegan', 'new']],
  ]),
  ...shelf('coffee', 'golden-gate', PREPARED, [
    ['Pour-over Coffee', '4.50', undefined, ['vegan']],
    ['Drip Coffee Refill', '1.50', undefined, ['vegan']],
  ]),
  ...shelf('tea', 'pacific-tea', PREPARED, [
    ['Rooibos Tea', '3.25', undefined, ['vegan', 'decaf']],
    ['Chamomile Tea', '3.25', undefined, ['vegan', 'decaf']],
    ['Oolong Tea', '3.75', undefined, ['vegan']],
    ['Lemon Ginger Tea', '3.25', undefined, ['vegan', 'decaf']],
  ]),
  ...shelf('tea', 'house', PREPARED, [
    ['London Fog', '4.75'],
    ['Turmeric Latte', '4.95', undefined, ['decaf']],
    ['Iced Matcha Latte', '5.75', undefined, ['new']],
    ['Hojicha Latte', '5.25'],
    ['Iced Chai Latte', '5.25'],
  ]),
  ...shelf('hot-drinks', 'house', PREPARED, [
    ['White Hot Chocolate', '4.50'],
    ['Vanilla Steamer', '3.25', undefined, ['decaf']],
    ['Hot Apple Cider', '3.95', undefined, ['vegan', 'local']],
    ['Babyccino', '1.00'],
  ]),
  ...shelf('cold-drinks', 'sierra-springs', STANDARD, [
    ['Sparkling Water 1L', '3.25', 24, ['vegan']],
    ['Lime Sparkling Water 355ml', '1.95', 36, ['vegan']],
    ['Grapefruit Sparkling Water 355ml', '1.95', 36, ['vegan']],
    ['Ginger Beer 355ml', '2.95', 24, ['vegan']],
    ['Root Beer 355ml', '2.50', 24],
    ['Diet Cola 355ml', '2.50', 36],
    ['Lemon-Lime Soda 355ml', '2.50', 24],
    ['Kombucha Raspberry', '4.95', 12, ['vegan', 'organic', 'local']],
    ['Kombucha Lavender', '4.95', 10, ['vegan', 'organic', 'local'], '3.95'],
    ['Coconut Water 330ml', '3.50', 18, ['vegan']],
  ]),
  ...shelf('cold-drinks', 'sierra-springs', GROCERY, [['Still Water 1L', '2.95', 30, ['vegan']]]),
  ...shelf('cold-drinks', 'golden-gate', STANDARD, [
    ['Cold Brew Can 250ml', '4.25', 24, ['vegan']],
    ['Oat Latte Can 250ml', '4.50', 18, ['vegan', 'new']],
  ]),
  ...shelf('cold-drinks', 'pacific-tea', STANDARD, [
    ['Iced Tea Lemon', '3.75', 24, ['vegan']],
    ['Iced Tea Unsweetened', '3.75', 24, ['vegan']],
    ['Iced Green Tea Honey', '3.75', 18],
  ]),
  ...shelf('cold-drinks', 'valley-farms', GROCERY, [
    ['Grapefruit Juice 330ml', '4.50', 12, ['vegan', 'organic']],
    ['Carrot Ginger Juice 330ml', '5.50', 10, ['vegan', 'organic']],
    ['Green Juice 330ml', '6.50', 8, ['vegan', 'organic']],
  ]),
  ...shelf('cold-drinks', 'house', PREPARED, [
    ['Strawberry Banana Smoothie', '6.95', undefined, ['vegan']],
    ['Mango Smoothie', '6.95', undefined, ['vegan']],
    ['Arnold Palmer', '4.25', undefined, ['vegan']],
  ]),
  ...shelf('bakery', 'mission-bakery', PACKAGED, [
    ['Ham & Cheese Croissant', '5.50', 10],
    ['Morning Bun', '4.50', 12],
    ['Kouign-Amann', '4.95', 8, ['new']],
    ['Lemon Poppyseed Muffin', '3.50', 10],
    ['Plain Bagel', '2.50', 18, ['vegan']],
    ['Everything Bagel', '2.75', 18, ['vegan', 'bestseller']],
    ['Sesame Bagel', '2.75', 12, ['vegan']],
    ['Cranberry Orange Scone', '3.95', 9],
    ['Cheddar Chive Scone', '3.95', 9],
    ['Focaccia Slice', '3.95', 8, ['vegan']],
    ['Madeleines (6)', '5.50', 10],
  ]),
  ...shelf('bakery', 'mission-bakery', GROCERY, [
    ['Baguette', '4.25', 10, ['vegan', 'local']],
    ['Multigrain Loaf', '8.95', 5, ['vegan', 'local']],
    ['Seeded Rye Loaf', '8.50', 4, ['vegan', 'local']],
  ]),
  ...shelf('bakery', 'house', PACKAGED, [
    ['Oatmeal Raisin Cookie', '2.50', 24, ['vegan']],
    ['Double Chocolate Cookie', '2.75', 24],
    ['Snickerdoodle', '2.50', 20],
    ['Lemon Bar', '3.75', 8],
    ['Carrot Cake Slice', '5.25', 6],
    ['Cheesecake Slice', '5.95', 6],
    ['Pistachio Macarons (6)', '12.00', 6, ['gluten-free']],
  ]),
  ...shelf('sandwiches', 'house', STANDARD, [
    ['BLT Sandwich', '10.50', 6],
    ['Tuna Melt', '10.95', 6],
    ['Roast Beef & Horseradish Sandwich', '11.95', 5],
    ['Ham & Gruyère Baguette', '10.95', 6],
    ['Falafel Wrap', '9.95', 6, ['vegan']],
    ['Veggie Breakfast Burrito', '9.50', 8],
    ['Bacon, Egg & Cheese Bagel', '8.95', 10, ['bestseller']],
    ['Smoked Salmon Bagel', '12.50', 5],
    ['Cobb Salad', '12.95', 4, ['gluten-free']],
    ['Kale Caesar Salad', '11.50', 5],
    ['Soba Noodle Salad', '11.25', 4, ['vegan']],
    ['Overnight Oats', '6.50', 8, ['vegan']],
    ['Greek Yogurt Parfait', '6.95', 8],
    ['Fresh Fruit Cup', '5.50', 8, ['vegan', 'gluten-free']],
  ]),
  ...shelf('sandwiches', 'house', PREPARED, [
    ['Grilled Cheese', '8.50'],
    ['Minestrone Soup', '6.50', undefined, ['vegan']],
    ['Chicken Noodle Soup', '6.95'],
  ]),
  ...shelf('snacks', 'bay-snacks', PACKAGED, [
    ['BBQ Potato Chips', '2.25', 30, ['vegan', 'gluten-free']],
    ['Sour Cream & Onion Chips', '2.25', 30, ['gluten-free']],
    ['Jalapeño Kettle Chips', '2.50', 24, ['vegan', 'gluten-free']],
    ['Tortilla Chips 300g', '4.50', 16, ['vegan', 'gluten-free']],
    ['Sea Salt Popcorn', '2.95', 20, ['vegan', 'gluten-free']],
    ['Kettle Corn', '2.95', 20, ['gluten-free']],
    ['Veggie Straws', '2.75', 18, ['vegan']],
    ['Lightly Salted Rice Cakes', '2.95', 12, ['vegan', 'gluten-free']],
    ['Milk Chocolate Bar', '3.50', 25],
    ['Dark Chocolate Sea Salt Bar', '3.95', 20, ['vegan']],
    ['Peanut Butter Cups', '2.95', 24],
    ['Sour Gummy Worms', '2.50', 24],
    ['Spearmint Gum', '1.95', 40, ['vegan']],
    ['Peanut Butter Pretzels', '3.75', 16],
    ['Dried Mango 100g', '4.50', 14, ['vegan', 'gluten-free']],
    ['Mixed Nuts 150g', '5.95', 14, ['vegan', 'gluten-free']],
    ['Roasted Salted Cashews 100g', '4.95', 14, ['vegan', 'gluten-free']],
    ['Chocolate Protein Bar', '2.95', 30, ['new']],
    ['Peanut Protein Bar', '2.95', 30, ['new']],
    ['Strawberry Fruit Leather', '1.50', 30, ['vegan', 'gluten-free']],
    ['Roasted Seaweed Snack', '1.95', 24, ['vegan', 'gluten-free']],
  ]),
  ...shelf('snacks', 'valley-farms', PACKAGED, [
    ['Original Beef Jerky 60g', '7.95', 12, ['gluten-free']],
    ['Teriyaki Beef Jerky 60g', '7.95', 12],
  ]),
  ...shelf('pantry', 'valley-farms', GROCERY, [
    ['Penne Rigate 500g', '2.95', 20, ['vegan']],
    ['Fusilli 500g', '2.95', 20, ['vegan']],
    ['Linguine 500g', '2.95', 16, ['vegan']],
    ['Arborio Rice 1kg', '5.95', 10, ['vegan', 'gluten-free']],
    ['Jasmine Rice 2kg', '7.95', 10, ['vegan', 'gluten-free']],
    ['Basmati Rice 1kg', '5.50', 10, ['vegan', 'gluten-free']],
    ['Red Lentils 500g', '3.25', 12, ['vegan', 'gluten-free', 'organic']],
    ['Black Beans 425g', '1.95', 24, ['vegan', 'gluten-free']],
    ['Chickpeas 425g', '1.95', 24, ['vegan', 'gluten-free']],
    ['Diced Tomatoes 400g', '1.95', 24, ['vegan', 'gluten-free']],
    ['Tomato Paste 170g', '1.50', 18, ['vegan', 'gluten-free']],
    ['Basil Pesto 190g', '5.95', 8],
    ['Chicken Broth 1L', '3.95', 12, ['gluten-free']],
    ['Vegetable Broth 1L', '3.95', 12, ['vegan', 'gluten-free']],
    ['Smooth Peanut Butter 450g', '5.50', 12, ['vegan']],
    ['Almond Butter 340g', '9.95', 8, ['vegan', 'organic']],
    ['Maple Syrup 250ml', '11.95', 8, ['vegan']],
    ['Maple Pecan Granola 400g', '7.50', 10, ['vegan'], '6.50'],
    ['Corn Flakes 500g', '4.95', 10, ['vegan']],
    ['All-purpose Flour 2kg', '4.50', 8, ['vegan']],
    ['Cane Sugar 1kg', '3.95', 10, ['vegan', 'gluten-free']],
    ['Brown Sugar 1kg', '3.95', 8, ['vegan', 'gluten-free']],
    ['Baking Soda 454g', '1.50', 10, ['vegan', 'gluten-free']],
    ['Black Peppercorns 50g', '4.50', 10, ['vegan', 'gluten-free']],
    ['Smoked Paprika 50g', '4.25', 8, ['vegan', 'gluten-free']],
    ['Ground Cinnamon 50g', '3.95', 8, ['vegan', 'gluten-free']],
    ['Dijon Mustard 200g', '3.75', 10, ['vegan', 'gluten-free']],
    ['Mayonnaise 400ml', '4.95', 10, ['gluten-free']],
    ['Tomato Ketchup 500ml', '3.50', 12, ['vegan', 'gluten-free']],
    ['Hot Sauce 150ml', '5.50', 10, ['vegan', 'gluten-free', 'local']],
    ['Soy Sauce 250ml', '3.95', 10, ['vegan']],
    ['Red Wine Vinegar 500ml', '4.50', 8, ['vegan', 'gluten-free']],
    ['Balsamic Vinegar 250ml', '7.95', 8, ['vegan', 'gluten-free']],
    ['Canola Oil 1L', '5.50', 8, ['vegan', 'gluten-free']],
    ['Tuna in Olive Oil 160g', '3.95', 16, ['gluten-free']],
    ['Sardines 120g', '3.50', 12, ['gluten-free']],
    ['Coconut Milk 400ml', '2.95', 16, ['vegan', 'gluten-free']],
  ]),
  ...shelf('pantry', 'pacific-tea', GROCERY, [
    ['English Breakfast Tea Bags (20)', '5.95', 12, ['vegan']],
    ['Earl Grey Tea Bags (20)', '5.95', 12, ['vegan']],
    ['Chamomile Tea Bags (20)', '5.95', 10, ['vegan', 'decaf']],
    ['Ceremonial Matcha 30g', '14.95', 6, ['vegan', 'organic']],
  ]),
  ...shelf('dairy', 'coastal-creamery', GROCERY, [
    ['2% Reduced Fat Milk 1L', '3.49', 16, ['local']],
    ['Half & Half 473ml', '2.95', 12, ['local']],
    ['Heavy Cream 473ml', '4.95', 8, ['local']],
    ['Unsalted Butter 454g', '6.95', 10, ['local']],
    ['Salted Butter 454g', '6.95', 10, ['local']],
    ['Plain Greek Yogurt 500g', '5.95', 10, ['gluten-free']],
    ['Vanilla Yogurt 500g', '4.95', 10, ['gluten-free']],
    ['Sharp Cheddar 200g', '6.50', 10, ['gluten-free']],
    ['Parmesan Wedge 150g', '8.95', 6, ['gluten-free']],
    ['Fresh Mozzarella 225g', '5.95', 8, ['gluten-free']],
    ['Cream Cheese 227g', '3.95', 10, ['gluten-free']],
    ['Cottage Cheese 450g', '4.50', 8, ['gluten-free']],
  ]),
  ...shelf('dairy', 'valley-farms', GROCERY, [
    ['Barista Oat Milk 1L', '4.95', 18, ['vegan']],
    ['Unsweetened Almond Milk 1L', '4.49', 12, ['vegan']],
    ['Free-range Eggs (6)', '4.29', 12, ['organic', 'local']],
  ]),
  ...shelf('produce', 'valley-farms', GROCERY, [
    ['Banana', '0.35', 60, ['vegan', 'organic']],
    ['Fuji Apple', '1.25', 40, ['vegan', 'local']],
    ['Navel Orange', '1.10', 30, ['vegan', 'local']],
    ['Hass Avocado', '1.75', 24, ['vegan', 'local']],
    ['Lemons (3)', '2.50', 15, ['vegan']],
    ['Limes (4)', '2.25', 15, ['vegan']],
    ['Strawberries 454g', '5.95', 8, ['vegan', 'local'], '4.95'],
    ['Blueberries 170g', '4.95', 8, ['vegan']],
    ['Baby Spinach 142g', '4.50', 8, ['vegan', 'organic']],
    ['Mixed Salad Greens 142g', '4.50', 8, ['vegan', 'organic']],
    ['Cherry Tomatoes 283g', '4.25', 10, ['vegan', 'local']],
    ['Yellow Onions (3 lb)', '3.95', 8, ['vegan']],
    ['Garlic (3)', '1.50', 15, ['vegan']],
    ['Russet Potatoes (5 lb)', '5.50', 6, ['vegan']],
  ]),
  ...shelf('household', 'bright-home', STANDARD, [
    ['Laundry Detergent 1.5L', '12.95', 6],
    ['Hand Soap Refill 1L', '8.50', 6],
    ['Foaming Hand Soap 350ml', '4.50', 10],
    ['Kitchen Trash Bags (20)', '7.95', 8],
    ['Aluminum Foil 75 sq ft', '4.95', 8],
    ['Plastic Wrap 200 sq ft', '3.95', 8],
    ['Kitchen Sponges (3)', '3.50', 12],
    ['Toilet Paper (4 rolls)', '5.95', 12],
    ['Facial Tissues (120)', '2.95', 12],
    ['AA Batteries (4)', '6.95', 10],
    ['AAA Batteries (4)', '6.95', 10],
    ['Tealight Candles (12)', '4.50', 8],
    ['All-purpose Cleaner 750ml', '4.95', 8, [], '3.95'],
  ]),
  ...shelf('coffee-beans', 'golden-gate', GROCERY, [
    ['Colombia Huila Beans 340g', '17.50', 8],
    ['Guatemala Antigua Beans 340g', '18.00', 8],
    ['Sumatra Mandheling Beans 340g', '18.50', 6],
    ['Kenya AA Beans 250g', '19.50', 5, ['new']],
    ['French Roast Beans 340g', '15.50', 10],
    ['Espresso Capsules (10)', '7.95', 20],
    ['Instant Coffee Sticks (8)', '6.50', 12],
  ]),
  ...shelf('merchandise', 'house', STANDARD, [
    ['Mission Corner Mug 12oz', '16.00', 12],
    ['Enamel Camp Mug', '18.00', 10],
    ['Insulated Bottle 500ml', '28.00', 8],
    ['Canvas Apron', '32.00', 4],
    ['Postcard Set (6)', '12.00', 15],
    ['Enamel Pin', '8.00', 20],
    ['Sticker Pack', '5.00', 25],
  ]),
  ...shelf('merchandise', 'golden-gate', STANDARD, [
    ['French Press 8-cup', '39.00', 5],
    ['Hand Burr Grinder', '59.00', 3],
    ['Milk Frother', '24.00', 6],
    ['Tea Infuser', '9.50', 10],
    ['Coffee Scoop', '6.00', 12],
  ]),
  ...shelf('merchandise', 'house', { virtual: true, taxStatus: 'none' }, [
    ['Gift Card $10', '10.00'],
    ['Gift Card $100', '100.00'],
  ]),
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
  {
    name: 'Mission Corner Hoodie',
    category: 'merchandise',
    brand: 'house',
    tags: ['new'],
    attributes: [
      { name: 'Colour', options: ['Heather Grey', 'Navy'] },
      { name: 'Size', options: ['Small', 'Medium', 'Large', 'XL'] },
    ],
    price: (options) => (options[1] === 3 ? '52.00' : '48.00'),
    stock: (options) => 2 + ((options[0] ?? 0) + (options[1] ?? 0)) % 4,
  },
  {
    name: 'Knit Beanie',
    category: 'merchandise',
    brand: 'house',
    attributes: [{ name: 'Colour', options: ['Rust', 'Charcoal', 'Forest'] }],
    price: () => '22.00',
    stock: (options) => [6, 8, 4][options[0] ?? 0] ?? 0,
  },
  {
    name: 'Gift Hamper',
    category: 'merchandise',
    brand: 'house',
    tags: ['local'],
    attributes: [{ name: 'Size', options: ['Small', 'Medium', 'Large'] }],
    price: (options) => ['35.00', '55.00', '85.00'][options[0] ?? 0] ?? '35.00',
    stock: (options) => [5, 4, 2][options[0] ?? 0] ?? 0,
  },
  {
    name: 'House Ground Coffee',
    category: 'coffee-beans',
    brand: 'golden-gate',
    taxClass: 'zero-rate',
    attributes: [
      { name: 'Roast', options: ['Medium', 'Dark'] },
      { name: 'Bag size', options: ['340 g', '1 kg'] },
    ],
    price: (options) => (options[1] === 1 ? '29.00' : '13.50'),
    stock: (options) => (options[1] === 1 ? 4 : 12),
  },
  {
    name: 'Cold Brew Concentrate',
    category: 'coffee-beans',
    brand: 'golden-gate',
    tags: ['vegan'],
    taxClass: 'zero-rate',
    attributes: [{ name: 'Size', options: ['500 ml', '1 L'] }],
    price: (options) => (options[0] === 1 ? '21.00' : '12.00'),
    stock: (options) => (options[0] === 1 ? 6 : 10),
  },
  {
    name: 'Loose Leaf Tea Tin',
    category: 'pantry',
    brand: 'pacific-tea',
    tags: ['vegan', 'organic'],
    taxClass: 'zero-rate',
    attributes: [
      { name: 'Blend', options: ['Earl Grey', 'English Breakfast', 'Jasmine Green', 'Peppermint'] },
      { name: 'Size', options: ['50 g', '100 g'] },
    ],
    price: (options) => (options[1] === 1 ? '16.50' : '9.50'),
    sales: { '3,0': '7.60' },
    stock: () => 6,
  },
  {
    name: 'Celebration Cake',
    category: 'bakery',
    brand: 'mission-bakery',
    taxClass: 'reduced-rate',
    attributes: [
      { name: 'Flavour', options: ['Chocolate', 'Vanilla Bean', 'Carrot'] },
      { name: 'Size', options: ['6 inch', '8 inch'] },
    ],
    price: (options) => (options[1] === 1 ? '45.00' : '32.00'),
    stock: (options) => (options[1] === 1 ? 1 : 2),
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
 * Seeds the demo shop into an empty catalogue, in one transaction: terms, about three hundred products
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

  writeTransaction(db, () => {
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
  });
}
