/** The cart's dialogs: change a line (quantity, discount, price), customer, note, coupon, fee, shipping. */
import { useState } from 'preact/hooks';
import type { Customer } from '../../shared/resources/customers.js';
import type { OrderLineItem } from '../../shared/resources/orders.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';

export type CartExtra =
  { kind: 'line'; line: OrderLineItem } | { kind: 'customer' } | { kind: 'note' } | { kind: 'coupon' } | { kind: 'fee' } | { kind: 'shipping' };

function Field(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'text';
  autoFocus?: boolean;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="text"
        inputMode={props.inputMode ?? 'text'}
        autoFocus={props.autoFocus}
        value={props.value}
        onInput={(event) => {
          props.onInput(event.currentTarget.value);
        }}
      />
    </>
  );
}

function Actions(props: { submitLabel: string; onClose: () => void }) {
  const busy = useTillState((state) => state.busy);
  return (
    <div class="dialog-actions">
      <button type="button" class="button button-quiet" onClick={props.onClose}>
        Cancel
      </button>
      <button type="submit" class="button button-primary" disabled={busy}>
        {props.submitLabel}
      </button>
    </div>
  );
}

function LineEditor(props: { line: OrderLineItem; onClose: () => void }) {
  const { sale } = useTill();
  const { line, onClose } = props;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [total, setTotal] = useState('');
  const [kind, setKind] = useState<'discount' | 'override'>('discount');
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    let done = true;
    const wanted = Number(quantity);
    if (quantity.trim() !== String(line.quantity)) done = await sale.setQuantity(line, wanted);
    // The typed amount goes to the server as typed; it checks it and works out the taxes and totals.
    if (done && total.trim() !== '') {
      const updated = sale.currentLine(line.id);
      if (updated !== null) done = await sale.setLineTotal(updated, total.trim(), kind);
    }
    if (done) onClose();
  };
  return (
    <Dialog label={`Change ${line.name}`} onClose={onClose}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2>{line.name}</h2>
        <Field id="line-quantity" label="Quantity" inputMode="numeric" value={quantity} onInput={setQuantity} autoFocus />
        <Field id="line-total" label="New line total (leave empty to keep)" inputMode="decimal" value={total} onInput={setTotal} />
        <fieldset class="choice">
          <legend>The new total is</legend>
          <label>
            <input
              type="radio"
              name="line-kind"
              checked={kind === 'discount'}
              onChange={() => {
                setKind('discount');
              }}
            />{' '}
            a discount
          </label>
          <label>
            <input
              type="radio"
              name="line-kind"
              checked={kind === 'override'}
              onChange={() => {
                setKind('override');
              }}
            />{' '}
            a new price
          </label>
        </fieldset>
        <Actions submitLabel="Apply" onClose={onClose} />
      </form>
    </Dialog>
  );
}

function CustomerPicker(props: { onClose: () => void }) {
  const { sale, till } = useTill();
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<Customer[] | null>(null);
  const [draft, setDraft] = useState({ first_name: '', last_name: '', email: '' });
  const search = async (event: Event): Promise<void> => {
    event.preventDefault();
    setFound(null);
    try {
      setFound(await sale.findCustomers(term));
    } catch (error) {
      setFound([]);
      till.fail(error);
    }
  };
  const choose = async (customer: Customer | null): Promise<void> => {
    if (await sale.setCustomer(customer)) props.onClose();
  };
  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (await sale.createCustomer(draft)) props.onClose();
  };
  return (
    <Dialog label="Customer" onClose={props.onClose} wide>
      <form class="dialog-form" role="search" onSubmit={(event) => void search(event)}>
        <h2>Customer</h2>
        <Field id="customer-search" label="Find a customer" value={term} onInput={setTerm} autoFocus />
        <button type="submit" class="button">
          Find
        </button>
      </form>
      {found !== null && (
        <ul class="pick-list">
          {found.length === 0 && <li class="empty">No customer matches.</li>}
          {found.map((customer) => (
            <li key={customer.id}>
              <button type="button" class="button button-quiet" onClick={() => void choose(customer)}>
                {`${customer.first_name} ${customer.last_name}`.trim() || customer.username} · {customer.email}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="dialog-form" onSubmit={(event) => void create(event)}>
        <h3>New customer</h3>
        <Field
          id="customer-first"
          label="First name"
          value={draft.first_name}
          onInput={(value) => {
            setDraft({ ...draft, first_name: value });
          }}
        />
        <Field
          id="customer-last"
          label="Last name"
          value={draft.last_name}
          onInput={(value) => {
            setDraft({ ...draft, last_name: value });
          }}
        />
        <Field
          id="customer-email"
          label="Email"
          inputMode="email"
          value={draft.email}
          onInput={(value) => {
            setDraft({ ...draft, email: value });
          }}
        />
        <div class="dialog-actions">
          <button type="button" class="button button-quiet" onClick={() => void choose(null)}>
            No customer
          </button>
          <button type="button" class="button button-quiet" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary">
            Add customer
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Note, coupon, fee and shipping: one or two fields each, sent as typed. */
function SimpleExtra(props: { kind: 'note' | 'coupon' | 'fee' | 'shipping'; onClose: () => void }) {
  const { sale } = useTill();
  const order = useTillState((state) => state.order);
  const { kind, onClose } = props;
  const [text, setText] = useState(kind === 'note' ? (order?.customer_note ?? '') : kind === 'fee' ? 'Service fee' : kind === 'shipping' ? 'Delivery' : '');
  const [amount, setAmount] = useState('');
  const titles = { note: 'Note', coupon: 'Coupon', fee: 'Fee', shipping: 'Shipping' } as const;
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const done =
      kind === 'note'
        ? await sale.setNote(text)
        : kind === 'coupon'
          ? await sale.applyCoupon(text.trim())
          : kind === 'fee'
            ? await sale.addFee(text.trim(), amount.trim())
            : await sale.addShipping(text.trim(), amount.trim());
    if (done) onClose();
  };
  return (
    <Dialog label={titles[kind]} onClose={onClose}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2>{titles[kind]}</h2>
        <Field
          id={`extra-${kind}`}
          label={kind === 'note' ? 'Note on the order' : kind === 'coupon' ? 'Coupon code' : 'Name'}
          value={text}
          onInput={setText}
          autoFocus
        />
        {(kind === 'fee' || kind === 'shipping') && <Field id={`extra-${kind}-amount`} label="Amount" inputMode="decimal" value={amount} onInput={setAmount} />}
        <Actions submitLabel={kind === 'note' ? 'Save note' : 'Add'} onClose={onClose} />
      </form>
    </Dialog>
  );
}

export function CartExtraDialog(props: { extra: CartExtra; onClose: () => void }) {
  const { extra, onClose } = props;
  if (extra.kind === 'line') return <LineEditor line={extra.line} onClose={onClose} />;
  if (extra.kind === 'customer') return <CustomerPicker onClose={onClose} />;
  return <SimpleExtra kind={extra.kind} onClose={onClose} />;
}
