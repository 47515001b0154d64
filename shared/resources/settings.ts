/**
 * Settings (`/settings`, `/settings/{group}`). A group's settings are described from the answer
 * itself (the managers' forms list what they find), so a group is a record of values.
 */

/** The groups a manager reads and saves one at a time (`GET`/`POST /settings/{group}`). */
export type SettingsGroupName = 'general' | 'checkout' | 'tax_ids' | 'approvals' | 'templates' | 'license';

export type SettingsGroupValues = Record<string, unknown>;

/** `GET /settings`: every group by name. The till reads the values below; the rest stays unknown. */
export interface AllSettings {
  general?: { decimal_qty?: unknown; sell_private_products?: unknown; ask_float_at_first_login?: unknown };
  checkout?: { prevent_overselling?: unknown };
  payment_gateways?: { auto_print_receipt?: unknown };
  [group: string]: unknown;
}
