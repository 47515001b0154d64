/**
 * A store as `GET /stores` answers it (wcpos-reference "Stores"): the return type of the server's
 * storeResource (server/domain/stores-view.ts). The settings are those of storeFieldsSchema
 * (server/model/stores.ts): one the schema loses fails the server's typecheck here.
 */
import type { MetaDataEntry, SelfLinks } from './common.js';

/** Types rather than interfaces: the managers' generic forms take a store as a record of values. */
export type StoreSettings = {
  locale: string;
  timezone: string;
  store_address: string;
  store_address_2: string;
  store_city: string;
  store_postcode: string;
  store_state: string;
  store_country: string;
  default_customer_address: '' | 'base' | 'geolocation' | 'geolocation_ajax';
  calc_taxes: boolean;
  enable_coupons: boolean;
  calc_discounts_sequentially: boolean;
  currency: string;
  currency_pos: 'left' | 'right' | 'left_space' | 'right_space';
  price_thousand_sep: string;
  price_decimal_sep: string;
  price_num_decimals: number;
  prevent_overselling: boolean;
  notify_low_stock_amount: number;
  require_open_session: boolean;
  prices_include_tax: boolean;
  tax_based_on: 'base' | 'shipping' | 'billing';
  /** In the `view` context the address in use; in `edit` the stored one (empty fields fall back to the store's). */
  tax_address: { country: string; state: string; postcode: string; city: string };
  shipping_tax_class: string;
  tax_round_at_subtotal: boolean;
  tax_display_shop: 'excl' | 'incl';
  tax_display_cart: 'excl' | 'incl';
  price_display_suffix: string;
  tax_total_display: 'itemized' | 'single';
  default_customer: number;
  default_customer_is_cashier: boolean;
  url: string;
  phone: string;
  email: string;
  opening_hours: Record<string, string>;
  opening_hours_notes: string;
  personal_notes: string;
  policies_and_conditions: string;
  footer_imprint: string;
  tax_ids: Array<{ type: string; value: string; label?: string | undefined }>;
  receipt_i18n: Record<string, string>;
};

export type StoreResource = StoreSettings & {
  id: number;
  name: string;
  meta_data: MetaDataEntry[];
  date_created: string | null;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string;
  _links: SelfLinks;
};

/** `GET` and `PUT /stores/{id}/users`: who may sell in the store. */
export interface StoreUsers {
  store_id: number;
  user_ids: number[];
}
