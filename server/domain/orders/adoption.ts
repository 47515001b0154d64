import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { OriginKey, ShopRefundsRepository } from '../../data/repositories/shop-refunds.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { Database } from '../../data/database.js';
import { gmtNow } from '../../model/dates.js';
import { adoptedDraftOf, type OriginOrder } from '../../model/orders/adopted-order.js';
import type { OrderRecord } from '../../model/orders/types.js';
import { badRequest, notFound } from '../errors.js';
import type { Tills } from '../registers/tills.js';
import { requireOrder } from './lookup.js';
import type { OrderOrigin } from '../../../shared/resources/orders.js';
import type { RefundInput } from './refunds.js';

/** What OrderAdoption is built from (server/composition.ts builds each once). */
export interface OrderAdoptionParts {
  orders: OrdersRepository;
  shopRefunds: ShopRefundsRepository;
  replica: ShopReplicaRepository;
  products: ProductsRepository;
  stores: StoresRepository;
  tills: Tills;
  /** This till's id in its shop (what its documents name it by). */
  selfId: () => string;
}

/**
 * A refund at this till of a sale made at another (docs/several-tills.md, "A refund at another
 * till"). The refund rules, the drawer and the push to WooCommerce all work on an order of this
 * till's, so the sale is first copied into one (adopted), once: the copy is what the other till's
 * latest journal entry carried, marked with its origin, with no sale entry of its own, so it is
 * never sent to WooCommerce as a sale nor counted as one in this till's figures. Its refunds go to
 * WooCommerce against the origin's order, found by the uuid of the origin's sale.
 */
export class OrderAdoption {
  private readonly parts: OrderAdoptionParts;

  constructor(
    private readonly db: Database,
    parts: OrderAdoptionParts,
  ) {
    this.parts = parts;
  }

  /**
   * The order of this till that refunds the sale `origin`: the sale itself when it is this till's,
   * the copy made before, or a copy made now (in the caller's transaction, or its own).
   */
  adopt(origin: OriginKey): OrderRecord {
    const { orders, shopRefunds, replica } = this.parts;
    if (origin.till_id === this.parts.selfId()) return requireOrder(orders, origin.order_id);
    return writeTransaction(this.db, () => {
      const before = shopRefunds.adoptedByOrigin(origin);
      if (before !== undefined) return requireOrder(orders, before.order_id);
      const held = replica.order(origin.till_id, origin.order_id);
      if (held === undefined || held.origin_till_id !== null) throw notFound('order', `No sale ${origin.order_id} of till ${origin.till_id} is held here.`);
      const sale = shopRefunds.saleEntryOf(origin);
      if (sale === undefined) {
        throw badRequest('pos_shop_order_not_a_sale', `Order ${held.number} of ${held.till_name} is not a sale: only a sale can be refunded.`, {
          till_id: origin.till_id,
          order_id: origin.order_id,
        });
      }
      const now = gmtNow();
      const draft = adoptedDraftOf(JSON.parse(held.body) as OriginOrder, (sku) => this.productBySku(sku), now);
      const orderId = orders.insert(draft.fields);
      const items = orders.saveItems(orderId, draft.items);
      shopRefunds.insertAdopted({
        order_id: orderId,
        origin_till_id: origin.till_id,
        origin_order_id: origin.order_id,
        origin_uuid: sale.entry_id,
        origin_number: held.number,
        origin_date_gmt: sale.date_created_gmt,
        items: new Map(items.map((item, index) => [item.id, draft.originItemIds[index] ?? 0])),
      });
      // The drawer a cash refund of it comes out of is this till's first register's, as for an order that names none.
      const store = this.parts.stores.findOrDefault(null);
      this.parts.tills.assign(orderId, this.parts.tills.forNewOrder(store, undefined));
      return requireOrder(orders, orderId);
    });
  }

  /** Where an order held here came from, when it is a copy of another till's sale. */
  originOf(orderId: number): OrderOrigin | undefined {
    const adopted = this.parts.shopRefunds.adopted(orderId);
    if (adopted === undefined) return undefined;
    const held = this.parts.replica.order(adopted.origin_till_id, adopted.origin_order_id);
    return {
      till: { id: adopted.origin_till_id, name: held?.till_name ?? '' },
      order_id: adopted.origin_order_id,
      number: adopted.origin_number,
    };
  }

  /**
   * A refund that names the sale's items as the shop's list shows them (the selling till's ids),
   * with the copy's ids instead; an id the sale does not have is refused as the refund refuses it.
   */
  localRefundInput(order: OrderRecord, input: RefundInput): RefundInput {
    const adopted = this.parts.shopRefunds.adopted(order.id);
    if (adopted === undefined || input.line_items === undefined) return input;
    const localOf = new Map([...adopted.items].map(([local, originId]) => [originId, local]));
    const lineItems = input.line_items.map((line, index) => {
      const id = localOf.get(line.id);
      if (id === undefined) {
        throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${line.id} is not an item of sale ${adopted.origin_number}.`, {
          param: `line_items[${index}].id`,
        });
      }
      return { ...line, id };
    });
    return { ...input, line_items: lineItems };
  }

  private productBySku(sku: string): { product_id: number; variation_id: number } | undefined {
    const product = this.parts.products.findSellableBySku(sku);
    if (product === undefined) return undefined;
    return product.parentId > 0 ? { product_id: product.parentId, variation_id: product.id } : { product_id: product.id, variation_id: 0 };
  }
}
