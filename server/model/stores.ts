import { z } from 'zod';

const address = z.object({
  country: z.string().max(2).default(''),
  state: z.string().max(64).default(''),
  postcode: z.string().max(32).default(''),
  city: z.string().max(128).default(''),
});

/**
 * The store fields of wcpos-reference.md (beyond id, name and meta_data), with their defaults.
 * The tax settings here drive every order total of the store (CONTRACT 7).
 */
export const storeFieldsSchema = z.object({
  locale: z.string().max(32).default('en_US'),
  timezone: z.string().max(64).default('UTC'),
  store_address: z.string().max(255).default(''),
  store_address_2: z.string().max(255).default(''),
  store_city: z.string().max(128).default(''),
  store_postcode: z.string().max(32).default(''),
  store_state: z.string().max(64).default('CA'),
  store_country: z.string().length(2, 'must be a two-letter country code').toUpperCase().default('US'),
  default_customer_address: z.enum(['', 'base', 'geolocation', 'geolocation_ajax']).default('base'),
  calc_taxes: z.boolean().default(true),
  enable_coupons: z.boolean().default(true),
  calc_discounts_sequentially: z.boolean().default(false),
  currency: z.string().length(3, 'must be an ISO 4217 currency code').toUpperCase().default('USD'),
  currency_pos: z.enum(['left', 'right', 'left_space', 'right_space']).default('left'),
  price_thousand_sep: z.string().max(4).default(','),
  price_decimal_sep: z.string().max(4).default('.'),
  price_num_decimals: z.number().int().min(0).max(4).default(2),
  prevent_overselling: z.boolean().default(false),
  /** Stock at or under this is low, for items without their own `low_stock_amount` (WooCommerce's `woocommerce_notify_low_stock_amount`). */
  notify_low_stock_amount: z.number().int('must be a whole number').min(0, 'must not be negative').default(2),
  /** Payment needs an open cash session on the register. Absent (stores from before registers) means off; new stores get it on. */
  require_open_session: z.boolean().default(false),
  prices_include_tax: z.boolean().default(false),
  tax_based_on: z.enum(['shipping', 'billing', 'base']).default('base'),
  tax_address: address.default({ country: '', state: '', postcode: '', city: '' }),
  shipping_tax_class: z.string().max(64).default('inherit'),
  tax_round_at_subtotal: z.boolean().default(false),
  tax_display_shop: z.enum(['excl', 'incl']).default('excl'),
  tax_display_cart: z.enum(['excl', 'incl']).default('excl'),
  price_display_suffix: z.string().max(255).default(''),
  tax_total_display: z.enum(['itemized', 'single']).default('itemized'),
  default_customer: z.number().int().min(0).default(0),
  default_customer_is_cashier: z.boolean().default(false),
  url: z.string().max(2048).default(''),
  phone: z.string().max(64).default(''),
  email: z.string().max(254).default(''),
  opening_hours: z.record(z.string(), z.string()).default({}),
  opening_hours_notes: z.string().max(2000).default(''),
  personal_notes: z.string().max(5000).default(''),
  policies_and_conditions: z.string().max(20_000).default(''),
  footer_imprint: z.string().max(5000).default(''),
  tax_ids: z.array(z.object({ type: z.string().max(64), value: z.string().max(128), label: z.string().max(128).optional() })).default([]),
  receipt_i18n: z.record(z.string(), z.string()).default({}),
});
export type StoreFields = z.output<typeof storeFieldsSchema>;

export const metaDataSchema = z.array(z.object({ id: z.number().int().optional(), key: z.string().min(1).max(255), value: z.unknown() }));
export type MetaData = Array<{ id: number; key: string; value: unknown }>;

export interface Store extends StoreFields {
  id: number;
  name: string;
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
}

/** Stored JSON → the same fields validated, as JSON: a handful of stores, read on nearly every request. */
const validatedFields = new Map<string, string>();
const VALIDATED_FIELDS_SIZE = 64;

/**
 * A store's fields as stored (JSON), with defaults filled in for anything missing. The schema's
 * verdict on a text never changes, so it is kept; each call still gets objects of its own.
 */
export function readStoreFields(json: string): StoreFields {
  const known = validatedFields.get(json);
  if (known !== undefined) return JSON.parse(known) as StoreFields;
  const fields = storeFieldsSchema.parse(JSON.parse(json));
  if (validatedFields.size >= VALIDATED_FIELDS_SIZE) validatedFields.clear();
  validatedFields.set(json, JSON.stringify(fields));
  return fields;
}

/** Intl objects per locale or zone, built once: building one costs more than what a request does with it. */
const INTL_CACHE_SIZE = 256;
const regionNames = new Map<string, Intl.DisplayNames | null>();
const timeZones = new Map<string, boolean>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= INTL_CACHE_SIZE) cache.clear();
  cache.set(key, value);
  return value;
}

/** The country's name in the store's language (`de_DE`, `GB` → `Vereinigtes Königreich`), or its code when Intl has none. */
export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = remember(regionNames, locale, new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' }));
    } catch {
      names = remember(regionNames, locale, null);
    }
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** An IANA time zone name the runtime knows. */
export function isTimeZone(zone: string): boolean {
  let known = timeZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    remember(timeZones, zone, known);
  }
  return known;
}
