import type { Store } from '../../model/stores.js';
import { addressLines, taxIdLabel } from './format.js';
import { RECEIPT_LABELS, type ReceiptData } from './schema.js';

/** The store's block of a receipt: its name, address, contacts, tax ids and printed notes. A sale's receipt and the sample one both print it. */
export function receiptStoreSection(store: Store): ReceiptData['store'] {
  const address = {
    address_1: store.store_address,
    address_2: store.store_address_2,
    city: store.store_city,
    state: store.store_state,
    postcode: store.store_postcode,
    country: store.store_country,
  };
  return {
    id: store.id,
    name: store.name,
    address,
    address_lines: addressLines(address, store.locale),
    phone: store.phone,
    email: store.email,
    url: store.url,
    tax_ids: store.tax_ids.map((taxId) => ({ type: taxId.type, value: taxId.value, label: taxId.label ?? taxIdLabel(taxId.type) })),
    opening_hours_notes: store.opening_hours_notes,
    personal_notes: store.personal_notes,
    policies_and_conditions: store.policies_and_conditions,
    footer_imprint: store.footer_imprint,
  };
}

/** The store's labels, with its own wording (`receipt_i18n`) where it has one for a known label. */
export function receiptLabels(store: Store): ReceiptData['i18n'] {
  const labels: Record<string, string> = { ...RECEIPT_LABELS };
  for (const [key, value] of Object.entries(store.receipt_i18n)) if (Object.hasOwn(RECEIPT_LABELS, key)) labels[key] = value;
  return labels as ReceiptData['i18n'];
}
