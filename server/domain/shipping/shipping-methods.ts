import type { ShippingMethodsRepository } from '../../data/repositories/shipping-methods.js';
import type { ShippingMethodRecord } from '../../model/records/shipping-methods.js';

/** The shipping methods an order's shipping lines may name (woocommerce-reference §2.12). */
export class ShippingMethods {
  constructor(private readonly methods: ShippingMethodsRepository) {}

  list(): ShippingMethodRecord[] {
    return this.methods.list();
  }
}
