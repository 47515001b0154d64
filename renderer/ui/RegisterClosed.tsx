/**
 * The Sell screen's word that the register is closed, where the store takes no payment without an
 * open drawer: said before the first customer rather than after the cash is taken, with the float
 * asked for there. A payment that found the register closed (the quick tender) goes through once it
 * is open.
 */
import { formatPrice } from '../format.js';
import { useTill, useTillState } from './context.js';
import { OpenRegisterForm } from './OpenRegisterForm.js';

export function RegisterClosed(props: { onOpened: () => void }) {
  const { payment } = useTill();
  const closed = useTillState(
    (state) =>
      state.store?.require_open_session === true &&
      state.drawer?.register != null &&
      state.drawer.register.session === null &&
      (state.user?.capabilities as string[] | undefined)?.includes('handle_cash') === true,
  );
  // The payment dialog asks for the float itself.
  const paying = useTillState((state) => state.paying);
  const waiting = useTillState((state) => state.waitingPayment);
  const order = useTillState((state) => state.order);
  const store = useTillState((state) => state.store);
  if (!closed || paying) return null;
  const hint =
    waiting !== null && order !== null
      ? `Count the float into the drawer and open the register: the payment of ${formatPrice(order.total, store)} then goes through.`
      : 'Count the float into the drawer and open the register before the first sale: payments are taken from then on.';
  return (
    <OpenRegisterForm
      id="counter-open"
      floatId="counter-float"
      class="card dialog-form register-closed"
      heading="The register is closed"
      hint={hint}
      onOpened={async () => {
        await payment.resumeWaiting();
        props.onOpened();
      }}
    />
  );
}
