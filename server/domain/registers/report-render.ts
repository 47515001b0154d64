import { readableDateTime } from '../../../shared/readable-date.js';
import type { ReadableReport } from './reports.js';

/** Paper widths in characters: 48 columns on 80 mm paper, 32 on 58 mm (as receipts). */
export const REPORT_WIDTH = { min: 24, max: 64, default: 48 } as const;

/** Control characters would move a printer's head; they become spaces. */
function clean(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ');
}

function characters(text: string): string[] {
  return Array.from(clean(text));
}

/** A label on the left and a value ending at the last column; a label that leaves no room takes its own lines. */
function row(label: string, value: string, width: number): string[] {
  const labelChars = characters(label);
  const valueChars = characters(value);
  if (labelChars.length + valueChars.length + 1 <= width)
    return [`${labelChars.join('')}${' '.repeat(width - labelChars.length - valueChars.length)}${valueChars.join('')}`];
  const lines: string[] = [];
  for (let start = 0; start < labelChars.length; start += width) lines.push(labelChars.slice(start, start + width).join(''));
  lines.push(`${' '.repeat(Math.max(0, width - valueChars.length))}${valueChars.slice(-width).join('')}`);
  return lines;
}

function centred(text: string, width: number): string {
  const chars = characters(text).slice(0, width);
  return `${' '.repeat(Math.floor((width - chars.length) / 2))}${chars.join('')}`;
}

function negative(amount: string): string {
  return amount === '' || /^-?0(\.0+)?$/.test(amount) ? amount : `-${amount}`;
}

function title(report: ReadableReport): string {
  return report.report === 'Z' ? `Z REPORT No. ${report.z_number ?? ''}` : 'X REPORT';
}

/** The report as lines of a fixed width, for a thermal printer. */
export function renderReportText(report: ReadableReport, width: number = REPORT_WIDTH.default): string {
  const rule = '-'.repeat(width);
  const section = (name: string) => [rule, name];
  const lines: string[] = [
    centred(title(report), width),
    centred(report.register.name, width),
    ...row('Register', String(report.register.id), width),
    ...row('Session', String(report.session.id), width),
    ...row('Opened', readableDateTime(report.session.date_opened ?? ''), width),
    ...row('Opened by', report.session.opened_by.name, width),
  ];
  if (report.session.date_closed !== null)
    lines.push(...row('Closed', readableDateTime(report.session.date_closed), width), ...row('Closed by', report.session.closed_by?.name ?? '', width));
  lines.push(
    ...section(`SALES (${report.currency})`),
    ...row('Receipts', String(report.sales.count), width),
    ...row('First receipt', report.receipts.first ?? '-', width),
    ...row('Last receipt', report.receipts.last ?? '-', width),
    ...row('Gross', report.sales.gross, width),
    ...row('Discounts', negative(report.sales.discounts), width),
    ...row('Refunds', negative(report.sales.refunds), width),
    ...row('Net', report.sales.net, width),
    ...section('TAX'),
  );
  for (const tax of report.taxes) lines.push(...row(`${tax.label} ${tax.rate}%`, tax.net, width));
  lines.push(...row('Tax total', report.sales.tax, width));
  if ('payments' in report) {
    lines.push(...section('PAYMENTS'));
    for (const payment of report.payments) lines.push(...row(`${payment.title} (${payment.count})`, payment.amount, width));
    lines.push(...section('REFUNDS'));
    for (const refund of report.refunds) lines.push(...row(`${refund.title} (${refund.count})`, negative(refund.amount), width));
  }
  lines.push(...section('CASH MOVEMENTS'));
  for (const movement of report.cash_movements)
    lines.push(
      ...row(
        `${movement.type === 'in' ? 'In' : 'Out'}${movement.reason === '' ? '' : `: ${movement.reason}`}`,
        movement.type === 'in' ? movement.amount : negative(movement.amount),
        width,
      ),
    );
  if ('drawer' in report && report.drawer) {
    const drawer = report.drawer;
    lines.push(
      ...section('DRAWER'),
      ...row('Opening float', drawer.opening_float, width),
      ...row('Cash received', drawer.cash_received, width),
      ...row('Change given', negative(drawer.change_given), width),
      ...row('Cash refunded', negative(drawer.cash_refunded), width),
      ...row('Cash in', drawer.cash_in, width),
      ...row('Cash out', negative(drawer.cash_out), width),
      ...row('Expected cash', drawer.expected_cash, width),
    );
  }
  if ('counted_cash' in report && report.counted_cash !== undefined)
    lines.push(...row('Counted cash', report.counted_cash, width), ...row('Variance', report.variance ?? '', width));
  if (report.unsent !== undefined)
    lines.push(
      ...section('NOT YET IN WOOCOMMERCE'),
      ...row(`Sales (${report.unsent.sales})`, report.unsent.sales_amount, width),
      ...row(`Refunds (${report.unsent.refunds})`, negative(report.unsent.refunds_amount), width),
    );
  if (report.single_copy !== undefined && report.single_copy.sales > 0)
    lines.push(...section('ON THIS TILL ONLY'), ...row(`Sales (${report.single_copy.sales})`, report.single_copy.sales_amount, width));
  lines.push(rule);
  return `${lines.join('\n')}\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

/** One report's HTML, without the page around it. */
function reportSection(report: ReadableReport): string {
  const rows = (pairs: ReadonlyArray<readonly [string, string]>) =>
    pairs.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const table = (caption: string, pairs: ReadonlyArray<readonly [string, string]>) => `<table><caption>${escapeHtml(caption)}</caption>${rows(pairs)}</table>`;
  const parts = [
    `<h1>${escapeHtml(title(report))}</h1>`,
    `<p>${escapeHtml(`${report.register.name}, cash session ${report.session.id}`)}</p>`,
    table('Session', [
      ['Opened', readableDateTime(report.session.date_opened ?? '')],
      ['Opened by', report.session.opened_by.name],
      ...(report.session.date_closed === null
        ? []
        : ([
            ['Closed', readableDateTime(report.session.date_closed)],
            ['Closed by', report.session.closed_by?.name ?? ''],
          ] as const)),
    ]),
    table(`Sales (${report.currency})`, [
      ['Receipts', String(report.sales.count)],
      ['First receipt', report.receipts.first ?? '-'],
      ['Last receipt', report.receipts.last ?? '-'],
      ['Gross', report.sales.gross],
      ['Discounts', negative(report.sales.discounts)],
      ['Refunds', negative(report.sales.refunds)],
      ['Net', report.sales.net],
    ]),
    table('Tax', [...report.taxes.map((tax) => [`${tax.label} ${tax.rate}%`, tax.net] as const), ['Tax total', report.sales.tax]]),
  ];
  if ('payments' in report) {
    parts.push(
      table(
        'Payments',
        report.payments.map((payment) => [`${payment.title} (${payment.count})`, payment.amount] as const),
      ),
    );
    parts.push(
      table(
        'Refunds',
        report.refunds.map((refund) => [`${refund.title} (${refund.count})`, negative(refund.amount)] as const),
      ),
    );
  }
  parts.push(
    table(
      'Cash movements',
      report.cash_movements.map(
        (movement) =>
          [
            `${movement.type === 'in' ? 'In' : 'Out'}${movement.reason === '' ? '' : `: ${movement.reason}`}`,
            movement.type === 'in' ? movement.amount : negative(movement.amount),
          ] as const,
      ),
    ),
  );
  if ('drawer' in report && report.drawer) {
    const drawer = report.drawer;
    parts.push(
      table('Drawer', [
        ['Opening float', drawer.opening_float],
        ['Cash received', drawer.cash_received],
        ['Change given', negative(drawer.change_given)],
        ['Cash refunded', negative(drawer.cash_refunded)],
        ['Cash in', drawer.cash_in],
        ['Cash out', negative(drawer.cash_out)],
        ['Expected cash', drawer.expected_cash],
        ...(!('counted_cash' in report) || report.counted_cash === undefined
          ? []
          : ([
              ['Counted cash', report.counted_cash],
              ['Variance', report.variance ?? ''],
            ] as const)),
      ]),
    );
  }
  if (report.unsent !== undefined)
    parts.push(
      table('Not yet in WooCommerce', [
        [`Sales (${report.unsent.sales})`, report.unsent.sales_amount],
        [`Refunds (${report.unsent.refunds})`, negative(report.unsent.refunds_amount)],
      ]),
    );
  if (report.single_copy !== undefined && report.single_copy.sales > 0)
    parts.push(table('On this till only', [[`Sales (${report.single_copy.sales})`, report.single_copy.sales_amount]]));
  return `<section>${parts.join('')}</section>`;
}

/** Reports (one, or a register's closures) as a self-contained HTML page: no scripts, no external resources. */
export function renderReportHtml(reports: readonly ReadableReport[]): string {
  const style =
    'body{font-family:sans-serif;max-width:32em;margin:1em auto}table{width:100%;border-collapse:collapse;margin:1em 0}caption{text-align:left;font-weight:bold}th{text-align:left;font-weight:normal}td{text-align:right}';
  const heading = reports.length === 1 && reports[0] ? title(reports[0]) : 'Z reports';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title><style>${style}</style></head><body>${reports.map(reportSection).join('')}</body></html>`;
}
