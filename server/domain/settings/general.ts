import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { Store } from '../../model/stores.js';
import { variableMeasureLayoutSchema } from '../catalogue/gs1.js';
import { readSection, type SettingsSection } from './section.js';

const taxId = z.object({
  type: z.string().trim().min(1, 'type is required').max(64),
  value: z.string().trim().min(1, 'value is required').max(128),
  label: z.string().max(128).optional(),
});

/** `settings/general` (wcpos-reference "Settings sections"), with the reference plugin's defaults. */
export const generalSettingsSchema = z.object({
  pos_only_products: z.boolean().default(false),
  decimal_qty: z.boolean().default(false),
  /** A product WooCommerce has as private is sold at the till (WCPOS does); off, it is not for sale like a draft (shared/for-sale.ts). */
  sell_private_products: z.boolean().default(false),
  force_ssl: z.boolean().default(true),
  /** The till asks for the opening float right after the day's first login while the register is closed (renderer/opening-of-day.ts). */
  ask_float_at_first_login: z.boolean().default(false),
  default_customer: z.number().int('must be an integer').min(0, 'must be 0 (guest) or a customer id').default(0),
  default_customer_is_cashier: z.boolean().default(false),
  /** The product field or meta key a scanned barcode is matched against. */
  barcode_field: z.string().trim().min(1, 'must name a product field').max(255).default('_global_unique_id'),
  /** The layout of GS1 variable-measure (20-29) codes printed by the shop's scales (domain/catalogue/gs1.ts). */
  variable_measure_barcodes: variableMeasureLayoutSchema.default({ enabled: true, measure: 'weight', item_digits: 5, value_decimals: null }),
  generate_username: z.boolean().default(true),
  restore_stock_on_delete: z.boolean().default(true),
  storefront_receipt_enabled: z.boolean().default(false),
  storefront_receipt_template: z.string().max(255).default(''),
  tracking_consent: z.enum(['undecided', 'allowed', 'denied']).default('undecided'),
  /** Overrides of the default store's details on receipts; empty means the store's own value (`store_defaults`). */
  store_name: z.string().trim().max(200).default(''),
  store_phone: z.string().trim().max(64).default(''),
  store_email: z.union([z.literal(''), z.email('must be an email address')]).default(''),
  policies_and_conditions: z.string().max(20_000).default(''),
  store_tax_ids: z.array(taxId).max(20).default([]),
});
export type GeneralSettings = z.output<typeof generalSettingsSchema>;

export const GENERAL_SETTINGS: SettingsSection<typeof generalSettingsSchema> = {
  name: 'general',
  schema: generalSettingsSchema,
  replacedWhole: ['store_tax_ids'],
  readOnly: ['store_defaults'],
};

export function readGeneralSettings(settings: SettingsRepository): GeneralSettings {
  return readSection(settings, GENERAL_SETTINGS);
}

/** The view: the stored values plus `store_defaults`, the default store's own details that empty overrides fall back to. */
export function generalSettingsView(values: GeneralSettings, defaultStore: Store) {
  return {
    ...values,
    store_defaults: {
      store_name: defaultStore.name,
      store_phone: defaultStore.phone,
      store_email: defaultStore.email,
      policies_and_conditions: defaultStore.policies_and_conditions,
      store_tax_ids: defaultStore.tax_ids,
    },
  };
}
