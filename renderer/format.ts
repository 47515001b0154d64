/**
 * Display formatting of the till's data. Prices stay decimal strings (CONTRACT 7): they are
 * regrouped as text, never turned into binary floating point.
 */
import { DEFAULT_ROLES, ROLES, type RoleName } from '../shared/access.js';

/** `2026-11-27T09:05:41` → `27 Nov 2026, 09:05`: dates on the till's screens (shared/readable-date.ts). */
export { readableDateTime as formatDateTime } from '../shared/readable-date.js';

/** The price-display fields of a store (`wcpos-reference.md`, Stores). */
export interface PriceFormat {
  currency: string;
  currency_pos: string;
  price_thousand_sep: string;
  price_decimal_sep: string;
  price_num_decimals: number;
}

/** The symbol of a currency as people write it (`$`, `€`), or the code itself when Intl has none. */
export function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat(undefined, { style: 'currency', currency }).formatToParts(0).find((candidate) => candidate.type === 'currency');
    return part?.value ?? currency;
  } catch {
    // Not an ISO 4217 code: show it as it is.
    return currency;
  }
}

/** `"1234.5"` with a store in EUR, decimals 2, separators `.` and `,` → `€1.234,50`. Empty → `—`. */
export function formatPrice(price: string, format: PriceFormat | null): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(price.trim());
  if (!match) return price.trim() === '' ? '—' : price;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (format === null) return `${sign}${whole}${fraction === '' ? '' : `.${fraction}`}`;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.price_thousand_sep);
  // Pad to the store's decimals; never cut digits off, which would round the amount.
  const decimals = fraction.padEnd(Math.max(0, format.price_num_decimals), '0');
  const amount = `${grouped}${decimals === '' ? '' : `${format.price_decimal_sep}${decimals}`}`;
  const symbol = currencySymbol(format.currency);
  switch (format.currency_pos) {
    case 'right':
      return `${sign}${amount}${symbol}`;
    case 'left_space':
      return `${sign}${symbol}\u00a0${amount}`;
    case 'right_space':
      return `${sign}${amount}\u00a0${symbol}`;
    default:
      return `${sign}${symbol}${amount}`;
  }
}

const STOCK_LABELS: Readonly<Record<string, string>> = { instock: 'In stock', outofstock: 'Out of stock', onbackorder: 'On backorder' };

export function stockLabel(status: string): string {
  return STOCK_LABELS[status] ?? status;
}

export function roleLabel(roles: readonly string[]): string {
  const known = roles.filter((role): role is RoleName => (ROLES as readonly string[]).includes(role));
  return known.map((role) => DEFAULT_ROLES[role].label).join(', ') || 'No role';
}

const ACRONYMS: Readonly<Record<string, string>> = { pos: 'POS', ssl: 'SSL', id: 'ID', ids: 'IDs', url: 'URL', qty: 'quantity' };

/** `store_tax_ids` → `Store tax IDs`, `force_ssl` → `Force SSL`. */
export function settingLabel(key: string): string {
  const words = key
    .split('_')
    .filter((word) => word !== '')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function settingValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  }
  return JSON.stringify(value);
}
