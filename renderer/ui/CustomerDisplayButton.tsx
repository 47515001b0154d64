/** Opens the customer display (/app/display): the second window, turned to the customer. */
import { useTill } from './context.js';

export function CustomerDisplayButton() {
  const { openCustomerDisplay } = useTill();
  return (
    <button id="open-customer-display" type="button" class="button button-quiet" onClick={openCustomerDisplay}>
      Customer display
    </button>
  );
}
