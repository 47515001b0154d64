import type { StoreFields } from '../../model/stores.js';
import { money } from '../../model/money.js';

type PriceFormat = Pick<StoreFields, 'currency' | 'currency_pos' | 'price_thousand_sep' | 'price_decimal_sep' | 'price_num_decimals'>;

/** Symbols by currency code: building an Intl.NumberFormat costs far more than formatting a price, and a page formats hundreds. */
const symbols = new Map<string, string>();

function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Rendered prices by format and amount: a page renders hundreds, of a few hundred distinct prices. */
const rendered = new Map<string, string>();
const REMEMBERED_PRICES = 10_000;

/** An amount as WooCommerce's `wc_price` renders it, with the store's currency, separators and decimals. */
export function priceHtml(amount: string, format: PriceFormat): string {
  const key = `${format.currency}|${format.currency_pos}|${format.price_thousand_sep}|${format.price_decimal_sep}|${format.price_num_decimals}|${amount}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderPrice(amount, format);
    if (rendered.size >= REMEMBERED_PRICES) rendered.clear();
    rendered.set(key, html);
  }
  return html;
}

function renderPrice(amount: string, format: PriceFormat): string {
  const fixed = money(amount).abs().toFixed(format.price_num_decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.price_thousand_sep);
  const number = escapeHtml(fraction === undefined ? grouped : `${grouped}${format.price_decimal_sep}${fraction}`);
  const symbol = `<span class="woocommerce-Price-currencySymbol">${escapeHtml(currencySymbol(format.currency))}</span>`;
  const body = {
    left: `${symbol}${number}`,
    right: `${number}${symbol}`,
    left_space: `${symbol}&nbsp;${number}`,
    right_space: `${number}&nbsp;${symbol}`,
  }[format.currency_pos];
  const sign = money(amount).isNegative() ? '-' : '';
  return `<span class="woocommerce-Price-amount amount"><bdi>${sign}${body}</bdi></span>`;
}

/** A simple product's or variation's price: the regular price struck through while on sale. */
export function itemPriceHtml(regular: string, active: string, onSale: boolean, format: PriceFormat): string {
  if (active === '') return '';
  if (onSale && regular !== '') return `<del aria-hidden="true">${priceHtml(regular, format)}</del> <ins>${priceHtml(active, format)}</ins>`;
  return priceHtml(active, format);
}

/** A variable product's price: one price, or the range from the lowest to the highest. */
export function rangePriceHtml(lowest: string, highest: string, format: PriceFormat): string {
  if (lowest === '') return '';
  if (money(lowest).equals(money(highest))) return priceHtml(lowest, format);
  return `${priceHtml(lowest, format)} &ndash; ${priceHtml(highest, format)}`;
}
