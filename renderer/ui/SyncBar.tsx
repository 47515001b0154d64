/**
 * The sync bar under the top bar: "Synced 12:04", "Offline since 11:20 · 14 sales ($312.40) waiting",
 * paused or needing attention, and the sales no other till of the shop holds yet ("on this till
 * only"), for every role, from `GET /sync/status` asked every interval. Nothing shows while there
 * is neither a WooCommerce nor a sale on this till only.
 */
import { useState } from 'preact/hooks';
import type { SyncStatusAnswer } from '../../shared/resources/sync.js';
import * as syncApi from '../api/sync.js';
import { barWords } from '../sync-words.js';
import { useTill, useTillState } from './context.js';
import { useSyncPolling } from './sync-polling.js';

export function SyncBar() {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const userId = useTillState((state) => state.user?.id ?? 0);
  const [status, setStatus] = useState<SyncStatusAnswer | null>(null);
  useSyncPolling(() => {
    // A failed ask keeps the last answer: the server's own banner says when it cannot be reached.
    syncApi.status(till.client).then(setStatus, () => undefined);
  }, String(userId));
  const words = status === null ? null : barWords(status, store);
  if (words === null) return null;
  return (
    <div id="sync-bar" class={`sync-bar sync-${words.tone}`} role="status" data-tone={words.tone}>
      <span class="sync-dot" aria-hidden="true" />
      <span id="sync-bar-text">{words.text}</span>
    </div>
  );
}
