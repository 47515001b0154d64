/**
 * The exchange credit waiting on the selling screen: the customer's returned goods, worth this much,
 * pay first for the new goods rung up; "Pay" spends it and asks only for the difference.
 */
import { formatPrice } from '../format.js';
import { useTillState } from './context.js';

export function ExchangeBanner() {
  const exchange = useTillState((state) => state.exchange);
  const store = useTillState((state) => state.store);
  if (exchange === null) return null;
  return (
    <p id="exchange-credit" class="exchange-credit" role="status">
      Exchange: {formatPrice(exchange.credit, store)} of returned goods pays first. Ring up the new goods, then Pay.
    </p>
  );
}
