/**
 * The float counted into the drawer and the register opened: on the drawer screen, on the Sell screen
 * before the first sale, and inside the payment that found the register closed. The field takes the
 * focus as it appears, since opening the register is the one thing to do then.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { DrawerDesk } from '../drawer.js';
import { currencySymbol } from '../format.js';
import { useTill, useTillState } from './context.js';

interface OpenRegisterProps {
  /** The form's id and its float field's: the three places are told apart by them. */
  id: string;
  floatId: string;
  heading: string;
  hint: ComponentChildren;
  /** What follows a register opened here (a payment that waited for it). */
  onOpened?: () => Promise<unknown>;
  /** The id of a note field beside the float: the drawer screen has one; where a customer waits, the float alone. */
  noteId?: string;
  class?: string;
}

export function OpenRegisterForm(props: OpenRegisterProps) {
  const { till } = useTill();
  const desk = useMemo(() => new DrawerDesk(till), [till]);
  const busy = useTillState((state) => state.busy);
  const currency = useTillState((state) => state.store?.currency ?? null);
  const [float, setFloat] = useState('');
  const [note, setNote] = useState('');
  const floatRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    floatRef.current?.focus();
  }, []);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (!(await desk.open(float.trim(), note.trim()))) return;
    setNote('');
    await props.onOpened?.();
  };
  return (
    <form id={props.id} class={props.class ?? 'card dialog-form'} aria-label="Open the register" onSubmit={(event) => void submit(event)}>
      <h2>{props.heading}</h2>
      <p class="hint">{props.hint}</p>
      <label for={props.floatId}>Opening float</label>
      <span class="money-field">
        {currency !== null && (
          <span class="currency" aria-hidden="true">
            {currencySymbol(currency)}
          </span>
        )}
        <input
          id={props.floatId}
          ref={floatRef}
          type="text"
          inputMode="decimal"
          autocomplete="off"
          value={float}
          onInput={(event) => {
            setFloat(event.currentTarget.value);
          }}
        />
      </span>
      {props.noteId !== undefined && (
        <>
          <label for={props.noteId}>Note</label>
          <input
            id={props.noteId}
            type="text"
            autocomplete="off"
            value={note}
            onInput={(event) => {
              setNote(event.currentTarget.value);
            }}
          />
        </>
      )}
      <div class="dialog-actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          Open register
        </button>
      </div>
    </form>
  );
}
