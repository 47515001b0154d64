/**
 * A search form: one field and a Find button (role `search`), with room after the button for the
 * screen's own buttons. The form does not reload the page; `onFind` gets what was typed.
 */
import type { ComponentChildren, InputHTMLAttributes } from 'preact';

type InputAttributes = Omit<InputHTMLAttributes, 'id' | 'value' | 'onInput' | 'ref' | 'label' | 'children' | 'type'>;

export interface SearchFormProps extends InputAttributes {
  id: string;
  /** The search landmark's name, when the screen has more than one. */
  formLabel?: string;
  /** The field's visible label; without it the input is named by its `aria-label`. */
  label?: ComponentChildren;
  type?: 'text' | 'search';
  formClass?: string;
  value: string;
  onInput: (value: string) => void;
  onFind: () => void | Promise<void>;
  submitLabel?: string;
  /** Buttons after Find. */
  children?: ComponentChildren;
}

export function SearchForm(props: SearchFormProps) {
  const { id, formLabel, label, type, formClass, value, onInput, onFind, submitLabel, children, ...input } = props;
  return (
    <form
      class={formClass ?? 'manage-inline'}
      role="search"
      aria-label={formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void onFind();
      }}
    >
      {label === undefined ? null : <label for={id}>{label}</label>}
      <input
        {...input}
        id={id}
        type={type ?? 'search'}
        value={value}
        onInput={(event) => {
          onInput(event.currentTarget.value);
        }}
      />
      <button type="submit" class="button">
        {submitLabel ?? 'Find'}
      </button>
      {children}
    </form>
  );
}
