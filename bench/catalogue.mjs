// The generated catalogue of the benchmarks, written through the import's product writer on a
// connection of the bench's own while the server runs: simple products whose names are distinct
// (brand × variant × goods × size), then variable products with their variations.
import { ProductWritesRepository } from '../dist/server/data/repositories/product-writes.js';
import { TermsRepository } from '../dist/server/data/repositories/terms.js';
import { writeTransaction } from '../dist/server/data/write-transaction.js';
import { ean13 } from '../dist/server/model/catalogue/barcode.js';

export const BRANDS = [
  'Hillside',
  'Bayview',
  'Northfield',
  'Redwood',
  'Sunvale',
  'Oakmere',
  'Clearbrook',
  'Stonegate',
  'Meadowlark',
  'Silverpine',
  'Harbourside',
  'Willowby',
  'Kestrel',
  'Juniper',
  'Foxglove',
  'Ironbridge',
  'Larkspur',
  'Tidewater',
  'Greystone',
  'Marigold',
];
export const VARIANTS = ['Classic', 'Organic', 'Light', 'Wholesome', 'Reserve', 'Smoky', 'Spiced', 'Zesty', 'Golden', 'Rustic'];
export const GOODS = [
  'Oat Milk',
  'Greek Yogurt',
  'Cheddar',
  'Sourdough',
  'Olive Oil',
  'Basmati Rice',
  'Penne',
  'Green Tea',
  'Dark Chocolate',
  'Peanut Butter',
  'Apple Juice',
  'Granola',
  'Tomato Soup',
  'Honey',
  'Coffee Beans',
  'Sea Salt',
  'Almonds',
  'Oatcakes',
  'Hummus',
  'Lemonade',
  'Ginger Beer',
  'Pesto',
  'Salsa',
  'Crackers',
  'Muesli',
  'Cashews',
  'Tortilla Chips',
  'Maple Syrup',
  'Jasmine Rice',
  'Baked Beans',
  'Chickpeas',
  'Coconut Milk',
  'Soy Sauce',
  'Mustard',
  'Ketchup',
  'Mayonnaise',
  'Rye Bread',
  'Bagels',
  'Butter',
  'Mozzarella',
  'Feta',
  'Kombucha',
  'Cold Brew',
  'Herbal Tea',
  'Rolled Oats',
  'Lentils',
  'Couscous',
  'Quinoa',
  'Flatbread',
  'Brownies',
];
const SIZES = ['100 g', '250 g', '500 g', '1 kg', '330 ml', '500 ml', '1 L', '2 L', '4 pack', '12 pack'];
const CATEGORY_COUNT = 20;
const OPTIONS = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'Red', 'Blue', 'Green', 'Black'];

/** Simple product `index` (0-based): its name, SKU and barcode are distinct from every other's. */
export const product = (index) => ({
  name: `${BRANDS[index % 20]} ${VARIANTS[Math.floor(index / 20) % 10]} ${GOODS[Math.floor(index / 200) % 50]} ${SIZES[Math.floor(index / 10_000) % 10]}`,
  sku: `BN-${String(index + 1).padStart(6, '0')}`,
  barcode: ean13(`29${String(index + 1).padStart(10, '0')}`),
});

const created = (index) => new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString().slice(0, 19);

/** The catalogue's categories, made once. */
export function categoriesOf(db) {
  const terms = new TermsRepository(db);
  const existing = db.prepare("SELECT id FROM terms WHERE taxonomy = 'product_cat' AND name LIKE 'Aisle %' ORDER BY id").pluck().all();
  if (existing.length > 0) return existing;
  return writeTransaction(db, () => Array.from({ length: CATEGORY_COUNT }, (_, index) => terms.create('product_cat', { name: `Aisle ${index + 1}` }).id));
}

/** Simple products `from` to `to` - 1, one transaction per 10,000. */
export function addSimpleProducts(db, from, to) {
  const categories = categoriesOf(db);
  const writes = new ProductWritesRepository(db);
  for (let start = from; start < to; start += 10_000) {
    writeTransaction(db, () => {
      for (let index = start; index < Math.min(to, start + 10_000); index++) {
        writes.insert({
          type: 'simple',
          ...product(index),
          regular_price: `${(index % 40) + 1}.49`,
          manage_stock: index % 3 === 0,
          stock_quantity: index % 3 === 0 ? index % 50 : null,
          category_ids: [categories[index % CATEGORY_COUNT]],
          date_created_gmt: created(index),
        });
      }
    });
  }
}

/** `parents` variable products after the `after` simple ones, each with `each` variations (ten options at most). */
export function addVariableProducts(db, after, parents, each) {
  const categories = categoriesOf(db);
  const writes = new ProductWritesRepository(db);
  const options = OPTIONS.slice(0, each);
  for (let start = 0; start < parents; start += 2_000) {
    writeTransaction(db, () => {
      for (let number = start; number < Math.min(parents, start + 2_000); number++) {
        const index = after + number;
        const parentId = writes.insert({
          type: 'variable',
          name: `Variable ${product(index).name} ${number + 1}`,
          sku: `BV-${String(number + 1).padStart(6, '0')}`,
          attributes: [{ id: 0, name: 'Option', slug: 'option', position: 0, visible: true, variation: true, options }],
          category_ids: [categories[index % CATEGORY_COUNT]],
          date_created_gmt: created(index),
        });
        options.forEach((option, position) => {
          writes.insert({
            type: 'variation',
            parent_id: parentId,
            sku: `BV-${String(number + 1).padStart(6, '0')}-${position + 1}`,
            regular_price: `${(number % 30) + position + 1}.25`,
            menu_order: position,
            variation_attributes: [{ id: 0, name: 'Option', slug: 'option', option }],
            date_created_gmt: created(index),
          });
        });
      }
    });
  }
}
