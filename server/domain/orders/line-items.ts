import type { BarcodesRepository } from '../../data/repositories/barcodes.js';
import type { ProductsRepository, SellableProduct } from '../../data/repositories/products.js';
import { resolveScannedItem, type BarcodeMatch } from '../catalogue/barcode-lookup.js';
import { badRequest, invalidParams } from '../errors.js';
import { Decimal, formatMoney } from '../../model/money.js';
import { withdrawnStatus, withdrawnWords } from '../../../shared/for-sale.js';
import type { GeneralSettings } from '../settings/general.js';
import type { Store } from '../../model/stores.js';
import { baseLocationOf, type TaxRateFinder } from '../taxes/location.js';
import type { LineItemInput } from './input.js';
import { upsertMeta } from './meta.js';
import { checkLineQuantity, scaleToQuantity } from './quantities.js';
import { plain } from './recalculate.js';
import { linePriceExcludingTax } from './totals.js';
import type { ItemMeta, OrderFields, OrderItemDraft } from '../../model/orders/types.js';

type LineDraft = Extract<OrderItemDraft, { type: 'line_item' }>;

/** The code a line was rung up with, kept on the line for the receipt. */
export const POS_BARCODE = '_pos_barcode';
/** The product's catalogue price when the cashier first set the line's price by hand (for the receipt and the audit). */
export const POS_ORIGINAL_PRICE = '_pos_original_price';

/** What building lines needs besides the request: the order being written, its store and the general settings. */
export interface LineContext {
  fields: OrderFields;
  store: Store;
  general: GeneralSettings;
}

/** A product a line names, with what a scanned barcode carried. */
interface NamedProduct {
  product: SellableProduct;
  scan: BarcodeMatch | undefined;
}

/** §2.6 "Missing amounts" and "Subtotal ≥ total": defaults are the ex-tax line price; a missing or lower subtotal becomes the total. */
function lineAmounts(input: Pick<LineItemInput, 'subtotal' | 'total'>, price: Decimal): { subtotal: string; total: string } {
  const total = new Decimal(input.total ?? input.subtotal ?? price);
  let subtotal = new Decimal(input.subtotal ?? (input.total !== undefined ? input.total : price));
  if (subtotal.lt(total)) subtotal = total;
  return { subtotal: plain(subtotal), total: plain(total) };
}

function namesProduct(input: LineItemInput): boolean {
  return (
    (input.barcode !== undefined && input.barcode !== '') ||
    (input.sku !== undefined && input.sku !== '') ||
    (input.variation_id ?? 0) > 0 ||
    (input.product_id ?? 0) > 0
  );
}

function setsPrice(input: LineItemInput): boolean {
  return input.subtotal !== undefined || input.total !== undefined;
}

/** What LineItemBuilder is built from (server/composition.ts builds each once). */
export interface LineItemBuilderParts {
  products: ProductsRepository;
  barcodes: BarcodesRepository;
}

/**
 * Order line items from a request: which product each names (by barcode, SKU, variation or product
 * id), its quantity (decimal where `decimal_qty` is on, or the weight a scale label carries), and
 * its price (the catalogue's, the scale label's, or the cashier's, which then stays).
 */
export class LineItemBuilder {
  private readonly products: ProductsRepository;
  private readonly barcodes: BarcodesRepository;

  constructor(
    parts: LineItemBuilderParts,
    private readonly finder: TaxRateFinder,
  ) {
    this.products = parts.products;
    this.barcodes = parts.barcodes;
  }

  taxClassOf(value: string, param: string): string {
    const taxClass = value === 'standard' ? '' : value;
    if (!this.finder.taxClasses().includes(taxClass)) throw invalidParams({ [param]: `${value} is not a tax class.` });
    return taxClass;
  }

  apply(current: readonly LineDraft[], inputs: readonly LineItemInput[], context: LineContext, param: string): LineDraft[] {
    const lines = [...current];
    inputs.forEach((input, index) => {
      const at = `${param}[${index}]`;
      if (input.id === undefined) {
        lines.push(this.newLine(input, at, context));
        return;
      }
      const position = lines.findIndex((line) => line.id === input.id);
      const existing = lines[position];
      if (!existing) throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${input.id} is not a line item of this order.`, { param: `${at}.id` });
      if (input.quantity === 0 || input.product_id === null) {
        lines.splice(position, 1);
        return;
      }
      lines[position] = this.updatedLine(existing, input, at, context);
    });
    return lines;
  }

  /** §2.6 product lookup: `barcode`, else `sku`, else `variation_id`, else `product_id`. A variable or grouped parent is not sold itself. */
  private productFor(input: LineItemInput, param: string, context: LineContext): NamedProduct {
    let product: SellableProduct | undefined;
    let scan: BarcodeMatch | undefined;
    let reference: string;
    if (input.barcode !== undefined && input.barcode !== '') {
      const settings = {
        barcodeField: context.general.barcode_field,
        layout: context.general.variable_measure_barcodes,
        priceDecimals: context.store.price_num_decimals,
      };
      const scanned = resolveScannedItem(this.barcodes, settings, input.barcode);
      product = scanned === undefined ? undefined : this.products.findSellable(scanned.id);
      if (!product || product.status === 'trash') throw invalidParams({ [`${param}.barcode`]: `no product carries the barcode ${input.barcode}.` });
      scan = scanned?.match;
      reference = `barcode ${input.barcode}`;
    } else if (input.sku !== undefined && input.sku !== '') {
      product = this.products.findSellableBySku(input.sku);
      reference = `SKU ${input.sku}`;
    } else if (input.variation_id !== undefined && input.variation_id !== null && input.variation_id > 0) {
      product = this.products.findSellable(input.variation_id);
      if (product && product.type !== 'variation') product = undefined;
      reference = `variation ${input.variation_id}`;
    } else if (input.product_id !== undefined && input.product_id !== null && input.product_id > 0) {
      product = this.products.findSellable(input.product_id);
      reference = `product ${input.product_id}`;
    } else {
      throw badRequest('woocommerce_rest_required_product_reference', 'Product ID, SKU or barcode is required.', { param });
    }
    if (!product || product.status === 'trash') throw badRequest('woocommerce_rest_invalid_product_id', `Invalid product: no ${reference}.`, { param });
    const withdrawn = withdrawnStatus(product.status, product.parentStatus, context.general.sell_private_products);
    if (withdrawn !== null) {
      throw badRequest('pos_product_not_for_sale', `Product ${product.id} (${product.name}) is not for sale: ${withdrawnWords(withdrawn)}.`, {
        param,
        product_id: product.id,
        product_status: withdrawn,
      });
    }
    if (product.type === 'variable' || product.type === 'grouped') {
      throw badRequest(
        'woocommerce_rest_invalid_product_id',
        `Product ${product.id} is a ${product.type} product and cannot be sold itself; choose one of its ${product.type === 'variable' ? 'variations' : 'products'}.`,
        { param },
      );
    }
    return { product, scan };
  }

  /** `{key: attribute slug (or name), value: the option}` per attribute of a variation, as item meta. */
  private variationAttributeMeta(variationId: number): ItemMeta[] {
    const attributes = this.products.find(variationId)?.variation_attributes ?? [];
    return attributes.map((attribute, index) => ({ id: index + 1, key: attribute.slug !== '' ? attribute.slug : attribute.name, value: attribute.option }));
  }

  /** Its own first image, else its parent's: the sellable read carries the first, so a simple product costs no second read. */
  private productImage(product: SellableProduct): { id: number; src: string } {
    const image = product.image ?? (product.parentId > 0 ? this.products.find(product.parentId)?.images[0] : undefined);
    return image ? { id: image.id, src: image.src } : { id: 0, src: '' };
  }

  /** The line's ex-tax price at its quantity (§6.5): gross prices lose their tax at the store's base rates. */
  private defaultLineTotal(unitPrice: string, product: SellableProduct, quantity: number, taxClass: string, context: LineContext): Decimal {
    return linePriceExcludingTax(unitPrice === '' ? '0' : unitPrice, quantity, {
      pricesIncludeTax: context.fields.prices_include_tax,
      taxable: context.store.calc_taxes && product.taxStatus === 'taxable',
      baseRates: this.finder.find(baseLocationOf(context.store), taxClass),
      dp: context.store.price_num_decimals,
    });
  }

  /**
   * The quantity of a line made for a product: a scale label's weight, else the one asked for, else
   * `current` (the line's quantity so far, or 1 for a new line). A weight label names the quantity
   * itself, so a different one sent with it is refused.
   */
  private quantityOf(input: LineItemInput, named: NamedProduct, param: string, context: LineContext, current = 1): number {
    const { product, scan } = named;
    if (scan?.measure === 'weight' && scan.quantity !== null) {
      const weight = new Decimal(scan.quantity).toNumber();
      if (input.quantity !== undefined && !new Decimal(input.quantity).eq(weight)) {
        throw invalidParams({
          [`${param}.quantity`]: `the barcode ${scan.code} carries the weight ${scan.quantity}: leave quantity out or send ${scan.quantity}.`,
        });
      }
      if (weight <= 0) throw invalidParams({ [`${param}.barcode`]: `the barcode ${scan.code} carries no weight.` });
      return weight;
    }
    if (input.quantity === undefined) return current;
    const quantity = input.quantity;
    if (quantity <= 0) throw invalidParams({ [`${param}.quantity`]: 'quantity must be more than 0 for a new line.' });
    checkLineQuantity(quantity, `${param}.quantity`, context.general.decimal_qty || product.soldByWeight);
    return quantity;
  }

  /** The price-override and scan meta of a line: the barcode it was rung up with, and the catalogue price a manual price replaced. */
  private lineMeta(
    base: readonly ItemMeta[],
    input: LineItemInput,
    product: SellableProduct,
    scan: BarcodeMatch | undefined,
    context: LineContext,
  ): ItemMeta[] {
    const updates: Array<{ key: string; value: unknown }> = [];
    if (scan) updates.push({ key: POS_BARCODE, value: scan.code });
    if (setsPrice(input) && !base.some((entry) => entry.key === POS_ORIGINAL_PRICE)) {
      updates.push({ key: POS_ORIGINAL_PRICE, value: formatMoney(product.price === '' ? '0' : product.price, context.store.price_num_decimals) });
    }
    return upsertMeta(upsertMeta(base, input.meta_data ?? [], new Set([POS_ORIGINAL_PRICE])), updates);
  }

  private newLine(input: LineItemInput, param: string, context: LineContext): LineDraft {
    const named = this.productFor(input, param, context);
    const { product, scan } = named;
    const quantity = this.quantityOf(input, named, param, context);
    const taxClass = input.tax_class !== undefined ? this.taxClassOf(input.tax_class, `${param}.tax_class`) : product.taxClass;
    // A price-embedded label is the price of what it is stuck on.
    const unitPrice = scan?.measure === 'price' && scan.price !== null ? scan.price : product.price;
    const price = this.defaultLineTotal(unitPrice, product, quantity, taxClass, context);
    const { subtotal, total } = lineAmounts(input, price);
    const isVariation = product.type === 'variation';
    return {
      type: 'line_item',
      name: input.name ?? product.name,
      data: {
        product_id: isVariation ? product.parentId : product.id,
        variation_id: isVariation ? product.id : 0,
        quantity,
        tax_class: taxClass,
        tax_status: product.taxStatus,
        subtotal,
        subtotal_tax: '0',
        total,
        total_tax: '0',
        taxes: [],
        sku: product.sku,
        parent_name: isVariation ? product.parentName : null,
        image: this.productImage(product),
        // WooCommerce keeps a variation's attribute choices on the line, so the sale says what was sold.
        meta_data: this.lineMeta(isVariation ? this.variationAttributeMeta(product.id) : [], input, product, scan, context),
        reduced_stock: 0,
        ...(setsPrice(input) ? { manual_total: total } : {}),
      },
    };
  }

  private updatedLine(existing: LineDraft, input: LineItemInput, param: string, context: LineContext): LineDraft {
    const named = namesProduct(input) ? this.productFor(input, param, context) : undefined;
    const product = named?.product;
    // A new scale label on a line reprices it like a new product would, even for the same product.
    const relabelled = named?.scan?.match === 'variable_measure';
    const changesProduct =
      product !== undefined && (relabelled || product.id !== (existing.data.variation_id > 0 ? existing.data.variation_id : existing.data.product_id));
    const quantity =
      changesProduct && named !== undefined
        ? this.quantityOf(input, named, param, context, existing.data.quantity)
        : (input.quantity ?? existing.data.quantity);
    if (!changesProduct && input.quantity !== undefined) {
      const itemId = existing.data.variation_id > 0 ? existing.data.variation_id : existing.data.product_id;
      const weighed = context.general.decimal_qty || this.products.findSellable(itemId)?.soldByWeight === true;
      checkLineQuantity(quantity, `${param}.quantity`, weighed);
    }
    const taxClass =
      input.tax_class !== undefined ? this.taxClassOf(input.tax_class, `${param}.tax_class`) : changesProduct ? product.taxClass : existing.data.tax_class;
    let data = { ...existing.data, quantity, tax_class: taxClass };
    let name = input.name ?? existing.name;
    if (changesProduct) {
      const isVariation = product.type === 'variation';
      const scan = named?.scan;
      const unitPrice = scan?.measure === 'price' && scan.price !== null ? scan.price : product.price;
      const price = plain(this.defaultLineTotal(unitPrice, product, quantity, taxClass, context));
      const meta = existing.data.meta_data.filter((entry) => entry.key !== POS_ORIGINAL_PRICE && entry.key !== POS_BARCODE);
      data = {
        ...data,
        product_id: isVariation ? product.parentId : product.id,
        variation_id: isVariation ? product.id : 0,
        tax_status: product.taxStatus,
        sku: product.sku,
        parent_name: isVariation ? product.parentName : null,
        image: this.productImage(product),
        subtotal: price,
        total: price,
        meta_data: scan ? upsertMeta(meta, [{ key: POS_BARCODE, value: scan.code }]) : meta,
      };
      delete data.manual_total;
      name = input.name ?? product.name;
    } else if (quantity !== existing.data.quantity) {
      // A new quantity keeps the line's unit prices (WooCommerce would keep the old line amounts), a manual one included.
      data.subtotal = plain(scaleToQuantity(existing.data.subtotal, existing.data.quantity, quantity));
      data.total = plain(scaleToQuantity(existing.data.total, existing.data.quantity, quantity));
      if (existing.data.manual_total !== undefined) data.manual_total = plain(scaleToQuantity(existing.data.manual_total, existing.data.quantity, quantity));
    }
    if (setsPrice(input)) {
      const amounts = lineAmounts(input, new Decimal(data.total));
      data.subtotal = amounts.subtotal;
      data.total = amounts.total;
      data.manual_total = amounts.total;
    }
    const catalogue = product ?? this.products.findSellable(existing.data.variation_id > 0 ? existing.data.variation_id : existing.data.product_id);
    if (setsPrice(input) || input.meta_data) {
      data.meta_data = catalogue
        ? this.lineMeta(data.meta_data, { ...input, barcode: undefined }, catalogue, undefined, context)
        : upsertMeta(data.meta_data, input.meta_data ?? [], new Set([POS_ORIGINAL_PRICE]));
    }
    return { ...existing, name, data };
  }
}
