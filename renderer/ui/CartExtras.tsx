/**
 * The cart's dialogs: change a line (quantity, a discount in percent or amount off, or a new
 * price), customer, note, coupon, fee, shipping.
 */
import { useState } from 'preact/hooks';
import type { Customer } from '../../shared/resources/customers.js';
import type { OrderLineItem } from '../../shared/resources/orders.js';
import { formatPrice } from '../format.js';
import { discountLine } from '../discounts.js';
import { discountedTotal, readQuantity, type DiscountKind } from '../line-edits.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { DiscountKindChoice } from './DiscountKindChoice.js';
import { TextField } from './kit/TextField.js';

export type CartExtra =
  { kind: 'line'; line: OrderLineItem } | { kind: 'customer' } | { kind: 'note' } | { kind: 'coupon' } | { kind: 'fee' } | { kind: 'shipping' };

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
  const { sale, till } = useTill();
  const rules = useTillState((state) => state.rules);
  const store = useTillState((state) => state.store);
  const { line, onClose } = props;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [discount, setDiscount] = useState('');
  const [discountKind, setDiscountKind] = useState<DiscountKind>('percent');
  const [price, setPrice] = useState('');
  const [error, setError] = useState('');
  const decimals = store?.price_num_decimals ?? 2;
  const wasDiscounted = line.subtotal !== line.total;

  /** Runs one change; a refusal (the till's or the server's) stays in the dialog, which keeps what was typed. */
  const attempt = async (change: () => Promise<boolean>): Promise<boolean> => {
    const done = await change();
    if (!done) setError(till.state.get().status?.message ?? 'Not changed.');
    return done;
  };

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setError('');
    if (discount.trim() !== '' && price.trim() !== '') {
      setError('Give either a discount or a new price, not both.');
      return;
    }
    const typed = readQuantity(quantity, rules.decimalQuantities);
    if (!typed.ok) {
      setError(typed.message);
      return;
    }
    if (typed.value !== line.quantity && !(await attempt(() => sale.setQuantity(line, typed.value)))) return;
    const updated = sale.currentLine(line.id);
    if (updated !== null && discount.trim() !== '') {
      // Off the price before any discount, which the server keeps as the line's subtotal; where the
      // prices include tax, off the price with tax, so the customer pays exactly the amount less.
      const order = till.state.get().order;
      const total =
        order?.prices_include_tax === true
          ? discountLine(updated, discount, discountKind, decimals, {
              pricesIncludeTax: true,
              ratePercentById: new Map(order.tax_lines.map((tax) => [tax.rate_id, tax.rate_percent])),
            })
          : discountedTotal(updated.subtotal, discount, discountKind, decimals);
      if (!total.ok) {
        setError(total.message);
        return;
      }
      if (!(await attempt(() => sale.setLineTotal(updated, total.value, 'discount')))) return;
    }
    // A new price goes to the server as typed; it checks it and works out the taxes and totals.
    if (updated !== null && price.trim() !== '' && !(await attempt(() => sale.setLineTotal(updated, price.trim(), 'override')))) return;
    onClose();
  };
  return (
    <Dialog label={`Change ${line.name}`} onClose={onClose}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2>{line.name}</h2>
        <TextField
          bare
          id="line-quantity"
          label={rules.decimalQuantities ? 'Quantity (decimals allowed, such as 1.5)' : 'Quantity'}
          inputMode={rules.decimalQuantities ? 'decimal' : 'numeric'}
          value={quantity}
          onInput={setQuantity}
          autoFocus
        />
        <fieldset class="choice">
          <legend>Discount off {formatPrice(line.subtotal, store)}</legend>
          <TextField
            bare
            id="line-discount"
            label={wasDiscounted ? `Discount (the line is now ${formatPrice(line.total, store)}; 0 takes the discount off)` : 'Discount (leave empty for none)'}
            inputMode="decimal"
            value={discount}
            onInput={setDiscount}
          />
          <DiscountKindChoice name="line-discount-kind" kind={discountKind} onChange={setDiscountKind} />
        </fieldset>
        <TextField
          bare
          id="line-price"
          label="New price for the line, in place of the price (leave empty to keep)"
          inputMode="decimal"
          value={price}
          onInput={setPrice}
        />
        <p id="line-error" class="form-error" role="alert">
          {error}
        </p>
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
        <TextField bare id="customer-search" label="Find a customer" value={term} onInput={setTerm} autoFocus />
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
        <TextField
          bare
          id="customer-first"
          label="First name"
          value={draft.first_name}
          onInput={(value) => {
            setDraft({ ...draft, first_name: value });
          }}
        />
        <TextField
          bare
          id="customer-last"
          label="Last name"
          value={draft.last_name}
          onInput={(value) => {
            setDraft({ ...draft, last_name: value });
          }}
        />
        <TextField
          bare
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
        <TextField
          bare
          id={`extra-${kind}`}
          label={kind === 'note' ? 'Note on the order' : kind === 'coupon' ? 'Coupon code' : 'Name'}
          value={text}
          onInput={setText}
          autoFocus
        />
        {(kind === 'fee' || kind === 'shipping') && (
          <TextField bare id={`extra-${kind}-amount`} label="Amount" inputMode="decimal" value={amount} onInput={setAmount} />
        )}
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
