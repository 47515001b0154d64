import type { JournalRepository } from '../../data/repositories/journal.js';
import type { PaymentGatewaysRepository } from '../../data/repositories/payment-gateways.js';
import type { PaymentsRepository } from '../../data/repositories/payments.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import type { CashSessionRecord, RegisterRecord } from '../../model/records/registers.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import { gmtNow } from '../../model/dates.js';
import type { RefundPayload, SalePayload } from '../journal/entries.js';
import { Decimal, formatMoney } from '../../model/money.js';
import { dates } from '../orders/shape.js';
import type { Store } from '../../model/stores.js';
import type { BlindReport, Drawer, ReadableReport, SessionReport, SingleCopyFigures, UnsentFigures } from '../../../shared/resources/registers.js';

/** The cash gateway: the only tender that goes into (and comes out of) the drawer. */
export const CASH_GATEWAY = 'pos_cash';
/**
 * Exchange credit: what a return of an exchange is refunded to and the new sale is paid with
 * (server/domain/orders/exchanges.ts). It is not a payment gateway (no one chooses it at checkout),
 * never in the drawer, and its change, a credit worth more than the sale, is given back in cash.
 */
export const EXCHANGE_CREDIT_GATEWAY = 'pos_exchange_credit';
export const EXCHANGE_CREDIT_TITLE = 'Exchange credit';

export type { BlindReport, Drawer, ReadableReport, SessionReport };

const zero = () => new Decimal(0);

/** What SessionReports is built from (server/composition.ts builds each once). */
export interface SessionReportsParts {
  journal: JournalRepository;
  payments: PaymentsRepository;
  registers: RegistersRepository;
  stores: StoresRepository;
  users: UsersRepository;
  gateways: PaymentGatewaysRepository;
  /** The sync with WooCommerce, for what of the register is not sent yet. */
  syncConnection: SyncConnectionRepository;
  syncOutbox: SyncOutboxRepository;
  /** What the shop's other tills hold of this till's sales (server/tills/replication/second-copies.ts keeps it). */
  shopReplica: ShopReplicaRepository;
  /** True while this till belongs to a shop of several tills. */
  inShop: () => boolean;
}

export class SessionReports {
  private readonly journal: JournalRepository;
  private readonly payments: PaymentsRepository;
  private readonly registers: RegistersRepository;
  private readonly stores: StoresRepository;
  private readonly users: UsersRepository;
  private readonly gateways: PaymentGatewaysRepository;
  private readonly syncConnection: SyncConnectionRepository;
  private readonly syncOutbox: SyncOutboxRepository;
  private readonly shopReplica: ShopReplicaRepository;
  private readonly inShop: () => boolean;

  constructor(parts: SessionReportsParts) {
    this.journal = parts.journal;
    this.payments = parts.payments;
    this.registers = parts.registers;
    this.stores = parts.stores;
    this.users = parts.users;
    this.gateways = parts.gateways;
    this.syncConnection = parts.syncConnection;
    this.syncOutbox = parts.syncOutbox;
    this.shopReplica = parts.shopReplica;
    this.inShop = parts.inShop;
  }

  /** The register's sales no other till holds yet, while this till is in a shop (else undefined). */
  private singleCopy(registerId: number, money: (value: Decimal) => string): SingleCopyFigures | undefined {
    if (!this.inShop()) return undefined;
    const sales = this.shopReplica.salesAfter(this.shopReplica.heldByAPeer(), registerId);
    return { sales: sales.length, sales_amount: money(sales.reduce((sum, sale) => sum.plus(sale.total), zero())) };
  }

  /** The register's sales and refunds not yet in WooCommerce, while a connection exists (else undefined). */
  private unsent(registerId: number, money: (value: Decimal) => string): UnsentFigures | undefined {
    if (this.syncConnection.find() === undefined) return undefined;
    const rows = this.syncOutbox.unsentOfRegister(registerId);
    const sum = (kind: 'sale' | 'refund') => rows.filter((row) => row.kind === kind).reduce((acc, row) => acc.plus(row.amount ?? '0'), zero());
    return {
      sales: rows.filter((row) => row.kind === 'sale').length,
      sales_amount: money(sum('sale')),
      refunds: rows.filter((row) => row.kind === 'refund').length,
      refunds_amount: money(sum('refund')),
    };
  }

  private person(id: number | null): { id: number; name: string } {
    return { id: id ?? 0, name: id === null ? '' : (this.users.findById(id)?.display_name ?? '') };
  }

  private title(gatewayId: string): string {
    return this.gateways.find(gatewayId)?.title ?? (gatewayId === EXCHANGE_CREDIT_GATEWAY ? EXCHANGE_CREDIT_TITLE : gatewayId);
  }

  /** The live report of a session, with the drawer (callers drop it for a blind view). */
  build(register: RegisterRecord, session: CashSessionRecord): SessionReport {
    const store: Store = this.stores.findOrDefault(register.store_id);
    const dp = store.price_num_decimals;
    const money = (value: Decimal) => formatMoney(value, dp);
    const entries = this.journal.ofSession(session.id).map((entry) => JSON.parse(entry.payload) as SalePayload | RefundPayload);
    const sales = entries.filter((entry): entry is SalePayload => entry.type === 'sale');
    const refunds = entries.filter((entry): entry is RefundPayload => entry.type === 'refund');

    const total = (values: readonly string[]) => values.reduce((acc, value) => acc.plus(value), zero());
    const gross = total(sales.map((sale) => sale.totals.gross));
    const discounts = total(sales.map((sale) => sale.totals.discount));
    const refunded = total(refunds.map((refund) => refund.totals.amount));

    const rates = new Map<number, { label: string; rate: string; sales: Decimal; refunds: Decimal }>();
    const rateOf = (tax: { rate_id: number; label: string; rate: string }) => {
      const known = rates.get(tax.rate_id) ?? { label: tax.label, rate: tax.rate, sales: zero(), refunds: zero() };
      rates.set(tax.rate_id, known);
      return known;
    };
    for (const sale of sales) for (const tax of sale.taxes) rateOf(tax).sales = rateOf(tax).sales.plus(tax.amount);
    for (const refund of refunds) for (const tax of refund.taxes) rateOf(tax).refunds = rateOf(tax).refunds.plus(tax.amount);
    const taxes = [...rates]
      .sort(([a], [b]) => a - b)
      .map(([rateId, rate]) => ({
        rate_id: rateId,
        label: rate.label,
        rate: rate.rate,
        sales: money(rate.sales),
        refunds: money(rate.refunds),
        net: money(rate.sales.minus(rate.refunds)),
      }));
    const netTax = [...rates.values()].reduce((acc, rate) => acc.plus(rate.sales).minus(rate.refunds), zero());

    const paymentsByGateway = new Map<string, { count: number; amount: Decimal; tendered: Decimal; change: Decimal }>();
    for (const payment of this.payments.forSession(session.id)) {
      const row = paymentsByGateway.get(payment.gateway_id) ?? { count: 0, amount: zero(), tendered: zero(), change: zero() };
      row.count += 1;
      row.amount = row.amount.plus(payment.amount);
      row.tendered = row.tendered.plus(payment.tendered ?? payment.amount);
      row.change = row.change.plus(payment.change);
      paymentsByGateway.set(payment.gateway_id, row);
    }
    const refundsByGateway = new Map<string, { count: number; amount: Decimal }>();
    for (const tender of this.payments.refundTendersOfSession(session.id)) {
      const row = refundsByGateway.get(tender.gateway_id) ?? { count: 0, amount: zero() };
      row.count += 1;
      row.amount = row.amount.plus(tender.amount);
      refundsByGateway.set(tender.gateway_id, row);
    }
    const movements = this.registers.movements(session.id);
    const moved = (type: 'in' | 'out') => total(movements.filter((movement) => movement.type === type).map((movement) => movement.amount));

    const cash = paymentsByGateway.get(CASH_GATEWAY);
    const cashReceived = cash?.tendered ?? zero();
    // Cash change, and what was left of an exchange credit worth more than its sale, both paid out of the drawer.
    const changeGiven = (cash?.change ?? zero()).plus(paymentsByGateway.get(EXCHANGE_CREDIT_GATEWAY)?.change ?? zero());
    const cashRefunded = refundsByGateway.get(CASH_GATEWAY)?.amount ?? zero();
    const expected = new Decimal(session.opening_float).plus(cashReceived).minus(changeGiven).minus(cashRefunded).plus(moved('in')).minus(moved('out'));
    const unsent = this.unsent(register.id, money);
    const singleCopy = this.singleCopy(register.id, money);
    const zone = store.timezone;
    const opened = dates('date_opened', session.date_opened_gmt, zone);
    const closed = dates('date_closed', session.date_closed_gmt, zone);

    return {
      report: 'X',
      generated_gmt: gmtNow(),
      currency: store.currency,
      register: { id: register.id, name: register.name, store_id: register.store_id },
      session: {
        id: session.id,
        uuid: session.uuid,
        opened_by: this.person(session.opened_by),
        date_opened: opened.date_opened ?? null,
        date_opened_gmt: session.date_opened_gmt,
        opening_note: session.opening_note,
        closed_by: session.closed_by === null ? null : this.person(session.closed_by),
        date_closed: closed.date_closed ?? null,
        date_closed_gmt: session.date_closed_gmt,
        closing_note: session.closing_note,
      },
      sales: {
        count: sales.length,
        gross: money(gross),
        discounts: money(discounts),
        refunds: money(refunded),
        net: money(gross.minus(discounts).minus(refunded)),
        tax: money(netTax),
      },
      taxes,
      payments: [...paymentsByGateway].map(([gatewayId, row]) => ({
        gateway_id: gatewayId,
        title: this.title(gatewayId),
        count: row.count,
        amount: money(row.amount),
        tendered: money(row.tendered),
        change: money(row.change),
      })),
      refunds: [...refundsByGateway].map(([gatewayId, row]) => ({
        gateway_id: gatewayId,
        title: this.title(gatewayId),
        count: row.count,
        amount: money(row.amount),
      })),
      cash_movements: movements.map((movement) => ({
        id: movement.id,
        type: movement.type,
        amount: formatMoney(movement.amount, dp),
        reason: movement.reason,
        user_id: movement.user_id ?? 0,
        date: dates('date', movement.date_created_gmt, zone).date ?? null,
        date_gmt: movement.date_created_gmt,
      })),
      receipts: { count: sales.length, first: sales[0]?.order.number ?? null, last: sales.at(-1)?.order.number ?? null },
      ...(unsent === undefined ? {} : { unsent }),
      ...(singleCopy === undefined ? {} : { single_copy: singleCopy }),
      drawer: {
        opening_float: formatMoney(session.opening_float, dp),
        cash_received: money(cashReceived),
        change_given: money(changeGiven),
        cash_refunded: money(cashRefunded),
        cash_in: money(moved('in')),
        cash_out: money(moved('out')),
        expected_cash: money(expected),
      },
    };
  }
}

export function blindReport(report: SessionReport): BlindReport {
  const blind: Partial<SessionReport> & { blind: true } = { ...report, blind: true };
  delete blind.drawer;
  delete blind.payments;
  delete blind.refunds;
  return blind as BlindReport;
}
