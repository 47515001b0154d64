import type { PaymentGatewayRecord } from '../../model/records/payment-gateways.js';
import { currencySymbol } from '../../model/money.js';
import type { Store } from '../../model/stores.js';
import type { CheckoutSettings } from './checkout.js';
import type { GeneralSettings } from './general.js';
import { gatewaySettingOf, type PaymentGatewaySettings } from './payment-gateways.js';

export { currencySymbol };

export interface SettingsIndexSource {
  general: GeneralSettings;
  checkout: CheckoutSettings;
  gateways: PaymentGatewaySettings;
  catalogue: readonly PaymentGatewayRecord[];
  store: Store;
}

/**
 * `GET /settings`: what every till needs to sell, readable by every role. It holds nothing a
 * cashier must not see: no licence, no e-mail routing, no overrides of management screens.
 */
export function settingsIndex({ general, checkout, gateways, catalogue, store }: SettingsIndexSource) {
  const enabled = catalogue
    .map((gateway) => ({ id: gateway.id, position: gateway.position, ...gatewaySettingOf(gateways, gateway.id, gateway.position) }))
    .filter((gateway) => gateway.enabled)
    .sort((a, b) => a.order - b.order || a.position - b.position)
    .map((gateway) => gateway.id);
  return {
    store: {
      id: store.id,
      name: general.store_name === '' ? store.name : general.store_name,
      locale: store.locale,
      timezone: store.timezone,
      currency: store.currency,
      currency_symbol: currencySymbol(store.currency, store.locale),
      currency_pos: store.currency_pos,
      price_thousand_sep: store.price_thousand_sep,
      price_decimal_sep: store.price_decimal_sep,
      price_num_decimals: store.price_num_decimals,
      calc_taxes: store.calc_taxes,
      prices_include_tax: store.prices_include_tax,
      tax_display_shop: store.tax_display_shop,
      tax_display_cart: store.tax_display_cart,
      tax_total_display: store.tax_total_display,
      price_display_suffix: store.price_display_suffix,
    },
    general: {
      pos_only_products: general.pos_only_products,
      decimal_qty: general.decimal_qty,
      barcode_field: general.barcode_field,
      default_customer: general.default_customer,
      default_customer_is_cashier: general.default_customer_is_cashier,
      generate_username: general.generate_username,
      ask_float_at_first_login: general.ask_float_at_first_login,
      sell_private_products: general.sell_private_products,
    },
    checkout: {
      receipt_default_mode: checkout.receipt_default_mode,
      prevent_overselling: checkout.prevent_overselling,
    },
    payment_gateways: {
      default_gateway: gateways.default_gateway,
      enabled,
      auto_print_receipt: gateways.auto_print_receipt,
    },
  };
}
