/**
 * A manager approves a cashier's request on this till without switching user: their username and
 * PIN (or password) go to `POST /auth/approvals`; a refusal is shown in the server's words.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { actionWords } from '../approvals.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { TextField } from './kit/TextField.js';

export function ApprovalDialog() {
  const { till } = useTill();
  const ask = useTillState((state) => state.approval);
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const [usePassword, setUsePassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const secretRef = useRef<HTMLInputElement>(null);
  const open = ask !== null;
  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    setSecret('');
    setBusy(false);
  }, [open, ask?.error]);
  if (ask === null) return null;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    await till.approvals.submit(username.trim(), usePassword ? { password: secret } : { pin: secret.trim() });
    secretRef.current?.focus();
  };

  return (
    <Dialog
      label="Manager approval"
      onClose={() => {
        till.approvals.cancel();
      }}
    >
      <form id="approval-form" class="dialog-form" novalidate onSubmit={(event) => void submit(event)}>
        <h2>Manager approval</h2>
        <p>
          A manager has to approve {actionWords(ask.action)}. The manager enters their username and {usePassword ? 'password' : 'PIN'} here.
        </p>
        <TextField
          bare
          id="approval-username"
          label="Manager's username"
          autocomplete="off"
          autocapitalize="none"
          spellcheck={false}
          autoFocus
          value={username}
          onInput={setUsername}
        />
        <TextField
          bare
          id="approval-secret"
          label={usePassword ? "Manager's password" : "Manager's PIN"}
          inputRef={secretRef}
          type="password"
          inputMode={usePassword ? 'text' : 'numeric'}
          autocomplete="off"
          value={secret}
          onInput={setSecret}
        />
        <label class="check">
          <input
            type="checkbox"
            checked={usePassword}
            onChange={(event) => {
              setUsePassword(event.currentTarget.checked);
            }}
          />{' '}
          Use the password instead of a PIN
        </label>
        <p id="approval-error" class="form-error" role="alert">
          {ask.error}
        </p>
        <div class="dialog-actions">
          <button
            type="button"
            class="button button-quiet"
            onClick={() => {
              till.approvals.cancel();
            }}
          >
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={busy}>
            Approve
          </button>
        </div>
      </form>
    </Dialog>
  );
}
