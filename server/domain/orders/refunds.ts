import { requireOrder } from './lookup.js';
import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StockEntry } from '../../data/repositories/stock-ledger.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest, invalidParams, notFound } from '../errors.js';
import { Decimal, formatMoney, HALF_UP, moneyInput } from '../../model/money.js';
import type { Store } from '../../model/stores.js';
import { readGeneralSettings } from '../settings/general.js';
import { roundTax, sum, type DecimalInput } from '../taxes/calc.js';
import { metaInput } from './input.js';
import type { OrderLifecycle } from './lifecycle.js';
import type { RefundTenders } from './refund-tenders.js';
import type { ShopRefunds } from './shop-refunds.js';
import { plain } from './recalculate.js';
import type { RefundedItem, RefundRecord } from '../../model/orders/refund-types.js';
import { dates } from './shape.js';
import { OrderStatuses } from './statuses.js';
import { itemsOfType, type OrderItem, type OrderRecord } from '../../model/orders/types.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { OrderRefund } from '../../../shared/resources/orders.js';

const integer = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z.number().int('must be an integer'),
);

/** A refunded quantity: whole units, or thousandths for weighed goods (checked against the line in `refundedItemOf`). */
const refundQuantity = z
  .preprocess((value) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value), z.number().min(0, 'must not be negative'))
  .refine((value) => new Decimal(value).decimalPlaces() <= 3, 'has at most three decimal places');

/** `POST /orders/{id}/refunds` (woocommerce-reference §2.8). Amounts may be sent negative so that they can be refused with WooCommerce's code. */
export const refundInput = z.object({
  amount: moneyInput.optional().transform((value) => (value === '' ? undefined : value)),
  reason: z.string().trim().max(2000).optional(),
  api_refund: z.boolean().optional(),
  api_restock: z.boolean().optional(),
  /** The tender the money goes back through (a gateway id the order was paid with); `payment_method` is read the same way. */
  refund_destination: z.string().trim().max(100).optional(),
  payment_method: z.string().trim().max(100).optional(),
  meta_data: metaInput.optional(),
  line_items: z
    .array(
      z.object({
        id: integer.pipe(z.number().positive('must be an order item id')),
        quantity: refundQuantity.optional(),
        refund_total: moneyInput.optional().transform((value) => (value === '' ? undefined : value)),
        refund_tax: z.array(z.object({ id: integer.pipe(z.number().positive('must be a tax rate id')), refund_total: moneyInput })).optional(),
      }),
    )
    .max(500)
    .optional(),
});
export type RefundInput = z.output<typeof refundInput>;

const INVALID_AMOUNT = 'Invalid refund amount.';

function cannotRefund(message: string, data: Record<string, unknown> = {}) {
  return badRequest('woocommerce_rest_cannot_create_order_refund', message, data);
}

function negative(value: DecimalInput, dp: number): string {
  return formatMoney(new Decimal(value).negated(), dp);
}

/** What RefundService is built from (server/composition.ts builds each once). */
export interface RefundServiceParts {
  statusRecords: OrderStatusesRepository;
  settings: SettingsRepository;
  tenders: RefundTenders;
  orders: OrdersRepository;
  refunds: RefundsRepository;
  products: ProductsRepository;
  stores: StoresRepository;
  lifecycle: OrderLifecycle;
  /** The refunds the shop's other tills made of the same sale: they count against what is left. */
  shopRefunds: Pick<ShopRefunds, 'othersOf'>;
}

/** Refunds: never more money than is left, never more units than were sold and not yet refunded. */
export class RefundService {
  private readonly orders: OrdersRepository;
  private readonly refunds: RefundsRepository;
  private readonly products: ProductsRepository;
  private readonly stores: StoresRepository;
  private readonly lifecycle: OrderLifecycle;
  private readonly statusRecords: OrderStatusesRepository;
  private readonly settings: SettingsRepository;
  private readonly tenders: RefundTenders;
  private readonly shopRefunds: Pick<ShopRefunds, 'othersOf'>;

  constructor(
    private readonly db: Database,
    parts: RefundServiceParts,
  ) {
    this.statusRecords = parts.statusRecords;
    this.settings = parts.settings;
    this.tenders = parts.tenders;
    this.orders = parts.orders;
    this.refunds = parts.refunds;
    this.products = parts.products;
    this.stores = parts.stores;
    this.lifecycle = parts.lifecycle;
    this.shopRefunds = parts.shopRefunds;
  }

  list(orderId: number, apiBase: string) {
    const order = requireOrder(this.orders, orderId);
    return this.refunds.forOrder(orderId).map((refund) => shapeRefund(refund, order, this.stores.findOrDefault(order.store_id), apiBase));
  }

  get(orderId: number, refundId: number, apiBase: string) {
    const order = requireOrder(this.orders, orderId);
    const refund = this.refunds.forOrder(orderId).find((candidate) => candidate.id === refundId);
    if (!refund) throw notFound('refund');
    return shapeRefund(refund, order, this.stores.findOrDefault(order.store_id), apiBase);
  }

  create(orderId: number, input: RefundInput, userId: number, apiBase: string) {
    return writeTransaction(this.db, () => {
      const order = requireOrder(this.orders, orderId);
      const store = this.stores.findOrDefault(order.store_id);
      const dp = store.price_num_decimals;
      const statuses = new OrderStatuses(this.statusRecords.all());
      if (!statuses.isPaid(order.status)) {
        throw cannotRefund(`Order ${order.id} is ${order.status}: only paid (processing or completed) orders can be refunded.`, {
          order_id: order.id,
          order_status: order.status,
        });
      }
      // Across the shop: this till's refunds of the sale and those of every other till held here.
      const previous = [...this.refunds.forOrder(order.id), ...this.shopRefunds.othersOf(order)];
      const remaining = new Decimal(order.total).minus(sum(previous.map((refund) => new Decimal(refund.amount))));

      const decimalQty = readGeneralSettings(this.settings).decimal_qty;
      const refundedItems = (input.line_items ?? []).map((line, index) => refundedItemOf(order, line, index, previous, dp, decimalQty));
      const lineSum = sum(refundedItems.map((item) => sum([new Decimal(item.total), ...item.taxes.map((tax) => new Decimal(tax.total))])));
      const amount = new Decimal(input.amount ?? lineSum.toDecimalPlaces(dp));
      if (amount.isNegative()) throw badRequest('woocommerce_rest_invalid_order_refund', 'Refund amount must be greater than zero.');
      if (amount.isZero() && !refundedItems.some((item) => item.quantity > 0))
        throw badRequest('woocommerce_rest_invalid_order_refund', 'Refund amount must be greater than zero.');
      if (amount.gt(remaining)) throw cannotRefund(INVALID_AMOUNT, { remaining: formatMoney(remaining, dp) });

      const restock = input.api_restock ?? true;
      const refund = this.refunds.create({
        order_id: order.id,
        amount: formatMoney(amount, dp),
        reason: input.reason ?? '',
        refunded_by: userId,
        // POS gateways take no money back themselves: the cashier hands it over.
        refunded_payment: false,
        restock,
        line_items: refundedItems.filter((item) => item.quantity > 0 || !new Decimal(item.total).isZero() || item.taxes.length > 0),
        meta_data: (input.meta_data ?? []).map((entry, index) => ({ id: index + 1, key: entry.key, value: entry.value })),
        date_created_gmt: gmtNow(),
      });
      this.tenders.book(order, refund, input.refund_destination ?? input.payment_method, userId);

      const updated = this.settleStock(
        { ...order, date_modified_gmt: gmtNow() },
        refundedItems,
        restock ? { reason: 'refund', orderId: order.id, reference: `refund ${refund.id}`, userId } : undefined,
      );
      this.lifecycle.save(updated);
      if (remaining.minus(amount).lte(0)) this.lifecycle.applyStatus(updated, 'refunded');
      return shapeRefund(refund, order, store, apiBase);
    });
  }

  /**
   * Refunded units no longer count as taken by the order. With `restock` they go back on the shelf;
   * without, they are gone for good, so a later cancellation gives back only what the order still
   * holds. Only units the line actually took from stock can go back (WooCommerce skips a line whose
   * stock was never reduced), so a refund never puts back units that were never taken.
   */
  private settleStock(order: OrderRecord, refunded: readonly RefundedItem[], restock: StockEntry | undefined): OrderRecord {
    const items = order.items.map((item): OrderItem => {
      const line = refunded.find((candidate) => candidate.refunded_item_id === item.id);
      if (item.type !== 'line_item' || !line || line.quantity <= 0 || item.data.reduced_stock <= 0) return item;
      const settled = Decimal.min(line.quantity, item.data.reduced_stock);
      const productId = item.data.variation_id > 0 ? item.data.variation_id : item.data.product_id;
      if (restock !== undefined) this.products.adjustStock(productId, settled.toNumber(), restock);
      return { ...item, data: { ...item.data, reduced_stock: new Decimal(item.data.reduced_stock).minus(settled).toNumber() } };
    });
    return { ...order, items };
  }
}

type RefundLine = NonNullable<RefundInput['line_items']>[number];

/**
 * One `line_items` entry of a refund, checked against what is left of its order item. A quantity
 * without amounts refunds that share of the line and of each of its taxes (see `unitShare`).
 */
function refundedItemOf(order: OrderRecord, line: RefundLine, index: number, previous: readonly RefundRecord[], dp: number, decimalQty: boolean): RefundedItem {
  const item = order.items.find((candidate) => candidate.id === line.id);
  if (!item || (item.type !== 'line_item' && item.type !== 'fee' && item.type !== 'shipping')) {
    throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${line.id} is not a line, fee or shipping item of order ${order.id}.`, {
      param: `line_items[${index}].id`,
    });
  }
  const before = previous.flatMap((refund) => refund.line_items).filter((entry) => entry.refunded_item_id === item.id);
  const quantity = item.type === 'line_item' ? (line.quantity ?? 0) : 0;
  const itemQuantity = item.type === 'line_item' ? item.data.quantity : 1;
  // A part of a unit is refunded only of weighed goods: a line sold in decimals, or while decimal_qty is on.
  if (!Number.isInteger(quantity) && Number.isInteger(itemQuantity) && !decimalQty) {
    throw invalidParams({ [`line_items[${index}].quantity`]: 'must be a whole number: decimal quantities are off (settings/general decimal_qty)' });
  }
  // Exact in decimal: weighed goods are sold (and refunded) in thousandths.
  const left = new Decimal(itemQuantity).minus(sum(before.map((entry) => new Decimal(entry.quantity)))).toNumber();
  if (item.type === 'line_item' && quantity > left) {
    throw cannotRefund(`Cannot refund ${quantity} of "${item.name}": ${left} left to refund.`, { param: `line_items[${index}].quantity`, left });
  }
  // What the order charged for the item, as its tax lines and totals show it, and what is still unrefunded.
  const remainingTotal = new Decimal(item.data.total).toDecimalPlaces(dp).minus(sum(before.map((entry) => new Decimal(entry.total))));
  const remainingTax = (rateId: number, charged: string) =>
    roundTax(charged, dp, order.prices_include_tax).minus(
      sum(before.flatMap((entry) => entry.taxes.filter((tax) => tax.id === rateId).map((tax) => new Decimal(tax.total)))),
    );

  const proportional = line.refund_total === undefined && line.refund_tax === undefined && quantity > 0;
  const share = (charged: string, remaining: Decimal) => unitShare(charged, quantity, itemQuantity, left, remaining, dp);
  const total = line.refund_total !== undefined ? new Decimal(line.refund_total) : proportional ? share(item.data.total, remainingTotal) : new Decimal(0);
  const taxes = proportional
    ? item.data.taxes.map((tax) => ({ id: tax.id, total: share(tax.total, remainingTax(tax.id, tax.total)) }))
    : (line.refund_tax ?? []).map((tax) => ({ id: tax.id, total: new Decimal(tax.refund_total) }));
  if (total.isNegative() || taxes.some((tax) => tax.total.isNegative())) {
    throw badRequest('woocommerce_rest_invalid_order_refund', 'Refund amounts must not be negative.', { param: `line_items[${index}]` });
  }
  if (total.gt(remainingTotal)) throw cannotRefund(INVALID_AMOUNT, { param: `line_items[${index}].refund_total` });
  for (const tax of taxes) {
    const charged = item.data.taxes.find((entry) => entry.id === tax.id);
    if (!charged) throw cannotRefund(`Tax rate ${tax.id} was not charged on "${item.name}".`, { param: `line_items[${index}].refund_tax` });
    if (tax.total.gt(remainingTax(tax.id, charged.total))) throw cannotRefund(INVALID_AMOUNT, { param: `line_items[${index}].refund_tax` });
  }
  return {
    type: item.type,
    refunded_item_id: item.id,
    name: item.name,
    product_id: item.type === 'line_item' ? item.data.product_id : 0,
    variation_id: item.type === 'line_item' ? item.data.variation_id : 0,
    quantity,
    tax_class: item.type === 'shipping' ? '' : item.data.tax_class,
    total: plain(total),
    taxes: taxes.filter((tax) => !tax.total.isZero()).map((tax) => ({ id: tax.id, total: plain(tax.total) })),
    sku: item.type === 'line_item' ? item.data.sku : '',
  };
}

/**
 * The part of an amount (a line's total, or its tax at one rate) that refunding `quantity` of
 * `itemQuantity` units gives back, so that refunds unit by unit add up to exactly what was charged:
 * the refund that takes the last units takes whatever is left; any other takes the proportional
 * share rounded half-up, but never more than is left. Rounding each share on its own (the old way)
 * could leave the last unit short of its tax: 2 units with 0.87 tax gave 0.44, then 0.44 > 0.43 left.
 */
export function unitShare(charged: DecimalInput, quantity: number, itemQuantity: number, unitsLeft: number, remaining: Decimal, dp: number): Decimal {
  if (remaining.lte(0)) return new Decimal(0);
  if (quantity >= unitsLeft) return remaining;
  return Decimal.min(new Decimal(charged).div(itemQuantity).times(quantity).toDecimalPlaces(dp, HALF_UP), remaining);
}

/** A refund as WooCommerce shows it: positive `amount`, negative item quantities, totals and taxes (§2.8). */
export function shapeRefund(refund: RefundRecord, order: OrderRecord, store: Store, apiBase: string): OrderRefund {
  const dp = store.price_num_decimals;
  const taxOf = (item: RefundedItem) => sum(item.taxes.map((tax) => new Decimal(tax.total)));
  const itemMeta = (item: RefundedItem) => [
    { id: 0, key: '_refunded_item_id', value: String(item.refunded_item_id), display_key: '_refunded_item_id', display_value: String(item.refunded_item_id) },
  ];
  const negativeTaxes = (item: RefundedItem) =>
    item.taxes.map((tax) => ({ id: tax.id, total: plain(new Decimal(tax.total).negated()), subtotal: plain(new Decimal(tax.total).negated()) }));
  const byType = (type: RefundedItem['type']) => refund.line_items.filter((item) => item.type === type);
  const rateTotals = new Map<number, { cart: Decimal; shipping: Decimal }>();
  for (const item of refund.line_items) {
    for (const tax of item.taxes) {
      const totals = rateTotals.get(tax.id) ?? { cart: new Decimal(0), shipping: new Decimal(0) };
      if (item.type === 'shipping') totals.shipping = totals.shipping.plus(tax.total);
      else totals.cart = totals.cart.plus(tax.total);
      rateTotals.set(tax.id, totals);
    }
  }
  const orderTaxLines = itemsOfType(order.items, 'tax');
  // What the refund's lines do not keep themselves (image, parent name, method) is the sold line's.
  const soldLine = (item: RefundedItem) => itemsOfType(order.items, 'line_item').find((line) => line.id === item.refunded_item_id)?.data;
  const soldShipping = (item: RefundedItem) => itemsOfType(order.items, 'shipping').find((line) => line.id === item.refunded_item_id)?.data;
  const soldFee = (item: RefundedItem) => itemsOfType(order.items, 'fee').find((line) => line.id === item.refunded_item_id)?.data;
  return {
    id: refund.id,
    ...dates('date_created', refund.date_created_gmt, store.timezone),
    amount: refund.amount,
    reason: refund.reason,
    refunded_by: refund.refunded_by ?? 0,
    refunded_payment: refund.refunded_payment,
    meta_data: refund.meta_data,
    line_items: byType('line_item').map((item) => ({
      id: item.refunded_item_id,
      name: item.name,
      parent_name: soldLine(item)?.parent_name ?? null,
      product_id: item.product_id,
      variation_id: item.variation_id,
      quantity: item.quantity === 0 ? 0 : -item.quantity,
      tax_class: item.tax_class,
      subtotal: negative(item.total, dp),
      subtotal_tax: negative(taxOf(item), dp),
      total: negative(item.total, dp),
      total_tax: negative(taxOf(item), dp),
      taxes: negativeTaxes(item),
      meta_data: itemMeta(item),
      sku: item.sku,
      price: item.quantity > 0 ? new Decimal(item.total).div(item.quantity).negated().toNumber() : 0,
      image: soldLine(item)?.image ?? { id: 0, src: '' },
    })),
    shipping_lines: byType('shipping').map((item) => ({
      id: item.refunded_item_id,
      method_title: item.name,
      method_id: soldShipping(item)?.method_id ?? '',
      instance_id: soldShipping(item)?.instance_id ?? '',
      total: negative(item.total, dp),
      total_tax: negative(taxOf(item), dp),
      taxes: negativeTaxes(item).map((tax) => ({ id: tax.id, total: tax.total })),
      meta_data: itemMeta(item),
    })),
    fee_lines: byType('fee').map((item) => ({
      id: item.refunded_item_id,
      name: item.name,
      tax_class: item.tax_class,
      tax_status: soldFee(item)?.tax_status ?? 'taxable',
      total: negative(item.total, dp),
      total_tax: negative(taxOf(item), dp),
      taxes: negativeTaxes(item),
      meta_data: itemMeta(item),
    })),
    tax_lines: [...rateTotals].map(([rateId, totals]) => {
      const line = orderTaxLines.find((tax) => tax.data.rate_id === rateId);
      return {
        id: line?.id ?? 0,
        rate_code: line?.data.rate_code ?? '',
        rate_id: rateId,
        label: line?.data.label ?? '',
        compound: line?.data.compound ?? false,
        tax_total: negative(totals.cart, dp),
        shipping_tax_total: negative(totals.shipping, dp),
        rate_percent: Number(line?.data.rate_percent ?? 0),
        meta_data: [],
      };
    }),
    _links: {
      self: [{ href: `${apiBase}/orders/${order.id}/refunds/${refund.id}` }],
      collection: [{ href: `${apiBase}/orders/${order.id}/refunds` }],
      up: [{ href: `${apiBase}/orders/${order.id}` }],
    },
  };
}
export type RefundResponse = ReturnType<typeof shapeRefund>;
