import type { CustomersRepository } from '../../data/repositories/customers.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { PaymentsRepository } from '../../data/repositories/payments.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { ShopRefundsRepository } from '../../data/repositories/shop-refunds.js';
import type { SyncIdsRepository } from '../../data/repositories/sync-ids.js';
import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import type { SyncSourcesRepository } from '../../data/repositories/sync-sources.js';
import { Decimal } from '../../model/money.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import type { JournalRecord } from '../../model/records/journal.js';
import type { OutboxEntry, SyncSettings } from '../../model/records/sync.js';
import { idOf, objectsOf } from '../shop/answers.js';
import { madeOrderOf, productBySku, stockQuantityOf, uuidsInMeta, type MadeOrder } from './answers.js';
import { lookUpRefund, OrderLookups, type Lookup } from './lookup.js';
import { originOrderOf } from './origin-order.js';
import { linesByNameNote, orderBody, refundBody, saleTotal, totalsDifference, type SaleSources, type WooProductRef } from './order-body.js';
import { isReturnOrder, returnOrderBody } from './return-body.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';
import { META } from '../shop/our-orders.js';
import { createFailed, nothingMade, unreadable, type PushResult } from './push-result.js';

export interface PushSources {
  outbox: SyncOutboxRepository;
  ids: SyncIdsRepository;
  sources: SyncSourcesRepository;
  orders: OrdersRepository;
  payments: PaymentsRepository;
  refunds: RefundsRepository;
  customers: CustomersRepository;
  /** The copies of other tills' sales this till refunds: their refunds go against the selling till's order. */
  shopRefunds: Pick<ShopRefundsRepository, 'adopted'>;
}

/**
 * How many of this till's last stock adjustments a product's meta names: enough for every one still
 * to be looked up after an unknown outcome (the outbox sends one entry at a time), few enough to keep
 * the product small.
 */
const STOCK_MOVES_KEPT = 20;

type Resolved<T> = { ok: true; value: T } | { ok: false; result: PushResult };

/** A sale ready to go up: its order's body is `orderBody(sources)`. */
export interface PreparedSale {
  entry: OutboxEntry;
  order: OrderRecord;
  journal: JournalRecord;
  sources: Omit<SaleSources, 'withCoupons'>;
}

/**
 * Pushes one outbox entry to WooCommerce (issue 23, items 3-5): a sale as an order, a refund, a
 * customer, a stock adjustment. An entry whose last outcome was unknown is first looked up and sent
 * again only when it is absent.
 */
export class OutboxPush {
  /** Made for one pass, so its lookups share their listings of our orders (lookup.ts). */
  private readonly lookups: OrderLookups;

  constructor(
    private readonly client: WooCommerceClient,
    private readonly from: PushSources,
    private readonly settings: SyncSettings,
  ) {
    this.lookups = new OrderLookups(client);
  }

  push(entry: OutboxEntry, wasUnknown: boolean): Promise<PushResult> {
    switch (entry.kind) {
      case 'sale':
        return this.sale(entry, wasUnknown);
      case 'refund':
        return this.refund(entry, wasUnknown);
      case 'customer':
        return this.customer(entry);
      case 'stock':
        return this.stock(entry);
    }
  }

  /** The till's product (or variation) as WooCommerce's: by the ids kept, else by SKU (remembered); null when the shop has none. */
  private async product(localId: number): Promise<Resolved<WooProductRef | null>> {
    // A local-only product (the pull found no match in the shop) goes up as a line by name (§15.2).
    if (this.from.ids.isLocalOnly(localId)) return { ok: true, value: null };
    const local = this.from.sources.product(localId);
    // One the pull trashed (deleted in WooCommerce, or in its trash) is looked for by SKU, which
    // finds it only if the shop still sells it; else its line goes up by name, SKU and price.
    const mapped = local?.status === 'trash' ? undefined : this.from.ids.wooId('product', localId);
    if (mapped !== undefined) {
      const parent = local && local.parent_id ? this.from.ids.wooId('product', local.parent_id) : undefined;
      if (!local?.parent_id) return { ok: true, value: { product_id: mapped, variation_id: 0 } };
      if (parent !== undefined) return { ok: true, value: { product_id: parent, variation_id: mapped } };
    }
    if (!local?.sku) return { ok: true, value: null };
    const found = await this.client.get('products', { sku: local.sku });
    if (found.kind !== 'ok') return { ok: false, result: nothingMade(found) };
    const match = productBySku(found.body, local.sku);
    if (match === undefined) return { ok: true, value: null };
    if ('unreadable' in match) return { ok: false, result: unreadable(`the product lookup of SKU ${local.sku}`) };
    this.from.ids.set('product', localId, match.found.variation_id || match.found.product_id);
    return { ok: true, value: match.found };
  }

  /**
   * The customer's WooCommerce account: the one kept, else the one with the same e-mail (adopted, as
   * WooCommerce allows one account per e-mail, §6), else a new one when the settings ask for it.
   */
  private async wooCustomer(localId: number): Promise<Resolved<{ id: number | null; adopted: boolean }>> {
    const mapped = this.from.ids.wooId('customer', localId);
    if (mapped !== undefined) return { ok: true, value: { id: mapped, adopted: false } };
    const customer = this.from.customers.findById(localId);
    if (customer === undefined || customer.email === '') return { ok: true, value: { id: null, adopted: false } };
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await this.client.get('customers', { email: customer.email });
      if (found.kind !== 'ok') return { ok: false, result: nothingMade(found) };
      const [existing] = objectsOf(found.body);
      if (existing !== undefined) {
        const id = idOf(existing);
        if (id === undefined) return { ok: false, result: unreadable(`the account lookup of ${customer.email}`) };
        this.from.ids.set('customer', localId, id);
        return { ok: true, value: { id, adopted: true } };
      }
      if (!this.settings.create_accounts) return { ok: true, value: { id: null, adopted: false } };
      // One account per e-mail makes the create safe to repeat: a second one is refused and the first adopted.
      const created = await this.client.post('customers', {
        email: customer.email,
        first_name: customer.first_name,
        last_name: customer.last_name,
        billing: customer.billing,
        shipping: customer.shipping,
      });
      if (created.kind === 'ok') {
        const id = idOf(created.body);
        if (id === undefined) return { ok: false, result: unreadable(`the account made for ${customer.email}`) };
        this.from.ids.set('customer', localId, id);
        return { ok: true, value: { id, adopted: false } };
      }
      if (!(created.kind === 'rejected' && created.code === 'registration-error-email-exists') && created.kind !== 'unknown')
        return { ok: false, result: nothingMade(created) };
    }
    return {
      ok: false,
      result: { kind: 'unknown', code: 'customer_not_settled', message: `the account of ${customer.email} could be neither found nor made` },
    };
  }

  /**
   * A sale as one order. `couponRefused` when WooCommerce already refused its coupon (in a batch): it
   * goes up at once without it, as after a refusal here.
   */
  async sale(entry: OutboxEntry, wasUnknown: boolean, couponRefused?: { code: string; message: string }): Promise<PushResult> {
    const prepared = await this.prepareSale(entry, wasUnknown);
    if (!prepared.ok) return prepared.result;
    let note = couponRefused && { code: couponRefused.code, message: `sent without its coupon: ${couponRefused.message}` };
    let outcome = await this.client.post('orders', orderBody({ ...prepared.value.sources, withCoupons: note === undefined }));
    if (outcome.kind === 'rejected' && outcome.code === 'woocommerce_rest_invalid_coupon' && note === undefined) {
      // The till's discount stands: it is in the line totals already, so the order goes up without the coupon (§4.2 leaves a draft, never a sale).
      note = { code: outcome.code, message: `sent without its coupon: ${outcome.message}` };
      outcome = await this.client.post('orders', orderBody({ ...prepared.value.sources, withCoupons: false }));
    }
    if (outcome.kind !== 'ok') return createFailed(outcome);
    return this.saleMade(prepared.value, outcome.body, note);
  }

  /**
   * What a sale's order is made of, every id WooCommerce knows resolved (which may read the shop and
   * make the customer's account); after an unknown outcome, the order found by its uuid settles it
   * instead (`found`), with nothing to send.
   */
  async prepareSale(entry: OutboxEntry, wasUnknown: boolean): Promise<Resolved<PreparedSale>> {
    const journal = entry.journal_id === null ? undefined : this.from.sources.journalEntry(entry.journal_id);
    const order = entry.order_id === null ? undefined : this.from.orders.find(entry.order_id);
    if (journal === undefined || order === undefined)
      return { ok: false, result: { kind: 'rejected', code: 'tillbase_sale_missing', message: 'the sale or its order is no longer at the till' } };
    if (wasUnknown) {
      const lookup = await this.lookups.order(entry);
      const settled = await this.settledByLookup(lookup, entry);
      if (settled !== null) return { ok: false, result: settled };
    }
    const products = await this.lineProducts(order);
    if (!products.ok) return products;
    let wooCustomerId: number | null = null;
    if (order.customer_id) {
      const resolved = await this.wooCustomer(order.customer_id);
      if (!resolved.ok) return resolved;
      wooCustomerId = resolved.value.id;
    }
    const sources = {
      order,
      payments: this.from.payments.forOrder(order.id),
      entry: journal,
      customer: order.customer_id ? this.from.customers.findById(order.customer_id) : undefined,
      wooCustomerId,
      products: products.value,
      tillId: this.from.sources.tillId(),
    };
    return { ok: true, value: { entry, order, journal, sources } };
  }

  /** A sale's order as WooCommerce answered it made: its ids kept for the refunds, its total held against the till's. */
  saleMade(sale: PreparedSale, answer: unknown, note?: { code: string; message: string }): PushResult {
    const made = madeOrderOf(answer);
    if (made === undefined) return unreadable(`the order of sale ${sale.entry.uuid}`);
    this.rememberLines(
      sale.order.id,
      made,
      itemsOfType(sale.order.items, 'line_item').map((l) => l.id),
    );
    const byName = linesByNameNote(sale.order, made.lineProductIds) ?? note;
    return { kind: 'synced', wooId: made.id, totalsDifference: totalsDifference(made.total, saleTotal(sale.journal)), ...(byName ? { note: byName } : {}) };
  }

  /** WooCommerce's product for each product line of the order, by the till's item id. */
  private async lineProducts(order: OrderRecord): Promise<Resolved<Map<number, WooProductRef | null>>> {
    const products = new Map<number, WooProductRef | null>();
    for (const line of itemsOfType(order.items, 'line_item')) {
      const resolved = await this.product(line.data.variation_id || line.data.product_id);
      if (!resolved.ok) return resolved;
      products.set(line.id, resolved.value);
    }
    return { ok: true, value: products };
  }

  /** The order's and its lines' ids, for its refunds: WooCommerce answers the lines in the order they were posted. */
  private rememberLines(orderId: number, made: MadeOrder, localLineIds: readonly number[]): void {
    this.from.ids.set('order', orderId, made.id);
    made.lineIds.forEach((wooLineId, index) => {
      const local = localLineIds[index];
      if (local !== undefined && wooLineId !== undefined) this.from.ids.set('order_line', local, wooLineId);
    });
  }

  /** An order found by its uuid after an unknown outcome: synced without a second create. */
  private async settledByLookup(lookup: Lookup, entry: OutboxEntry): Promise<PushResult | null> {
    if (lookup.kind === 'failed') return nothingMade(lookup.outcome);
    if (lookup.kind === 'absent') return null;
    const wooId = lookup.wooIds[0] ?? 0;
    if (entry.kind !== 'sale') return { kind: 'synced', wooId };
    const read = await this.client.get(`orders/${wooId}`);
    if (read.kind !== 'ok') return nothingMade(read);
    const order = entry.order_id === null ? undefined : this.from.orders.find(entry.order_id);
    const journal = entry.journal_id === null ? undefined : this.from.sources.journalEntry(entry.journal_id);
    const made = madeOrderOf(read.body);
    if (made === undefined) return unreadable(`the order ${wooId} read back`);
    if (order)
      this.rememberLines(
        order.id,
        made,
        itemsOfType(order.items, 'line_item').map((l) => l.id),
      );
    const note = order && linesByNameNote(order, made.lineProductIds);
    return { kind: 'synced', wooId, totalsDifference: journal ? totalsDifference(made.total, saleTotal(journal)) : null, ...(note ? { note } : {}) };
  }

  private async refund(entry: OutboxEntry, wasUnknown: boolean): Promise<PushResult> {
    const journal = entry.journal_id === null ? undefined : this.from.sources.journalEntry(entry.journal_id);
    const refund = entry.order_id === null ? undefined : this.from.refunds.forOrder(entry.order_id).find((r) => r.id === entry.refund_id);
    if (journal === undefined || refund === undefined)
      return { kind: 'rejected', code: 'tillbase_refund_missing', message: 'the refund is no longer at the till' };
    let wooOrderId = this.from.ids.wooId('order', refund.order_id);
    /** WooCommerce's total of a return order read or made now, held against the refund: a difference leaves it part refunded. */
    let returnTotal: unknown;
    const adopted = wooOrderId === undefined ? this.from.shopRefunds.adopted(refund.order_id) : undefined;
    const copy = adopted === undefined ? undefined : this.from.orders.find(refund.order_id);
    if (adopted !== undefined && copy !== undefined) {
      const origin = await originOrderOf(this.client, adopted);
      if (!origin.ok) return origin.result;
      this.rememberLines(
        copy.id,
        origin.made,
        itemsOfType(copy.items, 'line_item').map((l) => l.id),
      );
      wooOrderId = origin.made.id;
    }
    if (wooOrderId === undefined) {
      const order = this.from.orders.find(refund.order_id);
      if (order === undefined || !isReturnOrder(order))
        return {
          kind: 'rejected',
          code: 'tillbase_order_not_in_woocommerce',
          message: `order ${refund.order_id} is not in WooCommerce, so its refund cannot go up`,
        };
      // A return without a receipt: its order goes up with this entry, before the refund (return-body.ts).
      const made = await this.returnOrder(entry, order, refund, journal, wasUnknown);
      if (!made.ok) return made.result;
      wooOrderId = made.value.id;
      returnTotal = made.value.total;
    }
    if (wasUnknown) {
      const settled = await this.settledByLookup(await lookUpRefund(this.client, wooOrderId, entry.uuid), entry);
      if (settled !== null) return settled;
    }
    const lines = new Map<number, number>();
    for (const line of refund.line_items) {
      const wooLine = this.from.ids.wooId('order_line', line.refunded_item_id);
      if (wooLine !== undefined) lines.set(line.refunded_item_id, wooLine);
    }
    const outcome = await this.client.post(`orders/${wooOrderId}/refunds`, refundBody(refund, journal, lines, this.from.sources.tillId()));
    if (outcome.kind !== 'ok') return createFailed(outcome);
    const wooId = idOf(outcome.body);
    if (wooId === undefined) return unreadable(`the refund ${entry.uuid}`);
    return returnTotal === undefined ? { kind: 'synced', wooId } : { kind: 'synced', wooId, totalsDifference: totalsDifference(returnTotal, refund.amount) };
  }

  /**
   * A return order's WooCommerce id, made now: the create is stored as `sending` with the refund's
   * entry, so after an unknown outcome (a lost answer, the till killed) the order is looked up by the
   * entry's uuid and made again only when absent; the refund is then looked up the same way.
   */
  private async returnOrder(
    entry: OutboxEntry,
    order: OrderRecord,
    refund: RefundRecord,
    journal: JournalRecord,
    wasUnknown: boolean,
  ): Promise<Resolved<{ id: number; total: unknown }>> {
    const localLines = itemsOfType(order.items, 'line_item').map((l) => l.id);
    if (wasUnknown) {
      const lookup = await this.lookups.order(entry);
      if (lookup.kind === 'failed') return { ok: false, result: nothingMade(lookup.outcome) };
      if (lookup.kind === 'found') {
        const wooId = lookup.wooIds[0] ?? 0;
        const read = await this.client.get(`orders/${wooId}`);
        if (read.kind !== 'ok') return { ok: false, result: nothingMade(read) };
        const found = madeOrderOf(read.body);
        if (found === undefined) return { ok: false, result: unreadable(`the return order ${wooId} read back`) };
        this.rememberLines(order.id, found, localLines);
        return { ok: true, value: { id: wooId, total: found.total } };
      }
    }
    const products = await this.lineProducts(order);
    if (!products.ok) return products;
    const outcome = await this.client.post(
      'orders',
      returnOrderBody({ order, refund, entry: journal, products: products.value, tillId: this.from.sources.tillId() }),
    );
    if (outcome.kind !== 'ok') return { ok: false, result: createFailed(outcome) };
    const made = madeOrderOf(outcome.body);
    if (made === undefined) return { ok: false, result: unreadable(`the return order of ${entry.uuid}`) };
    this.rememberLines(order.id, made, localLines);
    return { ok: true, value: { id: made.id, total: made.total } };
  }

  private async customer(entry: OutboxEntry): Promise<PushResult> {
    const local = entry.customer_id === null ? undefined : this.from.customers.findById(entry.customer_id);
    if (local === undefined) return { kind: 'synced', wooId: null, note: { code: 'tillbase_customer_gone', message: 'deleted at the till before it went up' } };
    const wasMapped = this.from.ids.wooId('customer', local.id);
    if (wasMapped !== undefined) {
      // WooCommerce refuses an empty billing e-mail (§17.2): the account's own stands in for it, as on a sale (order-body.ts).
      const { email: billingEmail, ...billing } = local.billing;
      const email = billingEmail || local.email;
      const outcome = await this.client.put(`customers/${wasMapped}`, {
        first_name: local.first_name,
        last_name: local.last_name,
        billing: email === '' ? billing : { ...billing, email },
        shipping: local.shipping,
      });
      return outcome.kind === 'ok' ? { kind: 'synced', wooId: wasMapped } : createFailed(outcome);
    }
    const resolved = await this.wooCustomer(local.id);
    if (!resolved.ok) return resolved.result;
    if (resolved.value.id === null)
      return {
        kind: 'synced',
        wooId: null,
        note: { code: 'tillbase_no_account', message: 'no WooCommerce account (create_accounts is off): its orders carry the billing details' },
      };
    return resolved.value.adopted
      ? {
          kind: 'synced',
          wooId: resolved.value.id,
          note: { code: 'tillbase_customer_adopted', message: `WooCommerce already had ${local.email}: that account is used` },
        }
      : { kind: 'synced', wooId: resolved.value.id };
  }

  /**
   * A stock adjustment (issue 32, item 5). WooCommerce's `stock_quantity` is an absolute overwrite
   * (§3.7), so reading it and writing the sum lost any sale another till or the web shop made between
   * the read and the write. It goes as `inventory_delta` instead, which WooCommerce adds to the stock it
   * holds when it carries the request out (docs/woocommerce-observed.md §21): nothing can land between a read and a write. A delta
   * is not safe to send twice, so the same request writes the entry's uuid among this till's last
   * adjustments in the product's meta; after an unknown outcome the product's meta says whether it was
   * added. WooCommerce adds whole units only (wc_stock_amount): a delta with a fraction (goods sold by
   * weight) is still read and written, its target stored before it is sent, and so is an entry an
   * earlier version stored a target for.
   */
  private async stock(entry: OutboxEntry): Promise<PushResult> {
    const change = entry.stock_ledger_id === null ? undefined : this.from.sources.stockChange(entry.stock_ledger_id);
    if (change === undefined) return { kind: 'rejected', code: 'tillbase_stock_change_missing', message: 'the stock change is no longer at the till' };
    const product = await this.product(change.product_id);
    if (!product.ok) return product.result;
    if (product.value === null)
      return { kind: 'rejected', code: 'tillbase_product_not_in_woocommerce', message: `product ${change.product_id} is not in WooCommerce` };
    const wooId = product.value.variation_id || product.value.product_id;
    const path = product.value.variation_id ? `products/${product.value.product_id}/variations/${wooId}` : `products/${wooId}`;
    const written = (outcome: WooCommerceOutcome): PushResult => (outcome.kind === 'ok' ? { kind: 'synced', wooId } : createFailed(outcome));
    if (entry.stock_target !== null) return written(await this.client.put(path, { stock_quantity: Number(entry.stock_target) }));
    const read = await this.client.get(path);
    if (read.kind !== 'ok') return nothingMade(read);
    const current = stockQuantityOf(read.body);
    if (current === undefined)
      return { kind: 'rejected', code: 'tillbase_stock_not_managed', message: `WooCommerce does not manage the stock of product ${wooId}` };
    const delta = new Decimal(change.change_milli).div(1000);
    if (!delta.isInteger()) {
      const target = new Decimal(current).plus(delta).toString();
      this.from.outbox.setStockTarget(entry.id, target);
      return written(await this.client.put(path, { stock_quantity: Number(target) }));
    }
    const key = `${META.stockMoves}_${this.from.sources.tillId()}`;
    const added = uuidsInMeta(read.body, key);
    // Added already: its answer was lost (only an entry of unknown outcome can be here).
    if (added.includes(entry.uuid)) return { kind: 'synced', wooId };
    const moves = JSON.stringify([...added, entry.uuid].slice(-STOCK_MOVES_KEPT));
    return written(await this.client.put(path, { inventory_delta: delta.toNumber(), meta_data: [{ key, value: moves }] }));
  }
}
