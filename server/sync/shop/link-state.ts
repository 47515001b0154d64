import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import { linkReading } from './outcome.js';
import type { WooCommerceOutcome } from './client.js';

/**
 * What every answer the workers meet says of the link, written on the connection: the push's and the
 * pull's requests alike, reads and lookups included, so that "online" comes back only after a good
 * answer and a 5xx, a timeout or a page that is not WooCommerce's makes it "degraded" with the reason.
 */
export function linkRecorder(connection: Pick<SyncConnectionRepository, 'markDegraded' | 'markReachable'>): (outcome: WooCommerceOutcome) => void {
  return (outcome) => {
    const reading = linkReading(outcome);
    if (reading.link === 'degraded') connection.markDegraded(reading.reason);
    else connection.markReachable(reading.link === 'online');
  };
}
