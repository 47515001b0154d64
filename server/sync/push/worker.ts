import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import { toGmtMillis } from '../../model/dates.js';
import { Poller } from '../poller.js';
import { openShop, type ShopSecrets } from '../shop/open-shop.js';
import { linkRecorder } from '../shop/link-state.js';
import { OutboxPush, type PushSources } from './outbox-push.js';
import type { PushResult } from './push-result.js';
import { sweepDuplicates } from './sweep.js';
import { BATCH_LIMIT, pushBatch } from './batch.js';
import type { OutboxEntry } from '../../model/records/sync.js';
import type { WooCommerceClient } from '../shop/client.js';

export interface PushWorkerParts extends PushSources {
  connection: SyncConnectionRepository;
  /** Where the consumer secret is read, at each pass: a connection made by the CLI takes effect without a restart. */
  secrets: ShopSecrets;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  /** How often the outbox is looked at; it is local, so looking is cheap. */
  pollMs?: number;
}

/** Our own fault (a database error, say) after the request may have left: looked up like any unknown outcome. */
const ourFault = (error: unknown): PushResult => ({
  kind: 'unknown',
  code: 'tillbase_push_failed',
  message: error instanceof Error ? error.message : String(error),
});

/**
 * The first batch's size, before one has shown how long a sale takes: small enough that three side by
 * side end well within the timeout on a busy shop (20 a batch timed out at 30 s on the shared
 * WooCommerce 10 here while five test suites used it, each sale then looked up alone).
 */
const FIRST_BATCH = 10;

/**
 * Batches sent side by side: WooCommerce makes each order of a batch in turn, so a shop that serves
 * several requests at once (PHP-FPM, or PHP's own server with workers) makes a backlog faster this way;
 * one that serves one at a time takes them in turn, no slower than one long batch.
 */
const BATCHES_AT_ONCE = 3;

/** The sales at the head of `ready` never sent before: what goes up in one batch. */
function queuedSales(ready: readonly OutboxEntry[]): OutboxEntry[] {
  const other = ready.findIndex((e) => e.kind !== 'sale' || e.state !== 'pending');
  return other === -1 ? [...ready] : ready.slice(0, other);
}

/** Timestamps with milliseconds, so that grace periods under a second (the tests') are kept. */
const stamp = (ms: number): string => toGmtMillis(new Date(ms));

export interface PassSummary {
  synced: number;
  rejected: number;
  /** Why the pass stopped before the outbox was empty, if it did. */
  stoppedBy?: PushResult['kind'];
  duplicatesCancelled: number[];
}

/**
 * The one worker that pushes the outbox (issue 23, items 3-4), in the server's process: in outbox
 * order, each entry waiting only for the entry it depends on; the sales waiting together at the head
 * of the outbox, never sent before, go up as one batch (batch.ts, issue 32, item 3), every other
 * entry one at a time.
 *
 * `sending` is committed before the first byte leaves, so a crash leaves it `sending`, which the next
 * start reads as `unknown`. An unknown outcome waits out the grace period, then the entry is looked
 * up by its uuid and sent again only when absent. A request that never left (`not_sent`) returns the
 * entry to where it was, with no attempt counted; 401/403 pause the connection with nothing marked.
 * Duplicates are swept after each unknown outcome settles and every `sweep_minutes`.
 */
export class PushWorker {
  private readonly poller: Poller;
  private lastSweepMs = 0;
  private refusalLogged = false;

  constructor(private readonly parts: PushWorkerParts) {
    this.poller = new Poller(
      () => this.pass(),
      parts.pollMs ?? 1000,
      (error) => {
        this.parts.log.warn({ fault: error instanceof Error ? error.name : 'unknown' }, 'sync: a push pass failed');
      },
    );
  }

  private get stopped(): boolean {
    return !this.poller.running;
  }

  /**
   * A request that was leaving when the last process died is now of unknown outcome. Called at
   * start-up before the server's commit group is on, so that this write is committed before the
   * first request (and before anyone else's connection wants the write lock).
   */
  recoverInterrupted(): void {
    const grace = (this.parts.connection.find()?.settings.grace_seconds ?? 0) * 1000;
    const recovered = this.parts.outbox.sendingBecomesUnknown(stamp(Date.now() + grace));
    if (recovered > 0)
      this.parts.log.warn({ entries: recovered }, 'sync: entries were being sent when the server stopped; they are looked up before being sent again');
  }

  /** Starts the passes (after `recoverInterrupted`), the first at once. */
  start(): void {
    this.poller.start(0);
  }

  /** Stops after the request in flight, if any, has ended. */
  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** How long one sale of the last batch took, for the size of the next. */
  private msPerSale = 0;

  /**
   * How many sales go in one batch: as many as WooCommerce takes (§8.1), fewer when the last batch
   * says they would not all be made within a third of the request's timeout, which would leave a
   * whole batch of unknown outcomes to look up.
   */
  private batchSize(timeoutMs: number): number {
    if (this.msPerSale <= 0) return FIRST_BATCH;
    return Math.max(2, Math.min(BATCH_LIMIT, Math.floor(timeoutMs / 3 / this.msPerSale)));
  }

  /** Writes how an entry's push ended; false when the pass stops there (WooCommerce could not be reached, or refused the key). */
  private record(entry: OutboxEntry, result: PushResult, summary: PassSummary, graceMs: number): boolean {
    const { outbox } = this.parts;
    if (result.kind === 'synced') {
      outbox.settle(entry.id, { state: 'synced', wooId: result.wooId, totalsDifference: result.totalsDifference ?? null, error: result.note ?? null });
      this.parts.connection.markPushed();
      summary.synced++;
      return true;
    }
    if (result.kind === 'rejected') {
      outbox.settle(entry.id, { state: 'rejected', error: { code: result.code, message: result.message } });
      summary.rejected++;
      return true;
    }
    if (result.kind === 'waiting') {
      // As a refund waits for its sale's unknown outcome: looked at again after the grace period.
      outbox.settle(entry.id, { state: 'pending', error: { code: result.code, message: result.message }, nextAttemptGmt: stamp(Date.now() + graceMs) });
      return true;
    }
    const before = entry.state === 'unknown' ? 'unknown' : 'pending';
    if (result.kind === 'not_sent') {
      outbox.unsend(entry.id, before);
    } else if (result.kind === 'unauthorized') {
      outbox.unsend(entry.id, before);
      this.parts.connection.pause(`${result.code}: ${result.message}`);
      this.parts.log.warn({ code: result.code }, 'sync: WooCommerce refused the key; the connection is paused');
    } else {
      outbox.settle(entry.id, { state: 'unknown', error: { code: result.code, message: result.message }, nextAttemptGmt: stamp(Date.now() + graceMs) });
    }
    return false;
  }

  /**
   * The sales queued at the head of the outbox, in batches kept `BATCHES_AT_ONCE` in flight: as one
   * ends, its sales are recorded and the next batch leaves, so a slow batch never holds the others'
   * successors back. Ends when the head of the outbox is no longer a queued sale (a refund, an unknown
   * outcome: the pass sends it alone, in order), when a recorded result stops the pass (nothing more
   * leaves; the batches in flight are awaited and recorded), or when WooCommerce refused a batch whole.
   */
  private async pushQueuedSales(
    push: OutboxPush,
    client: WooCommerceClient,
    record: (entry: OutboxEntry, result: PushResult) => boolean,
    timeoutMs: number,
  ): Promise<{ goOn: boolean; refusedWhole: boolean }> {
    const { outbox } = this.parts;
    const inFlight = new Set<Promise<void>>();
    // Written as the batches end (in their callbacks).
    const state = { goOn: true, refusedWhole: false };
    for (;;) {
      while (state.goOn && !state.refusedWhole && !this.stopped && inFlight.size < BATCHES_AT_ONCE) {
        const size = this.batchSize(timeoutMs);
        const ready = outbox.ready(stamp(Date.now()), size);
        const batch = queuedSales(ready);
        // Alone at the head, a queued sale goes in a batch only beside others in flight (a single one goes as before).
        if (batch.length === 0 || (batch.length === 1 && inFlight.size === 0)) break;
        outbox.markAllSending(
          batch.map((e) => e.id),
          stamp(Date.now()),
        );
        const began = Date.now();
        const sent: Promise<void> = pushBatch(push, client, batch)
          .catch((error: unknown) => ({ items: batch.map((e) => ({ entry: e, result: ourFault(error) })), refusedWhole: false }))
          .then((pushed) => {
            inFlight.delete(sent);
            // With the others side by side: how long one sale of a batch takes, for the next batch's size.
            this.msPerSale = (Date.now() - began) / batch.length;
            state.refusedWhole ||= pushed.refusedWhole === true;
            // Every item is recorded; nothing more leaves after a batch in which any one stopped the pass.
            if (!pushed.items.map((item) => record(item.entry, item.result)).every(Boolean)) state.goOn = false;
          });
        inFlight.add(sent);
      }
      if (inFlight.size === 0) return { goOn: state.goOn && !this.stopped, refusedWhole: state.refusedWhole };
      await Promise.race(inFlight);
    }
  }

  /** One pass: every entry that may go, until the outbox is empty or WooCommerce cannot be reached. */
  async pass(): Promise<PassSummary> {
    const summary: PassSummary = { synced: 0, rejected: 0, duplicatesCancelled: [] };
    const connection = this.parts.connection.find();
    if (connection === undefined || connection.state === 'paused') return summary;
    // Every answer, a lookup's and a read's too, says where the link stands; a good one alone says online.
    const shop = await openShop(connection, this.parts.secrets, linkRecorder(this.parts.connection));
    if (shop.kind === 'refused') {
      // Said once, not at every pass: the secret comes back only when someone connects again.
      if (!this.refusalLogged) this.parts.log.warn({ code: shop.refusal.code }, `sync: nothing is pushed: ${shop.refusal.message}`);
      this.refusalLogged = true;
      return summary;
    }
    this.refusalLogged = false;
    const { client } = shop;
    const { outbox } = this.parts;
    const push = new OutboxPush(client, this.parts, connection.settings);
    const graceMs = connection.settings.grace_seconds * 1000;
    const timeoutMs = connection.settings.request_timeout_seconds * 1000;
    let oneByOne = false;
    // Written by `record`: why the pass stopped, and whether an unknown outcome settled (which calls for a sweep).
    const pass: { stoppedBy?: PushResult['kind']; settledUnknown: boolean } = { settledUnknown: false };
    const record = (entry: OutboxEntry, result: PushResult): boolean => {
      if (!this.record(entry, result, summary, graceMs)) {
        pass.stoppedBy = result.kind;
        return false;
      }
      if (result.kind === 'synced') pass.settledUnknown ||= entry.state === 'unknown';
      return true;
    };
    while (!this.stopped) {
      // Two are enough to tell whether queued sales wait at the head (pushQueuedSales takes them from there).
      const ready = outbox.ready(stamp(Date.now()), oneByOne ? 1 : 2);
      const entry = ready[0];
      if (entry === undefined) break;
      // The sales waiting at the head of the outbox, never sent before, go together; an unknown one is looked up alone first.
      if (queuedSales(ready).length > 1) {
        const backlog = await this.pushQueuedSales(push, client, record, timeoutMs);
        oneByOne = backlog.refusedWhole;
        if (!backlog.goOn) break;
        continue;
      }
      outbox.markSending(entry.id, stamp(Date.now()));
      let result: PushResult;
      try {
        result = await push.push(entry, entry.state === 'unknown');
      } catch (error) {
        result = ourFault(error);
      }
      if (!record(entry, result)) break;
    }
    if (pass.stoppedBy !== undefined) summary.stoppedBy = pass.stoppedBy;
    const sweepDue = Date.now() - this.lastSweepMs >= connection.settings.sweep_minutes * 60_000;
    if (!this.stopped && pass.stoppedBy === undefined && (pass.settledUnknown || sweepDue)) {
      this.lastSweepMs = Date.now();
      const swept = await sweepDuplicates(client, outbox, connection.connected_at_gmt);
      summary.duplicatesCancelled = swept.cancelled;
      if (swept.cancelled.length > 0) this.parts.log.info({ orders: swept.cancelled }, 'sync: cancelled duplicate orders in WooCommerce');
    }
    return summary;
  }
}
