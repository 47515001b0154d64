/**
 * The weight of a product or variation sold by weight, asked when it is added by its tile, a search,
 * the variation picker or its own barcode (a scale's label carries the weight and is not asked again). The kilograms take up to
 * three decimal places whatever the shop's decimal quantities setting says: the server takes them
 * for a product sold by weight.
 */
import { useState } from 'preact/hooks';
import { formatPrice } from '../format.js';
import { readQuantity } from '../line-edits.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { TextField } from './kit/TextField.js';

export function WeighDialog() {
  const { till, sale } = useTill();
  const item = useTillState((state) => state.weighing);
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  if (item === null) return null;
  const close = (): void => {
    setTyped('');
    setError('');
    till.state.set({ weighing: null });
  };
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const weight = readQuantity(typed, true);
    if (!weight.ok) {
      setError(weight.message.replace('quantity', 'weight'));
      return;
    }
    if (weight.value <= 0) {
      setError('Enter the weight on the scale, such as 0.350.');
      return;
    }
    if (await sale.addWeighed(item, weight.value)) {
      setTyped('');
      setError('');
    } else setError(till.state.get().status?.message ?? 'Not added.');
  };
  return (
    <Dialog label={`Weigh ${item.name}`} onClose={close}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2>{item.name}</h2>
        <p>{formatPrice(item.price, store)} a kilogram. Put it on the scale and enter the weight.</p>
        <TextField bare id="weigh-kilograms" label="Weight in kg" inputMode="decimal" autocomplete="off" autoFocus value={typed} onInput={setTyped} />
        <p id="weigh-error" class="form-error" role="alert">
          {error}
        </p>
        <div class="dialog-actions">
          <button type="button" class="button button-quiet" onClick={close}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={busy}>
            Add
          </button>
        </div>
      </form>
    </Dialog>
  );
}
