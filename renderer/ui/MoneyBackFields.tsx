/**
 * Where a refund's goods and money go: back in stock or not, and the tender the money goes back
 * by. A refund of a sale and a return without a receipt ask alike.
 */
import type { PaymentGateway } from '../../shared/resources/payments.js';

export function MoneyBackFields(props: {
  /** The prefix of the fields' ids (`refund`, `return`): `#refund-tender`. */
  idPrefix: string;
  restock: boolean;
  onRestock: (restock: boolean) => void;
  destination: string;
  onDestination: (gatewayId: string) => void;
  tenders: readonly Pick<PaymentGateway, 'id' | 'title'>[];
}) {
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={props.restock}
          onChange={(event) => {
            props.onRestock(event.currentTarget.checked);
          }}
        />{' '}
        Put the items back in stock
      </label>
      <label for={`${props.idPrefix}-tender`}>Give the money back by</label>
      <select
        id={`${props.idPrefix}-tender`}
        value={props.destination}
        onChange={(event) => {
          props.onDestination(event.currentTarget.value);
        }}
      >
        {props.tenders.map((gateway) => (
          <option key={gateway.id} value={gateway.id}>
            {gateway.title}
          </option>
        ))}
      </select>
    </>
  );
}
