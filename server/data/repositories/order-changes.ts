import type { Database } from '../database.js';
import { writeTransaction } from '../write-transaction.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import type { OrderEffect, StockLevel } from '../../model/orders/status-effects.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import type { CouponsRepository } from './coupons.js';
import type { OrdersRepository } from './orders.js';
import type { ProductsRepository } from './products.js';

/** What a change to an order is worked out from: the stock of its lines' products, and its coupons by their line's code. */
export interface OrderChangeFacts {
  levels: ReadonlyMap<number, StockLevel>;
  coupons: ReadonlyMap<string, CouponRecord>;
}

/**
 * Where an order's changes meet the rest of the shop: it reads what a change is worked out from
 * (model/orders/status-effects.ts works it out) and writes the order with the change's effects on
 * stock, units sold and coupon uses, in one savepoint of the caller's transaction.
 */
export class OrderChangesRepository {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly products: ProductsRepository,
    private readonly coupons: CouponsRepository,
  ) {}

  factsFor(order: OrderRecord): OrderChangeFacts {
    const levels = new Map<number, StockLevel>();
    for (const line of itemsOfType(order.items, 'line_item')) {
      const productId = line.data.variation_id > 0 ? line.data.variation_id : line.data.product_id;
      const product = this.products.findSellable(productId);
      if (product) levels.set(productId, { manageStock: product.manageStock, stockQuantity: product.stockQuantity, backorders: product.backorders });
    }
    const coupons = new Map<string, CouponRecord>();
    for (const line of itemsOfType(order.items, 'coupon')) {
      const coupon = this.coupons.findByCode(line.name);
      if (coupon) coupons.set(line.name, coupon);
    }
    return { levels, coupons };
  }

  /** Saves `order` and applies `effects` in their order (a coupon use of a code no longer known is passed over). */
  save(order: OrderRecord, effects: readonly OrderEffect[] = []): void {
    writeTransaction(this.db, () => {
      for (const effect of effects) this.applyEffect(effect);
      const { id, items, ...fields } = order;
      this.orders.update(id, fields);
      this.orders.saveItems(id, items);
    });
  }

  private applyEffect(effect: OrderEffect): void {
    switch (effect.kind) {
      case 'stock':
        this.products.adjustStock(effect.productId, effect.change, { reason: effect.reason, orderId: effect.orderId });
        return;
      case 'sales':
        this.products.addSales(effect.productId, effect.units);
        return;
      case 'coupon_usage': {
        const coupon = this.coupons.findByCode(effect.code);
        if (!coupon) return;
        if (effect.change > 0) this.coupons.incrementUsage(coupon.id, effect.usedBy);
        else this.coupons.decrementUsage(coupon.id, effect.usedBy);
        return;
      }
    }
  }
}
