import type { CatalogueFilter, CatalogueSort, ProductsRepository } from '../../data/repositories/products.js';
import type { TermFilter, TermSort, TermsRepository } from '../../data/repositories/terms.js';
import { notFound } from '../errors.js';
import { shapeProduct, shapeTerm, shapeVariation, type ProductResource, type ShapeContext, type VariationResource } from './shape.js';
import type { ProductRecord, Taxonomy, VariationPricing } from '../../model/catalogue/types.js';

export interface Page<T> {
  items: T[];
  total: number;
}

/** What Catalogue is built from (server/composition.ts builds each once). */
export interface CatalogueParts {
  products: ProductsRepository;
  terms: TermsRepository;
}

/** Catalogue reads: products, variations and terms, shaped as WooCommerce resources. */
export class Catalogue {
  private readonly products: ProductsRepository;
  private readonly terms: TermsRepository;

  constructor(parts: CatalogueParts) {
    this.products = parts.products;
    this.terms = parts.terms;
  }

  private shapeProducts(records: readonly ProductRecord[], context: ShapeContext): ProductResource[] {
    return this.shapeProductsWithVariations(records, context).map((shaped) => shaped.resource);
  }

  /** Products shaped, each with the variations its shape was computed from (a variable product's price and sale follow them). */
  shapeProductsWithVariations(
    records: readonly ProductRecord[],
    context: ShapeContext,
  ): Array<{ record: ProductRecord; variations: VariationPricing[]; resource: ProductResource }> {
    const ids = records.map((record) => record.id);
    const termsByProduct = this.terms.termsOfProducts(ids);
    const variationsByParent = new Map<number, VariationPricing[]>();
    for (const variation of this.products.variationPricesOf(records.filter((record) => record.type === 'variable').map((record) => record.id))) {
      const siblings = variationsByParent.get(variation.parent_id);
      if (siblings === undefined) variationsByParent.set(variation.parent_id, [variation]);
      else siblings.push(variation);
    }
    return records.map((record) => {
      const variations = variationsByParent.get(record.id) ?? [];
      const terms = termsByProduct.get(record.id) ?? { product_cat: [], product_tag: [], product_brand: [] };
      return { record, variations, resource: shapeProduct(record, terms, variations, context) };
    });
  }

  listProducts(filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number, context: ShapeContext): Page<ProductResource> {
    const { records, total } = this.products.list('product', filter, sort, limit, offset);
    return { items: this.shapeProducts(records, context), total };
  }

  /** A product by id; unknown ids and variations are 404 (a variation is not a product). */
  getProduct(id: number, context: ShapeContext): ProductResource {
    const record = this.products.find(id);
    if (!record || record.type === 'variation') throw notFound('product');
    const [product] = this.shapeProducts([record], context);
    if (!product) throw notFound('product');
    return product;
  }

  listVariations(filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number, context: ShapeContext): Page<VariationResource> {
    const { records, total } = this.products.list('variation', filter, sort, limit, offset);
    return { items: records.map((record) => shapeVariation(record, context)), total };
  }

  /**
   * The offline-sync audit as the bytes of its JSON entries (each holding `fields`, a subset of id
   * and date_modified_gmt), joined by commas in pieces; the caller writes the array around them.
   */
  modificationIndexEntries(
    kind: 'product' | 'variation',
    filter: CatalogueFilter,
    sort: CatalogueSort,
    fields: readonly string[],
  ): { pieces: Buffer[]; count: number } {
    return this.products.modificationIndexEntries(kind, filter, sort, fields);
  }

  listTerms(taxonomy: Taxonomy, filter: TermFilter, sort: TermSort, limit: number, offset: number, context: ShapeContext) {
    const { records, total } = this.terms.list(taxonomy, filter, sort, limit, offset);
    return { items: records.map((record) => shapeTerm(record, context)), total };
  }
}
