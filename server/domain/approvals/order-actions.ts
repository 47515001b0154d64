import { Decimal } from '../../model/money.js';
import type { OrderUpdateInput } from '../orders/input.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import type { ApprovalAction } from './settings.js';

const HUNDRED = new Decimal(100);

/** True when the request prices a line by hand instead of letting the catalogue price it. */
export function setsLinePrices(input: Pick<OrderUpdateInput, 'line_items'>): boolean {
  return (input.line_items ?? []).some((line) => line.subtotal !== undefined || line.total !== undefined);
}

/**
 * The order's discount as a share of its line subtotals, in percent: what the line totals fall
 * short of their subtotals (hand discounts and coupons) plus negative fee lines (cart discounts).
 */
export function discountPercent(order: OrderRecord): Decimal {
  const lines = itemsOfType(order.items, 'line_item');
  const subtotal = lines.reduce((sum, line) => sum.plus(line.data.subtotal), new Decimal(0));
  if (subtotal.lte(0)) return new Decimal(0);
  const lineDiscount = lines.reduce((sum, line) => sum.plus(new Decimal(line.data.subtotal).minus(line.data.total)), new Decimal(0));
  const feeDiscount = itemsOfType(order.items, 'fee').reduce(
    (sum, fee) => (new Decimal(fee.data.total).isNegative() ? sum.minus(fee.data.total) : sum),
    new Decimal(0),
  );
  return lineDiscount.plus(feeDiscount).div(subtotal).times(HUNDRED);
}

/** The approvable actions an order create or update made (`before` is the order before an update). */
export function orderChangeActions(
  input: Pick<OrderUpdateInput, 'line_items' | 'status'>,
  after: OrderRecord,
  before: OrderRecord | undefined,
  discountAbovePercent: number,
): ApprovalAction[] {
  const actions: ApprovalAction[] = [];
  if (setsLinePrices(input)) actions.push('price_override');
  const discount = discountPercent(after);
  if (discount.gt(discountAbovePercent) && (before === undefined || discount.gt(discountPercent(before)))) actions.push('discount');
  if (before !== undefined && before.date_paid_gmt !== null && before.status !== 'cancelled' && after.status === 'cancelled') actions.push('cancel_paid_order');
  return actions;
}
