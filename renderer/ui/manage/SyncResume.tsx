/**
 * The Sync screen's way out of a pause that keeps the key: WooCommerce refused the till's key (it
 * was switched off in the shop, say) and now takes it again. The server checks the saved key as at
 * connect (`POST /sync/resume`) and sending goes on with the settings the till had; a new key goes
 * through the connect form beside it instead.
 */
import { useState } from 'preact/hooks';
import { ApiRequestError } from '../../api-client.js';
import * as syncApi from '../../api/sync.js';
import { useTill } from '../context.js';
import { announceSyncChanged } from '../sync-polling.js';

export function SyncResume(props: { onResumed: () => void }) {
  const { till } = useTill();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tryAgain = async (): Promise<void> => {
    setBusy(true);
    setRefusal(null);
    till.clearStatus();
    try {
      const connection = await syncApi.resume(till.client);
      till.info(`WooCommerce at ${connection.url} accepts the saved key again: what waits is being sent.`);
      announceSyncChanged();
      props.onResumed();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code.startsWith('pos_sync_')) setRefusal(error.message);
      else till.fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id="sync-resume" class="card manage-panel" aria-labelledby="sync-resume-heading">
      <h2 id="sync-resume-heading">Try the saved key again</h2>
      <p class="hint">If the key works in WooCommerce again, the till checks it and goes on sending, with its settings as they were.</p>
      {refusal !== null && (
        <p id="sync-resume-refused" class="field-error" role="alert">
          {refusal} Sending is still paused.
        </p>
      )}
      <div class="manage-actions">
        <button id="sync-resume-submit" type="button" class="button button-primary" disabled={busy} onClick={() => void tryAgain()}>
          {busy ? 'Checking the key…' : 'Try the saved key again'}
        </button>
      </div>
    </section>
  );
}
