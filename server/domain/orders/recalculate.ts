import type { CouponsRepository } from '../../data/repositories/coupons.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { TermsRepository } from '../../data/repositories/terms.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import { Decimal } from '../../model/money.js';
import type { Store } from '../../model/stores.js';
import { sum } from '../taxes/calc.js';
import { orderTaxLocation, type TaxRateFinder } from '../taxes/location.js';
import { couponError, eligibleLines, validateCoupon, type CouponProduct } from './coupons.js';
import { calculateOrderTotals, type OrderTotals, type RateAmount, type TotalsCoupon, type TotalsInput } from './totals.js';
import { draftsOfType, type ItemTax, type OrderFields, type OrderItemDraft } from '../../model/orders/types.js';

export interface RecalculateContext {
  store: Store;
  finder: TaxRateFinder;
  products: ProductsRepository;
  terms: TermsRepository;
  coupons: CouponsRepository;
  nowGmt: string;
}

/** A decimal as WooCommerce stores it: plain notation, unrounded, `0` for zero. */
export function plain(value: Decimal): string {
  return value.isZero() ? '0' : value.toFixed();
}

function itemTaxes(amounts: readonly RateAmount[], withSubtotal: boolean): ItemTax[] {
  return amounts.map((amount) => ({ id: amount.rateId, total: plain(amount.total), subtotal: withSubtotal ? plain(amount.subtotal) : '' }));
}

/** The store's shipping tax class as the engine takes it (`standard` written as `''`). */
function shippingTaxClassOf(store: Store): string {
  return store.shipping_tax_class === 'standard' ? '' : store.shipping_tax_class;
}

/**
 * Recomputes every amount of an order (WooCommerce's recalculate_coupons + calculate_totals) under
 * its store's tax settings, and returns the order with its line, fee, shipping, coupon and tax items
 * rewritten. With `validateCoupons` (coupon lines were sent), the coupons are checked first (§2.6 "Coupons")
 * and applied again from the line subtotals, even when none is left.
 */
export function recalculateOrder(
  fields: OrderFields,
  items: readonly OrderItemDraft[],
  context: RecalculateContext,
  validateCoupons: boolean,
): { fields: OrderFields; items: OrderItemDraft[] } {
  const { store, finder } = context;
  const dp = store.price_num_decimals;
  const lines = draftsOfType(items, 'line_item');
  const fees = draftsOfType(items, 'fee');
  const shipping = draftsOfType(items, 'shipping');
  const couponLines = draftsOfType(items, 'coupon');
  const oldTaxItems = draftsOfType(items, 'tax');

  const location = orderTaxLocation(
    store,
    fields.billing,
    fields.shipping,
    shipping.map((line) => line.data.method_id),
  );
  const extraClasses = [...lines.map((line) => line.data.tax_class), ...fees.map((fee) => fee.data.tax_class)];
  const ratesByClass = finder.byClass(location, extraClasses);

  const base: Omit<TotalsInput, 'coupons'> = {
    settings: {
      dp,
      calcTaxes: store.calc_taxes,
      pricesIncludeTax: fields.prices_include_tax,
      roundAtSubtotal: store.tax_round_at_subtotal,
      calcDiscountsSequentially: store.calc_discounts_sequentially,
      shippingTaxClass: shippingTaxClassOf(store),
    },
    lines: lines.map((line) => ({
      quantity: line.data.quantity,
      subtotal: line.data.subtotal,
      total: line.data.total,
      manualTotal: line.data.manual_total,
      taxStatus: line.data.tax_status,
      taxClass: line.data.tax_class,
    })),
    fees: fees.map((fee) => ({ total: fee.data.total, taxStatus: fee.data.tax_status, taxClass: fee.data.tax_class })),
    shipping: shipping.map((line) => ({ total: line.data.total })),
    taxClasses: finder.taxClasses(),
    ratesByClass,
  };

  let coupons: TotalsCoupon[] = [];
  const records = new Map<string, CouponRecord | undefined>();
  if (couponLines.length > 0) {
    const lineProducts = couponProductsOf(lines, context);
    const codes = couponLines.map((line) => line.name);
    for (const line of couponLines) records.set(line.name.toLowerCase(), context.coupons.findByCode(line.name));
    if (validateCoupons) {
      const seen = new Set<string>();
      for (const code of codes) {
        if (seen.has(code.toLowerCase())) throw couponError('already_applied', `Coupon code "${code}" already applied!`, code);
        seen.add(code.toLowerCase());
      }
      const plainTotals = calculateOrderTotals({ ...base, coupons: [] });
      const subtotal = sum(plainTotals.lines.map((line) => (fields.prices_include_tax ? line.subtotal.plus(line.subtotalTax) : line.subtotal)));
      for (const code of codes) {
        validateCoupon(code, records.get(code.toLowerCase()), {
          subtotal,
          customerId: fields.customer_id,
          billingEmail: fields.billing.email,
          lineProducts,
          codes,
          couponsEnabled: store.enable_coupons,
          nowGmt: context.nowGmt,
          dp,
        });
      }
    }
    coupons = couponLines.map((line) => {
      const record = records.get(line.name.toLowerCase());
      // A coupon deleted since it was applied keeps working from what the line recorded (WooCommerce's temporary coupon).
      if (!record) {
        return {
          code: line.name,
          discountType: line.data.discount_type as TotalsCoupon['discountType'],
          amount: line.data.nominal_amount,
          limitUsageToXItems: null,
          eligible: lines.map(() => true),
        };
      }
      return {
        code: line.name,
        discountType: record.discount_type,
        amount: record.amount,
        limitUsageToXItems: record.limit_usage_to_x_items,
        eligible: eligibleLines(record, lineProducts),
      };
    });
  }

  const totals = calculateOrderTotals({ ...base, coupons, recalculateCoupons: validateCoupons });
  return { fields: withTotals(fields, totals), items: rewriteItems(items, totals, coupons, records, oldTaxItems) };
}

function couponProductsOf(lines: ReadonlyArray<Extract<OrderItemDraft, { type: 'line_item' }>>, context: RecalculateContext): Array<CouponProduct | undefined> {
  const products = lines.map((line) => context.products.findSellable(line.data.variation_id > 0 ? line.data.variation_id : line.data.product_id));
  const categories = context.terms.termsOfProducts([...new Set(lines.map((line) => line.data.product_id).filter((id) => id > 0))]);
  return lines.map((line, index) => {
    const product = products[index];
    if (!product) return undefined;
    const ids = [line.data.product_id, line.data.variation_id].filter((id) => id > 0);
    return { ids, categoryIds: (categories.get(line.data.product_id)?.product_cat ?? []).map((term) => term.id), onSale: product.onSale };
  });
}

function withTotals(fields: OrderFields, totals: OrderTotals): OrderFields {
  return {
    ...fields,
    discount_total: plain(totals.discountTotal),
    discount_tax: plain(totals.discountTax),
    shipping_total: plain(totals.shippingTotal),
    shipping_tax: plain(totals.shippingTax),
    cart_tax: plain(totals.cartTax),
    total_tax: plain(totals.totalTax),
    total: plain(totals.total),
  };
}

function rewriteItems(
  items: readonly OrderItemDraft[],
  totals: OrderTotals,
  coupons: readonly TotalsCoupon[],
  records: ReadonlyMap<string, CouponRecord | undefined>,
  oldTaxItems: ReadonlyArray<Extract<OrderItemDraft, { type: 'tax' }>>,
): OrderItemDraft[] {
  let lineIndex = 0;
  let feeIndex = 0;
  let shippingIndex = 0;
  let couponIndex = 0;
  const rewritten: OrderItemDraft[] = [];
  for (const item of items) {
    if (item.type === 'line_item') {
      const result = totals.lines[lineIndex++];
      if (!result) continue;
      rewritten.push({
        ...item,
        data: {
          ...item.data,
          subtotal: plain(result.subtotal),
          total: plain(result.total),
          subtotal_tax: plain(result.subtotalTax),
          total_tax: plain(result.totalTax),
          taxes: itemTaxes(result.taxes, true),
        },
      });
    } else if (item.type === 'fee') {
      const result = totals.fees[feeIndex++];
      if (!result) continue;
      rewritten.push({ ...item, data: { ...item.data, total: plain(result.total), total_tax: plain(result.totalTax), taxes: itemTaxes(result.taxes, false) } });
    } else if (item.type === 'shipping') {
      const result = totals.shipping[shippingIndex++];
      if (!result) continue;
      rewritten.push({ ...item, data: { ...item.data, total_tax: plain(result.totalTax), taxes: itemTaxes(result.taxes, false) } });
    } else if (item.type === 'coupon') {
      const result = totals.coupons[couponIndex];
      const coupon = coupons[couponIndex++];
      if (!result || !coupon) continue;
      const record = records.get(item.name.toLowerCase());
      rewritten.push({
        ...item,
        data: {
          ...item.data,
          coupon_id: record?.id ?? item.data.coupon_id,
          discount: plain(result.discount),
          discount_tax: plain(result.discountTax),
          discount_type: coupon.discountType,
          nominal_amount: coupon.amount,
          free_shipping: record?.free_shipping ?? item.data.free_shipping,
        },
      });
    }
  }
  // One tax item per rate; an existing item for the same rate keeps its id.
  for (const line of totals.taxLines) {
    const existing = oldTaxItems.find((item) => item.data.rate_id === line.rate.id);
    rewritten.push({
      ...(existing?.id === undefined ? {} : { id: existing.id }),
      type: 'tax',
      name: line.rate.code,
      data: {
        rate_id: line.rate.id,
        rate_code: line.rate.code,
        label: line.rate.label,
        compound: line.rate.compound,
        tax_total: plain(line.taxTotal),
        shipping_tax_total: plain(line.shippingTaxTotal),
        rate_percent: line.rate.rate,
        meta_data: existing?.data.meta_data ?? [],
      },
    });
  }
  return rewritten;
}
