import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import { toGmtMillis } from '../../model/dates.js';
import { Poller } from '../poller.js';
import type { WooCommerceOutcome } from '../shop/client.js';
import { openShop, type ShopSecrets } from '../shop/open-shop.js';
import { linkReading } from '../shop/outcome.js';
import { OutboxPush, type PushResult, type PushSources } from './outbox-push.js';
import { sweepDuplicates } from './sweep.js';

export interface PushWorkerParts extends PushSources {
  connection: SyncConnectionRepository;
  /** Where the consumer secret is read, at each pass: a connection made by the CLI takes effect without a restart. */
  secrets: ShopSecrets;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  /** How often the outbox is looked at; it is local, so looking is cheap. */
  pollMs?: number;
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
 * The one worker that pushes the outbox (issue 23, items 3-4), in the server's process: one entry at
 * a time, in outbox order, each waiting only for the entry it depends on.
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

  private markLink(outcome: WooCommerceOutcome): void {
    const reading = linkReading(outcome);
    if (reading.link === 'degraded') this.parts.connection.markDegraded(reading.reason);
    else this.parts.connection.markReachable(reading.link === 'online');
  }

  /** One pass: every entry that may go, until the outbox is empty or WooCommerce cannot be reached. */
  async pass(): Promise<PassSummary> {
    const summary: PassSummary = { synced: 0, rejected: 0, duplicatesCancelled: [] };
    const connection = this.parts.connection.find();
    if (connection === undefined || connection.state === 'paused') return summary;
    // Every answer, a lookup's and a read's too, says where the link stands; a good one alone says online.
    const shop = await openShop(connection, this.parts.secrets, (outcome) => {
      this.markLink(outcome);
    });
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
    let settledUnknown = false;
    while (!this.stopped) {
      const entry = outbox.nextReady(stamp(Date.now()));
      if (entry === undefined) break;
      const wasUnknown = entry.state === 'unknown';
      const before = wasUnknown ? 'unknown' : 'pending';
      outbox.markSending(entry.id, stamp(Date.now()));
      let result: PushResult;
      try {
        result = await push.push(entry, wasUnknown);
      } catch (error) {
        // Our own fault (a database error, say) after the request may have left: looked up like any unknown outcome.
        result = { kind: 'unknown', code: 'tillbase_push_failed', message: error instanceof Error ? error.message : String(error) };
      }
      if (result.kind === 'synced') {
        outbox.settle(entry.id, { state: 'synced', wooId: result.wooId, totalsDifference: result.totalsDifference ?? null, error: result.note ?? null });
        this.parts.connection.markPushed();
        summary.synced++;
        settledUnknown ||= wasUnknown;
        continue;
      }
      if (result.kind === 'rejected') {
        outbox.settle(entry.id, { state: 'rejected', error: { code: result.code, message: result.message } });
        summary.rejected++;
        continue;
      }
      summary.stoppedBy = result.kind;
      if (result.kind === 'not_sent') {
        outbox.unsend(entry.id, before);
      } else if (result.kind === 'unauthorized') {
        outbox.unsend(entry.id, before);
        this.parts.connection.pause(`${result.code}: ${result.message}`);
        this.parts.log.warn({ code: result.code }, 'sync: WooCommerce refused the key; the connection is paused');
      } else {
        outbox.settle(entry.id, { state: 'unknown', error: { code: result.code, message: result.message }, nextAttemptGmt: stamp(Date.now() + graceMs) });
      }
      break;
    }
    const sweepDue = Date.now() - this.lastSweepMs >= connection.settings.sweep_minutes * 60_000;
    if (!this.stopped && summary.stoppedBy === undefined && (settledUnknown || sweepDue)) {
      this.lastSweepMs = Date.now();
      const swept = await sweepDuplicates(client, outbox, connection.connected_at_gmt);
      summary.duplicatesCancelled = swept.cancelled;
      if (swept.cancelled.length > 0) this.parts.log.info({ orders: swept.cancelled }, 'sync: cancelled duplicate orders in WooCommerce');
    }
    return summary;
  }
}
