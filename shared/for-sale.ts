/**
 * Whether the till sells a product, by its status and its parent's: the server refuses a line of one
 * that is not for sale and the till shows its tile as such. WooCommerce sells only what is published;
 * a private product is sold at the till only when `settings/general` sell_private_products says so
 * (WCPOS sells private products by design; a shop that makes one private usually means "not now").
 */

/** Statuses in which WooCommerce does not sell an item (trash includes one deleted there: the pull trashes it). */
const NEVER_SOLD: ReadonlySet<string> = new Set(['draft', 'pending', 'trash', 'future', 'auto-draft']);

/** The status that keeps an item (or, for a variation, its product) from being sold, or null when it is for sale. */
export function withdrawnStatus(status: string, parentStatus: string | null, sellPrivate: boolean): string | null {
  for (const candidate of [parentStatus, status]) {
    if (candidate === null) continue;
    if (NEVER_SOLD.has(candidate) || (candidate === 'private' && !sellPrivate)) return candidate;
  }
  return null;
}

/** Why it is not sold, as the API's refusal and the till's tile say it. */
export function withdrawnWords(status: string): string {
  return status === 'trash' ? 'withdrawn in WooCommerce: deleted or in its trash' : `withdrawn in WooCommerce: ${status}`;
}
