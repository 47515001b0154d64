import type { PaymentsRepository } from '../../data/repositories/payments.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest } from '../errors.js';
import { refundPayload } from '../journal/entries.js';
import type { SalesJournal } from '../journal/journal.js';
import { Decimal, formatMoney } from '../../model/money.js';
import { CASH_GATEWAY } from '../registers/reports.js';
import { registerClosed } from '../registers/sessions.js';
import type { OrderPayments } from './payments.js';
import type { ShopRefunds } from './shop-refunds.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import type { OrderRecord } from '../../model/orders/types.js';

/** What RefundTenders is built from (server/composition.ts builds each once). */
export interface RefundTendersParts {
  payments: PaymentsRepository;
  stores: StoresRepository;
  users: UsersRepository;
  orderPayments: OrderPayments;
  journal: SalesJournal;
  /** What the shop's other tills gave back of the same sale, through which tender. */
  shopRefunds: Pick<ShopRefunds, 'takeOthersFrom'>;
}

/**
 * WCPOS clients name the destination by kind: `cash` is the cash tender, `original` is what the
 * order was paid with (as no destination: its one tender, or the question which). Anything else is
 * a gateway id.
 */
function wcposDestination(named: string): string {
  if (named === 'cash') return CASH_GATEWAY;
  if (named === 'original') return '';
  return named;
}

/**
 * The tender a refund gives money back through (`refund_destination`, or `payment_method`): one the
 * order was paid with, never for more than that tender took less what it already gave back. A
 * cash refund comes out of the drawer of the order's register, so it counts in that session.
 */
export class RefundTenders {
  private readonly payments: PaymentsRepository;
  private readonly stores: StoresRepository;
  private readonly users: UsersRepository;
  private readonly orderPayments: OrderPayments;
  private readonly journal: SalesJournal;
  private readonly shopRefunds: Pick<ShopRefunds, 'takeOthersFrom'>;

  constructor(parts: RefundTendersParts) {
    this.payments = parts.payments;
    this.stores = parts.stores;
    this.users = parts.users;
    this.orderPayments = parts.orderPayments;
    this.journal = parts.journal;
    this.shopRefunds = parts.shopRefunds;
  }

  /** What each tender of the order can still give back. */
  left(order: OrderRecord): Map<string, Decimal> {
    const left = new Map<string, Decimal>();
    for (const payment of this.orderPayments.tendersOf(order))
      left.set(payment.gateway_id, (left.get(payment.gateway_id) ?? new Decimal(0)).plus(payment.amount));
    for (const tender of this.payments.refundTendersOfOrder(order.id))
      left.set(tender.gateway_id, (left.get(tender.gateway_id) ?? new Decimal(0)).minus(tender.amount));
    this.shopRefunds.takeOthersFrom(order, left);
    return left;
  }

  /** Books a refund just written (inside its transaction) against its tender, the drawer and the journal. */
  book(order: OrderRecord, refund: RefundRecord, destination: string | undefined, userId: number): void {
    const store = this.stores.findOrDefault(order.store_id);
    const dp = store.price_num_decimals;
    const left = this.left(order);
    const named = wcposDestination(destination?.trim() ?? '');
    const tenders = [...left.keys()];
    let gatewayId: string;
    if (named !== '') {
      gatewayId = named;
    } else if (tenders.length === 1 && tenders[0] !== undefined) {
      gatewayId = tenders[0];
    } else if (tenders.length === 0) {
      gatewayId = order.payment_method;
    } else {
      throw badRequest(
        'pos_refund_tender_required',
        `Order ${order.id} was paid with ${tenders.join(' and ')}: name the tender to refund through in refund_destination.`,
        { param: 'refund_destination', tenders },
      );
    }
    const available = left.get(gatewayId);
    const amount = new Decimal(refund.amount);
    if (tenders.length > 0 && available === undefined) {
      const how = gatewayId === CASH_GATEWAY ? 'in cash' : `with ${gatewayId}`;
      throw badRequest('pos_refund_invalid_tender', `Order ${order.id} was not paid ${how}; it was paid with ${tenders.join(', ')}.`, {
        param: 'refund_destination',
        tenders,
      });
    }
    if (available !== undefined && amount.gt(available)) {
      throw badRequest(
        'pos_refund_exceeds_tender',
        `${formatMoney(amount, dp)} is more than ${gatewayId} can give back on order ${order.id} (${formatMoney(Decimal.max(0, available), dp)}).`,
        {
          param: 'refund_destination',
          gateway_id: gatewayId,
          left: formatMoney(Decimal.max(0, available), dp),
        },
      );
    }
    const till = this.orderPayments.tills.of(order, store);
    if (gatewayId === CASH_GATEWAY && amount.gt(0) && store.require_open_session && !till.session) throw registerClosed(till.register);
    const sessionId = till.session?.id ?? null;
    this.payments.insertRefundTender({
      refund_id: refund.id,
      order_id: order.id,
      gateway_id: gatewayId,
      amount: formatMoney(amount, dp),
      register_id: till.register.id,
      session_id: sessionId,
      date_created_gmt: gmtNow(),
    });
    const user = this.users.findById(userId);
    this.journal.append(
      till.register.id,
      'refund',
      { session_id: sessionId, order_id: order.id, refund_id: refund.id },
      refundPayload(order, refund, gatewayId, {
        cashier: user ? { id: user.id, name: user.display_name } : null,
        register: { id: till.register.id, name: till.register.name },
        session_id: sessionId,
        store_id: store.id,
        dp,
        number: this.orderPayments.numbers.numberOf(order.id),
      }),
    );
  }
}
