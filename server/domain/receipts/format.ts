import { gmtToLocal } from '../../model/dates.js';
import { Decimal, formatMoney } from '../../model/money.js';
import { countryName } from '../../model/stores.js';
import type { PresentationHints, ReceiptDate } from './schema.js';

/** A decimal amount with the store's separators and no currency symbol: `1,234.50`, `-2.40`. */
export function formatAmount(value: Decimal | string, hints: PresentationHints): string {
  const fixed = formatMoney(new Decimal(value).abs(), hints.price_num_decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, hints.price_thousand_separator);
  const negative = new Decimal(value).isNegative() && !new Decimal(fixed).isZero();
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${hints.price_decimal_separator}${fraction}`}`;
}

/** The amount as WooCommerce's `wc_price` writes it: symbol at the store's currency position, the sign first (`-£2.40`). */
export function formatPrice(value: Decimal | string, hints: PresentationHints): string {
  const number = formatAmount(new Decimal(value).abs(), hints);
  const sign = formatAmount(value, hints).startsWith('-') ? '-' : '';
  const symbol = hints.currency_symbol;
  switch (hints.currency_position) {
    case 'right':
      return `${sign}${number}${symbol}`;
    case 'left_space':
      return `${sign}${symbol} ${number}`;
    case 'right_space':
      return `${sign}${number} ${symbol}`;
    case 'left':
      return `${sign}${symbol}${number}`;
  }
}

type Money<K extends string> = { [P in K]: string } & { [P in `${K}_display`]: string };
type NullableMoney<K extends string> = { [P in K]: string | null } & { [P in `${K}_display`]: string | null };

/** Amounts of one receipt: each at the store's decimals and, beside it, as `_display`. */
export class ReceiptMoney {
  constructor(private readonly hints: PresentationHints) {}

  amount(value: Decimal | string): string {
    return formatMoney(value, this.hints.price_num_decimals);
  }

  fields<K extends string>(values: Record<K, Decimal | string>): Money<K> {
    const result: Record<string, string> = {};
    for (const [key, value] of Object.entries<Decimal | string>(values)) {
      result[key] = this.amount(value);
      result[`${key}_display`] = formatPrice(value, this.hints);
    }
    return result as Money<K>;
  }

  nullableFields<K extends string>(values: Record<K, Decimal | string | null>): NullableMoney<K> {
    const result: Record<string, string | null> = {};
    for (const [key, value] of Object.entries<Decimal | string | null>(values)) {
      result[key] = value === null ? null : this.amount(value);
      result[`${key}_display`] = value === null ? null : formatPrice(value, this.hints);
    }
    return result as NullableMoney<K>;
  }
}

/** A GMT date as the receipt prints it, in the store's time zone. */
export function receiptDate(gmt: string, timeZone: string): ReceiptDate {
  const local = gmtToLocal(gmt, timeZone) ?? gmt;
  const [year, month, day] = local.slice(0, 10).split('-');
  const date = local.slice(0, 10);
  const time = local.slice(11, 16);
  return { datetime: `${date} ${time}`, date, time, date_dmy: `${day}/${month}/${year}`, date_mdy: `${month}/${day}/${year}`, local, gmt };
}

export function nullableReceiptDate(gmt: string | null, timeZone: string): ReceiptDate | null {
  return gmt === null ? null : receiptDate(gmt, timeZone);
}

/** `eu_vat` → `EU VAT`: the printed name of a tax id type that has no label of its own. */
export function taxIdLabel(type: string): string {
  return type.replace(/[_-]+/g, ' ').trim().toUpperCase();
}

/** A percentage without trailing zeros: `20.0000` → `20`. */
export function ratePercent(rate: string): string {
  return new Decimal(rate).toString();
}

export interface PostalAddress {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

/** An address as printed: street lines, `city, state postcode`, the country's name; empty parts left out. */
export function addressLines(address: PostalAddress, locale: string): string[] {
  const region = [address.state, address.postcode].filter((part) => part !== '').join(' ');
  const place = [address.city, region].filter((part) => part !== '').join(address.city !== '' && address.state !== '' ? ', ' : ' ');
  return [address.address_1, address.address_2, place, address.country === '' ? '' : countryName(address.country, locale)]
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
