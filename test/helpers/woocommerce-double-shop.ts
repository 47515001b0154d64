import { Decimal } from 'decimal.js';
import {
  WooError,
  type Meta,
  type DoubleProduct,
  type DoubleLine,
  type DoubleOrder,
  type DoubleRefund,
  type DoubleCustomer,
  type DoubleCoupon,
} from './woocommerce-double-records.js';

/**
 * The WooCommerce double's shop: its records (woocommerce-double-records.ts) and the rules WooCommerce
 * applied to them when observed (docs/woocommerce-observed.md, cited by §). A shop with no tax rates: the observed shop's standard
 * class had none, so taxes come to 0.00 here (§3.6 shows them recomputed where a rate exists).
 */

// The records' names as they were when they lived here: the tests import them from this file.
export { WooError } from './woocommerce-double-records.js';
export type { Meta, DoubleProduct, DoubleLine, DoubleOrder, DoubleRefund, DoubleCustomer, DoubleCoupon } from './woocommerce-double-records.js';

const money = (value: Decimal.Value): string => new Decimal(value).toFixed(2);
type Body = Record<string, unknown>;
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);

export class DoubleShop {
  readonly products = new Map<number, DoubleProduct>();
  readonly orders = new Map<number, DoubleOrder>();
  readonly refunds = new Map<number, DoubleRefund>();
  readonly customers = new Map<number, DoubleCustomer>();
  readonly coupons = new Map<number, DoubleCoupon>();
  private nextId = 10;
  private nextMetaId = 1;
  /** Orders that took their stock on the way into processing/completed/on-hold: only these give it back when cancelled (§19.5). */
  private readonly tookStock = new Set<number>();

  constructor(private readonly nowSeconds: () => number) {}

  /** The server's clock at WooCommerce's resolution, one second (§9). */
  now(): string {
    return new Date(this.nowSeconds() * 1000).toISOString().slice(0, 19);
  }

  private id(): number {
    return this.nextId++;
  }

  private meta(list: unknown, keepUnderscored: boolean): Meta[] {
    if (!Array.isArray(list)) return [];
    return (list as Body[])
      .filter((m) => keepUnderscored || !str(m.key).startsWith('_'))
      .map((m) => ({ id: this.nextMetaId++, key: str(m.key), value: m.value }));
  }

  createProduct(body: Body, parentId = 0): DoubleProduct {
    const price = str(body.regular_price);
    const product: DoubleProduct = {
      id: this.id(),
      name: str(body.name),
      type: parentId ? 'variation' : body.type === 'variable' ? 'variable' : 'simple',
      parent_id: parentId,
      sku: str(body.sku),
      price,
      regular_price: price,
      sale_price: '',
      status: 'publish',
      manage_stock: body.manage_stock === true,
      stock_quantity: body.manage_stock === true ? Number(body.stock_quantity ?? 0) : null,
      tax_class: parentId ? 'parent' : str(body.tax_class),
      date_created_gmt: this.now(),
      date_modified_gmt: this.now(),
      variations: [],
      meta_data: this.meta(body.meta_data, true),
    };
    if (product.sku !== '' && [...this.products.values()].some((p) => p.sku === product.sku)) {
      throw new WooError(400, 'product_invalid_sku', 'Invalid or duplicated SKU.'); // §8.2
    }
    this.products.set(product.id, product);
    if (parentId) this.products.get(parentId)?.variations.push(product.id);
    return product;
  }

  product(id: number): DoubleProduct {
    const product = this.products.get(id);
    if (!product) throw new WooError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.'); // §10
    return product;
  }

  /**
   * §3.7: stock_quantity is an absolute overwrite; §21: else `inventory_delta` is added to the stock
   * held when the request is carried out, both in whole units and only for a product that manages its
   * stock; a posted meta replaces the value of the meta of its key, or is added.
   */
  updateProduct(id: number, body: Body): DoubleProduct {
    const product = this.product(id);
    if (body.stock_quantity !== undefined) product.stock_quantity = Number(body.stock_quantity);
    else if (body.inventory_delta !== undefined && product.manage_stock)
      product.stock_quantity = Math.trunc(product.stock_quantity ?? 0) + Math.trunc(Number(body.inventory_delta));
    for (const meta of this.meta(body.meta_data, true)) {
      const kept = product.meta_data.find((m) => m.key === meta.key);
      if (kept) kept.value = meta.value;
      else product.meta_data.push(meta);
    }
    if (body.regular_price !== undefined) product.price = product.regular_price = str(body.regular_price);
    product.date_modified_gmt = this.now();
    return product;
  }

  /** §10: a forced delete leaves no trace. */
  deleteProduct(id: number): DoubleProduct {
    const product = this.product(id);
    this.products.delete(id);
    return product;
  }

  createCoupon(body: Body): DoubleCoupon {
    const coupon: DoubleCoupon = {
      id: this.id(),
      code: str(body.code).toLowerCase(),
      discount_type: str(body.discount_type, 'fixed_cart'),
      amount: str(body.amount, '0'),
      // §4.1: date_expires sets the expiry; date_expires_gmt on create was ignored.
      date_expires_gmt: typeof body.date_expires === 'string' ? body.date_expires.slice(0, 19) : null,
    };
    this.coupons.set(coupon.id, coupon);
    return coupon;
  }

  /**
   * §3.1-§3.7, §4: an order as WooCommerce makes it: no idempotency, created_via as posted, `_` meta kept,
   * dates of arrival, posted line totals kept, a percent coupon re-applied over them, stock reduced once
   * when it is created completed/processing. A coupon it refuses leaves a checkout-draft (§4.2).
   */
  createOrder(body: Body): DoubleOrder {
    const now = this.now();
    const billingEmail = (body.billing as Record<string, unknown> | undefined)?.email;
    if (billingEmail !== undefined && !/^[^@\s]+@[^@\s]+$/.test(str(billingEmail)))
      throw new WooError(400, 'rest_invalid_param', 'Invalid parameter(s): billing'); // §15.5
    // The customer must exist (read in the source: WC_REST_Orders_V2_Controller), checked before anything is made.
    const customerId = Number(body.customer_id ?? 0);
    if (customerId !== 0 && !this.customers.has(customerId)) throw new WooError(400, 'woocommerce_rest_invalid_customer_id', 'Customer ID is invalid.');
    const lines: DoubleLine[] = (Array.isArray(body.line_items) ? (body.line_items as Body[]) : []).map((line) => {
      // §15.2: by SKU first, then variation, then product; one that does not exist makes a line by name without a product.
      const sku = str(line.sku);
      const reference =
        sku !== '' ? ([...this.products.values()].find((p) => p.sku === sku)?.id ?? 0) : Number(line.variation_id ?? 0) || Number(line.product_id ?? 0);
      if (sku === '' && reference === 0) throw new WooError(400, 'woocommerce_rest_required_product_reference', 'Product ID or SKU is required.');
      const product = this.products.get(reference);
      const quantity = Number(line.quantity ?? 1);
      const subtotal = money(str(line.subtotal, str(line.total, new Decimal(product?.price || '0').times(quantity).toString())));
      const total = money(str(line.total, subtotal));
      return {
        id: this.id(),
        // A posted name stands (WooCommerce sets the product's, then the posted props over it).
        name: str(line.name, product?.name ?? ''),
        product_id: product ? product.parent_id || product.id : 0,
        variation_id: product?.parent_id ? product.id : 0,
        quantity,
        sku: product?.sku ?? '',
        price: new Decimal(total).div(quantity).toNumber(),
        subtotal,
        subtotal_tax: '0.00',
        total,
        total_tax: '0.00',
        meta_data: this.meta(line.meta_data, true), // §19.1: a posted line meta, `_` keys too, is kept
      };
    });
    const order: DoubleOrder = {
      id: this.id(),
      number: '',
      status: 'pending',
      created_via: str(body.created_via, 'rest-api'),
      currency: 'USD',
      prices_include_tax: false,
      date_created_gmt: now,
      date_modified_gmt: now,
      date_paid_gmt: null,
      date_completed_gmt: null,
      customer_id: Number(body.customer_id ?? 0),
      billing: { email: '', first_name: '', last_name: '', ...(body.billing as Record<string, string> | undefined) },
      payment_method: str(body.payment_method),
      payment_method_title: str(body.payment_method_title),
      total: '0.00',
      total_tax: '0.00',
      discount_total: '0.00',
      meta_data: this.meta(body.meta_data, true),
      line_items: lines,
      coupon_lines: [],
      refunds: [],
    };
    order.number = String(order.id);
    this.orders.set(order.id, order);
    const linesTotal = (): string => money(order.line_items.reduce((sum, l) => sum.plus(l.total), new Decimal(0)));
    // Saved with its totals before the coupons are applied: a draft left by a refusal keeps them (§4.2).
    order.total = linesTotal();
    for (const line of Array.isArray(body.coupon_lines) ? (body.coupon_lines as Body[]) : []) {
      const code = str(line.code).toLowerCase();
      const coupon = [...this.coupons.values()].find((c) => c.code === code);
      const refuse = (why: string): never => {
        order.status = 'checkout-draft';
        throw new WooError(400, 'woocommerce_rest_invalid_coupon', `Coupon &quot;${code}&quot; ${why}`, { new_draft_order_id: order.id });
      };
      if (!coupon) refuse('cannot be applied because it does not exist.');
      else if (coupon.date_expires_gmt !== null && coupon.date_expires_gmt < now) refuse('has expired.');
      else this.applyPercentCoupon(order, coupon);
    }
    order.total = linesTotal();
    const status = str(body.status, 'pending');
    this.setStatus(order, status);
    if (body.set_paid === true) order.date_paid_gmt = now;
    return order;
  }

  private applyPercentCoupon(order: DoubleOrder, coupon: DoubleCoupon): void {
    let discount = new Decimal(0);
    for (const line of order.line_items) {
      const off = new Decimal(line.subtotal).times(coupon.amount).div(100).toDecimalPlaces(2);
      line.total = money(new Decimal(line.subtotal).minus(off));
      discount = discount.plus(off);
    }
    order.discount_total = money(discount);
    order.coupon_lines.push({
      id: this.id(),
      code: coupon.code,
      discount: discount.toString(),
      discount_type: coupon.discount_type,
      nominal_amount: Number(coupon.amount),
    });
  }

  order(id: number): DoubleOrder {
    const order = this.orders.get(id);
    if (!order) throw new WooError(400, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return order;
  }

  /**
   * §3.7: stock leaves once, on the way into processing/completed/on-hold, from each line not marked
   * `_reduced_stock` yet, which it then marks; a line posted already marked takes none (§19.5).
   */
  setStatus(order: DoubleOrder, status: string): void {
    order.status = status;
    order.date_modified_gmt = this.now();
    if (status === 'completed' && order.date_completed_gmt === null) order.date_completed_gmt = order.date_modified_gmt;
    if (status === 'cancelled') {
      // §15.3: cancelling gives back what the marked lines hold, only for an order that went through taking stock (§19.5).
      if (!this.tookStock.delete(order.id)) return;
      for (const line of order.line_items) {
        const reduced = line.meta_data.find((m) => m.key === '_reduced_stock');
        const product = this.products.get(line.variation_id || line.product_id);
        if (!reduced || !product?.manage_stock || product.stock_quantity === null) continue;
        this.moveStock(product, Number(reduced.value));
        line.meta_data = line.meta_data.filter((m) => m !== reduced);
      }
      return;
    }
    if (!['processing', 'completed', 'on-hold'].includes(status) || this.tookStock.has(order.id)) return;
    this.tookStock.add(order.id);
    for (const line of order.line_items) {
      if (line.meta_data.some((m) => m.key === '_reduced_stock')) continue;
      const product = this.products.get(line.variation_id || line.product_id);
      if (!product?.manage_stock || product.stock_quantity === null) continue;
      this.moveStock(product, -line.quantity);
      line.meta_data.push({ id: this.nextMetaId++, key: '_reduced_stock', value: String(line.quantity) });
    }
  }

  /** §17.1: an order's or a refund's stock move saves the product, which stamps its `date_modified_gmt`. */
  private moveStock(product: DoubleProduct, change: number): void {
    product.stock_quantity = (product.stock_quantity ?? 0) + change;
    product.date_modified_gmt = this.now();
  }

  /**
   * §5: no idempotency, `_` meta kept, a refusal is a 500 that leaves nothing. `api_restock` puts back
   * only lines marked `_reduced_stock` (not "0"), lowering the mark and counting `_restock_refunded_items` (§19.1-§19.3).
   */
  createRefund(orderId: number, body: Body): DoubleRefund {
    const order = this.order(orderId);
    const refunded = order.refunds.reduce((sum, r) => sum.minus(r.total), new Decimal(0));
    const amount = new Decimal(str(body.amount, '0'));
    if (amount.lte(0) || amount.gt(new Decimal(order.total).minus(refunded))) {
      throw new WooError(500, 'woocommerce_rest_cannot_create_order_refund', 'Invalid refund amount.');
    }
    if (body.api_refund !== false) {
      throw new WooError(500, 'woocommerce_rest_cannot_create_order_refund', 'The payment gateway for this order does not exist.');
    }
    const lines = (Array.isArray(body.line_items) ? (body.line_items as Body[]) : []).map((line) => {
      const item = order.line_items.find((l) => l.id === Number(line.id));
      const quantity = Number(line.quantity ?? 0);
      const reduced = item?.meta_data.find((m) => m.key === '_reduced_stock');
      const product = item && this.products.get(item.variation_id || item.product_id);
      if (item && reduced && Number(reduced.value) !== 0 && body.api_restock === true && product?.manage_stock && product.stock_quantity !== null) {
        this.moveStock(product, quantity);
        reduced.value = String(Number(reduced.value) - quantity);
        const restocked = item.meta_data.find((m) => m.key === '_restock_refunded_items');
        if (restocked) restocked.value = String(Number(restocked.value) + quantity);
        else item.meta_data.push({ id: this.nextMetaId++, key: '_restock_refunded_items', value: String(quantity) });
      }
      return {
        id: this.id(),
        product_id: item?.product_id ?? 0,
        quantity: -quantity,
        total: money(new Decimal(str(line.refund_total, '0')).neg()),
        meta_data: [{ id: this.nextMetaId++, key: '_refunded_item_id', value: str(line.id) }],
      };
    });
    const refund: DoubleRefund = {
      id: this.id(),
      parent_id: order.id,
      date_created_gmt: this.now(),
      amount: money(amount),
      reason: str(body.reason),
      refunded_payment: false,
      meta_data: this.meta(body.meta_data, true),
      line_items: lines,
    };
    this.refunds.set(refund.id, refund);
    order.refunds.unshift({ id: refund.id, reason: refund.reason, total: money(amount.neg()) });
    if (refunded.plus(amount).eq(order.total)) order.status = 'refunded'; // §17.4: refunded in full
    order.date_modified_gmt = this.now();
    return refund;
  }

  /** §6: `_` meta dropped, one account per e-mail (compared without case), a username from the e-mail. */
  createCustomer(body: Body): DoubleCustomer {
    const email = str(body.email);
    if ([...this.customers.values()].some((c) => c.email.toLowerCase() === email.toLowerCase())) {
      throw new WooError(
        400,
        'registration-error-email-exists',
        `An account is already registered with ${email}. Please log in or use a different email address.`,
      );
    }
    const now = this.now();
    const customer: DoubleCustomer = {
      id: this.id(),
      email,
      first_name: str(body.first_name),
      last_name: str(body.last_name),
      username: email.split('@')[0] ?? email,
      role: 'customer',
      date_created_gmt: now,
      date_modified_gmt: now,
      billing: { ...(body.billing as Record<string, string> | undefined) },
      meta_data: [{ id: this.nextMetaId++, key: 'default_password_nag', value: '1' }, ...this.meta(body.meta_data, false)],
    };
    this.customers.set(customer.id, customer);
    return customer;
  }
}
