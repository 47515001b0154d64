/**
 * The sync outbox's repository (server/data/repositories/sync-outbox.ts) on a real SQLite file, without
 * WooCommerce: the entries the triggers write for real sales, refunds and customers, moved through
 * their states by the repository and read back row by row. The push tests (test/sync/) prove the
 * exactly-once end to end against the WooCommerce double; these check each statement's own rule.
 */
import { describe, expect, it } from 'vitest';
import type { SyncOutboxRepository } from '../../server/data/repositories/sync-outbox.js';
import type { OutboxEntry } from '../../server/model/records/sync.js';
import { connectPaused, paidSale, refundOf, withRepositories } from '../helpers/outbox-shop.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' }, ({ server }) => {
  connectPaused(server);
});

const outbox = <T>(work: (repository: SyncOutboxRepository) => T): T => withRepositories(server, (repositories) => work(repositories.syncOutbox));
const saleEntry = (orderId: number): OutboxEntry => outbox((o) => o.ofOrders([orderId]).find((entry) => entry.kind === 'sale')!);
const entry = (id: number): OutboxEntry => outbox((o) => o.find(id)!);
const sale = () => paidSale(server, tokens.cashier, catalogue.coffee);

/** Every entry not yet settled is dealt with by hand: what follows starts on an outbox with nothing waiting. */
function nothingWaiting(): void {
  outbox((o) => {
    for (const { entry: waiting } of o.unsent()) o.markHandled(waiting.id, { sending: true });
  });
}

describe('the entries the triggers write', () => {
  it('are found by id and by uuid, with their duplicates cancelled read as a list', async () => {
    const { orderId } = await sale();
    const found = saleEntry(orderId);
    expect(found).toMatchObject({ kind: 'sale', order_id: orderId, state: 'pending', attempts: 0, amount: '12.00', register_id: 1, duplicates_cancelled: [] });
    expect(outbox((o) => o.find(found.id))).toEqual(found);
    expect(outbox((o) => o.findByUuid(found.uuid))).toEqual(found);
    expect(outbox((o) => o.find(999_999))).toBeUndefined();
    expect(outbox((o) => o.findByUuid('no-such-uuid'))).toBeUndefined();
  });
});

describe('what may go now', () => {
  it('is pending or unknown, past its next attempt, in outbox order, at most `limit`', async () => {
    nothingWaiting();
    const [a, b, c] = [await sale(), await sale(), await sale()].map(({ orderId }) => saleEntry(orderId).id) as [number, number, number];
    expect(outbox((o) => o.ready('2999-01-01T00:00:00', 10).map((ready) => ready.id))).toEqual([a, b, c]);
    expect(outbox((o) => o.ready('2999-01-01T00:00:00', 2).map((ready) => ready.id))).toEqual([a, b]);
    expect(outbox((o) => o.nextReady('2999-01-01T00:00:00')?.id)).toBe(a);

    // a is looked up at 12:00 (unknown), b is being sent, c waits for its next attempt.
    outbox((o) => {
      o.settle(a, { state: 'unknown', nextAttemptGmt: '2026-11-29T12:00:00' });
      o.markSending(b, '2026-11-29T11:00:00');
      o.settle(c, { state: 'pending', nextAttemptGmt: '2026-11-29T12:00:01' });
    });
    expect(outbox((o) => o.ready('2026-11-29T11:59:59', 10))).toEqual([]);
    expect(outbox((o) => o.nextReady('2026-11-29T11:59:59'))).toBeUndefined();
    expect(outbox((o) => o.ready('2026-11-29T12:00:00', 10).map((ready) => ready.id))).toEqual([a]);
    expect(outbox((o) => o.ready('2026-11-29T12:00:01', 10).map((ready) => [ready.id, ready.state]))).toEqual([
      [a, 'unknown'],
      [c, 'pending'],
    ]);
  });

  it('a refund waits for its sale until the sale is settled, rejected included', async () => {
    nothingWaiting();
    const sold = await sale();
    await refundOf(server, tokens.cashier, sold);
    const saleId = saleEntry(sold.orderId).id;
    const refund = outbox((o) => o.ofOrders([sold.orderId]).find((found) => found.kind === 'refund')!);
    expect(refund.depends_on).toBe(saleId);
    const ready = () => outbox((o) => o.ready('2999-01-01T00:00:00', 10).map((found) => found.id));
    expect(ready()).toEqual([saleId]);
    outbox((o) => {
      o.markSending(saleId, '2026-11-29T10:00:00');
    });
    expect(ready()).toEqual([]);
    for (const state of ['rejected', 'synced', 'handled'] as const) {
      outbox((o) => {
        o.settle(saleId, { state });
      });
      expect(ready()).toEqual([refund.id]);
    }
    outbox((o) => {
      o.settle(saleId, { state: 'unknown' });
    });
    expect(ready()).toEqual([saleId]);
  });
});

describe('an entry on its way', () => {
  it('counts an attempt when sending, keeps when it first left, and gives the attempt back when nothing went', async () => {
    const [one, two] = [saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id];
    outbox((o) => {
      o.markAllSending([one, two], '2026-11-29T10:00:00');
    });
    expect([entry(one), entry(two)].map((found) => [found.state, found.attempts, found.sending_since_gmt])).toEqual([
      ['sending', 1, '2026-11-29T10:00:00'],
      ['sending', 1, '2026-11-29T10:00:00'],
    ]);
    outbox((o) => {
      o.markSending(one, '2026-11-29T10:05:00');
    });
    expect([entry(one).attempts, entry(one).sending_since_gmt]).toEqual([2, '2026-11-29T10:00:00']);
    outbox((o) => {
      o.unsend(one, 'unknown');
    });
    expect([entry(one).state, entry(one).attempts]).toEqual(['unknown', 1]);
    outbox((o) => {
      o.unsend(two, 'pending');
      o.unsend(two, 'pending');
    });
    expect([entry(two).state, entry(two).attempts]).toEqual(['pending', 0]);
  });

  it('settled: synced keeps its WooCommerce id and date, an outcome without an id keeps the one known', async () => {
    const id = saleEntry((await sale()).orderId).id;
    outbox((o) => {
      o.markSending(id, '2026-11-29T10:00:00');
    });
    outbox((o) => {
      o.settle(id, { state: 'unknown', nextAttemptGmt: '2026-11-29T10:10:00', error: { code: 'timeout', message: 'No answer.' } });
    });
    expect(entry(id)).toMatchObject({
      state: 'unknown',
      next_attempt_gmt: '2026-11-29T10:10:00',
      sending_since_gmt: '2026-11-29T10:00:00',
      last_error_code: 'timeout',
      last_error_message: 'No answer.',
      date_synced_gmt: null,
    });
    outbox((o) => {
      o.settle(id, { state: 'synced', wooId: 4242, totalsDifference: '0.01' });
    });
    const synced = entry(id);
    expect(synced).toMatchObject({
      state: 'synced',
      woo_id: 4242,
      totals_difference: '0.01',
      last_error_code: null,
      last_error_message: null,
      next_attempt_gmt: null,
      sending_since_gmt: null,
    });
    expect(synced.date_synced_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    outbox((o) => {
      o.settle(id, { state: 'rejected' });
    });
    expect(entry(id)).toMatchObject({ state: 'rejected', woo_id: 4242, totals_difference: null, date_synced_gmt: synced.date_synced_gmt });
  });

  it('keeps a stock target, and the duplicates cancelled once each, in order', async () => {
    const id = saleEntry((await sale()).orderId).id;
    outbox((o) => {
      o.setStockTarget(id, '17.5');
    });
    expect(entry(id).stock_target).toBe('17.5');
    outbox((o) => {
      o.recordDuplicatesCancelled(id, [10, 9]);
    });
    outbox((o) => {
      o.recordDuplicatesCancelled(id, [2, 10]);
    });
    expect(entry(id).duplicates_cancelled).toEqual([2, 9, 10]);
    expect(() => {
      outbox((o) => {
        o.recordDuplicatesCancelled(999_999, [1]);
      });
    }).not.toThrow();
    expect(outbox((o) => o.find(999_999))).toBeUndefined();
  });

  it('left sending by a stopped process: unknown, looked up at the time given, and counted', async () => {
    nothingWaiting();
    const [one, two, three] = [saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id];
    outbox((o) => {
      o.markAllSending([one, two], '2026-11-29T10:00:00');
    });
    expect(outbox((o) => o.sendingBecomesUnknown('2026-11-29T10:01:00'))).toBe(2);
    expect([entry(one), entry(two), entry(three)].map((found) => [found.state, found.next_attempt_gmt])).toEqual([
      ['unknown', '2026-11-29T10:01:00'],
      ['unknown', '2026-11-29T10:01:00'],
      ['pending', null],
    ]);
    expect(outbox((o) => o.sendingBecomesUnknown('2026-11-29T10:02:00'))).toBe(0);
  });
});

describe('by hand', () => {
  it('a retry sends a rejected entry again and looks an unknown one up now; a settled or sending one is not retried', async () => {
    const ids = [saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id];
    const [rejected, unknown, pending] = ids as [number, number, number];
    outbox((o) => {
      o.settle(rejected, { state: 'rejected', nextAttemptGmt: '2999-01-01T00:00:00' });
      o.settle(unknown, { state: 'unknown', nextAttemptGmt: '2999-01-01T00:00:00' });
      o.settle(pending, { state: 'pending', nextAttemptGmt: '2999-01-01T00:00:00' });
    });
    expect(ids.map((id) => outbox((o) => o.retry(id)))).toEqual([true, true, true]);
    expect(ids.map((id) => [entry(id).state, entry(id).next_attempt_gmt])).toEqual([
      ['pending', null],
      ['unknown', null],
      ['pending', null],
    ]);
    outbox((o) => {
      o.settle(rejected, { state: 'synced', wooId: 1 });
      o.settle(unknown, { state: 'handled' });
      o.markSending(pending, '2026-11-29T10:00:00');
    });
    expect(ids.map((id) => outbox((o) => o.retry(id)))).toEqual([false, false, false]);
    expect(outbox((o) => o.retry(999_999))).toBe(false);
  });

  it('dealt with by hand: any unsent entry, a sending one only when the connection ends, never a synced one', async () => {
    const [sending, synced, unknown] = [saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id];
    outbox((o) => {
      o.markSending(sending, '2026-11-29T10:00:00');
      o.settle(synced, { state: 'synced', wooId: 5 });
      o.settle(unknown, { state: 'unknown', nextAttemptGmt: '2026-11-29T10:00:00' });
    });
    expect(outbox((o) => o.markHandled(sending))).toBe(false);
    expect(outbox((o) => o.markHandled(sending, { sending: false }))).toBe(false);
    expect(entry(sending).state).toBe('sending');
    expect(outbox((o) => o.markHandled(sending, { sending: true }))).toBe(true);
    expect(outbox((o) => o.markHandled(synced, { sending: true }))).toBe(false);
    expect(outbox((o) => o.markHandled(unknown))).toBe(true);
    expect([entry(sending), entry(synced), entry(unknown)].map((found) => [found.state, found.next_attempt_gmt, found.sending_since_gmt])).toEqual([
      ['handled', null, null],
      ['synced', null, null],
      ['handled', null, null],
    ]);
    const rejected = saleEntry((await sale()).orderId).id;
    outbox((o) => {
      o.settle(rejected, { state: 'rejected' });
    });
    expect(outbox((o) => o.markHandled(rejected))).toBe(true);
    expect(outbox((o) => o.markHandled(rejected))).toBe(false);
  });
});

describe('what the status and the history read', () => {
  it('the amounts by state, and the oldest sale still waiting', async () => {
    nothingWaiting();
    expect(outbox((o) => o.oldestWaitingSale())).toBeUndefined();
    const customer = await api(server, 'POST', '/customers', { token: tokens.cashier, body: { email: 'waiting@example.test', first_name: 'Wait' } });
    expect(customer.status).toBe(201);
    expect(outbox((o) => o.oldestWaitingSale())).toBeUndefined();
    const first = await sale();
    const second = await sale();
    const [one, two] = [saleEntry(first.orderId), saleEntry(second.orderId)];
    expect(outbox((o) => o.oldestWaitingSale())).toEqual({ id: one.id, order_id: first.orderId, date_created_gmt: one.date_created_gmt });
    outbox((o) => {
      o.markSending(one.id, '2026-11-29T10:00:00');
    });
    expect(outbox((o) => o.oldestWaitingSale())?.id).toBe(one.id);
    outbox((o) => {
      o.settle(one.id, { state: 'unknown' });
    });
    expect(outbox((o) => o.oldestWaitingSale())?.id).toBe(one.id);
    outbox((o) => {
      o.settle(one.id, { state: 'rejected' });
    });
    expect(outbox((o) => o.oldestWaitingSale())?.id).toBe(two.id);
    const amounts = outbox((o) => o.amountsByState());
    expect(amounts).toContainEqual({ state: 'rejected', kind: 'sale', amount: '12.00' });
    expect(amounts).toContainEqual({ state: 'pending', kind: 'customer', amount: null });
    expect(amounts).toHaveLength(outbox((o) => o.page(null, 1, 0).total));
  });

  it('a page of entries, newest first, of one state or all, with the count', async () => {
    const ids = [saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id, saleEntry((await sale()).orderId).id];
    outbox((o) => {
      o.settle(ids[1]!, { state: 'rejected' });
    });
    const all = outbox((o) => o.page(null, 2, 0));
    expect(all.entries.map((found) => found.id)).toEqual([ids[2], ids[1]]);
    expect(all.entries[0]?.duplicates_cancelled).toEqual([]);
    expect(outbox((o) => o.page(null, 2, 1)).entries.map((found) => found.id)).toEqual([ids[1], ids[0]]);
    const rejected = outbox((o) => o.page('rejected', 100, 0));
    expect(rejected.entries.every((found) => found.state === 'rejected')).toBe(true);
    expect(rejected.entries[0]?.id).toBe(ids[1]);
    expect(rejected.total).toBe(rejected.entries.length);
    expect(all.total).toBeGreaterThan(rejected.total);
    expect(outbox((o) => o.page('sending', 10, 0))).toEqual({ entries: [], total: 0 });
  });

  it('the unsent sales and refunds of a register, and every unsent entry with its journal entry', async () => {
    nothingWaiting();
    const sold = await sale();
    await refundOf(server, tokens.cashier, sold, 1, false);
    const synced = await sale();
    outbox((o) => {
      o.settle(saleEntry(synced.orderId).id, { state: 'synced', wooId: 9 });
    });
    const customer = await api(server, 'POST', '/customers', { token: tokens.cashier, body: { email: 'unsent@example.test', first_name: 'Un' } });
    expect(customer.status).toBe(201);
    // In no order of its own: the caller sums them.
    expect(outbox((o) => o.unsentOfRegister(1)).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'refund', amount: '12.00' },
      { kind: 'sale', amount: '12.00' },
    ]);
    expect(outbox((o) => o.unsentOfRegister(2))).toEqual([]);
    const rejected = await sale();
    outbox((o) => {
      o.settle(saleEntry(rejected.orderId).id, { state: 'rejected' });
    });
    expect(outbox((o) => o.unsentOfRegister(1))).toHaveLength(3);

    const unsent = outbox((o) => o.unsent());
    expect(unsent.map(({ entry: found }) => found.kind)).toEqual(['sale', 'refund', 'customer', 'sale']);
    expect(unsent.map(({ entry: found }) => found.id)).toEqual([...unsent.map(({ entry: found }) => found.id)].sort((a, b) => a - b));
    const [saleUnsent, , customerUnsent] = unsent;
    expect(saleUnsent?.journal).toMatchObject({ id: saleUnsent?.entry.uuid, kind: 'sale', register_id: 1, order_id: sold.orderId, refund_id: null });
    expect(typeof saleUnsent?.journal?.payload).toBe('string');
    expect(saleUnsent?.journal?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(customerUnsent?.journal).toBeNull();
    expect(saleUnsent?.entry.duplicates_cancelled).toEqual([]);
  });

  it('the sale and refund entries of given orders, oldest first', async () => {
    const sold = await sale();
    await refundOf(server, tokens.cashier, sold);
    const other = await sale();
    const entries = outbox((o) => o.ofOrders([sold.orderId]));
    expect(entries.map((found) => [found.kind, found.order_id])).toEqual([
      ['sale', sold.orderId],
      ['refund', sold.orderId],
    ]);
    expect(entries[0]!.id).toBeLessThan(entries[1]!.id);
    expect(outbox((o) => o.ofOrders([sold.orderId, other.orderId]))).toHaveLength(3);
    expect(outbox((o) => o.ofOrders([]))).toEqual([]);
  });
});

describe('the duplicate sweep', () => {
  it('reads the sales synced since a moment, that moment included', async () => {
    const id = saleEntry((await sale()).orderId).id;
    const notYet = saleEntry((await sale()).orderId).id;
    outbox((o) => {
      o.settle(id, { state: 'synced', wooId: 77 });
    });
    const synced = entry(id);
    const since = outbox((o) => o.salesSyncedSince(synced.date_synced_gmt!));
    expect(since).toContainEqual({ id, uuid: synced.uuid, woo_id: 77, date_created_gmt: synced.date_created_gmt, date_synced_gmt: synced.date_synced_gmt });
    expect(since.map((found) => found.id)).not.toContain(notYet);
    expect(outbox((o) => o.salesSyncedSince('2999-01-01T00:00:00'))).toEqual([]);
  });

  it('reads the return orders synced since a moment, by the order their refund went to', async () => {
    const returned = await api(server, 'POST', '/returns', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.tea, quantity: 1 }], refund_destination: 'pos_cash', restock: true },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    const returnOrder = returned.body.order_id as number;
    const refund = outbox((o) => o.ofOrders([returnOrder]))[0]!;
    expect(refund.kind).toBe('refund');
    outbox((o) => {
      o.settle(refund.id, { state: 'synced', wooId: 501 });
    });
    const since = () => outbox((o) => o.returnOrdersSyncedSince('2000-01-01T00:00:00')).map((found) => [found.id, found.woo_id]);
    expect(since()).toEqual([]);
    withRepositories(server, (repositories) => {
      repositories.syncIds.set('order', returnOrder, 8800);
    });
    expect(since()).toEqual([[refund.id, 8800]]);
    // A refund of a sale that has its own entry is not a return's.
    const sold = await sale();
    await refundOf(server, tokens.cashier, sold);
    const saleRefund = outbox((o) => o.ofOrders([sold.orderId])).find((found) => found.kind === 'refund')!;
    outbox((o) => {
      o.settle(saleRefund.id, { state: 'synced', wooId: 502 });
    });
    withRepositories(server, (repositories) => {
      repositories.syncIds.set('order', sold.orderId, 8801);
    });
    expect(since()).toEqual([[refund.id, 8800]]);
    expect(outbox((o) => o.returnOrdersSyncedSince('2999-01-01T00:00:00'))).toEqual([]);
  });

  it('remembers when the last sweep began, replaced by the next', () => {
    expect(outbox((o) => o.lastSweep())).toBeUndefined();
    outbox((o) => {
      o.markSwept('2026-11-29T10:00:00');
    });
    expect(outbox((o) => o.lastSweep())).toBe('2026-11-29T10:00:00');
    outbox((o) => {
      o.markSwept('2026-11-29T11:00:00');
    });
    expect(outbox((o) => o.lastSweep())).toBe('2026-11-29T11:00:00');
  });
});

describe('what sync verify proves', () => {
  const shop = useServer({ store: 'uk', catalogue: 'sale' });
  const entriesOf = (orderId: number) => withRepositories(shop.server, (repositories) => repositories.syncOutbox.ofOrders([orderId]));
  const settle = (id: number, state: 'synced' | 'rejected', wooId?: number) => {
    withRepositories(shop.server, (repositories) => {
      repositories.syncOutbox.settle(id, { state, wooId: wooId ?? null, totalsDifference: '0.02' });
    });
  };

  it('every journal sale and refund from the first with an entry to the last synced, with its entry state', async () => {
    const before = await paidSale(shop.server, shop.tokens.cashier, shop.catalogue.coffee);
    const toVerify = () => withRepositories(shop.server, (repositories) => repositories.syncOutbox.journalToVerify());
    expect(toVerify()).toEqual([]);
    connectPaused(shop.server);
    const first = await paidSale(shop.server, shop.tokens.cashier, shop.catalogue.coffee);
    const refunded = await refundOf(shop.server, shop.tokens.cashier, first);
    const second = await paidSale(shop.server, shop.tokens.cashier, shop.catalogue.tea);
    const third = await paidSale(shop.server, shop.tokens.cashier, shop.catalogue.tea);
    // Nothing synced yet: nothing to prove.
    expect(toVerify()).toEqual([]);
    const [firstSale, refund] = entriesOf(first.orderId) as [OutboxEntry, OutboxEntry];
    const secondSale = entriesOf(second.orderId)[0]!;
    settle(firstSale.id, 'synced', 11);
    settle(secondSale.id, 'synced', 12);
    settle(refund.id, 'rejected');
    const rows = toVerify();
    expect(rows.map((row) => [row.kind, row.order_id, row.amount, row.state, row.woo_id, row.totals_difference])).toEqual([
      ['sale', first.orderId, '12.00', 'synced', 11, '0.02'],
      ['refund', first.orderId, '12.00', 'rejected', null, '0.02'],
      ['sale', second.orderId, '4.20', 'synced', 12, '0.02'],
    ]);
    expect(rows.map((row) => row.uuid)).toEqual([firstSale.uuid, refund.uuid, secondSale.uuid]);
    expect(rows.map((row) => row.sequence)).toEqual([firstSale.sequence, refund.sequence, secondSale.sequence]);
    expect(rows.every((row) => row.register_id === 1 && /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
    expect(rows.map((row) => row.order_id)).not.toContain(before.orderId);
    expect(rows.map((row) => row.order_id)).not.toContain(third.orderId);
    expect(refunded).toBeGreaterThan(0);
  });
});
