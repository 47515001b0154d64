/**
 * What the weigh dialog asks the weight of: a product sold by weight, or a variation of one (sold by
 * weight itself, or through its parent, as the server counts it). Either way the till asks for the
 * kilograms and sends them as the line's quantity; the server prices the weight.
 */
import { soldByWeight, type ProductTile } from './api/products.js';
import type { Variation } from '../shared/resources/products.js';
import type { StockFields } from './stock.js';

export interface Weighing {
  productId: number;
  /** 0 for a simple product. */
  variationId: number;
  name: string;
  /** The price of one kilogram. */
  price: string;
  stock: StockFields;
}

/** A variation as the cart names it: its product's name and its options. */
export function variationName(product: Pick<ProductTile, 'name'>, variation: Pick<Variation, 'attributes'>): string {
  return [product.name, ...variation.attributes.map((attribute) => attribute.option)].join(' ');
}

/** The weighing of `product` (or of its `variation`), or null when it is not sold by weight. */
export function weighingOf(product: ProductTile, variation: Variation | null = null): Weighing | null {
  if (variation === null) {
    return soldByWeight(product) ? { productId: product.id, variationId: 0, name: product.name, price: product.price, stock: product } : null;
  }
  if (!soldByWeight(variation) && !soldByWeight(product)) return null;
  return { productId: product.id, variationId: variation.id, name: variationName(product, variation), price: variation.price, stock: variation };
}
