import { requireOrder } from './lookup.js';
import type { Database } from '../../data/database.js';
import { CheckoutsRepository } from '../../data/repositories/checkouts.js';
import { CustomersRepository } from '../../data/repositories/customers.js';
import { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import { OrdersRepository } from '../../data/repositories/orders.js';
import { RefundsRepository } from '../../data/repositories/refunds.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { UsersRepository } from '../../data/repositories/users.js';
import { ApiError } from '../errors.js';
import { Decimal, formatMoney, HALF_UP } from '../money.js';
import type { Store } from '../stores.js';
import { sum } from '../taxes/calc.js';
import { isPaid } from './lifecycle.js';
import { dates } from './shape.js';
import { OrderStatuses } from './statuses.js';
import { itemsOfType, type OrderRecord } from './types.js';

/**
 * `GET /receipts/{order_id}` in live mode: the receipt payload built from the order as it is now
 * (wcpos-reference "Receipts"), every amount a string at the store's decimals.
 */
export class ReceiptService {
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;

  constructor(private readonly db: Database) {
    this.orders = new OrdersRepository(db);
    this.stores = new StoresRepository(db);
  }

  receipt(orderId: number) {
    const order = requireOrder(this.orders, orderId);
    const store = this.stores.findOrDefault(order.store_id);
    return { order_id: order.id, mode: 'live', has_snapshot: false, submission_status: null, data: this.payload(order, store) };
  }

  /** Fiscal receipts replay a snapshot stored at sale time; none are stored yet, so every order answers as the reference plugin does without one. */
  fiscal(orderId: number): never {
    requireOrder(this.orders, orderId);
    throw new ApiError(404, 'pos_receipt_snapshot_missing', `No fiscal receipt snapshot was stored for order ${orderId}; ask for mode=live.`);
  }

  private payload(order: OrderRecord, store: Store) {
    const dp = store.price_num_decimals;
    const money = (value: Decimal | string) => formatMoney(value, dp);
    const statuses = new OrderStatuses(new OrderStatusesRepository(this.db).all());
    const refunds = new RefundsRepository(this.db).forOrder(order.id);
    const cashier = order.cashier_id !== null ? new UsersRepository(this.db).findById(order.cashier_id) : undefined;
    const customer = order.customer_id > 0 ? new CustomersRepository(this.db).findById(order.customer_id) : undefined;
    const lines = itemsOfType(order.items, 'line_item');
    const fees = itemsOfType(order.items, 'fee');
    const shipping = itemsOfType(order.items, 'shipping');
    const coupons = itemsOfType(order.items, 'coupon');
    const taxLines = itemsOfType(order.items, 'tax');
    const labelOf = (rateId: number) => taxLines.find((line) => line.data.rate_id === rateId)?.data.label ?? '';
    const taxesOf = (taxes: ReadonlyArray<{ id: number; total: string }>) => taxes.map((tax) => ({ rate_id: tax.id, label: labelOf(tax.id), amount: money(tax.total) }));
    const subtotal = sum(lines.map((line) => new Decimal(line.data.subtotal).toDecimalPlaces(dp, HALF_UP)));
    const refunded = sum(refunds.map((refund) => new Decimal(refund.amount)));
    const paid = isPaid(order, statuses);
    const checkout = paid ? new CheckoutsRepository(this.db).completed(order.id) : undefined;
    const providerData = checkout?.provider_data ?? {};
    const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

    return {
      store: {
        id: store.id,
        name: store.name,
        address: { address_1: store.store_address, address_2: store.store_address_2, city: store.store_city, postcode: store.store_postcode, state: store.store_state, country: store.store_country },
        phone: store.phone,
        email: store.email,
        url: store.url,
        tax_ids: store.tax_ids,
        footer_imprint: store.footer_imprint,
        policies_and_conditions: store.policies_and_conditions,
      },
      cashier: cashier ? { id: cashier.id, display_name: cashier.display_name } : null,
      customer: customer
        ? { id: customer.id, is_guest: false, name: `${customer.first_name} ${customer.last_name}`.trim(), email: customer.email, billing: order.billing, shipping: order.shipping }
        : { id: 0, is_guest: true, name: `${order.billing.first_name} ${order.billing.last_name}`.trim(), email: order.billing.email, billing: order.billing, shipping: order.shipping },
      order: {
        id: order.id,
        number: String(order.id),
        status: order.status,
        status_label: statuses.label(order.status),
        currency: order.currency,
        prices_include_tax: order.prices_include_tax,
        customer_note: order.customer_note,
        ...dates('date_created', order.date_created_gmt, store.timezone),
        ...dates('date_paid', order.date_paid_gmt, store.timezone),
        ...dates('date_completed', order.date_completed_gmt, store.timezone),
      },
      lines: lines.map((line) => ({
        id: line.id,
        name: line.name,
        sku: line.data.sku,
        quantity: line.data.quantity,
        unit_price: money(new Decimal(line.data.subtotal).div(line.data.quantity)),
        unit_price_incl_tax: money(new Decimal(line.data.subtotal).plus(line.data.subtotal_tax).div(line.data.quantity)),
        subtotal: money(line.data.subtotal),
        subtotal_tax: money(line.data.subtotal_tax),
        total: money(line.data.total),
        total_tax: money(line.data.total_tax),
        taxes: taxesOf(line.data.taxes),
      })),
      fees: fees.map((fee) => ({ id: fee.id, name: fee.name, total: money(fee.data.total), total_tax: money(fee.data.total_tax), taxes: taxesOf(fee.data.taxes) })),
      shipping: shipping.map((line) => ({ id: line.id, method_id: line.data.method_id, method_title: line.name, total: money(line.data.total), total_tax: money(line.data.total_tax), taxes: taxesOf(line.data.taxes) })),
      discounts: coupons.map((coupon) => ({ code: coupon.name, discount_type: coupon.data.discount_type, discount: money(coupon.data.discount), discount_tax: money(coupon.data.discount_tax) })),
      totals: {
        subtotal: money(subtotal),
        discount: money(order.discount_total),
        discount_tax: money(order.discount_tax),
        shipping: money(order.shipping_total),
        shipping_tax: money(order.shipping_tax),
        fees: money(sum(fees.map((fee) => new Decimal(fee.data.total)))),
        tax: money(order.total_tax),
        total: money(order.total),
        refunded: money(refunded),
        net_total: money(new Decimal(order.total).minus(refunded)),
      },
      tax: taxLines.map((line) => ({
        rate_id: line.data.rate_id,
        code: line.data.rate_code,
        label: line.data.label,
        rate: line.data.rate_percent,
        compound: line.data.compound,
        amount: money(new Decimal(line.data.tax_total).plus(line.data.shipping_tax_total)),
      })),
      payments: paid
        ? [
            {
              method: order.payment_method,
              title: order.payment_method_title,
              amount: money(order.total),
              amount_tendered: textOf(providerData.amount_tendered),
              change_due: textOf(providerData.change_due),
              transaction_id: order.transaction_id,
              ...dates('date_paid', order.date_paid_gmt, store.timezone),
            },
          ]
        : [],
      refunds: refunds.map((refund) => ({ id: refund.id, amount: refund.amount, reason: refund.reason, ...dates('date_created', refund.date_created_gmt, store.timezone) })),
    };
  }
}
