import { URL_NAMESPACE, uuidV5 } from './uuid.js';

/**
 * The bundled template gallery: logicless HTML over the receipt payload of `GET /receipts/{id}`
 * (`data`: store, order, cashier, customer, lines, fees, shipping, discounts, totals, tax_summary,
 * payments...). `{{path}}` prints a value (dot paths reach into objects), `{{#path}}...{{/path}}`
 * repeats for each item of a list or shows once for a truthy value, `{{^path}}...{{/path}}` shows
 * when the value is empty, and `{{.}}` is the current item of a list of strings. Styles are inline so
 * that the markup prints the same from a browser, a PDF renderer or a thermal-printer driver.
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
    {{#store.phone}}<div>Tel. {{store.phone}}</div>{{/store.phone}}
    {{#store.tax_ids}}<div>{{#label}}{{label}} {{/label}}{{value}}</div>{{/store.tax_ids}}
  </div>
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  <div style="display: flex; justify-content: space-between;"><span>Receipt</span><span>#{{order.number}}</span></div>
  <div>{{order.created.datetime}}</div>
  {{#cashier.name}}<div>Served by {{cashier.name}}</div>{{/cashier.name}}
  {{#customer.name}}<div>Customer: {{customer.name}}</div>{{/customer.name}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  {{#lines}}
  <div>{{name}}</div>
  <div style="display: flex; justify-content: space-between; padding-left: 8px;"><span>{{qty}} x {{unit_price_incl}}</span><span>{{line_total_incl}}</span></div>
  {{/lines}}
  {{#fees}}<div style="display: flex; justify-content: space-between;"><span>{{label}}</span><span>{{total_incl}}</span></div>{{/fees}}
  {{#shipping}}<div style="display: flex; justify-content: space-between;"><span>{{label}}</span><span>{{total_incl}}</span></div>{{/shipping}}
  {{#discounts}}<div style="display: flex; justify-content: space-between;"><span>Discount {{label}}</span><span>-{{total_incl}}</span></div>{{/discounts}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  <div style="display: flex; justify-content: space-between;"><span>Subtotal</span><span>{{totals.subtotal_incl}}</span></div>
  {{#totals.discount_total_incl}}<div style="display: flex; justify-content: space-between;"><span>Discounts</span><span>-{{totals.discount_total_incl}}</span></div>{{/totals.discount_total_incl}}
  <div style="display: flex; justify-content: space-between; font-size: 15px; font-weight: bold; margin-top: 2px;"><span>TOTAL {{order.currency}}</span><span>{{totals.total_incl}}</span></div>
  {{#has_tax_summary}}
  <div style="margin-top: 6px;">
    {{#tax_summary}}<div style="display: flex; justify-content: space-between;"><span>{{label}} {{rate}}% on {{taxable_amount_excl}}</span><span>{{tax_amount}}</span></div>{{/tax_summary}}
  </div>
  {{/has_tax_summary}}
  {{^has_tax_summary}}{{#totals.tax_total}}<div style="display: flex; justify-content: space-between;"><span>Tax</span><span>{{totals.tax_total}}</span></div>{{/totals.tax_total}}{{/has_tax_summary}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  {{#payments}}
  <div style="display: flex; justify-content: space-between;"><span>{{method_title}}</span><span>{{amount}}</span></div>
  {{#tendered}}<div style="display: flex; justify-content: space-between; padding-left: 8px;"><span>Tendered</span><span>{{tendered}}</span></div>{{/tendered}}
  {{#change}}<div style="display: flex; justify-content: space-between; padding-left: 8px;"><span>Change</span><span>{{change}}</span></div>{{/change}}
  {{#transaction_id}}<div style="padding-left: 8px;">Ref. {{transaction_id}}</div>{{/transaction_id}}
  {{/payments}}
  <div style="border-top: 1px dashed #000; margin: 6px 0;"></div>
  <div style="text-align: center;">
    {{#store.personal_notes}}<div>{{store.personal_notes}}</div>{{/store.personal_notes}}
    {{^store.personal_notes}}<div>Thank you for your purchase</div>{{/store.personal_notes}}
    {{#store.policies_and_conditions}}<div style="font-size: 10px; margin-top: 4px;">{{store.policies_and_conditions}}</div>{{/store.policies_and_conditions}}
    {{#store.footer_imprint}}<div style="font-size: 10px; margin-top: 4px;">{{store.footer_imprint}}</div>{{/store.footer_imprint}}
  </div>
</div>
`;

const a4Invoice = `<div style="width: 210mm; min-height: 297mm; box-sizing: border-box; padding: 18mm 16mm; font-family: Helvetica, Arial, sans-serif; font-size: 11pt; line-height: 1.4; color: #111;">
  <table style="width: 100%; border-collapse: collapse;">
    <tr>
      <td style="vertical-align: top;">
        <div style="font-size: 18pt; font-weight: bold;">{{store.name}}</div>
        {{#store.address_lines}}<div>{{.}}</div>{{/store.address_lines}}
        {{#store.phone}}<div>{{store.phone}}</div>{{/store.phone}}
        {{#store.email}}<div>{{store.email}}</div>{{/store.email}}
        {{#store.tax_ids}}<div>{{#label}}{{label}}: {{/label}}{{value}}</div>{{/store.tax_ids}}
      </td>
      <td style="vertical-align: top; text-align: right;">
        <div style="font-size: 22pt; font-weight: bold; letter-spacing: 1px;">INVOICE</div>
        <div>No. {{order.number}}</div>
        <div>Date: {{order.created.datetime}}</div>
        {{#cashier.name}}<div>Issued by: {{cashier.name}}</div>{{/cashier.name}}
      </td>
    </tr>
  </table>
  {{#customer.name}}
  <div style="margin-top: 10mm;">
    <div style="font-size: 9pt; text-transform: uppercase; color: #555;">Bill to</div>
    <div style="font-weight: bold;">{{customer.name}}</div>
    {{#customer.billing_address}}
    {{#company}}<div>{{company}}</div>{{/company}}
    {{#address_1}}<div>{{address_1}}</div>{{/address_1}}
    {{#address_2}}<div>{{address_2}}</div>{{/address_2}}
    <div>{{postcode}} {{city}}{{#state}}, {{state}}{{/state}}</div>
    {{#country}}<div>{{country}}</div>{{/country}}
    {{#email}}<div>{{email}}</div>{{/email}}
    {{/customer.billing_address}}
    {{#customer.tax_ids}}<div>{{#label}}{{label}}: {{/label}}{{value}}</div>{{/customer.tax_ids}}
  </div>
  {{/customer.name}}
  <table style="width: 100%; border-collapse: collapse; margin-top: 10mm;">
    <thead>
      <tr style="border-bottom: 2px solid #111;">
        <th style="text-align: left; padding: 4px;">SKU</th>
        <th style="text-align: left; padding: 4px;">Description</th>
        <th style="text-align: right; padding: 4px;">Qty</th>
        <th style="text-align: right; padding: 4px;">Unit price (excl. tax)</th>
        <th style="text-align: right; padding: 4px;">Amount (excl. tax)</th>
      </tr>
    </thead>
    <tbody>
      {{#lines}}
      <tr style="border-bottom: 1px solid #ddd;">
        <td style="padding: 4px;">{{sku}}</td>
        <td style="padding: 4px;">{{name}}{{#meta}}<div style="font-size: 9pt; color: #555;">{{key}}: {{value}}</div>{{/meta}}</td>
        <td style="text-align: right; padding: 4px;">{{qty}}</td>
        <td style="text-align: right; padding: 4px;">{{unit_price_excl}}</td>
        <td style="text-align: right; padding: 4px;">{{line_total_excl}}</td>
      </tr>
      {{/lines}}
      {{#fees}}<tr style="border-bottom: 1px solid #ddd;"><td></td><td style="padding: 4px;">{{label}}</td><td style="text-align: right; padding: 4px;">1</td><td style="text-align: right; padding: 4px;">{{total_excl}}</td><td style="text-align: right; padding: 4px;">{{total_excl}}</td></tr>{{/fees}}
      {{#shipping}}<tr style="border-bottom: 1px solid #ddd;"><td></td><td style="padding: 4px;">{{label}}</td><td style="text-align: right; padding: 4px;">1</td><td style="text-align: right; padding: 4px;">{{total_excl}}</td><td style="text-align: right; padding: 4px;">{{total_excl}}</td></tr>{{/shipping}}
      {{#discounts}}<tr style="border-bottom: 1px solid #ddd;"><td></td><td style="padding: 4px;">Discount {{label}}</td><td></td><td></td><td style="text-align: right; padding: 4px;">-{{total_excl}}</td></tr>{{/discounts}}
    </tbody>
  </table>
  <table style="width: 45%; margin-left: auto; border-collapse: collapse; margin-top: 6mm;">
    <tr><td style="padding: 3px 4px;">Subtotal (excl. tax)</td><td style="text-align: right; padding: 3px 4px;">{{totals.total_excl}}</td></tr>
    {{#tax_summary}}<tr><td style="padding: 3px 4px;">{{label}} {{rate}}% on {{taxable_amount_excl}}</td><td style="text-align: right; padding: 3px 4px;">{{tax_amount}}</td></tr>{{/tax_summary}}
    {{^has_tax_summary}}<tr><td style="padding: 3px 4px;">Tax</td><td style="text-align: right; padding: 3px 4px;">{{totals.tax_total}}</td></tr>{{/has_tax_summary}}
    <tr style="border-top: 2px solid #111; font-weight: bold; font-size: 13pt;"><td style="padding: 5px 4px;">Total {{order.currency}}</td><td style="text-align: right; padding: 5px 4px;">{{totals.total_incl}}</td></tr>
    {{#totals.paid_total}}<tr><td style="padding: 3px 4px;">Paid</td><td style="text-align: right; padding: 3px 4px;">{{totals.paid_total}}</td></tr>{{/totals.paid_total}}
  </table>
  {{#payments.0}}
  <div style="margin-top: 8mm;">
    <div style="font-size: 9pt; text-transform: uppercase; color: #555;">Payments</div>
    {{#payments}}<div>{{method_title}}: {{amount}}{{#transaction_id}} (ref. {{transaction_id}}){{/transaction_id}}</div>{{/payments}}
  </div>
  {{/payments.0}}
  {{#order.customer_note}}<div style="margin-top: 6mm;"><div style="font-size: 9pt; text-transform: uppercase; color: #555;">Note</div><div>{{order.customer_note}}</div></div>{{/order.customer_note}}
  {{#store.policies_and_conditions}}<div style="margin-top: 10mm; font-size: 9pt; color: #333;">{{store.policies_and_conditions}}</div>{{/store.policies_and_conditions}}
  {{#store.footer_imprint}}<div style="margin-top: 6mm; padding-top: 3mm; border-top: 1px solid #ddd; font-size: 8pt; color: #555; text-align: center;">{{store.footer_imprint}}</div>{{/store.footer_imprint}}
</div>
`;

const giftReceipt = `<div style="width: 72mm; margin: 0 auto; font-family: Georgia, 'Times New Roman', serif; font-size: 12px; line-height: 1.4; color: #000;">
  <div style="text-align: center;">
    <div style="font-size: 16px; font-weight: bold;">{{store.name}}</div>
    {{#store.address_lines}}<div>{{.}}</div>{{/store.address_lines}}
    <div style="margin-top: 6px; font-size: 15px; letter-spacing: 2px;">GIFT RECEIPT</div>
  </div>
  <div style="border-top: 1px solid #000; margin: 6px 0;"></div>
  <div style="display: flex; justify-content: space-between;"><span>Receipt</span><span>#{{order.number}}</span></div>
  <div>{{order.created.datetime}}</div>
  <div style="border-top: 1px solid #000; margin: 6px 0;"></div>
  {{#lines}}
  <div style="display: flex; justify-content: space-between;"><span>{{name}}</span><span>x {{qty}}</span></div>
  {{#meta}}<div style="padding-left: 8px; font-size: 11px;">{{key}}: {{value}}</div>{{/meta}}
  {{/lines}}
  <div style="border-top: 1px solid #000; margin: 6px 0;"></div>
  <div style="text-align: center;">
    <div>Prices are not shown on this receipt.</div>
    <div>Please keep it to exchange or return these items.</div>
    {{#store.policies_and_conditions}}<div style="font-size: 10px; margin-top: 4px;">{{store.policies_and_conditions}}</div>{{/store.policies_and_conditions}}
    {{#store.footer_imprint}}<div style="font-size: 10px; margin-top: 4px;">{{store.footer_imprint}}</div>{{/store.footer_imprint}}
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
    gallery_version: 1,
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
    gallery_version: 1,
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
    gallery_version: 1,
    content: giftReceipt,
  },
];
