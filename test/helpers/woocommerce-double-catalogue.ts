import { Decimal } from 'decimal.js';
import { list, modifiedAfter, page, type Answer } from './woocommerce-double.js';
import { WooError, type DoubleProduct, type DoubleShop } from './woocommerce-double-shop.js';

/**
 * The catalogue routes of the WooCommerce double, as the real WooCommerce 10.0.2 at 127.0.0.1:8080
 * answered them (docs/woocommerce-observed.md §14, cited by number): products with their sale prices,
 * terms and variations, categories, tags, brands, coupons, tax rates and classes, and the tax and
 * general settings. Products and coupons live in the shop's maps (woocommerce-double-shop.ts), with
 * the catalogue's fields added to the same records.
 */

type Body = Record<string, unknown>;
interface TermRef {
  id: number;
  name: string;
  slug: string;
}
export interface CatalogueFields {
  slug: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
  on_sale: boolean;
  date_created_gmt: string;
  categories: TermRef[];
  tags: TermRef[];
  brands: TermRef[];
  attributes: unknown[];
  stock_status: string;
  tax_status: string;
  global_unique_id: string;
}
export type CatalogueProduct = DoubleProduct & CatalogueFields;
export interface DoubleTerm {
  id: number;
  name: string;
  slug: string;
  parent: number;
  description: string;
  menu_order: number;
  count: number;
}
export interface DoubleTaxRate {
  id: number;
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  order: number;
  class: string;
}

const TAXONOMIES = { categories: 'product_cat', tags: 'product_tag', brands: 'product_brand' } as const;
type TaxonomyRoute = keyof typeof TAXONOMIES;
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
/** A date as WooCommerce takes it (`date_on_sale_from` local, which is GMT on this UTC shop, or `_gmt`), at one second. */
const dateOf = (body: Body, field: string): string | null | undefined => {
  const value = body[`${field}_gmt`] ?? body[field];
  return value === undefined ? undefined : typeof value === 'string' && value !== '' ? value.slice(0, 19) : null;
};
const seconds = (gmt: string): number => Date.parse(`${gmt}Z`) / 1000;

/**
 * §18: without `orderby`, products come newest first, and those created in the same second come in
 * an order that may change from one request to the next (a real shop read 61 of 300 twice and 63
 * never, paging by 10); so each request here shuffles the ties. `orderby=id` is a stable order.
 */
function listOrder(products: CatalogueProduct[], query: URLSearchParams): CatalogueProduct[] {
  const descending = (query.get('order') ?? 'desc') === 'desc';
  if (query.get('orderby') === 'id') return [...products].sort((a, b) => (descending ? b.id - a.id : a.id - b.id));
  const tie = new Map(products.map((p) => [p.id, Math.random()]));
  return [...products].sort((a, b) => b.date_created_gmt.localeCompare(a.date_created_gmt) || (tie.get(a.id) ?? 0) - (tie.get(b.id) ?? 0));
}

export class DoubleCatalogue {
  /** Terms have their own ids in WordPress (wp_terms), apart from posts; 15 is "Uncategorized" (§14.2). */
  readonly terms = { product_cat: new Map<number, DoubleTerm>(), product_tag: new Map<number, DoubleTerm>(), product_brand: new Map<number, DoubleTerm>() };
  readonly taxRates = new Map<number, DoubleTaxRate>();
  readonly taxClasses: Array<{ slug: string; name: string }> = [
    { slug: 'standard', name: 'Standard rate' },
    { slug: 'reduced-rate', name: 'Reduced rate' },
    { slug: 'zero-rate', name: 'Zero rate' },
  ];
  /** `settings/tax` and `settings/general` values by id (§14.9), the observed shop's. */
  readonly settings = {
    tax: new Map<string, string>([
      ['woocommerce_prices_include_tax', 'no'],
      ['woocommerce_tax_based_on', 'shipping'],
      ['woocommerce_shipping_tax_class', 'inherit'],
      ['woocommerce_tax_round_at_subtotal', 'no'],
      ['woocommerce_tax_display_shop', 'excl'],
      ['woocommerce_tax_display_cart', 'excl'],
      ['woocommerce_price_display_suffix', ''],
      ['woocommerce_tax_total_display', 'itemized'],
    ]),
    general: new Map<string, string>([
      ['woocommerce_default_country', 'US:CA'],
      ['woocommerce_calc_taxes', 'yes'],
      ['woocommerce_enable_coupons', 'yes'],
      ['woocommerce_calc_discounts_sequentially', 'no'],
      ['woocommerce_currency', 'USD'],
      ['woocommerce_currency_pos', 'left'],
      ['woocommerce_price_thousand_sep', ','],
      ['woocommerce_price_decimal_sep', '.'],
      ['woocommerce_price_num_decimals', '2'],
    ]),
  };
  private nextTermId = 15;
  private nextTaxRateId = 1;

  constructor(private readonly shop: DoubleShop) {
    this.createTerm('product_cat', { name: 'Uncategorized' });
  }

  private createTerm(taxonomy: keyof DoubleCatalogue['terms'], body: Body): DoubleTerm {
    const name = str(body.name);
    const slug = str(body.slug) || slugOf(name);
    if ([...this.terms[taxonomy].values()].some((term) => term.slug === slug))
      throw new WooError(400, 'term_exists', 'A term with the name provided already exists with this parent.');
    const term: DoubleTerm = {
      id: this.nextTermId++,
      name,
      slug,
      parent: Number(body.parent ?? 0),
      description: str(body.description),
      menu_order: Number(body.menu_order ?? 0),
      count: 0,
    };
    this.terms[taxonomy].set(term.id, term);
    return term;
  }

  private refs(taxonomy: keyof DoubleCatalogue['terms'], value: unknown): TermRef[] {
    return (Array.isArray(value) ? (value as Body[]) : []).map((ref) => {
      const term = this.terms[taxonomy].get(Number(ref.id));
      if (!term) throw new WooError(400, 'woocommerce_rest_invalid_term', 'Invalid term.');
      return { id: term.id, name: term.name, slug: term.slug };
    });
  }

  /** §14.1: `price` is worked out at the save (the sale price inside its window, else the regular price); `sale_price` and the dates stay after the window ends. */
  private reprice(product: CatalogueProduct): void {
    const now = this.shop.now();
    product.on_sale =
      product.sale_price !== '' &&
      product.regular_price !== '' &&
      new Decimal(product.sale_price).lessThan(product.regular_price) &&
      (product.date_on_sale_from_gmt === null || product.date_on_sale_from_gmt <= now) &&
      (product.date_on_sale_to_gmt === null || product.date_on_sale_to_gmt >= now);
    if (product.type !== 'variable') product.price = product.on_sale ? product.sale_price : product.regular_price;
    else
      product.price =
        [...this.shop.products.values()]
          .filter((v) => v.parent_id === product.id)
          .map((v) => v.price)
          .filter((p) => p !== '')
          .sort((a, b) => new Decimal(a).comparedTo(b))[0] ?? '';
  }

  private apply(product: CatalogueProduct, body: Body): void {
    if (body.name !== undefined) product.name = str(body.name);
    if (body.sku !== undefined) product.sku = str(body.sku);
    if (body.status !== undefined) product.status = str(body.status);
    if (body.sale_price !== undefined) product.sale_price = str(body.sale_price);
    for (const field of ['date_on_sale_from', 'date_on_sale_to'] as const) {
      const value = dateOf(body, field);
      if (value !== undefined) product[`${field}_gmt`] = value;
    }
    if (product.type !== 'variation') {
      // §14.2: a product saved without a category is put in "Uncategorized".
      if (body.categories !== undefined || product.categories.length === 0) product.categories = this.refs('product_cat', body.categories);
      if (product.categories.length === 0) product.categories = this.refs('product_cat', [{ id: 15 }]);
      if (body.tags !== undefined) product.tags = this.refs('product_tag', body.tags);
      if (body.brands !== undefined) product.brands = this.refs('product_brand', body.brands);
    }
    if (Array.isArray(body.attributes)) product.attributes = body.attributes as unknown[];
    if (product.manage_stock && product.stock_quantity !== null) product.stock_status = product.stock_quantity > 0 ? 'instock' : 'outofstock';
    this.reprice(product);
  }

  /** §14.4: a variation's save (create, update, delete) stamps its parent's `date_modified_gmt` and price. */
  private touchParent(parentId: number): void {
    const parent = this.shop.products.get(parentId) as CatalogueProduct | undefined;
    if (!parent) return;
    parent.date_modified_gmt = this.shop.now();
    this.reprice(parent);
  }

  createProduct(body: Body, parentId = 0): CatalogueProduct {
    const base = this.shop.createProduct(body, parentId);
    const product = Object.assign(base, {
      slug: slugOf(base.name),
      sale_price: '',
      date_on_sale_from_gmt: null,
      date_on_sale_to_gmt: null,
      on_sale: false,
      date_created_gmt: base.date_modified_gmt,
      categories: [],
      tags: [],
      brands: [],
      attributes: [],
      stock_status: 'instock',
      tax_status: str(body.tax_status, 'taxable'),
      global_unique_id: str(body.global_unique_id),
    } satisfies CatalogueFields);
    if (product.type === 'variable') product.price = product.regular_price = '';
    this.apply(product, body);
    if (parentId) this.touchParent(parentId);
    return product;
  }

  updateProduct(id: number, body: Body): CatalogueProduct {
    const product = this.shop.updateProduct(id, body) as CatalogueProduct;
    this.apply(product, body);
    if (product.parent_id) this.touchParent(product.parent_id);
    return product;
  }

  private withFields(records: unknown[], query: URLSearchParams): unknown[] {
    const fields = list(query, '_fields');
    if (!fields) return records;
    // §14.5: `_fields` trims each record to the fields named.
    return records.map((record) => Object.fromEntries(fields.filter((field) => field in (record as Body)).map((field) => [field, (record as Body)[field]])));
  }

  /** The answer for the catalogue's routes, undefined for the others (the double's own routes take them). */
  route(method: string, path: string, query: URLSearchParams, body: Body): Answer | undefined {
    const [resource, id, sub, subId] = path.split('/');
    const ok = (record: unknown): Answer => ({ status: 200, body: record });
    const created = (record: unknown): Answer => ({ status: 201, body: record });
    const listed = (records: unknown[]): Answer => {
      const answer = page(records, query);
      return { ...answer, body: this.withFields(answer.body as unknown[], query) };
    };
    if (resource === 'products' && id !== undefined && id in TAXONOMIES) {
      const taxonomy = TAXONOMIES[id as TaxonomyRoute];
      // §14.6: terms take no `modified_after`; it is ignored.
      if (method === 'GET' && sub === undefined) return listed([...this.terms[taxonomy].values()]);
      if (method === 'POST' && sub === undefined) return created(this.createTerm(taxonomy, body));
      const term = this.terms[taxonomy].get(Number(sub));
      if (!term) throw new WooError(404, 'woocommerce_rest_term_invalid', 'Resource does not exist.');
      if (method === 'DELETE' && query.get('force') === 'true') {
        this.terms[taxonomy].delete(term.id);
        return ok(term);
      }
      return undefined;
    }
    if (resource === 'products') {
      const after = modifiedAfter(query);
      const products = [...this.shop.products.values()] as CatalogueProduct[];
      if (method === 'GET' && id === undefined) {
        const include = list(query, 'include')?.map(Number);
        const status = query.get('status') ?? 'any';
        return listed(
          listOrder(
            products.filter(
              (p) =>
                p.type !== 'variation' &&
                (status === 'any' ? p.status !== 'trash' : p.status === status) && // §10
                (after === null || seconds(p.date_modified_gmt) > after) &&
                (!include || include.includes(p.id)),
            ),
            query,
          ),
        );
      }
      if (method === 'POST' && id === undefined) return created(this.createProduct(body));
      if (id === undefined || id === 'batch') return undefined;
      const parent = this.shop.product(Number(id));
      if (sub === 'variations') {
        // §14.4: a variation list takes `modified_after`.
        if (method === 'GET' && subId === undefined)
          return listed(products.filter((p) => p.parent_id === parent.id && (after === null || seconds(p.date_modified_gmt) > after)));
        if (method === 'POST' && subId === undefined) return created(this.createProduct(body, parent.id));
        const variation = this.shop.product(Number(subId));
        if (variation.parent_id !== parent.id) throw new WooError(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
        if (method === 'PUT') return ok(this.updateProduct(variation.id, body));
        if (method === 'DELETE' && query.get('force') === 'true') {
          this.shop.deleteProduct(variation.id);
          parent.variations = parent.variations.filter((v) => v !== variation.id);
          this.touchParent(parent.id);
          return ok(variation);
        }
        return undefined;
      }
      if (method === 'PUT' && sub === undefined) return ok(this.updateProduct(parent.id, body));
      if (method === 'DELETE' && sub === undefined && query.get('force') === 'true') {
        for (const child of parent.variations) this.shop.products.delete(child);
        return ok(this.shop.deleteProduct(parent.id));
      }
      return undefined;
    }
    if (resource === 'coupons') {
      const coupons = [...this.shop.coupons.values()] as unknown as Array<{ id: number; status?: string; date_modified_gmt?: string }>;
      // §14.7: coupons take `modified_after`, and a trashed one is not listed.
      const after = modifiedAfter(query);
      if (method === 'GET' && id === undefined)
        return listed(coupons.filter((c) => c.status !== 'trash' && (after === null || seconds(c.date_modified_gmt ?? '') > after)));
      if (method === 'POST' && id === undefined) {
        const coupon = this.shop.createCoupon(body);
        return created(
          Object.assign(coupon, {
            status: 'publish',
            date_created_gmt: this.shop.now(),
            date_modified_gmt: this.shop.now(),
            product_ids: [],
            product_categories: [],
            minimum_amount: '0.00',
            maximum_amount: '0.00',
            usage_count: 0,
          }),
        );
      }
      if (method === 'DELETE' && id !== undefined && query.get('force') === 'true') {
        const coupon = this.shop.coupons.get(Number(id));
        if (!coupon) throw new WooError(404, 'woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.');
        this.shop.coupons.delete(coupon.id);
        return ok(coupon);
      }
      return undefined;
    }
    if (resource === 'taxes') {
      if (id === 'classes' && method === 'GET') return listed(this.taxClasses);
      if (id === 'classes' && method === 'POST') {
        const taxClass = { slug: slugOf(str(body.name)), name: str(body.name) };
        this.taxClasses.push(taxClass);
        return created(taxClass);
      }
      // §6: tax rates take no `modified_after`.
      if (method === 'GET' && id === undefined) return listed([...this.taxRates.values()]);
      if (method === 'POST' && id === undefined) {
        const rate: DoubleTaxRate = {
          id: this.nextTaxRateId++,
          country: str(body.country),
          state: str(body.state),
          postcodes: [],
          cities: [],
          rate: new Decimal(str(body.rate, '0')).toFixed(4),
          name: str(body.name),
          priority: Number(body.priority ?? 1),
          compound: body.compound === true,
          shipping: body.shipping !== false,
          order: 0,
          class: str(body.class, 'standard'),
        };
        this.taxRates.set(rate.id, rate);
        return created(rate);
      }
      if (method === 'DELETE' && id !== undefined && query.get('force') === 'true') {
        const rate = this.taxRates.get(Number(id));
        if (!rate) throw new WooError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
        this.taxRates.delete(rate.id);
        return ok(rate);
      }
      return undefined;
    }
    if (resource === 'settings' && (id === 'tax' || id === 'general') && method === 'GET' && sub === undefined) {
      // §14.9: each setting as `{id, value, ...}`; checkboxes are "yes"/"no".
      return ok([...this.settings[id].entries()].map(([settingId, value]) => ({ id: settingId, value })));
    }
    return undefined;
  }
}
