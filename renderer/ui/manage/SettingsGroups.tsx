/**
 * The settings groups (`GET/POST /settings/{group}`) as forms. Fields are described from the
 * server's answer; this file only adds labels, help and the choices of enumerated settings.
 */
import { useMemo, useState } from 'preact/hooks';
import * as settingsApi from '../../api/settings.js';
import { useTill } from '../context.js';
import { useLoaded } from './api.js';
import { describeFields, type FieldOverride, type Options } from './fields.js';
import { ObjectForm } from './ObjectForm.js';

interface Group {
  name: settingsApi.SettingsGroupName;
  title: string;
  overrides: Readonly<Record<string, FieldOverride>>;
  skip?: readonly string[];
  /** Keys shown but not sent (the licence's status). */
  readOnly?: readonly string[];
}

const NO_EMAIL = 'Tillbase runs offline and sends no e-mail, so these stay off.';
const APPROVAL_OPTIONS: Options = [
  ['refund', 'Refunds'],
  ['price_override', 'Prices changed by hand'],
  ['discount', 'Discounts above the limit'],
  ['cash_out', 'Cash taken out of the drawer'],
  ['cancel_paid_order', 'Cancelling a paid order'],
  ['no_sale', 'Opening the drawer without a sale'],
  ['return_without_receipt', 'Returns without a receipt'],
];

export const SETTINGS_GROUPS: readonly Group[] = [
  {
    name: 'general',
    title: 'General',
    skip: ['store_defaults'],
    overrides: {
      pos_only_products: { label: 'POS-only products', help: 'Products can be kept for the till only, hidden from the online shop.' },
      decimal_qty: { label: 'Decimal quantities', help: 'Quantities such as 0.5 kg may be sold.' },
      sell_private_products: {
        label: 'Sell private products',
        help: 'A product WooCommerce has as private is sold at the till; off, the till treats it like a draft, as not for sale.',
      },
      force_ssl: {
        label: 'Online shop only over a secure connection',
        help: 'Kept for the online shop; the till itself serves its screens on this machine only.',
      },
      ask_float_at_first_login: {
        label: 'Ask for the float at the first login of the day',
        help: 'While the register is closed, the till asks for the opening float right after the day’s first login, before selling.',
      },
      default_customer: {
        label: 'Default customer',
        help: 'The number of the customer a sale is for when the cashier chooses none; empty sells to a walk-in customer without a name.',
        field: { kind: 'number', empty: { value: 0, words: 'A walk-in customer' } },
      },
      default_customer_is_cashier: { label: 'The cashier is the default customer' },
      barcode_field: {
        label: 'Barcode field',
        help: 'Where a scanned barcode is looked up: empty, the product’s barcode (GTIN); sku for the SKU; or the name of a custom product field.',
        field: { kind: 'text', empty: { value: '_global_unique_id', words: 'The product’s barcode (GTIN)' } },
      },
      variable_measure_barcodes: { label: 'Variable-measure barcodes (scales)', help: 'GS1 codes 20-29 printed by the shop’s scales.' },
      'variable_measure_barcodes.enabled': { label: 'Read variable-measure barcodes' },
      'variable_measure_barcodes.measure': {
        label: 'The code holds the',
        field: {
          kind: 'select',
          options: [
            ['weight', 'Weight'],
            ['price', 'Price'],
          ],
        },
      },
      'variable_measure_barcodes.item_digits': { label: 'Item digits (4 to 6)' },
      'variable_measure_barcodes.value_decimals': {
        label: 'Decimal places of the value',
        help: 'Empty: 3 for a weight, the store’s price decimals for a price.',
        field: { kind: 'number', nullable: true },
      },
      generate_username: { label: 'Make a username for new customers' },
      restore_stock_on_delete: { label: 'Restock when an order is deleted' },
      storefront_receipt_enabled: { label: 'Receipts on the storefront' },
      tracking_consent: {
        label: 'Usage tracking',
        field: {
          kind: 'select',
          options: [
            ['undecided', 'Not decided'],
            ['allowed', 'Allowed'],
            ['denied', 'Denied'],
          ],
        },
      },
      store_name: { label: 'Store name on receipts', help: 'Empty: the store’s own name.' },
      store_phone: { label: 'Phone on receipts' },
      store_email: { label: 'Email on receipts', field: { kind: 'text', type: 'email' } },
      policies_and_conditions: { label: 'Policies and conditions', field: { kind: 'text', multiline: true } },
      store_tax_ids: {
        label: 'Store tax IDs',
        help: 'A JSON list such as [{"type": "eu_vat", "value": "DE123456789"}]; empty: the store’s own.',
        field: { kind: 'json' },
      },
    },
  },
  {
    name: 'checkout',
    title: 'Checkout',
    overrides: {
      receipt_default_mode: {
        label: 'Receipts show',
        field: {
          kind: 'select',
          options: [
            ['fiscal', 'The order as it was paid (fiscal)'],
            ['live', 'The order as it is now (live)'],
          ],
        },
      },
      prevent_overselling: { label: 'Prevent overselling', help: 'Refuse a sale of more than is in stock.' },
      admin_emails: { label: 'Emails to the shop', help: NO_EMAIL },
      customer_emails: { label: 'Emails to customers', help: NO_EMAIL },
      cashier_emails: { label: 'Emails to cashiers', help: NO_EMAIL },
      dequeue_script_handles: {
        label: 'Scripts left out of the receipt page',
        help: 'The names other plugins give their scripts, one a line: they are not loaded with the storefront receipt.',
      },
      dequeue_style_handles: {
        label: 'Styles left out of the receipt page',
        help: 'The names other plugins give their style sheets, one a line: they are not loaded with the storefront receipt.',
      },
      disable_wp_head: { label: 'Leave the theme’s page head out of the receipt page' },
      disable_wp_footer: { label: 'Leave the theme’s page footer out of the receipt page' },
    },
  },
  {
    name: 'approvals',
    title: 'Approvals',
    overrides: {
      required: { label: 'A manager approves', field: { kind: 'choices', options: APPROVAL_OPTIONS } },
      discount_above_percent: { label: 'Discount limit (%)', help: 'Discounts above this share of the line subtotals need approval.' },
    },
  },
  {
    name: 'tax_ids',
    title: 'Tax IDs',
    overrides: {
      write_map: { label: 'Meta key of each tax ID type', help: 'One a line: type = meta key, e.g. eu_vat = _billing_eu_vat.', field: { kind: 'map' } },
    },
  },
  {
    name: 'license',
    title: 'Licence',
    readOnly: ['instance', 'product_id', 'platform', 'version', 'activated', 'status', 'message'],
    overrides: { key: { label: 'Licence key', help: 'Shown masked; type a new key to replace it, or clear the field to remove it.' } },
  },
];

function GroupForm(props: { group: Group }) {
  const { till } = useTill();
  const { group } = props;
  const loaded = useLoaded(() => settingsApi.group(till.client, group.name), [group.name]);
  const values = loaded.data;
  const fields = useMemo(() => {
    if (values === null) return [];
    const readOnly = Object.fromEntries((group.readOnly ?? []).map((key) => [key, { field: { kind: 'readonly' as const } }]));
    return describeFields(values, { ...group.overrides, ...readOnly }, { skip: group.skip ?? [] });
  }, [values, group]);
  const placeholders = useMemo(() => {
    const defaults = values?.store_defaults;
    if (typeof defaults !== 'object' || defaults === null) return {};
    return Object.fromEntries(
      Object.entries(defaults as Record<string, unknown>)
        .filter(([, value]) => typeof value === 'string' && value !== '')
        .map(([key, value]) => [key, String(value)]),
    );
  }, [values]);
  if (values === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  return (
    <ObjectForm
      id={`settings-${group.name}`}
      label={`${group.title} settings`}
      values={values}
      fields={fields}
      placeholders={placeholders}
      onSave={(patch) => settingsApi.saveGroup(till.client, group.name, patch)}
      onSaved={loaded.replace}
    />
  );
}

export function SettingsGroups() {
  const [chosen, setChosen] = useState(SETTINGS_GROUPS[0]?.name ?? 'general');
  const group = SETTINGS_GROUPS.find((candidate) => candidate.name === chosen) ?? SETTINGS_GROUPS[0];
  return (
    <div class="manage-panel">
      <div class="tabs" role="group" aria-label="Settings groups">
        {SETTINGS_GROUPS.map((candidate) => (
          <button
            key={candidate.name}
            type="button"
            class="tab"
            aria-pressed={candidate.name === chosen ? 'true' : 'false'}
            onClick={() => {
              setChosen(candidate.name);
            }}
          >
            {candidate.title}
          </button>
        ))}
      </div>
      {group !== undefined && <GroupForm key={group.name} group={group} />}
    </div>
  );
}
