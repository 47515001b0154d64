import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import { readSection, type SettingsSection } from '../settings/section.js';

/**
 * The cashier actions a shop may put behind a manager's approval:
 * - `refund`: `POST /orders/{id}/refunds`;
 * - `price_override`: a line priced by hand (`subtotal` or `total` sent for a line item);
 * - `discount`: an order whose discount (line totals below their subtotals, coupons included, and
 *   negative fee lines) rises above `discount_above_percent` % of its line subtotals;
 * - `cash_out`: taking cash out of a drawer (cash sessions);
 * - `cancel_paid_order`: moving a paid order to `cancelled`;
 * - `no_sale`: opening the drawer without a sale (`POST /registers/{id}/no-sale`);
 * - `return_without_receipt`: taking goods back without the sale they were bought in.
 */
export const APPROVAL_ACTIONS = ['refund', 'price_override', 'discount', 'cash_out', 'cancel_paid_order', 'no_sale', 'return_without_receipt'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** `settings/approvals`: by default nothing needs approval, so the seed's matrix holds as written. */
export const approvalSettingsSchema = z.object({
  required: z
    .array(z.enum(APPROVAL_ACTIONS, { error: `must be one of ${APPROVAL_ACTIONS.join(', ')}` }))
    .max(APPROVAL_ACTIONS.length)
    .transform((actions) => [...new Set(actions)])
    .default([]),
  discount_above_percent: z.number('must be a number').min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').default(0),
});
export type ApprovalSettings = z.output<typeof approvalSettingsSchema>;

export const APPROVAL_SETTINGS: SettingsSection<typeof approvalSettingsSchema> = {
  name: 'approvals',
  schema: approvalSettingsSchema,
  replacedWhole: ['required'],
};

export function readApprovalSettings(settings: SettingsRepository): ApprovalSettings {
  return readSection(settings, APPROVAL_SETTINGS);
}
