import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import { Decimal } from '../../model/money.js';
import { OUTBOX_STATES, type OutboxEntry, type OutboxState } from '../../model/records/sync.js';
import type { OutboxEntryView, StateFigures, SyncStatusView } from '../../../shared/resources/sync.js';

export type { OutboxEntryView, StateFigures, SyncStatusView };

const view = (entry: OutboxEntry): OutboxEntryView => ({
  id: entry.id,
  kind: entry.kind,
  order_id: entry.order_id,
  refund_id: entry.refund_id,
  customer_id: entry.customer_id,
  product_id: entry.product_id,
  uuid: entry.uuid,
  state: entry.state,
  woo_id: entry.woo_id,
  attempts: entry.attempts,
  last_error: entry.last_error_code === null ? null : { code: entry.last_error_code, message: entry.last_error_message ?? '' },
  totals_difference: entry.totals_difference,
  duplicates_cancelled: entry.duplicates_cancelled,
  date_created_gmt: entry.date_created_gmt,
  date_synced_gmt: entry.date_synced_gmt,
});

/** Whole seconds from a stored GMT time (with or without milliseconds) to `nowMs`; never below zero. */
const ageSeconds = (gmt: string, nowMs: number): number => Math.max(0, Math.floor((nowMs - Date.parse(`${gmt.replace(/Z$/, '')}Z`)) / 1000));

/** States of an entry that has not reached WooCommerce yet and is still on its way (not rejected, not handled). */
const WAITING_STATES: readonly OutboxState[] = ['pending', 'sending', 'unknown'];

const addFigures = (a: StateFigures, b: StateFigures): StateFigures => ({
  count: a.count + b.count,
  sales: a.sales + b.sales,
  sales_amount: new Decimal(a.sales_amount).plus(b.sales_amount).toFixed(2),
  refunds: a.refunds + b.refunds,
  refunds_amount: new Decimal(a.refunds_amount).plus(b.refunds_amount).toFixed(2),
});

/** The sync as people see it: the connection, the outbox by state, and the outbox's entries with retry and "mark handled". */
export class SyncStatus {
  constructor(
    private readonly parts: { connection: SyncConnectionRepository; outbox: SyncOutboxRepository },
    private readonly now: () => number = Date.now,
  ) {}

  status(): SyncStatusView {
    const connection = this.parts.connection.find();
    const sums = new Map<OutboxState, { count: number; sales: number; salesAmount: Decimal; refunds: number; refundsAmount: Decimal }>();
    for (const state of OUTBOX_STATES) sums.set(state, { count: 0, sales: 0, salesAmount: new Decimal(0), refunds: 0, refundsAmount: new Decimal(0) });
    for (const row of this.parts.outbox.amountsByState()) {
      const sum = sums.get(row.state);
      if (sum === undefined) continue;
      sum.count++;
      if (row.kind === 'sale') {
        sum.sales++;
        sum.salesAmount = sum.salesAmount.plus(row.amount ?? '0');
      } else if (row.kind === 'refund') {
        sum.refunds++;
        sum.refundsAmount = sum.refundsAmount.plus(row.amount ?? '0');
      }
    }
    const states = Object.fromEntries(
      [...sums].map(([state, s]) => [
        state,
        { count: s.count, sales: s.sales, sales_amount: s.salesAmount.toFixed(2), refunds: s.refunds, refunds_amount: s.refundsAmount.toFixed(2) },
      ]),
    ) as Record<OutboxState, StateFigures>;
    const waiting = WAITING_STATES.map((state) => states[state]).reduce(addFigures);
    const oldest = this.parts.outbox.oldestWaitingSale();
    return {
      connected: connection !== undefined,
      connection:
        connection === undefined
          ? null
          : {
              url: connection.url,
              state: connection.state,
              paused_reason: connection.paused_reason,
              connected_at_gmt: connection.connected_at_gmt,
              online: connection.online,
              link: connection.online ? 'online' : connection.degraded_reason === null ? 'offline' : 'degraded',
              degraded_reason: connection.online ? null : connection.degraded_reason,
              offline_since_gmt: connection.offline_since_gmt,
              last_push_gmt: connection.last_push_gmt,
              last_pull_gmt: connection.last_pull_gmt,
            },
      states,
      waiting,
      oldest_waiting_sale: oldest
        ? { order_id: oldest.order_id, date_created_gmt: oldest.date_created_gmt, age_seconds: ageSeconds(oldest.date_created_gmt, this.now()) }
        : null,
    };
  }

  /** A page of the outbox, newest first, of one state or all. */
  outbox(state: OutboxState | null, limit: number, offset: number): { entries: OutboxEntryView[]; total: number } {
    const { entries, total } = this.parts.outbox.page(state, limit, offset);
    return { entries: entries.map(view), total };
  }

  entry(id: number): OutboxEntryView | undefined {
    const entry = this.parts.outbox.find(id);
    return entry && view(entry);
  }

  /** A rejected entry goes again; an unknown one is looked up at once (never sent blind). False when the entry is not in a state that can be retried. */
  retry(id: number): boolean {
    return this.parts.outbox.retry(id);
  }

  /** Someone dealt with it by hand: the worker leaves it, and a sale that waits for it goes. `sending` also takes one in flight (a disconnect). */
  markHandled(id: number, options: { sending?: boolean } = {}): boolean {
    return this.parts.outbox.markHandled(id, options);
  }
}
