/**
 * A labelled text input: the one place a field's label, input, hint and message are written out.
 * Everything an input takes (type, inputMode, autocomplete, min, form, ...) passes through; the
 * value comes back as a string.
 */
import type { ComponentChildren, InputHTMLAttributes, Ref } from 'preact';
import { Field, fieldAria } from './Field.js';

type InputAttributes = Omit<InputHTMLAttributes, 'id' | 'value' | 'onInput' | 'ref' | 'label' | 'children'>;

export interface TextFieldProps extends InputAttributes {
  id: string;
  label: ComponentChildren;
  value: string;
  onInput: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | null;
  /** For a screen that moves the focus into the input. */
  inputRef?: Ref<HTMLInputElement>;
  /** Label and input straight into the form's grid, as in the till's dialogs. */
  bare?: boolean;
  labelHidden?: boolean;
}

export function TextField(props: TextFieldProps) {
  const { id, label, value, onInput, hint, error, inputRef, bare, labelHidden, type, ...input } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error} bare={bare} labelHidden={labelHidden}>
      <input
        {...input}
        id={id}
        ref={inputRef}
        type={type ?? 'text'}
        value={value}
        {...fieldAria(id, error, hint)}
        onInput={(event) => {
          onInput(event.currentTarget.value);
        }}
      />
    </Field>
  );
}
