import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import { readSection, type SettingsSection } from './section.js';

const handles = z.array(z.string().trim().min(1).max(200)).max(100);

/**
 * `settings/checkout` (wcpos-reference "Settings sections"). `receipt_default_mode` decides
 * whether `GET /receipts/{id}` answers from the fiscal snapshot or from the live order.
 */
export const checkoutSettingsSchema = z.object({
  receipt_default_mode: z.enum(['fiscal', 'live']).default('fiscal'),
  prevent_overselling: z.boolean().default(false),
  admin_emails: z
    .object({ enabled: z.boolean(), new_order: z.boolean(), cancelled_order: z.boolean(), failed_order: z.boolean() })
    .default({ enabled: true, new_order: true, cancelled_order: true, failed_order: true }),
  customer_emails: z
    .object({
      enabled: z.boolean(),
      customer_on_hold_order: z.boolean(),
      customer_processing_order: z.boolean(),
      customer_completed_order: z.boolean(),
      customer_refunded_order: z.boolean(),
      customer_failed_order: z.boolean(),
    })
    .default({
      enabled: true,
      customer_on_hold_order: true,
      customer_processing_order: true,
      customer_completed_order: true,
      customer_refunded_order: true,
      customer_failed_order: true,
    }),
  cashier_emails: z.object({ enabled: z.boolean(), new_order: z.boolean() }).default({ enabled: false, new_order: false }),
  dequeue_script_handles: handles.default([]),
  dequeue_style_handles: handles.default([]),
  disable_wp_head: z.boolean().default(false),
  disable_wp_footer: z.boolean().default(false),
});
export type CheckoutSettings = z.output<typeof checkoutSettingsSchema>;

export const CHECKOUT_SETTINGS: SettingsSection<typeof checkoutSettingsSchema> = { name: 'checkout', schema: checkoutSettingsSchema };

export function readCheckoutSettings(settings: SettingsRepository): CheckoutSettings {
  return readSection(settings, CHECKOUT_SETTINGS);
}
