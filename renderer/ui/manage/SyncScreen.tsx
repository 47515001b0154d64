/**
 * The managers' Sync screen (`manage_sync`): connect the till to the shop's WooCommerce or
 * disconnect it (refused while anything is unsent, unless it is saved to a file first, as
 * `tillbase sync disconnect --export FILE --force` does), the figures of `GET /sync/status`, what
 * goes up with retry and "mark handled", and "Check WooCommerce", the proof `tillbase sync verify` prints.
 */
import { useState } from 'preact/hooks';
import type { SyncVerifyView } from '../../../shared/resources/sync-screens.js';
import type { SyncOutboxState, SyncStatusView } from '../../../shared/resources/sync.js';
import { ApiRequestError } from '../../api-client.js';
import * as syncApi from '../../api/sync.js';
import { figuresWords, localTime, pausedReasonWords, STATE_WORDS } from '../../sync-words.js';
import { useTill, useTillState } from '../context.js';
import { announceSyncChanged, useSyncPolling } from '../sync-polling.js';
import { errorFor, fieldErrorsOf, type FieldErrors } from './api.js';
import { jsonFile, saveFile } from '../kit/download.js';
import { TextField } from '../kit/TextField.js';
import { SyncOutbox } from './SyncOutbox.js';
import { SyncResume } from './SyncResume.js';

const FIGURE_STATES: readonly SyncOutboxState[] = ['pending', 'sending', 'unknown', 'rejected', 'synced', 'handled'];

/** `again`: the till is connected but WooCommerce refused its key, so a new one replaces it. */
function ConnectForm(props: { onConnected: () => void; again?: boolean }) {
  const { till } = useTill();
  const [fields, setFields] = useState({ url: '', consumer_key: '', consumer_secret: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setRefusal(null);
    till.clearStatus();
    try {
      const connected = await syncApi.connect(till.client, fields);
      const warnings = connected.warnings.length > 0 ? ` ${connected.warnings.join(' ')}` : '';
      till.info(`Connected to ${connected.url}. The catalogue is being brought down from WooCommerce.${warnings}`);
      setFields({ url: '', consumer_key: '', consumer_secret: '' });
      announceSyncChanged();
      props.onConnected();
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField !== null) setErrors(byField);
      else if (error instanceof ApiRequestError && error.code.startsWith('pos_sync_')) setRefusal(error.message);
      else till.fail(error);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof fields, label: string, type: 'text' | 'password', hint?: string) => (
    <TextField
      id={`sync-${name.replace('_', '-')}`}
      label={label}
      hint={hint}
      type={type}
      autocomplete="off"
      value={fields[name]}
      error={errorFor(errors, name)}
      onInput={(value) => {
        setFields({ ...fields, [name]: value });
      }}
    />
  );
  return (
    <form id="sync-connect" class="card manage-form" aria-label="Connect to WooCommerce" noValidate onSubmit={(event) => void submit(event)}>
      <h2>{props.again === true ? 'Connect again with a new key' : 'Connect to the shop’s WooCommerce'}</h2>
      <p class="hint">
        In WooCommerce: Settings → Advanced → REST API → Add key, with Read/Write permissions. WooCommerce then keeps the catalogue, and the till sends up what
        it sells.
      </p>
      {field('url', 'Shop address', 'text', 'The shop’s home page, e.g. https://shop.example')}
      {field('consumer_key', 'Consumer key', 'text')}
      {field('consumer_secret', 'Consumer secret', 'password')}
      {refusal !== null && (
        <p id="sync-connect-refused" class="field-error" role="alert">
          {refusal} The till is not connected.
        </p>
      )}
      <div class="manage-actions">
        <button id="sync-connect-submit" type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Checking the key…' : 'Connect'}
        </button>
      </div>
    </form>
  );
}

function Connection(props: { status: SyncStatusView; onChanged: () => void }) {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const [unsent, setUnsent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const connection = props.status.connection;
  if (connection === null) return null;
  const disconnect = async (force: boolean): Promise<void> => {
    setBusy(true);
    till.clearStatus();
    try {
      const answer = await syncApi.disconnect(till.client, force);
      if (answer.unsent.length > 0) {
        const name = `tillbase-unsent-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
        saveFile(name, jsonFile(answer.unsent));
        till.info(
          `Disconnected from WooCommerce. ${answer.unsent.length} unsent entries are saved in ${name} and marked handled: enter them in WooCommerce by hand.`,
        );
      } else till.info('Disconnected from WooCommerce. The till now keeps its own catalogue.');
      setUnsent(null);
      announceSyncChanged();
      props.onChanged();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'pos_sync_unsent') setUnsent(error.message);
      else till.fail(error);
    } finally {
      setBusy(false);
    }
  };
  const facts = [
    `Connected to ${connection.url} since ${localTime(connection.connected_at_gmt)}.`,
    connection.state === 'paused'
      ? `Sending is paused: WooCommerce refused the key (${pausedReasonWords(connection.paused_reason)}). Try the saved key again once it works in the shop, or connect again with a new key.`
      : null,
    connection.online
      ? 'WooCommerce answered at the last try.'
      : `WooCommerce cannot be reached${connection.offline_since_gmt === null ? '' : ` since ${localTime(connection.offline_since_gmt)}`}; sales wait at the till.`,
    `Last sent ${connection.last_push_gmt === null ? 'never' : localTime(connection.last_push_gmt)}; catalogue last brought down ${connection.last_pull_gmt === null ? 'never' : localTime(connection.last_pull_gmt)}.`,
  ].filter((fact): fact is string => fact !== null);
  return (
    <section id="sync-connection" class="card manage-panel" aria-labelledby="sync-connection-heading">
      <h2 id="sync-connection-heading">WooCommerce</h2>
      <div class="sync-facts">
        {facts.map((fact) => (
          <p key={fact}>{fact}</p>
        ))}
      </div>
      <table id="sync-figures" class="lines manage-table">
        <tbody>
          {FIGURE_STATES.map((state) => (
            <tr key={state} data-state={state}>
              <th scope="row">{STATE_WORDS[state]}</th>
              <td>{figuresWords(props.status.states[state], store)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {unsent !== null && (
        <div id="sync-unsent" class="sync-unsent" role="alert">
          <p>{unsent}</p>
          <p>Save them to a file to enter them in WooCommerce by hand; they are then marked handled and never sent.</p>
          <button id="sync-disconnect-force" type="button" class="button" disabled={busy} onClick={() => void disconnect(true)}>
            Save the unsent to a file and disconnect
          </button>
        </div>
      )}
      <div class="manage-actions">
        <button id="sync-disconnect" type="button" class="button button-quiet" disabled={busy} onClick={() => void disconnect(false)}>
          Disconnect
        </button>
      </div>
    </section>
  );
}

function Verify() {
  const { till } = useTill();
  const [proof, setProof] = useState<SyncVerifyView | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (): Promise<void> => {
    setBusy(true);
    till.clearStatus();
    try {
      setProof(await syncApi.verify(till.client));
    } catch (error) {
      till.fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card manage-panel" aria-labelledby="sync-verify-heading">
      <h2 id="sync-verify-heading">Check WooCommerce</h2>
      <p class="hint">Reads WooCommerce’s orders and checks that every sale and refund sent is there exactly once, as the till made it.</p>
      <div class="manage-actions">
        <button id="sync-verify" type="button" class="button" disabled={busy} onClick={() => void run()}>
          {busy ? 'Checking…' : 'Check now'}
        </button>
      </div>
      {proof !== null && (
        <div id="sync-proof" role="status">
          <p class={proof.ok ? 'sync-proof-ok' : 'field-error'}>{proof.ok ? 'Everything sent is in WooCommerce.' : 'Something is wrong:'}</p>
          <ul class="sync-proof-lines">
            {proof.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function SyncScreen() {
  const { till } = useTill();
  const [status, setStatus] = useState<SyncStatusView | null>(null);
  const load = (): void => {
    syncApi.status(till.client).then(setStatus, (error: unknown) => {
      till.fail(error);
    });
  };
  useSyncPolling(load, 'sync-screen');
  if (status === null) return <p class="empty">Loading…</p>;
  if (status.connection === null) return <ConnectForm onConnected={load} />;
  return (
    <div id="sync-screen" class="manage-panel">
      <Connection status={status} onChanged={load} />
      {status.connection.state === 'paused' && <SyncResume onResumed={load} />}
      {status.connection.state === 'paused' && <ConnectForm onConnected={load} again />}
      <Verify />
      <SyncOutbox status={status} onChanged={load} />
    </div>
  );
}
