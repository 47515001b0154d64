/** A labelled choice among fixed options, with its hint and message. */
import type { ComponentChildren } from 'preact';
import { Field, fieldAria } from './Field.js';

/** The options as `[value, words shown]`, in the order shown. */
export type Choices = ReadonlyArray<readonly [value: string, label: string]>;

export interface SelectFieldProps {
  id: string;
  label: ComponentChildren;
  value: string;
  options: Choices;
  onChange: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | null;
  /** The form the select belongs to, where it stands outside it (in a table row). */
  form?: string;
  bare?: boolean;
  labelHidden?: boolean;
}

export function SelectField(props: SelectFieldProps) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error} bare={props.bare} labelHidden={props.labelHidden}>
      <select
        id={props.id}
        form={props.form}
        value={props.value}
        {...fieldAria(props.id, props.error, props.hint)}
        onChange={(event) => {
          props.onChange(event.currentTarget.value);
        }}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}
