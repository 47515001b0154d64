import { URL_NAMESPACE, uuidV5 } from './uuid.js';

/**
 * The bundled template gallery: logicless HTML over the receipt data of `GET /receipts/{id}`
 * (server/domain/receipts/schema.ts: store, order, cashier, customer, lines, fees, shipping,
 * discounts, totals, tax, tax_summary, payments, refunds, i18n...), rendered by ./render.ts.
 * `{{path}}` prints a value (dot paths reach into objects), `{{#path}}...{{/path}}` repeats for each
 * item of a list or shows once for a truthy value, `{{^path}}...{{/path}}` shows when the value is
 * empty, and `{{.}}` is the current item of a list of strings. Amounts print through their
 * `_display` twins (currency symbol included); words come from `i18n`, so that a store's
 * `receipt_i18n` translates them. Styles are inline so that the markup prints the same from a
 * browser, a PDF renderer or a thermal-printer driver.
 */
export interface GalleryTemplate {
  gallery_key: string;
  title: string;
  description: string;
  type: 'receipt' | 'report';
  category: string;
  language: 'html';
  engine: 'logicless';
  output_type: 'html';
  paper_width: string | null;
  tax_display: 'itemized' | 'single';
  /** Bumped when the bundled content changes, so that clients can refresh their copies. */
  gallery_version: number;
  content: string;
}

/** Every gallery uuid is a v5 uuid of its key in this namespace, so it is the same on every till. */
const GALLERY_NAMESPACE = uuidV5('https://tillbase.invalid/templates/gallery', URL_NAMESPACE);

export function galleryUuid(galleryKey: string): string {
  return uuidV5(galleryKey, GALLERY_NAMESPACE);
}

const tillRoll80mm = `<div style="width: 72mm; margin: 0 auto; font-family: 'DejaVu Sans Mono', 'Courier New', monospace; font-size: 12px; line-height: 1.35; color: #000;">
  <div style="text-align: center;">
    <div style="font-size: 16px; font-weight: bold;">{{store.name}}</div>
    {{#store.address_lines}}<div>{{.}}</div>{{/store.address_lines}}
    {{#store.phone}}<div>{{i18n.phone}} {{store.phone}}</div>{{/store.phone}}
  </div>
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.receipt}} #{{order.number}}</span><span>{{order.created.datetime}}</span></div>
  {{#cashier.name}}<div>{{i18n.cashier}}: {{cashier.name}}</div>{{/cashier.name}}
  {{#customer.name}}<div>{{i18n.customer}}: {{customer.name}}</div>{{/customer.name}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  {{#lines}}
  <div>{{name}}</div>
  {{#meta}}<div style="padding-left: 8px; font-size: 11px;">{{key}}: {{value}}</div>{{/meta}}
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span style="padding-left: 8px;">{{qty}} x {{unit_price_display}}</span><span>{{line_subtotal_display}}</span></div>
  {{/lines}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.subtotal}}</span><span>{{totals.subtotal_display}}</span></div>
  {{#discounts}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.discount}} {{label}}</span><span>-{{total_display}}</span></div>{{/discounts}}
  {{#shipping}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{label}}</span><span>{{total_display}}</span></div>{{/shipping}}
  {{#fees}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{label}}</span><span>{{total_display}}</span></div>{{/fees}}
  {{#tax.display_excl}}
  {{#tax.breakdown_itemized}}{{#tax_summary}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{label}} {{rate}}%</span><span>{{tax_amount_display}}</span></div>{{/tax_summary}}{{/tax.breakdown_itemized}}
  {{#tax.breakdown_single}}{{#has_tax_summary}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.tax}}</span><span>{{totals.tax_total_display}}</span></div>{{/has_tax_summary}}{{/tax.breakdown_single}}
  {{/tax.display_excl}}
  <div style="display: flex; justify-content: space-between; gap: 8px; font-size: 15px; font-weight: bold; margin-top: 2px;"><span>{{i18n.total}} {{order.currency}}</span><span>{{totals.total_display}}</span></div>
  {{#tax.display_incl}}
  {{#tax.breakdown_itemized}}{{#tax_summary}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.includes_tax}} {{label}} {{rate}}%</span><span>{{tax_amount_display}}</span></div>{{/tax_summary}}{{/tax.breakdown_itemized}}
  {{#tax.breakdown_single}}{{#has_tax_summary}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.includes_tax}} {{i18n.tax}}</span><span>{{totals.tax_total_display}}</span></div>{{/has_tax_summary}}{{/tax.breakdown_single}}
  {{/tax.display_incl}}
  {{#payments.0}}<div style="border-top: 1px dashed #000; margin: 6px 0;"></div>{{/payments.0}}
  {{#payments}}
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{method_title}}</span><span>{{amount_display}}</span></div>
  {{#tendered}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span style="padding-left: 8px;">{{i18n.tendered}}</span><span>{{tendered_display}}</span></div>{{/tendered}}
  {{#change}}<div style="display: flex; justify-content: space-between; gap: 8px;"><span style="padding-left: 8px;">{{i18n.change}}</span><span>{{change_display}}</span></div>{{/change}}
  {{#transaction_id}}<div style="padding-left: 8px;">{{i18n.reference}} {{transaction_id}}</div>{{/transaction_id}}
  {{/payments}}
  {{#totals.is_unpaid}}<div style="border-top: 1px dashed #000; margin: 6px 0;"></div><div style="text-align: center; font-size: 15px; font-weight: bold;">{{i18n.not_paid}}</div>{{/totals.is_unpaid}}
  {{#totals.has_due}}<div style="display: flex; justify-content: space-between; gap: 8px; font-weight: bold;"><span>{{i18n.amount_due}}</span><span>{{totals.due_total_display}}</span></div>{{/totals.has_due}}
  {{#totals.has_refunds}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  {{#refunds}}
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.refund}} #{{id}} {{date.datetime}}</span><span>-{{amount_display}}</span></div>
  {{#reason}}<div style="padding-left: 8px; white-space: pre-line;">{{reason}}</div>{{/reason}}
  {{/refunds}}
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.net_total}}</span><span>{{totals.net_total_display}}</span></div>
  {{/totals.has_refunds}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  <div style="text-align: center;">
    {{#store.tax_ids}}<div>{{label}} {{value}}</div>{{/store.tax_ids}}
    {{#store.personal_notes}}<div style="white-space: pre-line;">{{store.personal_notes}}</div>{{/store.personal_notes}}
    {{^store.personal_notes}}<div>{{i18n.thank_you}}</div>{{/store.personal_notes}}
    {{#store.policies_and_conditions}}<div style="font-size: 10px; margin-top: 4px; white-space: pre-line;">{{store.policies_and_conditions}}</div>{{/store.policies_and_conditions}}
    {{#store.footer_imprint}}<div style="font-size: 10px; margin-top: 4px; white-space: pre-line;">{{store.footer_imprint}}</div>{{/store.footer_imprint}}
  </div>
</div>
`;

const a4Invoice = `<div style="width: 210mm; min-height: 297mm; box-sizing: border-box; padding: 18mm 16mm; font-family: Helvetica, Arial, sans-serif; font-size: 11pt; line-height: 1.4; color: #111;">
  <table style="width: 100%; border-collapse: collapse;">
    <tr>
      <td style="vertical-align: top;">
        <div style="font-size: 18pt; font-weight: bold;">{{store.name}}</div>
        {{#store.address_lines}}<div>{{.}}</div>{{/store.address_lines}}
        {{#store.phone}}<div>{{i18n.phone}} {{store.phone}}</div>{{/store.phone}}
        {{#store.email}}<div>{{store.email}}</div>{{/store.email}}
        {{#store.tax_ids}}<div>{{label}}: {{value}}</div>{{/store.tax_ids}}
      </td>
      <td style="vertical-align: top; text-align: right;">
        <div style="font-size: 22pt; font-weight: bold; letter-spacing: 1px; text-transform: uppercase;">{{i18n.invoice}}</div>
        <div>{{i18n.order_number}} {{order.number}}</div>
        <div>{{i18n.date}}: {{order.created.date}}</div>
        {{#cashier.name}}<div>{{i18n.cashier}}: {{cashier.name}}</div>{{/cashier.name}}
      </td>
    </tr>
  </table>
  {{#customer.name}}
  <div style="margin-top: 10mm;">
    <div style="font-size: 9pt; text-transform: uppercase; color: #555;">{{i18n.bill_to}}</div>
    <div style="font-weight: bold;">{{customer.name}}</div>
    {{#customer.billing_address}}
    {{#company}}<div>{{company}}</div>{{/company}}
    {{#address_1}}<div>{{address_1}}</div>{{/address_1}}
    {{#address_2}}<div>{{address_2}}</div>{{/address_2}}
    <div>{{city}}{{#state}}, {{state}}{{/state}} {{postcode}}</div>
    {{#country}}<div>{{country}}</div>{{/country}}
    {{#email}}<div>{{email}}</div>{{/email}}
    {{/customer.billing_address}}
    {{#customer.tax_ids}}<div>{{label}}: {{value}}</div>{{/customer.tax_ids}}
  </div>
  {{/customer.name}}
  <table style="width: 100%; border-collapse: collapse; margin-top: 10mm;">
    <thead>
      <tr style="border-bottom: 2px solid #111;">
        <th style="text-align: left; padding: 4px;">{{i18n.sku}}</th>
        <th style="text-align: left; padding: 4px;">{{i18n.description}}</th>
        <th style="text-align: right; padding: 4px;">{{i18n.qty}}</th>
        <th style="text-align: right; padding: 4px;">{{i18n.unit_price}} ({{i18n.excl_tax}})</th>
        <th style="text-align: right; padding: 4px;">{{i18n.amount}} ({{i18n.excl_tax}})</th>
      </tr>
    </thead>
    <tbody>
      {{#lines}}
      <tr style="border-bottom: 1px solid #ddd;">
        <td style="padding: 4px;">{{sku}}</td>
        <td style="padding: 4px;">{{name}}{{#meta}}<div style="font-size: 9pt; color: #555;">{{key}}: {{value}}</div>{{/meta}}</td>
        <td style="text-align: right; padding: 4px;">{{qty}}</td>
        <td style="text-align: right; padding: 4px;">{{unit_price_excl_display}}</td>
        <td style="text-align: right; padding: 4px;">{{line_subtotal_excl_display}}</td>
      </tr>
      {{/lines}}
      {{#discounts}}<tr style="border-bottom: 1px solid #ddd;"><td></td><td style="padding: 4px;">{{i18n.discount}} {{label}}</td><td></td><td></td><td style="text-align: right; padding: 4px;">-{{total_excl_display}}</td></tr>{{/discounts}}
      {{#shipping}}<tr style="border-bottom: 1px solid #ddd;"><td></td><td style="padding: 4px;">{{label}}</td><td style="text-align: right; padding: 4px;">1</td><td style="text-align: right; padding: 4px;">{{total_excl_display}}</td><td style="text-align: right; padding: 4px;">{{total_excl_display}}</td></tr>{{/shipping}}
      {{#fees}}<tr style="border-bottom: 1px solid #ddd;"><td></td><td style="padding: 4px;">{{label}}</td><td style="text-align: right; padding: 4px;">1</td><td style="text-align: right; padding: 4px;">{{total_excl_display}}</td><td style="text-align: right; padding: 4px;">{{total_excl_display}}</td></tr>{{/fees}}
    </tbody>
  </table>
  <table style="width: 50%; margin-left: auto; border-collapse: collapse; margin-top: 6mm;">
    <tr><td style="padding: 3px 4px;">{{i18n.total}} ({{i18n.excl_tax}})</td><td style="text-align: right; padding: 3px 4px;">{{totals.total_excl_display}}</td></tr>
    {{#tax_summary}}<tr><td style="padding: 3px 4px;">{{label}} {{rate}}% ({{taxable_amount_excl_display}})</td><td style="text-align: right; padding: 3px 4px;">{{tax_amount_display}}</td></tr>{{/tax_summary}}
    {{^has_tax_summary}}<tr><td style="padding: 3px 4px;">{{i18n.tax}}</td><td style="text-align: right; padding: 3px 4px;">{{totals.tax_total_display}}</td></tr>{{/has_tax_summary}}
    <tr style="border-top: 2px solid #111; font-weight: bold; font-size: 13pt;"><td style="padding: 5px 4px;">{{i18n.total}} {{order.currency}}</td><td style="text-align: right; padding: 5px 4px;">{{totals.total_display}}</td></tr>
    {{#payments.0}}<tr><td style="padding: 3px 4px;">{{i18n.paid}}</td><td style="text-align: right; padding: 3px 4px;">{{totals.paid_total_display}}</td></tr>{{/payments.0}}
    {{#totals.is_unpaid}}<tr style="font-weight: bold;"><td colspan="2" style="padding: 3px 4px; text-align: right;">{{i18n.not_paid}}</td></tr>{{/totals.is_unpaid}}
    {{#totals.has_due}}<tr style="font-weight: bold;"><td style="padding: 3px 4px;">{{i18n.amount_due}}</td><td style="text-align: right; padding: 3px 4px;">{{totals.due_total_display}}</td></tr>{{/totals.has_due}}
    {{#totals.has_refunds}}
    <tr><td style="padding: 3px 4px;">{{i18n.refunded}}</td><td style="text-align: right; padding: 3px 4px;">-{{totals.refund_total_display}}</td></tr>
    <tr><td style="padding: 3px 4px;">{{i18n.net_total}}</td><td style="text-align: right; padding: 3px 4px;">{{totals.net_total_display}}</td></tr>
    {{/totals.has_refunds}}
  </table>
  {{#payments.0}}
  <div style="margin-top: 8mm;">
    <div style="font-size: 9pt; text-transform: uppercase; color: #555;">{{i18n.payment}}</div>
    {{#payments}}<div>{{method_title}}: {{amount_display}}{{#transaction_id}} ({{i18n.reference}} {{transaction_id}}){{/transaction_id}}</div>{{/payments}}
  </div>
  {{/payments.0}}
  {{#order.customer_note}}<div style="margin-top: 6mm;"><div style="font-size: 9pt; text-transform: uppercase; color: #555;">{{i18n.note}}</div><div style="white-space: pre-line;">{{order.customer_note}}</div></div>{{/order.customer_note}}
  {{#store.policies_and_conditions}}<div style="margin-top: 10mm; font-size: 9pt; color: #333; white-space: pre-line;">{{store.policies_and_conditions}}</div>{{/store.policies_and_conditions}}
  {{#store.footer_imprint}}<div style="margin-top: 6mm; padding-top: 3mm; border-top: 1px solid #ddd; font-size: 8pt; color: #555; text-align: center; white-space: pre-line;">{{store.footer_imprint}}</div>{{/store.footer_imprint}}
</div>
`;

const giftReceipt = `<div style="width: 72mm; margin: 0 auto; font-family: Georgia, 'Times New Roman', serif; font-size: 12px; line-height: 1.4; color: #000;">
  <div style="text-align: center;">
    <div style="font-size: 16px; font-weight: bold;">{{store.name}}</div>
    {{#store.address_lines}}<div>{{.}}</div>{{/store.address_lines}}
    <div style="margin-top: 6px; font-size: 15px; letter-spacing: 2px; text-transform: uppercase;">{{i18n.gift_receipt}}</div>
  </div>
  <div style="border-top: 1px solid #000; margin: 6px 0;"></div>
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{i18n.receipt}} #{{order.number}}</span><span>{{order.created.date}}</span></div>
  <div style="border-top: 1px solid #000; margin: 6px 0;"></div>
  {{#lines}}
  <div style="display: flex; justify-content: space-between; gap: 8px;"><span>{{name}}</span><span>x {{qty}}</span></div>
  {{#meta}}<div style="padding-left: 8px; font-size: 11px;">{{key}}: {{value}}</div>{{/meta}}
  {{/lines}}
  <div style="border-top: 1px solid #000; margin: 6px 0;"></div>
  <div style="text-align: center;">
    <div>{{i18n.gift_note}}</div>
    {{#store.policies_and_conditions}}<div style="font-size: 10px; margin-top: 4px; white-space: pre-line;">{{store.policies_and_conditions}}</div>{{/store.policies_and_conditions}}
    {{#store.footer_imprint}}<div style="font-size: 10px; margin-top: 4px; white-space: pre-line;">{{store.footer_imprint}}</div>{{/store.footer_imprint}}
  </div>
</div>
`;

export const GALLERY_TEMPLATES: readonly GalleryTemplate[] = [
  {
    gallery_key: 'till-roll-80mm',
    title: 'Till roll (80 mm)',
    description: 'Receipt for 80 mm thermal printers: store header, lines with quantity and price, totals, tax per rate, payments with change, footer.',
    type: 'receipt',
    category: 'receipt',
    language: 'html',
    engine: 'logicless',
    output_type: 'html',
    paper_width: '80mm',
    tax_display: 'itemized',
    gallery_version: 4,
    content: tillRoll80mm,
  },
  {
    gallery_key: 'a4-invoice',
    title: 'A4 invoice',
    description: 'Full-page invoice: seller and buyer details with tax ids, lines excluding tax, tax summary per rate, totals, payments, terms.',
    type: 'receipt',
    category: 'invoice',
    language: 'html',
    engine: 'logicless',
    output_type: 'html',
    paper_width: 'A4',
    tax_display: 'itemized',
    gallery_version: 4,
    content: a4Invoice,
  },
  {
    gallery_key: 'gift-receipt',
    title: 'Gift receipt',
    description: 'Receipt without prices for gifts: store, order number and date, items with quantities, return policy.',
    type: 'receipt',
    category: 'gift-receipt',
    language: 'html',
    engine: 'logicless',
    output_type: 'html',
    paper_width: '80mm',
    tax_display: 'single',
    gallery_version: 2,
    content: giftReceipt,
  },
];
