/**
 * The exchange credit waiting on the selling screen: the customer's returned goods, worth this much,
 * pay first for the new goods rung up; "Pay" spends it and asks only for the difference. Should the
 * customer take nothing after all, the credit is given back in cash.
 */
import { cashOutExchange } from '../exchange.js';
import { formatPrice } from '../format.js';
import { useTill, useTillState } from './context.js';

export function ExchangeBanner() {
  const { till } = useTill();
  const exchange = useTillState((state) => state.exchange);
  const busy = useTillState((state) => state.busy);
  const store = useTillState((state) => state.store);
  if (exchange === null) return null;
  return (
    <div class="exchange-credit">
      <p id="exchange-credit" role="status">
        Exchange: {formatPrice(exchange.credit, store)} of returned goods pays first. Ring up the new goods, then Pay.
      </p>
      <button type="button" class="button button-quiet" disabled={busy} onClick={() => void cashOutExchange(till)}>
        Give it back in cash instead
      </button>
    </div>
  );
}
