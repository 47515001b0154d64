/**
 * Counting the drawer at close by notes and coins: a count for each of the store's currency's
 * denominations, and their sum (worked out in decimal, never binary floating point) written into
 * the counted cash that the close sends. A currency without a table is counted as one amount.
 */
import { useState } from 'preact/hooks';
import { countedTotal, denominationsOf, type Denomination } from '../../shared/denominations.js';
import { formatPrice } from '../format.js';
import { useTillState } from './context.js';

function labelOf(denomination: Denomination, money: (amount: string) => string): string {
  return `${money(denomination.value)} ${denomination.kind === 'note' ? 'notes' : 'coins'}`;
}

export function DrawerCount(props: { onTotal: (total: string) => void }) {
  const store = useTillState((state) => state.store);
  const [counts, setCounts] = useState<string[]>([]);
  const denominations = store === null ? null : denominationsOf(store.currency);
  if (denominations === null || store === null) return null;
  const money = (amount: string): string => formatPrice(amount, store);
  const total = countedTotal(denominations, counts, store.price_num_decimals);
  const change = (index: number, value: string): void => {
    const next = denominations.map((_denomination, at) => (at === index ? value : (counts[at] ?? '')));
    setCounts(next);
    const sum = countedTotal(denominations, next, store.price_num_decimals);
    if (sum !== null) props.onTotal(sum);
  };
  return (
    <fieldset id="drawer-count" class="drawer-count">
      <legend>Count by notes and coins</legend>
      <div class="drawer-count-grid">
        {denominations.map((denomination, index) => {
          const label = labelOf(denomination, money);
          return (
            <label key={`${denomination.kind}-${denomination.value}`} class="drawer-count-row">
              <span>{label}</span>
              <input
                type="text"
                inputMode="numeric"
                autocomplete="off"
                aria-label={`How many ${label}`}
                value={counts[index] ?? ''}
                onInput={(event) => {
                  change(index, event.currentTarget.value);
                }}
              />
            </label>
          );
        })}
      </div>
      <p class="hint" role="status">
        {total === null ? (
          'Enter whole numbers of notes and coins.'
        ) : (
          <>
            Total counted: <strong id="count-total">{money(total)}</strong>
          </>
        )}
      </p>
    </fieldset>
  );
}
