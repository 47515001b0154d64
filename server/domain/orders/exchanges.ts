import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { PaymentsRepository } from '../../data/repositories/payments.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { Decimal, formatMoney } from '../../model/money.js';
import type { OrderRecord } from '../../model/orders/types.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Principal } from '../auth/auth-service.js';
import { badRequest, conflict } from '../errors.js';
import { EXCHANGE_CREDIT_GATEWAY, EXCHANGE_CREDIT_TITLE } from '../registers/reports.js';
import { EXCHANGE_RETURN, EXCHANGE_SALE } from './exchange-meta.js';
import type { OrderLifecycle } from './lifecycle.js';
import { requireOrder } from './lookup.js';
import type { OrderPayments } from './payments.js';
import { RETURN_WITHOUT_RECEIPT } from './returns.js';
import { OrderStatuses } from './statuses.js';
import type { WaitingExchangeCredit } from '../../../shared/resources/exchanges.js';

/** `POST /orders/{id}/exchange-credit`: the return whose credit pays for this sale. */
export const exchangeCreditInput = z.object({
  return_order_id: z.coerce.number().int('must be an order id').positive('must be an order id'),
});
export type ExchangeCreditInput = z.output<typeof exchangeCreditInput>;

/** What ExchangeCredits is built from (server/composition.ts builds each once). */
export interface ExchangeCreditsParts {
  orders: OrdersRepository;
  payments: PaymentsRepository;
  registers: RegistersRepository;
  stores: StoresRepository;
  statusRecords: OrderStatusesRepository;
  orderPayments: OrderPayments;
  lifecycle: OrderLifecycle;
  audit: AuditTrail;
}

function withMeta(order: OrderRecord, key: string, value: number): OrderRecord {
  const nextId = order.meta_data.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  return { ...order, meta_data: [...order.meta_data.filter((entry) => entry.key !== key), { id: nextId, key, value }] };
}

/**
 * Exchanges: goods brought back and others taken in one visit. The return (`POST /returns` with
 * `refund_destination: "pos_exchange_credit"`) is refunded in full to exchange credit, a tender that
 * is neither cash nor card, so the drawer does not move. That credit then pays the new sale first,
 * as one part of a split payment; the customer pays the rest with cash or card as usual. A credit
 * is spent once, whole, on a sale of the same register's open session: worth more than the sale,
 * what is left is given back as cash change from the drawer (as a voucher worth more than the sale
 * would be), so no credit outlives the visit. In the X and Z reports exchange credit is its own line:
 * refunded to it and tendered from it, the two equal, so it nets to zero.
 */
export class ExchangeCredits {
  constructor(
    private readonly db: Database,
    private readonly parts: ExchangeCreditsParts,
  ) {}

  /** The exchange credit a return was refunded to, while nothing has spent it. */
  private unspentCredit(returned: OrderRecord) {
    const credit = this.parts.payments.refundTendersOfOrder(returned.id).find((tender) => tender.gateway_id === EXCHANGE_CREDIT_GATEWAY);
    if (credit === undefined || !returned.meta_data.some((entry) => entry.key === RETURN_WITHOUT_RECEIPT)) {
      throw badRequest('pos_exchange_no_credit', `Order ${returned.id} is not a return refunded to exchange credit.`, { return_order_id: returned.id });
    }
    if (returned.meta_data.some((entry) => entry.key === EXCHANGE_SALE)) {
      throw conflict('pos_exchange_credit_used', `The exchange credit of return ${returned.id} has already been spent.`, { return_order_id: returned.id });
    }
    return credit;
  }

  /**
   * `GET /registers/{id}/exchange-credit`: the credits of returns taken at this register's open
   * session that nothing has spent or paid out, oldest first. The till reads them when its selling
   * screen opens, so a credit waiting for its sale outlives a reload or another user logging in.
   * Only the open session's: a credit spends only there (see `apply`).
   */
  waiting(registerId: number): WaitingExchangeCredit[] {
    const { registers, payments, orders, stores } = this.parts;
    const session = registers.openSession(registerId);
    if (session === undefined) return [];
    return payments
      .refundTendersOfSession(session.id)
      .filter((tender) => tender.gateway_id === EXCHANGE_CREDIT_GATEWAY && tender.register_id === registerId)
      .flatMap((tender) => {
        const returned = orders.find(tender.order_id);
        if (returned === undefined) return [];
        const meta = returned.meta_data.map((entry) => entry.key);
        if (!meta.includes(RETURN_WITHOUT_RECEIPT) || meta.includes(EXCHANGE_SALE)) return [];
        const dp = stores.findOrDefault(returned.store_id).price_num_decimals;
        return [{ return_order_id: returned.id, credit: formatMoney(new Decimal(tender.amount), dp), date_created_gmt: tender.date_created_gmt }];
      });
  }

  /**
   * `POST /returns/{id}/cash-out`: the customer takes nothing after all, so the whole credit is given
   * back in cash from the drawer of the session that took the goods back, booked as the credit's
   * change (on the return order, for no sale), so exchange credit still nets to zero in the X and Z.
   */
  cashOut(returnId: number, principal: Principal) {
    const { orders, stores, orderPayments, lifecycle, audit } = this.parts;
    return writeTransaction(this.db, () => {
      const returned = requireOrder(orders, returnId);
      const credit = this.unspentCredit(returned);
      const store = stores.findOrDefault(returned.store_id);
      const dp = store.price_num_decimals;
      const till = orderPayments.tills.of(returned, store);
      if (till.session === undefined || credit.register_id !== till.register.id || credit.session_id !== till.session.id) {
        throw conflict('pos_exchange_credit_elsewhere', `The exchange credit of return ${returned.id} belongs to a drawer that has since been closed.`, {
          return_order_id: returned.id,
        });
      }
      const value = new Decimal(credit.amount);
      const part = {
        paid: true as const,
        amount: new Decimal(0),
        tendered: value,
        change: value,
        transactionId: `return ${returned.id}`,
        providerData: {},
        paysInFull: true,
      };
      orderPayments.record(returned, part, { id: EXCHANGE_CREDIT_GATEWAY, title: EXCHANGE_CREDIT_TITLE }, till, randomUUID(), principal.user.id, store);
      lifecycle.save(withMeta(returned, EXCHANGE_SALE, returned.id));
      audit.record({
        actor: { id: principal.user.id, username: principal.user.username },
        action: 'order.exchange',
        object: { type: 'order', id: returned.id },
        amounts: { amount: formatMoney(0, dp), tendered: formatMoney(value, dp), change: formatMoney(value, dp) },
        registerId: till.register.id,
        details: { return_order_id: returned.id, session_id: till.session.id, cash_out: true },
        message: `${principal.user.username} gave back the exchange credit of return ${returned.id} in cash: ${formatMoney(value, dp)}`,
      });
      return { return_order_id: returned.id, credit: formatMoney(value, dp), change_due: formatMoney(value, dp) };
    });
  }

  apply(saleId: number, input: ExchangeCreditInput, principal: Principal) {
    const { orders, stores, statusRecords, orderPayments, lifecycle, audit } = this.parts;
    return writeTransaction(this.db, () => {
      const sale = requireOrder(orders, saleId);
      const returned = requireOrder(orders, input.return_order_id);
      const store = stores.findOrDefault(sale.store_id);
      const dp = store.price_num_decimals;
      const till = orderPayments.tills.drawerFor(sale, store);
      const credit = this.unspentCredit(returned);
      if (till.session === undefined || credit.register_id !== till.register.id || credit.session_id !== till.session.id) {
        throw conflict(
          'pos_exchange_credit_elsewhere',
          `The exchange credit of return ${returned.id} was given at another till or before this drawer was opened; it pays only for a sale of the same visit at the same till.`,
          { return_order_id: returned.id, register_id: till.register.id },
        );
      }
      const paid = orderPayments.summary(sale, store);
      const due = new Decimal(sale.total).minus(paid.amount_paid);
      if (due.lte(0)) throw badRequest('pos_checkout_already_paid', `Order ${sale.id} is already paid.`, { order_id: sale.id, order_status: sale.status });
      const value = new Decimal(credit.amount);
      const amount = Decimal.min(value, due);
      const change = value.minus(amount);
      const paysInFull = amount.eq(due);
      const part = {
        paid: true as const,
        amount,
        tendered: value,
        change,
        transactionId: `return ${returned.id}`,
        providerData: {},
        paysInFull,
      };
      orderPayments.record(sale, part, { id: EXCHANGE_CREDIT_GATEWAY, title: EXCHANGE_CREDIT_TITLE }, till, randomUUID(), principal.user.id, store);
      const spent = withMeta(returned, EXCHANGE_SALE, sale.id);
      lifecycle.save(spent);
      let saved = withMeta(sale, EXCHANGE_RETURN, returned.id);
      lifecycle.save(saved);
      if (paysInFull) {
        const statuses = new OrderStatuses(statusRecords.all());
        const completed = lifecycle.pay(
          saved,
          { paymentMethod: EXCHANGE_CREDIT_GATEWAY, paymentMethodTitle: EXCHANGE_CREDIT_TITLE, configuredStatus: 'completed' },
          statuses,
        );
        saved = orderPayments.recordSale(completed, principal.user.id, { store, till });
      }
      audit.record({
        actor: { id: principal.user.id, username: principal.user.username },
        action: 'order.exchange',
        object: { type: 'order', id: sale.id },
        amounts: { amount: formatMoney(amount, dp), tendered: formatMoney(value, dp), change: formatMoney(change, dp) },
        registerId: till.register.id,
        details: { return_order_id: returned.id, session_id: till.session.id, pays_in_full: paysInFull },
        message: `${principal.user.username} set return ${returned.id} (${formatMoney(value, dp)}) against order ${sale.id}`,
      });
      return {
        order_id: sale.id,
        return_order_id: returned.id,
        credit: formatMoney(value, dp),
        used: formatMoney(amount, dp),
        change_due: formatMoney(change, dp),
        status: saved.status,
        ...orderPayments.summary(saved, store),
      };
    });
  }
}
