import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { PaymentsRepository } from '../../data/repositories/payments.js';
import type { PaymentRecord } from '../../model/records/payments.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest, invalidParams, type ApiError } from '../errors.js';
import { salePayload } from '../journal/entries.js';
import type { SalesJournal } from '../journal/journal.js';
import type { ReceiptNumbers } from './receipt-numbers.js';
import { Decimal, formatMoney, isDecimalString } from '../../model/money.js';
import { CASH_GATEWAY } from '../registers/reports.js';
import { POS_SESSION, type Tills, type Till } from '../registers/tills.js';
import type { Store } from '../../model/stores.js';
import { dates } from './shape.js';
import type { OrderRecord } from '../../model/orders/types.js';
import type { Payment as PaymentView, PaymentSummary } from '../../../shared/resources/payments.js';

/** A tender and the tenders of an order, as the checkout state shows them (the wire types in shared/). */
export type { PaymentView, PaymentSummary };

/** What one part of a checkout settled, or why the gateway refused it. */
export type PartOutcome =
  | {
      paid: true;
      amount: Decimal;
      tendered: Decimal | null;
      change: Decimal;
      transactionId: string;
      providerData: Record<string, unknown>;
      paysInFull: boolean;
    }
  | { paid: false; providerData: Record<string, unknown>; error: ApiError };

function moneyField(paymentData: Record<string, unknown>, name: string): Decimal | undefined {
  const value = paymentData[name];
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !isDecimalString(text.trim()) || text.trim().startsWith('-')) {
    throw invalidParams({ [`payment_data.${name}`]: `${name} must be a non-negative decimal amount such as "20.00"` });
  }
  return new Decimal(text.trim());
}

function transactionIdOf(paymentData: Record<string, unknown>): string {
  const raw = paymentData.transaction_id;
  if (raw !== undefined && raw !== null && (typeof raw !== 'string' || raw.length > 200))
    throw invalidParams({ 'payment_data.transaction_id': 'transaction_id must be a string of at most 200 characters' });
  return typeof raw === 'string' ? raw.trim() : '';
}

/** What OrderPayments is built from (server/composition.ts builds each once). */
export interface OrderPaymentsParts {
  payments: PaymentsRepository;
  orders: OrdersRepository;
  stores: StoresRepository;
  users: UsersRepository;
  journal: SalesJournal;
  tills: Tills;
  numbers: ReceiptNumbers;
}

/**
 * Split payments: an order takes parts (each one checkout with its own idempotency key) until
 * nothing is due. A part never counts for more than is due; cash alone gives change, and only
 * beyond what is due. Callers run these inside the checkout's write transaction, which is what
 * keeps concurrent parts from overpaying: each one reads what is due after the one before.
 */
export class OrderPayments {
  private readonly payments: PaymentsRepository;
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;
  private readonly users: UsersRepository;
  private readonly journal: SalesJournal;
  readonly tills: Tills;
  /** The receipt numbers of the till's sales (its shop series once it belongs to a shop). */
  readonly numbers: ReceiptNumbers;

  constructor(parts: OrderPaymentsParts) {
    this.payments = parts.payments;
    this.orders = parts.orders;
    this.stores = parts.stores;
    this.users = parts.users;
    this.journal = parts.journal;
    this.tills = parts.tills;
    this.numbers = parts.numbers;
  }

  /** The order's tenders; an order paid before split payments shows its one payment of the total. */
  tendersOf(order: OrderRecord): PaymentRecord[] {
    const recorded = this.payments.forOrder(order.id);
    if (recorded.length > 0 || order.date_paid_gmt === null || order.payment_method === '' || new Decimal(order.total).isZero()) return recorded;
    return [
      {
        id: 0,
        order_id: order.id,
        checkout_id: null,
        gateway_id: order.payment_method,
        gateway_title: order.payment_method_title,
        amount: order.total,
        tendered: null,
        change: '0',
        transaction_id: order.transaction_id,
        register_id: null,
        session_id: null,
        user_id: null,
        date_created_gmt: order.date_paid_gmt,
      },
    ];
  }

  private paidSoFar(order: OrderRecord): Decimal {
    return this.tendersOf(order).reduce((total, payment) => total.plus(payment.amount), new Decimal(0));
  }

  /** `store` is the order's, when the caller has it at hand. */
  summary(order: OrderRecord, store: Store = this.stores.findOrDefault(order.store_id)): PaymentSummary {
    const dp = store.price_num_decimals;
    const tenders = this.tendersOf(order);
    const paid = tenders.reduce((total, payment) => total.plus(payment.amount), new Decimal(0));
    return {
      payments: tenders.map((payment) => ({
        gateway_id: payment.gateway_id,
        amount: formatMoney(payment.amount, dp),
        tendered: payment.tendered === null ? null : formatMoney(payment.tendered, dp),
        change: formatMoney(payment.change, dp),
        transaction_id: payment.transaction_id,
        date: dates('date', payment.date_created_gmt, store.timezone).date ?? null,
        date_gmt: payment.date_created_gmt,
      })),
      amount_paid: formatMoney(paid, dp),
      amount_due: formatMoney(Decimal.max(0, new Decimal(order.total).minus(paid)), dp),
    };
  }

  /**
   * Settles one part through a till gateway. `payment_data.amount` is the part (default: all that
   * is due). Cash takes `amount_tendered` (default: the part); less than the part is refused, more
   * gives change only when the part is all that is due. A card takes exactly the part.
   */
  settle(order: OrderRecord, gatewayId: string, store: Store, paymentData: Record<string, unknown>): PartOutcome {
    const dp = store.price_num_decimals;
    const due = new Decimal(order.total).minus(this.paidSoFar(order));
    const asked = moneyField(paymentData, 'amount');
    if (asked?.lte(0)) throw invalidParams({ 'payment_data.amount': 'amount must be more than zero' });
    if (asked?.gt(due)) {
      throw badRequest(
        'pos_checkout_amount_exceeds_due',
        `The amount ${formatMoney(asked, dp)} is more than the ${formatMoney(due, dp)} due on order ${order.id}.`,
        {
          amount: formatMoney(asked, dp),
          amount_due: formatMoney(due, dp),
        },
      );
    }
    const amount = asked ?? due;
    const paysInFull = amount.eq(due);
    if (gatewayId !== CASH_GATEWAY) {
      const transactionId = transactionIdOf(paymentData);
      return {
        paid: true,
        amount,
        tendered: null,
        change: new Decimal(0),
        transactionId,
        paysInFull,
        providerData: { amount_paid: formatMoney(amount, dp), transaction_id: transactionId },
      };
    }
    const tendered = moneyField(paymentData, 'amount_tendered') ?? asked;
    if (tendered === undefined) throw invalidParams({ 'payment_data.amount_tendered': 'amount_tendered is required for a cash payment' });
    const providerData = {
      amount_tendered: formatMoney(tendered, dp),
      amount_due: formatMoney(amount, dp),
      change_due: formatMoney(Decimal.max(0, tendered.minus(amount)), dp),
    };
    if (tendered.lt(amount)) {
      return {
        paid: false,
        providerData: { ...providerData, change_due: formatMoney(0, dp), short_by: formatMoney(amount.minus(tendered), dp) },
        error: badRequest(
          'pos_checkout_insufficient_tender',
          `The amount tendered (${formatMoney(tendered, dp)}) is less than the amount due (${formatMoney(amount, dp)}).`,
          {
            amount_due: formatMoney(amount, dp),
            amount_tendered: formatMoney(tendered, dp),
          },
        ),
      };
    }
    if (tendered.gt(amount) && !paysInFull) {
      throw badRequest(
        'pos_checkout_change_before_due',
        `Change is given only beyond what is due: ${formatMoney(due, dp)} is due, so ${formatMoney(tendered, dp)} in cash pays it all or take a part of at most what was handed over.`,
        {
          amount: formatMoney(amount, dp),
          amount_due: formatMoney(due, dp),
          amount_tendered: formatMoney(tendered, dp),
        },
      );
    }
    return { paid: true, amount, tendered, change: tendered.minus(amount), transactionId: '', paysInFull, providerData };
  }

  /** Stores a settled part against the drawer that took it. */
  record(
    order: OrderRecord,
    part: Extract<PartOutcome, { paid: true }>,
    gateway: { id: string; title: string },
    till: Till,
    checkoutId: string,
    userId: number,
    store: Store = this.stores.findOrDefault(order.store_id),
  ): void {
    const dp = store.price_num_decimals;
    this.payments.insert({
      order_id: order.id,
      checkout_id: checkoutId,
      gateway_id: gateway.id,
      gateway_title: gateway.title,
      amount: formatMoney(part.amount, dp),
      tendered: part.tendered === null ? null : formatMoney(part.tendered, dp),
      change: formatMoney(part.change, dp),
      transaction_id: part.transactionId,
      register_id: till.register.id,
      session_id: till.session?.id ?? null,
      user_id: userId,
      date_created_gmt: gmtNow(),
    });
  }

  /**
   * Writes the journal entry of an order that has just become paid (once per order), and records
   * the drawer that took its money as the order's session. Orders not paid yet are left alone.
   * A checkout passes the store and the till it has just taken the money into (read in the same
   * transaction, so the same as reading them again).
   */
  recordSale(order: OrderRecord, userId: number, at?: { store: Store; till: Till }): OrderRecord {
    if (order.date_paid_gmt === null || this.journal.hasSale(order.id)) return order;
    const store = at?.store ?? this.stores.findOrDefault(order.store_id);
    const till = at?.till ?? this.tills.of(order, store);
    this.tills.settle(order.id, till);
    const user = this.users.findById(userId);
    let saved = order;
    const sessionId = till.session?.id ?? null;
    const current = order.meta_data.find((entry) => entry.key === POS_SESSION);
    if (sessionId !== null && current?.value !== sessionId) {
      const nextId = order.meta_data.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
      const meta = [...order.meta_data.filter((entry) => entry.key !== POS_SESSION), { id: current?.id ?? nextId, key: POS_SESSION, value: sessionId }];
      saved = { ...order, meta_data: meta };
      const fields: Partial<OrderRecord> = { ...saved };
      delete fields.id;
      delete fields.items;
      this.orders.update(order.id, fields as Omit<OrderRecord, 'id' | 'items'>);
    }
    const payload = salePayload(saved, this.tendersOf(saved), {
      cashier: user ? { id: user.id, name: user.display_name } : null,
      register: { id: till.register.id, name: till.register.name },
      session_id: sessionId,
      store_id: store.id,
      dp: store.price_num_decimals,
      number: this.numbers.assign(order.id),
    });
    this.journal.append(till.register.id, 'sale', { session_id: sessionId, order_id: order.id }, payload);
    return saved;
  }
}
