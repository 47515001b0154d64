/**
 * Ringing up a sale: the cart is a server order (`POST /orders`, then `PATCH /orders/{id}`), whose
 * answer carries every total shown. Amounts typed by the cashier go to the server as the strings they
 * typed. Paying for it is in payment.ts; a sale looked up later and refunded, in order-history.ts.
 */
import type { Till } from './till.js';
import type { Customer } from '../shared/resources/customers.js';
import type { Order, OrderLineItem } from '../shared/resources/orders.js';
import type { BarcodeMatch, Variation } from '../shared/resources/products.js';
import { Decimal } from 'decimal.js';
import { stepQuantity } from './line-edits.js';
import { notForSale } from './for-sale.js';
import { checkStock, type StockFields } from './stock.js';
import * as customersApi from './api/customers.js';
import * as ordersApi from './api/orders.js';
import * as productsApi from './api/products.js';
import type { ProductTile } from './api/products.js';
import { variationName, weighingOf, type Weighing } from './weighing.js';

export interface CustomerDraft {
  first_name: string;
  last_name: string;
  email: string;
}

/** A product or variation as the cart's lines name it. */
function itemKey(productId: number, variationId: number): string {
  return `${productId}:${variationId}`;
}

export class Sale {
  /**
   * The stock of each item added since the page loaded (by `itemKey`), as its tile, scan or
   * variation said: what a later change of its quantity is checked against.
   */
  private readonly stockOf = new Map<string, { name: string; stock: StockFields }>();

  constructor(private readonly till: Till) {}

  private get client() {
    return this.till.client;
  }

  /**
   * Runs one change of the cart; the server's answer replaces the cart. `adding` names a new line's
   * item while the server works on it (the customer display shows it at once).
   */
  private async change(work: () => Promise<Order | null>, adding: string | null = null): Promise<boolean> {
    this.till.state.set({ busy: true, status: null, adding });
    try {
      const order = await work();
      this.till.state.set({ order, busy: false, adding: null });
      return true;
    } catch (error) {
      this.till.state.set({ adding: null });
      this.till.fail(error);
      return false;
    }
  }

  /** A change of the order; one the settings put behind a manager's approval asks for it first. */
  private patch(order: Order, body: Record<string, unknown>): Promise<Order> {
    return this.till.approvals.run(order.id, (headers) => ordersApi.update(this.client, order.id, body, headers));
  }

  /** A tile or a scan: one more of the product, or the variation picker for a variable product. */
  async addProduct(product: ProductTile): Promise<void> {
    if (this.refusedNotForSale(product)) return;
    if (product.type === 'variable') {
      try {
        this.till.state.set({ variationPicker: { product, variations: await this.till.variationsOf(product) } });
      } catch (error) {
        this.till.fail(error);
      }
      return;
    }
    // A product sold by weight asks for its weight (a scale's label, which carries it, goes by addLabel).
    const weighing = weighingOf(product);
    if (weighing !== null) {
      this.till.state.set({ weighing });
      return;
    }
    this.stockOf.set(itemKey(product.id, 0), { name: product.name, stock: product });
    await this.addItem(product.id, 0);
  }

  /** A product or variation sold by weight, weighed: a line of its own for `kilograms` (a decimal quantity the server takes for it). */
  async addWeighed(item: Weighing, kilograms: number): Promise<boolean> {
    const { productId, variationId } = item;
    this.stockOf.set(itemKey(productId, variationId), { name: item.name, stock: item.stock });
    const order = this.till.state.get().order;
    const wanted = new Decimal(this.quantityInSale(productId, variationId, null)).plus(kilograms).toNumber();
    const done = await this.changeWithinStock(productId, variationId, wanted, async () => {
      const line = { product_id: productId, variation_id: variationId, quantity: kilograms };
      if (order === null) return ordersApi.create(this.client, { line_items: [line] });
      return this.patch(order, { line_items: [line] });
    });
    if (done) this.till.state.set({ weighing: null });
    return done;
  }

  /**
   * A scale's label (a GS1 variable-measure code carrying the weight or the price): a line of its own
   * that names the code, so the server takes the weight or price from it as it does for any client.
   */
  private addLabel(item: Omit<Weighing, 'price'>, label: BarcodeMatch): Promise<boolean> {
    const { productId, variationId } = item;
    this.stockOf.set(itemKey(productId, variationId), { name: item.name, stock: item.stock });
    const order = this.till.state.get().order;
    // Stryker disable next-line ConditionalExpression: the server gives a label's quantity only for a weight (domain/catalogue/barcode-lookup.ts), so a price label's is null either way
    const weighed = label.measure === 'weight';
    const quantity = weighed && label.quantity !== null ? label.quantity : '1';
    const wanted = new Decimal(this.quantityInSale(productId, variationId, null)).plus(quantity).toNumber();
    const work = async () => {
      const line = { barcode: label.code };
      if (order === null) return ordersApi.create(this.client, { line_items: [line] });
      return this.patch(order, { line_items: [line] });
    };
    return this.changeWithinStock(productId, variationId, wanted, work, item.name);
  }

  async addVariation(product: ProductTile, variation: Variation): Promise<void> {
    this.till.state.set({ variationPicker: null });
    if (this.refusedNotForSale(variation, product)) return;
    // A variation sold by weight (or whose product is) asks for its weight as a simple product does.
    const weighing = weighingOf(product, variation);
    if (weighing !== null) {
      this.till.state.set({ weighing });
      return;
    }
    this.stockOf.set(itemKey(product.id, variation.id), { name: variationName(product, variation), stock: variation });
    await this.addItem(product.id, variation.id);
  }

  /** A scan or tile of an item the shop does not sell says so (the server would refuse its line). */
  private refusedNotForSale(item: { name: string; status: string }, parent?: ProductTile): boolean {
    const why = notForSale(item, this.till.state.get().rules, parent);
    if (why === null) return false;
    const name = parent === undefined ? item.name : parent.name;
    this.till.state.set({ status: { kind: 'error', message: `${name}: ${why}`, explanation: 'The shop has taken it off sale in WooCommerce.' } });
    return true;
  }

  private addItem(productId: number, variationId: number): Promise<boolean> {
    const order = this.till.state.get().order;
    const existing = order?.line_items.find((item) => item.product_id === productId && item.variation_id === variationId);
    const wanted = stepQuantity(this.quantityInSale(productId, variationId, null), 1);
    const adding = existing === undefined ? (this.stockOf.get(itemKey(productId, variationId))?.name ?? null) : null;
    return this.changeWithinStock(
      productId,
      variationId,
      wanted,
      async () => {
        const line = { product_id: productId, variation_id: variationId, quantity: 1 };
        if (order === null) return ordersApi.create(this.client, { line_items: [line] });
        return this.patch(order, { line_items: [existing === undefined ? line : { id: existing.id, quantity: stepQuantity(existing.quantity, 1) }] });
      },
      adding,
    );
  }

  /** How many of an item the cart's lines hold, leaving out line `except`. */
  private quantityInSale(productId: number, variationId: number, except: number | null): number {
    const lines = this.till.state.get().order?.line_items ?? [];
    return lines
      .filter((line) => line.id !== except && line.product_id === productId && line.variation_id === variationId)
      .reduce((sum, line) => sum.plus(line.quantity), new Decimal(0))
      .toNumber();
  }

  /**
   * A change that brings the sale to `wanted` of an item (null: fewer than before, never refused):
   * refused in plain words when that is more than its stock and overselling is prevented, made with
   * a warning when it is not prevented.
   */
  private async changeWithinStock(
    productId: number,
    variationId: number,
    wanted: number | null,
    work: () => Promise<Order | null>,
    adding: string | null = null,
  ): Promise<boolean> {
    const known = this.stockOf.get(itemKey(productId, variationId));
    const verdict =
      known === undefined || wanted === null
        ? ({ kind: 'ok' } as const)
        : checkStock(known.stock, known.name, wanted, this.till.state.get().rules.preventOverselling);
    if (verdict.kind === 'refuse') {
      this.till.state.set({ status: { kind: 'error', message: verdict.message, explanation: verdict.explanation } });
      return false;
    }
    const done = await this.change(work, adding);
    if (done && verdict.kind === 'warn') this.till.info(verdict.message);
    return done;
  }

  /**
   * The search box's Enter: a code keyed by hand (or typed by a scanner too slow to be told from a
   * person) that is exactly a product's barcode or SKU adds it, as a scan does; anything else is a
   * search. Only a single word with a digit is tried as a code, so a name is searched at once.
   */
  async searchOrAdd(term: string): Promise<'added' | 'searched' | 'failed'> {
    const code = term.trim();
    if (/^\S*\d\S*$/.test(code)) {
      try {
        if ((await this.till.lookUpBarcode(code)) !== null) {
          if (this.till.state.get().search !== '') this.till.search('');
          await this.scan(code);
          return 'added';
        }
        const product = await productsApi.bySku(this.client, code);
        if (product !== null) {
          if (this.till.state.get().search !== '') this.till.search('');
          await this.addProduct(product);
          return 'added';
        }
      } catch (error) {
        this.till.fail(error);
        return 'failed';
      }
    }
    this.till.search(term);
    return 'searched';
  }

  /** A scanned barcode, wherever the focus was. */
  async scan(code: string): Promise<void> {
    try {
      const product = await this.till.lookUpBarcode(code);
      // A variation's own barcode: added as if picked from its product's variations.
      const variation = product === null ? await productsApi.variationByBarcode(this.client, code) : null;
      if (variation !== null) {
        const parent = await productsApi.tile(this.client, variation.parent_id);
        const label = variation.barcode_match?.match === 'variable_measure' ? variation.barcode_match : undefined;
        if (label === undefined) await this.addVariation(parent, variation);
        else await this.addLabel({ productId: parent.id, variationId: variation.id, name: variationName(parent, variation), stock: variation }, label);
        return;
      }
      if (product === null) {
        this.till.state.set({
          status: { kind: 'error', message: `No product has the barcode ${code}.`, explanation: 'Scan it again, or find the product by name.' },
        });
        return;
      }
      if (product.barcode_match?.match === 'variable_measure' && product.type !== 'variable') {
        await this.addLabel({ productId: product.id, variationId: 0, name: product.name, stock: product }, product.barcode_match);
        return;
      }
      await this.addProduct(product);
    } catch (error) {
      this.till.fail(error);
    }
  }

  /** The line as the latest answer has it (after an earlier change in the same dialog). */
  currentLine(id: number): OrderLineItem | null {
    return this.till.state.get().order?.line_items.find((line) => line.id === id) ?? null;
  }

  /** A quantity read by `readQuantity` (line-edits.ts) or stepped by the cart's − and + buttons. */
  setQuantity(line: OrderLineItem, quantity: number): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    // Fewer is always allowed: taking items off a sale must not wait for the stock.
    const wanted = quantity > line.quantity ? new Decimal(this.quantityInSale(line.product_id, line.variation_id, line.id)).plus(quantity).toNumber() : null;
    return this.changeWithinStock(line.product_id, line.variation_id, wanted, () => this.patch(order, { line_items: [{ id: line.id, quantity }] }));
  }

  /** Takes a line off; the last line off voids the sale, so an emptied cart leaves no order waiting. */
  async remove(line: OrderLineItem): Promise<boolean> {
    if (!(await this.setQuantity(line, 0))) return false;
    const order = this.till.state.get().order;
    if (order === null || order.line_items.length > 0 || order.fee_lines.length > 0 || order.shipping_lines.length > 0) return true;
    return this.change(async () => {
      await this.patch(order, { status: 'cancelled' });
      return null;
    });
  }

  /** A discount on the whole sale: every line with its subtotal kept and its share off its total (discounts.ts). */
  discountSale(lines: ReadonlyArray<{ id: number; subtotal: string; total: string }>): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(() => this.patch(order, { line_items: lines }));
  }

  /**
   * A line's new total: a discount sends the line's subtotal with it, so that the price before the
   * discount is kept and the receipt, X and Z show what was taken off (the server, as WooCommerce,
   * takes a total sent alone as the new subtotal too); a price override replaces both, as if the
   * product had that price.
   */
  setLineTotal(line: OrderLineItem, total: string, kind: 'discount' | 'override'): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    const change = kind === 'discount' ? { id: line.id, subtotal: line.subtotal, total } : { id: line.id, subtotal: total, total };
    return this.change(() => this.patch(order, { line_items: [change] }));
  }

  setNote(note: string): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(() => this.patch(order, { customer_note: note }));
  }

  applyCoupon(code: string): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(() => this.patch(order, { coupon_lines: [{ code }] }));
  }

  addFee(name: string, total: string): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(() => this.patch(order, { fee_lines: [{ name, total }] }));
  }

  addShipping(title: string, total: string): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(() => this.patch(order, { shipping_lines: [{ method_id: 'flat_rate', method_title: title, total }] }));
  }

  findCustomers(term: string): Promise<Customer[]> {
    return customersApi.search(this.client, term);
  }

  setCustomer(customer: Customer | null): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    const billing =
      customer === null
        ? { first_name: '', last_name: '', email: '' }
        : { first_name: customer.first_name, last_name: customer.last_name, email: customer.email };
    return this.change(() => this.patch(order, { customer_id: customer?.id ?? 0, billing }));
  }

  async createCustomer(draft: CustomerDraft): Promise<boolean> {
    try {
      const customer = await customersApi.create(this.client, draft);
      return await this.setCustomer(customer);
    } catch (error) {
      this.till.fail(error);
      return false;
    }
  }

  /** Parks the cart as an on-hold order and starts an empty one. */
  park(): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(async () => {
      await this.patch(order, { status: 'on-hold' });
      this.till.info(`Order ${order.number} is parked.`);
      return null;
    });
  }

  /** Voids the cart: its order is cancelled (the audit trail records it) and an empty cart starts. */
  voidSale(): Promise<boolean> {
    const order = this.till.state.get().order;
    if (order === null) return Promise.resolve(false);
    return this.change(async () => {
      await this.patch(order, { status: 'cancelled' });
      this.till.info(`Sale ${order.number} is void: nothing was sold.`);
      return null;
    });
  }

  /**
   * Parked orders (on hold), then the user's unfinished ones: sales left pending when a session
   * ended or the till was closed, which would otherwise stay on the server out of reach.
   */
  async loadParked(): Promise<void> {
    this.till.state.set({ parked: null });
    const { user, order: cart } = this.till.state.get();
    try {
      const [parked, pending] = await Promise.all([
        ordersApi.list(this.client, { status: 'on-hold', per_page: 50, orderby: 'date', order: 'desc' }),
        user === null
          ? Promise.resolve([])
          : ordersApi.list(this.client, { status: 'pending', pos_cashier: user.id, per_page: 50, orderby: 'date', order: 'desc' }),
      ]);
      const unfinished = pending.filter((order) => order.id !== cart?.id && order.line_items.length > 0);
      this.till.state.set({ parked: [...parked, ...unfinished] });
    } catch (error) {
      this.till.state.set({ parked: [] });
      this.till.fail(error);
    }
  }

  /** Resumes a parked or unfinished order as the cart; a cart in progress is parked first so that nothing is lost. */
  async resume(parked: Order): Promise<boolean> {
    const current = this.till.state.get().order;
    if (current !== null && current.id !== parked.id && !(await this.park())) return false;
    // An unfinished sale is pending already: it becomes the cart as the server has it now.
    const resumed = await this.change(() => (parked.status === 'pending' ? ordersApi.get(this.client, parked.id) : this.patch(parked, { status: 'pending' })));
    if (resumed) this.till.state.set({ parked: null });
    return resumed;
  }

  /** Voids an unfinished sale from the list: cancelled (the audit trail records it), and the list read again. */
  async voidUnfinished(order: Order): Promise<void> {
    try {
      await this.patch(order, { status: 'cancelled' });
      this.till.info(`Sale ${order.number} is void: nothing was sold.`);
      await this.loadParked();
    } catch (error) {
      this.till.fail(error);
    }
  }
}
