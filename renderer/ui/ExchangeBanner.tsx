/**
 * The exchange credit waiting on the selling screen: the customer's returned goods, worth this much,
 * pay first for the new goods rung up; "Pay" spends it and asks only for the difference. Should the
 * customer take nothing after all, the credit is given back in cash.
 */
import { useEffect } from 'preact/hooks';
import { cashOutExchange, loadWaitingExchange } from '../exchange.js';
import { formatPrice } from '../format.js';
import { useTill, useTillState } from './context.js';

export function ExchangeBanner() {
  const { till } = useTill();
  const exchange = useTillState((state) => state.exchange);
  const busy = useTillState((state) => state.busy);
  const store = useTillState((state) => state.store);
  const userId = useTillState((state) => state.user?.uuid);
  // The credit is the server's: asked for whenever the selling screen opens for a user, so a reload
  // or another user logging in between the return and the new sale finds it still waiting.
  useEffect(() => {
    if (store !== null) void loadWaitingExchange(till);
  }, [userId, store?.id]);
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
