import type { BrandKey, CategoryKey, TagKey, TaxClass } from './shop.js';

// The demo shop's variable products: attributes, a price per combination, sales and stock.

export interface VariableItem {
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

export const VARIABLE_ITEMS: readonly VariableItem[] = [
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
    stock: (options) => 3 + (((options[0] ?? 0) * 4 + (options[1] ?? 0)) % 5),
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
    stock: (options) => 2 + (((options[0] ?? 0) + (options[1] ?? 0)) % 4),
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
