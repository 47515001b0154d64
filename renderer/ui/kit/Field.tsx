/**
 * A labelled form control with its hint and the server's message under it: the label's `for`, the
 * hint's and message's ids in `aria-describedby`, and `aria-invalid` while a message stands, so a
 * screen reader says all three and the browser tests find the control by its label.
 */
import type { ComponentChildren } from 'preact';

export const hintId = (id: string): string => `${id}-hint`;
const isMissing = (message: string | null | undefined): message is null | undefined => message === null || message === undefined;
export const errorId = (id: string): string => `${id}-error`;

/** The attributes that tie a control to its hint and message. */
export function fieldAria(id: string, error: string | null | undefined, hint?: ComponentChildren) {
  const described = [hint === undefined ? null : hintId(id), isMissing(error) ? null : errorId(id)].filter((item) => item !== null);
  return {
    'aria-invalid': isMissing(error) ? undefined : ('true' as const),
    'aria-describedby': described.length === 0 ? undefined : described.join(' '),
  };
}

/** The message under a field, tied to it by `aria-describedby`. */
export function FieldMessage(props: { id: string; message: string | null | undefined }) {
  if (isMissing(props.message)) return null;
  return (
    <p id={errorId(props.id)} class="field-error">
      {props.message}
    </p>
  );
}

export function FieldHint(props: { id: string; hint: ComponentChildren }) {
  if (props.hint === undefined) return null;
  return (
    <p id={hintId(props.id)} class="hint">
      {props.hint}
    </p>
  );
}

export interface FieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: ComponentChildren;
  hint?: ComponentChildren;
  error?: string | null;
  /**
   * The label and control go straight into the form's grid (the till's dialogs) instead of a
   * `manage-field` block of their own (the managers' forms).
   */
  bare?: boolean;
  /** The label only for screen readers, where a table's head already names the column. */
  labelHidden?: boolean;
  /** The control, made with `fieldAria(id, error, hint)`. */
  children: ComponentChildren;
}

export function Field(props: FieldProps) {
  const parts = (
    <>
      <label for={props.id} class={props.labelHidden === true ? 'visually-hidden' : undefined}>
        {props.label}
      </label>
      {props.children}
      <FieldHint id={props.id} hint={props.hint} />
      <FieldMessage id={props.id} message={props.error} />
    </>
  );
  return props.bare === true ? parts : <div class="manage-field">{parts}</div>;
}

/** A checkbox with its words beside it, its hint and message under it. */
export function CheckField(props: {
  id: string;
  label: ComponentChildren;
  checked: boolean;
  hint?: ComponentChildren;
  error?: string | null;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div class="manage-field manage-check">
      <label class="check">
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          {...fieldAria(props.id, props.error, props.hint)}
          onChange={(event) => {
            props.onChange(event.currentTarget.checked);
          }}
        />{' '}
        {props.label}
      </label>
      <FieldHint id={props.id} hint={props.hint} />
      <FieldMessage id={props.id} message={props.error} />
    </div>
  );
}
