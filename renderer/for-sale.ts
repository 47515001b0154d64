/**
 * What the till says of an item the shop does not sell (a draft, pending or trashed product, or a
 * private one unless the settings sell those): its tile is not for sale, and a scan of it says why
 * instead of asking the server, which would refuse the line with the same words.
 */
import { withdrawnStatus, withdrawnWords } from '../shared/for-sale.js';
import type { SellingRules } from './till-state.js';

/** Why the item (a variation with its product) is not for sale, or null when it is. */
export function notForSale(item: { status: string }, rules: Pick<SellingRules, 'sellPrivate'>, parent?: { status: string }): string | null {
  const status = withdrawnStatus(item.status, parent?.status ?? null, rules.sellPrivate);
  return status === null ? null : `Not for sale: ${withdrawnWords(status)}.`;
}
