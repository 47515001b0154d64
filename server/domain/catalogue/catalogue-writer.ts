import type { Database } from '../../data/database.js';
import type { ProductStockRepository } from '../../data/repositories/product-stock.js';
import type { ProductWritesRepository } from '../../data/repositories/product-writes.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { TaxClassesRepository } from '../../data/repositories/tax-classes.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { invalidParams, notFound } from '../errors.js';
import { money } from '../../model/money.js';
import { readGeneralSettings } from '../settings/general.js';
import { gtinForms } from '../../model/catalogue/barcode.js';
import { slugify, variationName } from '../../model/catalogue/naming.js';
import { writtenMeta } from '../../model/catalogue/product-meta.js';
import { posVisibilityOf, withoutPosVisibility, type ProductInput, type StockAdjustment, type VariationInput } from './product-input.js';
import { managedStockStatus } from '../../model/catalogue/stock.js';
import { onlySetsStock, UNGUARDED, type CatalogueGuard } from './managed-catalogue.js';
import { hasVariations, numberedMeta } from '../../model/catalogue/product-rules.js';
import type { NewProduct, ProductAttribute, ProductChanges, ProductImage, ProductRecord, Taxonomy } from '../../model/catalogue/types.js';

type AnyInput = ProductInput | VariationInput;

const TAXONOMY_FIELDS: ReadonlyArray<[keyof Pick<ProductInput, 'categories' | 'tags' | 'brands'>, Taxonomy, string]> = [
  ['categories', 'product_cat', 'category'],
  ['tags', 'product_tag', 'tag'],
  ['brands', 'product_brand', 'brand'],
];

const barcodeOf = (input: AnyInput): { key: 'global_unique_id' | 'barcode'; value: string } | undefined =>
  input.global_unique_id !== undefined
    ? { key: 'global_unique_id', value: input.global_unique_id }
    : input.barcode !== undefined
      ? { key: 'barcode', value: input.barcode }
      : undefined;

const attributesOf = (input: ProductInput['attributes']): ProductAttribute[] | undefined =>
  input?.map((attribute, index) => ({
    id: attribute.id,
    name: attribute.name,
    slug: attribute.id > 0 ? `pa_${slugify(attribute.name)}` : slugify(attribute.name),
    position: attribute.position ?? index,
    visible: attribute.visible,
    variation: attribute.variation,
    options: attribute.options,
  }));

const imagesOf = (
  input: ReadonlyArray<{ id?: number | undefined; src: string; name?: string | undefined; alt?: string | undefined }> | undefined,
): ProductImage[] | undefined => input?.map((image) => ({ id: image.id ?? 0, src: image.src, name: image.name ?? '', alt: image.alt ?? '' }));

/** `'standard'` and `''` both name the standard class, stored as `''` (WooCommerce's form). */
const taxClassOf = (value: string | undefined): string | undefined => (value === 'standard' ? '' : value);

/** What CatalogueWriter is built from (server/composition.ts builds each once). */
export interface CatalogueWriterParts {
  products: ProductsRepository;
  writes: ProductWritesRepository;
  stock: ProductStockRepository;
  taxClasses: TaxClassesRepository;
  settings: SettingsRepository;
  /** Refuses catalogue writes while WooCommerce masters the catalogue (managed-catalogue.ts); stock changes pass. */
  guard?: CatalogueGuard;
}

/**
 * Catalogue writes through the API, with the importer's rules: SKUs and barcodes unique, a sale
 * price below the regular price, an existing tax class and existing terms. Every refusal names its
 * fields in one `400 rest_invalid_param`. Stock goes through the stock ledger.
 */
export class CatalogueWriter {
  private readonly products: ProductsRepository;
  private readonly writes: ProductWritesRepository;
  private readonly stock: ProductStockRepository;
  private readonly taxClasses: TaxClassesRepository;
  private readonly settings: SettingsRepository;
  private readonly guard: CatalogueGuard;

  constructor(
    private readonly db: Database,
    parts: CatalogueWriterParts,
  ) {
    this.products = parts.products;
    this.writes = parts.writes;
    this.stock = parts.stock;
    this.taxClasses = parts.taxClasses;
    this.settings = parts.settings;
    this.guard = parts.guard ?? UNGUARDED;
  }

  /** A product (not a variation) by id, or 404. */
  product(id: number): ProductRecord {
    const record = this.products.find(id);
    if (!record || record.type === 'variation') throw notFound('product');
    return record;
  }

  /** A variation of `parentId`, or 404. */
  variation(parentId: number, id: number): ProductRecord {
    const record = this.products.find(id);
    if (record?.type !== 'variation' || record.parent_id !== parentId) throw notFound('product_variation');
    return record;
  }

  private check(input: AnyInput, current: ProductRecord | undefined, kind: 'product' | 'variation'): void {
    const problems: Record<string, string> = {};
    const id = current?.id ?? 0;
    if (input.sku !== undefined && input.sku !== '') {
      const owner = this.writes.skuOwner(input.sku, id);
      if (owner !== undefined) problems.sku = `SKU ${input.sku} is already used by product ${owner}`;
    }
    const barcode = barcodeOf(input);
    if (barcode !== undefined && barcode.value !== '') {
      const owner = this.writes.barcodeOwner(gtinForms(barcode.value), id);
      if (owner !== undefined) problems[barcode.key] = `barcode ${barcode.value} is already used by product ${owner}`;
    }
    const regular = input.regular_price ?? current?.regular_price ?? '';
    const sale = input.sale_price ?? current?.sale_price ?? '';
    if ((input.regular_price !== undefined || input.sale_price !== undefined) && regular !== '' && sale !== '' && !money(sale).lessThan(money(regular))) {
      problems.sale_price = `sale price ${sale} is not below regular price ${regular}`;
    }
    const taxClass = taxClassOf(input.tax_class);
    if (taxClass !== undefined && taxClass !== '' && !(taxClass === 'parent' && kind === 'variation') && !this.taxClasses.exists(taxClass)) {
      problems.tax_class = `tax class ${taxClass} does not exist (classes: ${this.taxClasses
        .all()
        .map((entry) => entry.slug)
        .join(', ')})`;
    }
    const from = input.date_on_sale_from_gmt ?? input.date_on_sale_from;
    const to = input.date_on_sale_to_gmt ?? input.date_on_sale_to;
    if (from && to && from > to) problems.date_on_sale_to = 'the sale cannot end before it starts';
    if (
      input.stock_quantity !== undefined &&
      input.stock_quantity !== null &&
      !Number.isInteger(input.stock_quantity) &&
      !readGeneralSettings(this.settings).decimal_qty
    ) {
      problems.stock_quantity = 'must be a whole number: decimal quantities are off (settings/general decimal_qty)';
    }
    if ('categories' in input) {
      for (const [field, taxonomy, label] of TAXONOMY_FIELDS) {
        const missing = this.writes.missingTerms(taxonomy, input[field] ?? []);
        if (missing.length > 0) problems[field] = `no ${label} with id ${missing.join(', ')}`;
      }
    }
    if (Object.keys(problems).length > 0) throw invalidParams(problems);
  }

  /** The non-stock fields an input sets, as stored. */
  private fieldChanges(input: AnyInput): ProductChanges {
    const meta = withoutPosVisibility(input.meta_data);
    return {
      description: input.description,
      sku: input.sku,
      barcode: barcodeOf(input)?.value,
      regular_price: input.regular_price,
      sale_price: input.sale_price,
      date_on_sale_from_gmt: input.date_on_sale_from_gmt ?? input.date_on_sale_from,
      date_on_sale_to_gmt: input.date_on_sale_to_gmt ?? input.date_on_sale_to,
      virtual: input.virtual,
      tax_status: input.tax_status,
      tax_class: taxClassOf(input.tax_class),
      backorders: input.backorders,
      weight: input.weight,
      menu_order: input.menu_order,
      meta_data: meta && numberedMeta(meta),
      pos_visibility: posVisibilityOf(input.meta_data),
      status: input.status,
    };
  }

  private productChanges(input: ProductInput): ProductChanges {
    return {
      ...this.fieldChanges(input),
      name: input.name,
      slug: input.slug,
      featured: input.featured,
      catalog_visibility: input.catalog_visibility,
      short_description: input.short_description,
      sold_individually: input.sold_individually,
      attributes: attributesOf(input.attributes),
      default_attributes: input.default_attributes,
      images: imagesOf(input.images),
    };
  }

  private variationChanges(input: VariationInput): ProductChanges {
    return {
      ...this.fieldChanges(input),
      images: input.image === undefined ? undefined : input.image === null ? [] : imagesOf([input.image]),
      variation_attributes: input.attributes,
    };
  }

  createProduct(input: ProductInput, userId: number): ProductRecord {
    this.guard();
    if (input.name === undefined) throw invalidParams({ name: 'name is required' });
    return this.create({ ...this.productChanges(input), type: input.type ?? 'simple', name: input.name }, input, undefined, userId);
  }

  createVariation(parentId: number, input: VariationInput, userId: number): ProductRecord {
    this.guard();
    const parent = this.product(parentId);
    if (!hasVariations(parent.type)) throw invalidParams({ id: `product ${parentId} is a ${parent.type} product; only variable products have variations` });
    return this.create({ ...this.variationChanges(input), type: 'variation', parent_id: parentId }, input, parent, userId);
  }

  private create(product: NewProduct & ProductChanges, input: AnyInput, parent: ProductRecord | undefined, userId: number): ProductRecord {
    return writeTransaction(this.db, () => {
      this.check(input, undefined, parent === undefined ? 'product' : 'variation');
      const { pos_visibility, ...fields } = product;
      const record = this.products.create(
        {
          ...fields,
          meta_data: writtenMeta([], fields.meta_data, input.low_stock_amount),
          manage_stock: input.manage_stock,
          stock_quantity: input.stock_quantity,
          stock_status: input.stock_status,
          category_ids: 'categories' in input ? input.categories : undefined,
          tag_ids: 'tags' in input ? input.tags : undefined,
          brand_ids: 'brands' in input ? input.brands : undefined,
        },
        { reason: 'created', userId },
      );
      if (pos_visibility !== undefined && pos_visibility !== '') this.writes.update(record.id, { pos_visibility });
      return this.products.find(record.id) ?? record;
    });
  }

  updateProduct(id: number, input: ProductInput, userId: number): ProductRecord {
    if (!onlySetsStock(input)) this.guard();
    return writeTransaction(this.db, () => {
      const current = this.product(id);
      if (input.type !== undefined && input.type !== current.type) throw invalidParams({ type: `a ${current.type} product cannot become ${input.type}` });
      this.check(input, current, 'product');
      this.apply(current, this.productChanges(input), input, userId);
      for (const [field, taxonomy] of TAXONOMY_FIELDS) {
        const ids = input[field];
        if (ids !== undefined) this.writes.replaceTerms(id, taxonomy, ids);
      }
      // WooCommerce retitles the variations of a renamed product (sync_variation_names).
      if (current.type === 'variable' && input.name !== undefined && input.name !== current.name) {
        for (const variation of this.products.variationsOf([id])) {
          this.writes.update(variation.id, { name: variationName(input.name, variation.variation_attributes) });
        }
      }
      return this.product(id);
    });
  }

  updateVariation(parentId: number, id: number, input: VariationInput, userId: number): ProductRecord {
    if (!onlySetsStock(input)) this.guard();
    return writeTransaction(this.db, () => {
      const current = this.variation(parentId, id);
      this.check(input, current, 'variation');
      this.apply(current, this.variationChanges(input), input, userId);
      if (input.attributes !== undefined) this.writes.update(id, { name: variationName(current.parent_name ?? '', input.attributes) });
      this.stock.syncParentStockStatus(parentId);
      return this.variation(parentId, id);
    });
  }

  /** Field changes, then stock: managing it or not, a new quantity, and the status that follows. */
  private apply(current: ProductRecord, changes: ProductChanges, input: AnyInput, userId: number): void {
    const manage = input.manage_stock ?? current.manage_stock;
    if (manage) changes.stock_status = undefined;
    else changes.stock_status = input.stock_status;
    changes.meta_data = writtenMeta(current.meta_data, changes.meta_data, input.low_stock_amount);
    this.writes.update(current.id, changes);
    const entry = { reason: 'edit' as const, userId };
    if (manage !== current.manage_stock) {
      this.stock.setManaged(current.id, manage, input.stock_quantity ?? null, entry);
    } else if (manage && input.stock_quantity !== undefined && input.stock_quantity !== null && input.stock_quantity !== current.stock_quantity) {
      this.stock.set(current.id, input.stock_quantity, entry);
    } else if (manage && input.backorders !== undefined) {
      this.writes.update(current.id, { stock_status: managedStockStatus(current.stock_quantity ?? 0, input.backorders) });
    }
  }

  /** `force` deletes the product (and its variations); otherwise it goes to the trash. Returns it as it was. */
  deleteProduct(id: number, force: boolean): ProductRecord {
    this.guard();
    return writeTransaction(this.db, () => {
      const current = this.product(id);
      if (force) this.writes.delete(id);
      else this.writes.update(id, { status: 'trash' });
      return current;
    });
  }

  deleteVariation(parentId: number, id: number, force: boolean): ProductRecord {
    this.guard();
    return writeTransaction(this.db, () => {
      const current = this.variation(parentId, id);
      if (force) this.writes.delete(id);
      else this.writes.update(id, { status: 'trash' });
      this.stock.syncParentStockStatus(parentId);
      return current;
    });
  }

  /** A product or variation by id, whatever its status, for its stock; 404 when there is none. */
  stockItem(id: number): ProductRecord {
    const record = this.products.find(id);
    if (!record) throw notFound('product');
    return record;
  }

  /** A manual stock change (goods received, damaged, a count), recorded in the ledger with its reason and note. */
  changeStock(id: number, adjustment: StockAdjustment, userId: number): ProductRecord {
    return writeTransaction(this.db, () => {
      const current = this.products.find(id);
      if (!current) throw notFound('product');
      if (!current.manage_stock) throw invalidParams({ id: `product ${id} does not manage stock; set manage_stock first` });
      const amount = adjustment.adjust ?? adjustment.set ?? 0;
      if (!Number.isInteger(amount) && !readGeneralSettings(this.settings).decimal_qty) {
        throw invalidParams({
          [adjustment.adjust !== undefined ? 'adjust' : 'set']: 'must be a whole number: decimal quantities are off (settings/general decimal_qty)',
        });
      }
      const entry = { reason: adjustment.reason, note: adjustment.note, userId };
      if (adjustment.adjust !== undefined) this.stock.adjust(id, adjustment.adjust, entry);
      else this.stock.set(id, amount, entry);
      const updated = this.products.find(id);
      if (!updated) throw notFound('product');
      return updated;
    });
  }
}
