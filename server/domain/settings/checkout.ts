import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import { readSection, type SettingsSection } from './section.js';

/**
 * The e-mail groups are refused on: Tillbase runs offline on the till and sends no e-mail, so a
 * switched-on notification would look configured and never arrive. They stay in the group, all
 * off, so that clients written for wcpos find the keys they expect.
 */
const off = z
  .literal(false, { error: 'Tillbase runs offline and sends no e-mail: e-mail notifications stay off (send them from the central store)' })
  .default(false);

const handles = z.array(z.string().trim().min(1).max(200)).max(100);

/**
 * `settings/checkout` (wcpos-reference "Settings sections"). `receipt_default_mode` is the mode of
 * `GET /receipts/{id}` when the request names none: `fiscal` answers with the sale's journal record
 * (sequence, hash, reprint count; 404 `pos_receipt_snapshot_missing` for an order not yet paid),
 * `live` with the order as it is now. The default is `live`, not the reference plugin's `fiscal`:
 * `GET /receipts/{id}` prints unpaid orders too (a parked cart, a quote), which have no fiscal
 * record, and every fiscal read after the first counts as a reprint.
 */
export const checkoutSettingsSchema = z.object({
  receipt_default_mode: z.enum(['fiscal', 'live']).default('live'),
  prevent_overselling: z.boolean().default(false),
  admin_emails: z
    .strictObject({ enabled: off, new_order: off, cancelled_order: off, failed_order: off })
    .default({ enabled: false, new_order: false, cancelled_order: false, failed_order: false }),
  customer_emails: z
    .strictObject({
      enabled: off,
      customer_on_hold_order: off,
      customer_processing_order: off,
      customer_completed_order: off,
      customer_refunded_order: off,
      customer_failed_order: off,
    })
    .default({
      enabled: false,
      customer_on_hold_order: false,
      customer_processing_order: false,
      customer_completed_order: false,
      customer_refunded_order: false,
      customer_failed_order: false,
    }),
  cashier_emails: z.strictObject({ enabled: off, new_order: off }).default({ enabled: false, new_order: false }),
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
