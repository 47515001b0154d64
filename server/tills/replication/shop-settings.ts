/**
 * The settings sections that are the shop's, on every till, and the keys of them that stay each
 * till's own. Left out: `license` (each installation's), `payment-gateways` (a till's card
 * terminal and its drawer are its own), and `general.default_customer` (a customer id: ids differ
 * between tills).
 */
export const SHOP_SETTINGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['general', ['default_customer']],
  ['checkout', []],
  ['tax_ids', []],
]);

/** The section's keys that are the shop's, in one order, so two tills holding the same values write the same text. */
export function shopValues(section: string, stored: Record<string, unknown>): Record<string, unknown> {
  const own = SHOP_SETTINGS.get(section) ?? [];
  return Object.fromEntries(
    Object.keys(stored)
      .filter((key) => !own.includes(key))
      .sort()
      .map((key) => [key, stored[key]]),
  );
}

/** A section's shop values as last written or applied here (replica_state, one key a section): what the writer compares with. */
export function settingsContentKey(section: string): string {
  return `settings_content:${section}`;
}
