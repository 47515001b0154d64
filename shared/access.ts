/**
 * The access vocabulary shared by the server and the renderer: roles, capabilities and the
 * default role set of CONTRACT section 3 (which reproduces the seed's matrix).
 */
export const ROLES = ['administrator', 'shop_manager', 'cashier'] as const;
export type RoleName = (typeof ROLES)[number];

/** What every role may do at the till: the normal sales workflow. */
const POS_CAPABILITIES = [
  'access_pos',
  'read_products',
  'read_coupons',
  'read_orders',
  'create_orders',
  'edit_orders',
  'refund_orders',
  'list_customers',
  'create_customers',
  'edit_customers',
  'handle_cash',
] as const;

export const CAPABILITIES = [...POS_CAPABILITIES, 'manage_pos', 'manage_stores', 'manage_products', 'manage_sync', 'install_plugins'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

export const DEFAULT_ROLES: Readonly<Record<RoleName, { label: string; capabilities: readonly Capability[] }>> = {
  administrator: { label: 'Administrator', capabilities: CAPABILITIES },
  shop_manager: { label: 'Shop manager', capabilities: [...POS_CAPABILITIES, 'manage_pos', 'manage_stores', 'manage_products', 'manage_sync'] },
  cashier: { label: 'Cashier', capabilities: POS_CAPABILITIES },
};
