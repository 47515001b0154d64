import type { StoreFields } from '../../model/stores.js';
import { isJson } from '../shop/answers.js';

/**
 * The settings of WooCommerce that change a sale's totals (docs/woocommerce-observed.md §14), as the
 * store fields the till's totals read (model/stores.ts). `settings/tax` and `settings/general` answer
 * lists of `{id, value}`; checkboxes are `"yes"`/`"no"`.
 */

const TAX: Readonly<Record<string, keyof StoreFields>> = {
  woocommerce_prices_include_tax: 'prices_include_tax',
  woocommerce_tax_based_on: 'tax_based_on',
  woocommerce_shipping_tax_class: 'shipping_tax_class',
  woocommerce_tax_round_at_subtotal: 'tax_round_at_subtotal',
  woocommerce_tax_display_shop: 'tax_display_shop',
  woocommerce_tax_display_cart: 'tax_display_cart',
  woocommerce_price_display_suffix: 'price_display_suffix',
  woocommerce_tax_total_display: 'tax_total_display',
};

const GENERAL: Readonly<Record<string, keyof StoreFields>> = {
  woocommerce_calc_taxes: 'calc_taxes',
  woocommerce_enable_coupons: 'enable_coupons',
  woocommerce_calc_discounts_sequentially: 'calc_discounts_sequentially',
  woocommerce_currency: 'currency',
  woocommerce_currency_pos: 'currency_pos',
  woocommerce_price_thousand_sep: 'price_thousand_sep',
  woocommerce_price_decimal_sep: 'price_decimal_sep',
  woocommerce_price_num_decimals: 'price_num_decimals',
};

const BOOLEAN_FIELDS = new Set<keyof StoreFields>([
  'prices_include_tax',
  'tax_round_at_subtotal',
  'calc_taxes',
  'enable_coupons',
  'calc_discounts_sequentially',
]);

function storeValue(field: keyof StoreFields, value: unknown): unknown {
  if (BOOLEAN_FIELDS.has(field)) return value === 'yes' || value === true;
  if (field === 'price_num_decimals') return Number(value);
  // WooCommerce names the standard class '' in this setting; the till's shipping tax class calls it `standard`.
  if (field === 'shipping_tax_class') return value === '' ? 'standard' : value;
  return value;
}

/** The store fields the two sections set, from their answers (lists of settings); the store schema validates them where they are applied. */
export function storeFieldsFromSettings(tax: readonly unknown[], general: readonly unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const read = (settings: readonly unknown[], names: Readonly<Record<string, keyof StoreFields>>): void => {
    for (const setting of settings) {
      if (!isJson(setting) || typeof setting.id !== 'string') continue;
      const field = names[setting.id];
      if (field !== undefined && setting.value !== undefined) fields[field] = storeValue(field, setting.value);
    }
  };
  read(tax, TAX);
  read(general, GENERAL);
  return fields;
}
