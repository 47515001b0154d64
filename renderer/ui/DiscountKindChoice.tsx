/** The two ways a discount is typed, a percentage or an amount off: the line's and the whole sale's dialogs ask alike. */
import type { DiscountKind } from '../line-edits.js';

export function DiscountKindChoice(props: { name: string; kind: DiscountKind; onChange: (kind: DiscountKind) => void }) {
  const option = (kind: DiscountKind, label: string) => (
    <label>
      <input
        type="radio"
        name={props.name}
        checked={props.kind === kind}
        onChange={() => {
          props.onChange(kind);
        }}
      />{' '}
      {label}
    </label>
  );
  return (
    <>
      {option('percent', 'percent (%)')}
      {option('amount', 'amount off')}
    </>
  );
}
