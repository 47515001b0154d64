/**
 * Settings that the reference plugin keeps and a till cannot act on: they concern the WordPress
 * site (its pages, scripts, HTTPS, storefront, usage tracking) or things a till never does (delete
 * orders). Tillbase accepts and stores them, so that a central store that syncs with the till finds
 * them as it left them, and says so: an update that changes one is logged as kept for the central
 * store. Every other key of a settings group changes what the till does.
 */
export const KEPT_FOR_CENTRAL_STORE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  general: {
    force_ssl: 'the till serves its API on 127.0.0.1 only; HTTPS is the central web site\u2019s',
    restore_stock_on_delete: 'orders are never deleted at the till (cancel or refund them instead)',
    storefront_receipt_enabled: 'receipts on the online storefront are the central web site\u2019s',
    storefront_receipt_template: 'receipts on the online storefront are the central web site\u2019s',
    tracking_consent: 'the till sends no usage data anywhere',
  },
  checkout: {
    dequeue_script_handles: 'the WordPress checkout page is the central web site\u2019s',
    dequeue_style_handles: 'the WordPress checkout page is the central web site\u2019s',
    disable_wp_head: 'the WordPress checkout page is the central web site\u2019s',
    disable_wp_footer: 'the WordPress checkout page is the central web site\u2019s',
  },
};

/** The keys among `keys` that a group keeps for the central store only. */
export function centralStoreKeys(group: string, keys: readonly string[]): string[] {
  const kept = KEPT_FOR_CENTRAL_STORE[group] ?? {};
  return keys.filter((key) => Object.hasOwn(kept, key));
}
