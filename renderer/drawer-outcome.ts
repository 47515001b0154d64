/**
 * What became of the drawer after a cash payment. The checkout's answer carries the pulse's outcome
 * in the cash gateway's `provider_data.drawer` (server/http/routers/checkout.ts); a drawer that did
 * not open is told plainly, since the cashier is standing there with the change, and one that opened
 * says nothing. A register with no drawer printer set opens with its key anyway: nothing to tell.
 */
import type { CheckoutState } from '../shared/resources/payments.js';
import type { DrawerKick } from '../shared/resources/registers.js';

function drawerKickOf(checkout: CheckoutState | null): DrawerKick | null {
  const drawer = checkout?.provider_data.drawer;
  if (typeof drawer !== 'object' || drawer === null) return null;
  const { opened, printer, message } = drawer as Partial<DrawerKick>;
  if (typeof opened !== 'boolean' || typeof message !== 'string') return null;
  return { opened, printer: typeof printer === 'string' ? printer : null, message };
}

/** The sentence for a drawer whose printer did not open it, or null when there is nothing to tell. */
export function drawerNotOpened(checkout: CheckoutState | null): string | null {
  const kick = drawerKickOf(checkout);
  if (kick === null || kick.opened || kick.printer === null) return null;
  return `${kick.message} Open it with the key.`;
}
