import { Decimal } from '../../model/money.js';
import { formatAmount } from './format.js';
import type { ReceiptData } from './schema.js';

/**
 * The receipt as fixed-width plain text for thermal printers (48 columns on 80 mm paper, 32 on
 * 58 mm). Every line fits the width: names and notes wrap at word boundaries (a word longer than
 * the line is split, never cut), amounts end at the last column. Widths count characters (grapheme
 * clusters), so UTF-8 names stay whole. Amounts are printed without the currency symbol, which many
 * printers' code pages lack; the total names the currency code instead.
 */

export const TEXT_WIDTH = { min: 24, max: 64, default: 48 } as const;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function characters(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

function widthOf(text: string): number {
  return characters(text).length;
}

/** Control characters (tabs, carriage returns, printer escape codes) would move the print head; they become spaces. */
function clean(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ');
}

/** Words of one paragraph laid into lines: the first at most `firstWidth` characters, the others `width`. */
function wrap(text: string, width: number, firstWidth = width): string[] {
  const lines: string[] = [];
  const room = () => (lines.length === 0 ? firstWidth : width);
  let line = '';
  for (const word of clean(text)
    .split(' ')
    .filter((part) => part !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (widthOf(candidate) <= room()) {
      line = candidate;
      continue;
    }
    const chars = characters(word);
    // A word longer than a whole line is split anyway: its first part fills what is left of this line.
    const left = room() - widthOf(line) - (line === '' ? 0 : 1);
    if (chars.length > width && left > 0) {
      lines.push(line === '' ? chars.splice(0, left).join('') : `${line} ${chars.splice(0, left).join('')}`);
    } else if (line !== '' || chars.length <= width) {
      // A word that fits a whole line moves to the next one whole, even when that leaves the first line empty.
      lines.push(line);
    }
    while (chars.length > room()) lines.push(chars.splice(0, room()).join(''));
    line = chars.join('');
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Text that may hold line breaks: each paragraph wrapped on its own. */
function paragraphs(text: string, width: number): string[] {
  return text.split(/\r?\n/).flatMap((paragraph) => wrap(paragraph, width));
}

function centred(text: string, width: number): string[] {
  return paragraphs(text, width).map((line) => `${' '.repeat(Math.floor((width - widthOf(line)) / 2))}${line}`);
}

/**
 * A label on the left and a value ending at the last column. The label wraps in the room the value
 * leaves (continuation lines indented by `indent`), the value on the label's first line; when the
 * value leaves too little room for the label's first word, the label takes whole lines and the
 * value a line of its own under it.
 */
function row(label: string, value: string, width: number, indent = 0): string[] {
  const valueWidth = widthOf(value);
  const room = width - valueWidth - 1;
  const valueLine = `${' '.repeat(Math.max(0, width - valueWidth))}${value}`;
  if (room < Math.min(12, width / 2)) return [...wrap(label, width), valueLine];
  const [first = '', ...rest] = wrap(label, width - indent, room);
  if (first === '') return [...wrap(label, width), valueLine];
  return [`${first}${' '.repeat(width - widthOf(first) - valueWidth)}${value}`, ...rest.map((line) => `${' '.repeat(indent)}${line}`)];
}

/** Indented text under a row (unit price, options, refund reasons). */
function indented(text: string, width: number, indent: number): string[] {
  return paragraphs(text, width - indent).map((line) => `${' '.repeat(indent)}${line}`);
}

export function renderReceiptText(data: ReceiptData, width: number = TEXT_WIDTH.default): string {
  const labels = data.i18n;
  const amount = (value: string) => formatAmount(value, data.presentation_hints);
  const negative = (value: string) => formatAmount(new Decimal(value).negated(), data.presentation_hints);
  const rule = '-'.repeat(width);
  const out: string[] = [];
  const section = (...lines: string[][]) => {
    const body = lines.flat();
    if (body.length === 0) return;
    out.push(rule, ...body);
  };

  // Header: the store.
  out.push(
    ...centred(data.store.name, width),
    ...data.store.address_lines.flatMap((line) => centred(line, width)),
    ...(data.store.phone === '' ? [] : centred(`${labels.phone} ${data.store.phone}`, width)),
  );

  // The sale: number, date, who served whom.
  section(
    row(`${labels.receipt} #${data.order.number}`, data.order.created.datetime, width),
    data.cashier && data.cashier.name !== '' ? wrap(`${labels.cashier}: ${data.cashier.name}`, width) : [],
    data.customer.name === '' ? [] : wrap(`${labels.customer}: ${data.customer.name}`, width),
  );

  // Lines: "qty x name" and the line's amount before coupons; the unit price when more than one.
  section(
    data.lines.flatMap((line) => {
      const prefix = `${line.qty} x `;
      return [
        ...row(`${prefix}${line.name}`, amount(line.line_subtotal), width, widthOf(prefix)),
        ...(line.qty === 1 ? [] : indented(`@ ${amount(line.unit_price)}`, width, widthOf(prefix))),
        ...line.meta.flatMap((meta) => indented(`${meta.key}: ${meta.value}`, width, widthOf(prefix))),
      ];
    }),
  );

  // Totals: subtotal, coupons, shipping, fees, tax per rate (before the total when prices show without tax), total.
  const taxRows = data.tax.breakdown_single
    ? data.has_tax_summary
      ? [{ label: labels.tax, value: data.totals.tax_total }]
      : []
    : data.tax_summary.map((tax) => ({ label: `${tax.label} ${tax.rate}%`, value: tax.tax_amount }));
  section(
    row(labels.subtotal, amount(data.totals.subtotal), width),
    data.discounts.flatMap((discount) => row(`${labels.discount} ${discount.label}`.trim(), negative(discount.total), width)),
    data.shipping.flatMap((line) => row(line.label === '' ? labels.shipping : line.label, amount(line.total), width)),
    data.fees.flatMap((fee) => row(fee.label === '' ? labels.fee : fee.label, amount(fee.total), width)),
    data.tax.display_excl ? taxRows.flatMap((tax) => row(tax.label, amount(tax.value), width)) : [],
    row(`${labels.total.toUpperCase()} ${data.order.currency}`, amount(data.totals.total), width),
    data.tax.display_incl ? taxRows.flatMap((tax) => row(`${labels.includes_tax} ${tax.label}`, amount(tax.value), width)) : [],
  );

  // Payments: method and amount, cash tendered and change.
  section(
    data.payments.flatMap((payment) => [
      ...row(payment.method_title === '' ? labels.payment : payment.method_title, amount(payment.amount), width),
      ...(payment.tendered === null ? [] : row(labels.tendered, amount(payment.tendered), width)),
      ...(payment.change === null ? [] : row(labels.change, amount(payment.change), width)),
      ...(payment.transaction_id === '' ? [] : wrap(`${labels.reference} ${payment.transaction_id}`, width)),
    ]),
    // A receipt printed between the parts of a split payment, or before any, says what is still to pay.
    data.totals.is_unpaid ? centred(labels.not_paid, width) : [],
    data.totals.has_due ? row(labels.amount_due, amount(data.totals.due_total), width) : [],
  );

  // Refunds: each with its date, lines and reason; then what is left.
  section(
    data.refunds.flatMap((refund) => [
      ...row(`${labels.refund} #${refund.id} ${refund.date.datetime}`, negative(refund.amount), width),
      ...refund.lines.filter((line) => line.type === 'line_item').flatMap((line) => indented(`${line.qty} x ${line.name}`, width, 2)),
      ...(refund.reason === '' ? [] : indented(refund.reason, width, 2)),
    ]),
    data.totals.has_refunds
      ? [...row(labels.refunded, negative(data.totals.refund_total), width), ...row(labels.net_total, amount(data.totals.net_total), width)]
      : [],
  );

  // Footer: the store's tax ids, notes, policies and imprint.
  section(
    data.store.tax_ids.flatMap((taxId) => wrap(`${taxId.label} ${taxId.value}`, width)),
    data.order.customer_note === '' ? [] : paragraphs(`${labels.note}: ${data.order.customer_note}`, width),
    centred(data.store.personal_notes === '' ? labels.thank_you : data.store.personal_notes, width),
    paragraphs(data.store.policies_and_conditions, width),
    paragraphs(data.store.footer_imprint, width),
  );

  return `${out.join('\n')}\n`;
}
