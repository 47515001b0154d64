/**
 * The Sync screen's list of what goes up to WooCommerce (`GET /sync/outbox`), by state and page by
 * page, newest first, with "Try again" and "Mark handled" for an entry that is stuck or refused.
 */
import { useRef, useState } from 'preact/hooks';
import type { OutboxEntryView, SyncOutboxState, SyncStatusView } from '../../../shared/resources/sync.js';
import * as syncApi from '../../api/sync.js';
import { localTime, STATE_WORDS } from '../../sync-words.js';
import { useTill } from '../context.js';
import { announceSyncChanged, useSyncPolling } from '../sync-polling.js';
import { PageButtons } from '../kit/PageButtons.js';
import { TableHead } from '../kit/TableHead.js';

const PER_PAGE = 10;
/** The states "Try again" and "Mark handled" apply to (the server refuses them for the others). */
const ACTIONABLE: readonly SyncOutboxState[] = ['pending', 'unknown', 'rejected'];
const STATES = Object.keys(STATE_WORDS) as SyncOutboxState[];

function whatItIs(entry: OutboxEntryView): string {
  if (entry.kind === 'sale') return `Sale, order ${entry.order_id ?? '?'}`;
  if (entry.kind === 'refund') return `Refund of order ${entry.order_id ?? '?'}`;
  if (entry.kind === 'customer') return `Customer ${entry.customer_id ?? '?'}`;
  return `Stock of product ${entry.product_id ?? '?'}`;
}

function EntryRow(props: { entry: OutboxEntryView; onChanged: () => void }) {
  const { till } = useTill();
  const { entry } = props;
  const [busy, setBusy] = useState(false);
  const act = async (action: 'retry' | 'handled'): Promise<void> => {
    setBusy(true);
    till.clearStatus();
    try {
      if (action === 'retry') await syncApi.retry(till.client, entry.id);
      else await syncApi.markHandled(till.client, entry.id);
      till.info(action === 'retry' ? `${whatItIs(entry)} will be sent again.` : `${whatItIs(entry)} is marked as dealt with by hand; it will not be sent.`);
      announceSyncChanged();
      props.onChanged();
    } catch (error) {
      till.fail(error);
    } finally {
      setBusy(false);
    }
  };
  const label = whatItIs(entry);
  return (
    <tr data-entry={entry.id}>
      <td>
        {label}
        <span class="hint">{localTime(entry.date_created_gmt)}</span>
      </td>
      <td class="sync-entry-state">{STATE_WORDS[entry.state]}</td>
      <td>{entry.woo_id === null ? '—' : `#${entry.woo_id}`}</td>
      <td class="numeric">{entry.attempts}</td>
      <td class="sync-entry-reason">{entry.last_error === null ? '' : entry.last_error.message || entry.last_error.code}</td>
      <td>
        {ACTIONABLE.includes(entry.state) && (
          <div class="manage-row-actions">
            <button type="button" class="button button-small" disabled={busy} aria-label={`Try again: ${label}`} onClick={() => void act('retry')}>
              Try again
            </button>
            <button
              type="button"
              class="button button-small button-quiet"
              disabled={busy}
              aria-label={`Mark handled: ${label}`}
              onClick={() => void act('handled')}
            >
              Mark handled
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

export function SyncOutbox(props: { status: SyncStatusView; onChanged: () => void }) {
  const { till } = useTill();
  const [state, setState] = useState<SyncOutboxState | ''>('');
  const [page, setPage] = useState(1);
  // The entries with the filter and page they answer: a list answered for the filter just left must
  // not show under the new one (it read "Nothing here" for a moment after leaving an empty state).
  const [loaded, setLoaded] = useState<{ key: string; entries: OutboxEntryView[] } | null>(null);
  const key = `${state}:${page}`;
  const currentKey = useRef(key);
  currentKey.current = key;
  const load = (): void => {
    const asked = key;
    syncApi.outbox(till.client, { ...(state === '' ? {} : { state }), page, per_page: PER_PAGE }).then(
      (entries) => {
        if (currentKey.current === asked) setLoaded({ key: asked, entries });
      },
      (error: unknown) => {
        till.fail(error);
      },
    );
  };
  useSyncPolling(load, key);
  const entries = loaded?.key === key ? loaded.entries : null;
  const total = state === '' ? STATES.reduce((sum, each) => sum + props.status.states[each].count, 0) : props.status.states[state].count;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <section class="card manage-panel" aria-labelledby="sync-outbox-heading">
      <div class="manage-toolbar">
        <h2 id="sync-outbox-heading">What goes up to WooCommerce</h2>
        <span class="spacer" />
        <label for="sync-outbox-state">Show</label>
        <select
          id="sync-outbox-state"
          value={state}
          onChange={(event) => {
            setState(event.currentTarget.value as SyncOutboxState | '');
            setPage(1);
          }}
        >
          <option value="">Everything</option>
          {STATES.map((each) => (
            <option key={each} value={each}>
              {`${STATE_WORDS[each]} (${props.status.states[each].count})`}
            </option>
          ))}
        </select>
      </div>
      {entries === null ? (
        <p class="empty">Loading…</p>
      ) : entries.length === 0 ? (
        <p class="empty">Nothing here.</p>
      ) : (
        <table id="sync-outbox" class="lines manage-table">
          <TableHead columns={['What', 'State', 'In WooCommerce', { label: 'Tries', numeric: true }, 'Why']} />
          <tbody>
            {entries.map((entry) => (
              <EntryRow
                key={`${entry.id}-${entry.state}-${entry.attempts}`}
                entry={entry}
                onChanged={() => {
                  load();
                  props.onChanged();
                }}
              />
            ))}
          </tbody>
        </table>
      )}
      <PageButtons page={page} last={page >= pages} onPage={setPage} buttonClass="button">
        <span id="sync-outbox-page">{`Page ${page} of ${pages}`}</span>
      </PageButtons>
    </section>
  );
}
