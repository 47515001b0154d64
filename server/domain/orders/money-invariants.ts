import { badRequest, invalidParams } from '../errors.js';
import { Decimal, formatMoney } from '../../model/money.js';
import type { FeeLineInput, LineItemInput } from './input.js';
import { isPaid } from './lifecycle.js';
import type { OrderStatuses } from './statuses.js';
import { draftsOfType, type OrderFields, type OrderItemDraft, type OrderRecord } from '../../model/orders/types.js';

/*
 * The money rules every order keeps, whoever writes it:
 * - Unit prices, line subtotals and totals and shipping totals are never negative (the request
 *   schema refuses negative amounts; a product priced below zero is refused here).
 * - A fee may be negative: WooCommerce's way of giving a discount. WooCommerce silently caps a
 *   negative fee at the order's lines, earlier fees and shipping before tax, so that the total
 *   cannot go below zero; here a fee larger than that is refused instead, so the till never shows a
 *   discount other than the one it asked for. The order total is never below zero.
 * - Money changes hands only through checkout: an unpaid order with a total above zero cannot be
 *   marked paid (`set_paid`, or a move to processing, completed or any other paid status). An order
 *   totalling zero has nothing to pay and may be completed directly.
 */

/** `POST /orders` has no id yet, so the route is named with its placeholder. */
export function checkoutRoute(orderId: number | undefined): string {
  return `POST /pos/v1/orders/${orderId ?? '{id}'}/checkout`;
}

/**
 * The request parameter that put the item at `position` (among the order's items of that kind) in
 * place: the entry that named its id, the entry that added it, or the whole list when the request
 * did not mention it.
 */
function paramOf(drafts: ReadonlyArray<{ id?: number }>, inputs: ReadonlyArray<{ id?: number | undefined }>, list: string, position: number): string {
  const draft = drafts[position];
  if (draft === undefined) return list;
  if (draft.id !== undefined) {
    const index = inputs.findIndex((input) => input.id === draft.id);
    return index < 0 ? list : `${list}[${index}].total`;
  }
  const newInputs = inputs.flatMap((input, index) => (input.id === undefined ? [index] : []));
  const newPosition = drafts.slice(0, position).filter((entry) => entry.id === undefined).length;
  const index = newInputs[newPosition];
  return index === undefined ? list : `${list}[${index}].total`;
}

export interface ItemInputs {
  lines?: readonly LineItemInput[] | undefined;
  fees?: readonly FeeLineInput[] | undefined;
}

/**
 * Checks a recalculated order against the money rules above. `requested` holds the items as the
 * request left them (before the totals engine ran), `calculated` the same items with their totals.
 */
export function assertMoneyInvariants(
  requested: readonly OrderItemDraft[],
  calculated: { fields: OrderFields; items: readonly OrderItemDraft[] },
  inputs: ItemInputs,
  dp: number,
): void {
  const params: Record<string, string> = {};
  const requestedLines = draftsOfType(requested, 'line_item');
  draftsOfType(calculated.items, 'line_item').forEach((line, position) => {
    if (new Decimal(line.data.total).lt(0) || new Decimal(line.data.subtotal).lt(0)) {
      params[paramOf(requestedLines, inputs.lines ?? [], 'line_items', position)] =
        `"${line.name}" would cost ${formatMoney(line.data.total, dp)}: a line total must not be negative.`;
    }
  });
  const requestedFees = draftsOfType(requested, 'fee');
  draftsOfType(calculated.items, 'fee').forEach((fee, position) => {
    const asked = requestedFees[position]?.data.total ?? fee.data.total;
    if (new Decimal(asked).eq(fee.data.total)) return;
    params[paramOf(requestedFees, inputs.fees ?? [], 'fee_lines', position)] =
      `the fee "${fee.name}" of ${formatMoney(asked, dp)} would take the order below zero: a negative fee can take off at most ${formatMoney(new Decimal(fee.data.total).negated(), dp)}.`;
  });
  if (Object.keys(params).length === 0 && new Decimal(calculated.fields.total).lt(0)) {
    params.total = `the order total would be ${formatMoney(calculated.fields.total, dp)}: it must not be negative.`;
  }
  if (Object.keys(params).length > 0) throw invalidParams(params);
}

/** Processing and completed are paid in WooCommerce whatever the statuses table says; so is any status it marks paid. */
function isPaidStatus(status: string, statuses: OrderStatuses): boolean {
  return status === 'processing' || status === 'completed' || statuses.isPaid(status);
}

/**
 * Refuses to let an unpaid order with something to pay become paid without a payment: through
 * `set_paid` (`to` undefined) or a move to a paid status. `orderId` is undefined while the order is
 * being created (the refusal undoes the create).
 */
export function assertPaidThroughCheckout(order: OrderRecord, to: string | undefined, statuses: OrderStatuses, orderId: number | undefined, dp: number): void {
  if (to !== undefined && !isPaidStatus(to, statuses)) return;
  if (isPaid(order, statuses) || !new Decimal(order.total).gt(0)) return;
  const route = checkoutRoute(orderId);
  const how = to === undefined ? 'set_paid' : `status ${to}`;
  throw badRequest(
    'pos_payment_required',
    `The order totals ${formatMoney(order.total, dp)} and is not paid: ${how} needs a payment. Take it through ${route}.`,
    {
      ...(orderId === undefined ? {} : { order_id: orderId }),
      order_status: order.status,
      param: to === undefined ? 'set_paid' : 'status',
      total: formatMoney(order.total, dp),
      checkout: route,
    },
  );
}
