import type { ShippingMethodsRepository } from '../../data/repositories/shipping-methods.js';
import type { ShippingMethodRecord } from '../../model/records/shipping-methods.js';

/** What ShippingMethods is built from (server/composition.ts builds each once). */
export interface ShippingMethodsParts {
  methods: ShippingMethodsRepository;
}

/** The shipping methods an order's shipping lines may name (woocommerce-reference §2.12). */
export class ShippingMethods {
  private readonly methods: ShippingMethodsRepository;

  constructor(parts: ShippingMethodsParts) {
    this.methods = parts.methods;
  }

  list(): ShippingMethodRecord[] {
    return this.methods.list();
  }
}
