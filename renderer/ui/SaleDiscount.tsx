/**
 * A discount on the whole sale, in percent or as an amount off, spread over the lines (discounts.ts).
 * A discount above the manager's limit (settings/approvals) asks for a manager's approval on the way.
 */
import { useState } from 'preact/hooks';
import { Decimal } from 'decimal.js';
import { spreadSaleDiscount } from '../discounts.js';
import { formatPrice } from '../format.js';
import type { DiscountKind } from '../line-edits.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { DiscountKindChoice } from './DiscountKindChoice.js';
import { TextField } from './kit/TextField.js';

export function SaleDiscountDialog(props: { onClose: () => void }) {
  const { sale, till } = useTill();
  const order = useTillState((state) => state.order);
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const [typed, setTyped] = useState('');
  const [kind, setKind] = useState<DiscountKind>('percent');
  const [error, setError] = useState('');
  if (order === null) return null;
  const decimals = store?.price_num_decimals ?? 2;
  const inclusive = order.prices_include_tax;
  const taxes = { pricesIncludeTax: inclusive, ratePercentById: new Map(order.tax_lines.map((line) => [line.rate_id, line.rate_percent])) };
  // What the amount is off: the items before tax, or with their tax where the prices include it.
  const base = order.line_items
    .reduce(
      (sum, line) => sum.plus(inclusive ? new Decimal(line.subtotal).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).plus(line.subtotal_tax) : line.subtotal),
      new Decimal(0),
    )
    .toFixed(decimals);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setError('');
    const spread = spreadSaleDiscount(order.line_items, typed, kind, decimals, taxes);
    if (!spread.ok) {
      setError(spread.message);
      return;
    }
    if (await sale.discountSale(spread.value)) props.onClose();
    else setError(till.state.get().status?.message ?? 'Not changed.');
  };

  return (
    <Dialog label="Discount on the sale" onClose={props.onClose}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2>Discount on the sale</h2>
        <p>
          Off the items’ {formatPrice(base, store)} {inclusive ? 'with tax' : 'before tax'}, shared over the lines. It replaces any line discount; 0 takes the
          discount off.
        </p>
        <TextField bare id="sale-discount" label="Discount" inputMode="decimal" autocomplete="off" autoFocus value={typed} onInput={setTyped} />
        <fieldset class="choice">
          <legend>Discount as</legend>
          <DiscountKindChoice name="sale-discount-kind" kind={kind} onChange={setKind} />
        </fieldset>
        <p id="sale-discount-error" class="form-error" role="alert">
          {error}
        </p>
        <div class="dialog-actions">
          <button type="button" class="button button-quiet" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={busy}>
            Apply
          </button>
        </div>
      </form>
    </Dialog>
  );
}
