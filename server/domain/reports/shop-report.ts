import type { PaymentGatewaysRepository } from '../../data/repositories/payment-gateways.js';
import type { OtherDayEntry, ShopReportsRepository } from '../../data/repositories/shop-reports.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { gmtNow, localDayInGmt, localToday } from '../../model/dates.js';
import { Decimal, formatMoney } from '../../model/money.js';
import type { RefundPayload, SalePayload } from '../journal/entries.js';
import type { ShopTillName } from '../orders/shop-orders.js';
import { EXCHANGE_CREDIT_GATEWAY, EXCHANGE_CREDIT_TITLE } from '../registers/reports.js';
import type { Order } from '../../../shared/resources/orders.js';
import type { ShopDayFigures, ShopReport, ShopReportPayment, ShopTillDay } from '../../../shared/resources/shop-report.js';

/** What ShopReports is built from (server/composition.ts builds each once). */
export interface ShopReportsParts {
  reports: ShopReportsRepository;
  stores: StoresRepository;
  gateways: PaymentGatewaysRepository;
  /** This till: its id and name in the shop (its installation id and no name while it is alone). */
  self: () => ShopTillName;
}

/** A sale or a refund of the day, whichever till made it; `amount` and the tenders' amounts are positive. */
interface DayMovement {
  kind: 'sale' | 'refund';
  amount: Decimal;
  tenders: Array<{ method: string; title: string; amount: Decimal }>;
}

/** The part of another till's order the report reads. */
type HeldOrder = Pick<Order, 'total' | 'payment_method' | 'payment_method_title' | 'refunds'>;

/** A day's sales and refunds added up, with the tenders net of their refunds. */
class DayTally {
  sales = 0;
  refunds = 0;
  salesAmount = new Decimal(0);
  refundsAmount = new Decimal(0);
  readonly payments = new Map<string, { title: string; amount: Decimal }>();

  add(movement: DayMovement): void {
    const sign = movement.kind === 'sale' ? 1 : -1;
    if (movement.kind === 'sale') {
      this.sales += 1;
      this.salesAmount = this.salesAmount.plus(movement.amount);
    } else {
      this.refunds += 1;
      this.refundsAmount = this.refundsAmount.plus(movement.amount);
    }
    for (const tender of movement.tenders) this.addPayment(tender.method, tender.title, tender.amount.times(sign));
  }

  addTally(other: DayTally): void {
    this.sales += other.sales;
    this.refunds += other.refunds;
    this.salesAmount = this.salesAmount.plus(other.salesAmount);
    this.refundsAmount = this.refundsAmount.plus(other.refundsAmount);
    for (const [method, payment] of other.payments) this.addPayment(method, payment.title, payment.amount);
  }

  private addPayment(method: string, title: string, amount: Decimal): void {
    const known = this.payments.get(method) ?? { title, amount: new Decimal(0) };
    known.amount = known.amount.plus(amount);
    this.payments.set(method, known);
  }

  figures(dp: number, withPayments: boolean): ShopDayFigures {
    const money = (value: Decimal) => formatMoney(value, dp);
    const payments = [...this.payments]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([method, payment]): ShopReportPayment => ({ method, title: payment.title, amount: money(payment.amount) }));
    return {
      sales: this.sales,
      sales_amount: money(this.salesAmount),
      refunds: this.refunds,
      refunds_amount: money(this.refundsAmount),
      net: money(this.salesAmount.minus(this.refundsAmount)),
      ...(withPayments ? { payments } : {}),
    };
  }
}

/**
 * The shop's X report of one day (`GET /reports/shop`): each till's sales, refunds and takings per
 * tender as this till holds them, and the shop's sums. A sale or a refund falls on the day of its
 * journal entry in the store's time zone, as on the till that made it: a refund today of
 * yesterday's sale is today's refund, and the sale stays yesterday's.
 */
export class ShopReports {
  private readonly parts: ShopReportsParts;

  constructor(parts: ShopReportsParts) {
    this.parts = parts;
  }

  report(date: string | undefined, withPayments: boolean): ShopReport {
    const { reports, stores } = this.parts;
    const store = stores.defaultStore();
    const day = date ?? localToday(store.timezone);
    const { from, to } = localDayInGmt(day, store.timezone);
    const self = this.parts.self();

    const own = new DayTally();
    for (const entry of reports.ownEntries(from, to)) own.add(this.ownMovement(JSON.parse(entry.payload) as SalePayload | RefundPayload));
    const others = new Map(reports.otherTills().map((till) => [till.id, { till, tally: new DayTally() }]));
    for (const entry of reports.otherEntries(from, to)) {
      const movement = otherMovement(entry);
      if (movement !== undefined) others.get(entry.till_id)?.tally.add(movement);
    }

    const dp = store.price_num_decimals;
    const shop = new DayTally();
    const rows: ShopTillDay[] = [
      { id: self.id, name: self.name, this_till: true, last_entry_gmt: reports.ownLastEntryGmt(), ...own.figures(dp, withPayments) },
      ...[...others.values()].map(({ till, tally }) => ({ ...till, this_till: false, ...tally.figures(dp, withPayments) })),
    ];
    for (const tally of [own, ...[...others.values()].map((other) => other.tally)]) shop.addTally(tally);
    return {
      report: 'X',
      date: day,
      timezone: store.timezone,
      currency: store.currency,
      generated_gmt: gmtNow(),
      blind: !withPayments,
      tills: rows,
      shop: shop.figures(dp, withPayments),
    };
  }

  /** This till's entries carry their tenders: a split payment counts under each of its tenders. */
  private ownMovement(payload: SalePayload | RefundPayload): DayMovement {
    const tenders = payload.tenders.map((tender) => ({ method: tender.gateway_id, title: this.title(tender.gateway_id), amount: new Decimal(tender.amount) }));
    const amount = payload.type === 'sale' ? payload.totals.total : payload.totals.amount;
    return { kind: payload.type, amount: new Decimal(amount), tenders };
  }

  private title(gatewayId: string): string {
    return this.parts.gateways.find(gatewayId)?.title ?? (gatewayId === EXCHANGE_CREDIT_GATEWAY ? EXCHANGE_CREDIT_TITLE : gatewayId);
  }
}

/**
 * Another till's entry, read from its order: the projection keeps each entry (its kind, refund and
 * date) and the order as its latest entry shows it, but not the entry's payload. The order gives
 * the same amounts (its total is the sale's; `refunds[].total` is each refund, negative as
 * WooCommerce writes it) but one tender, `payment_method`: a split payment made at another till
 * counts wholly under that method here, and a refund there under the same method. Undefined for a
 * refund its order does not list (it cannot be: the order held is from that entry or a later one).
 */
function otherMovement(entry: OtherDayEntry): DayMovement | undefined {
  const order = JSON.parse(entry.body) as HeldOrder;
  const refunded = order.refunds.find((refund) => refund.id === entry.refund_id);
  if (entry.kind === 'refund' && refunded === undefined) return undefined;
  const amount = entry.kind === 'sale' ? new Decimal(order.total) : new Decimal(refunded?.total ?? 0).negated();
  const method = order.payment_method;
  // An order of nothing to pay has no payment method: it took nothing through any tender.
  const tenders = method === '' ? [] : [{ method, title: order.payment_method_title || method, amount }];
  return { kind: entry.kind, amount, tenders };
}
