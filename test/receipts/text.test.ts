import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice } from '../../server/domain/receipts/format.js';
import type { PresentationHints } from '../../server/domain/receipts/schema.js';
import { renderReceiptText } from '../../server/domain/receipts/text.js';
import { DECOMPOSED_NAME, sampleReceipt, usd } from '../helpers/sample-receipt.js';

/** The plain-text receipt (server/domain/receipts/text.ts) and the amount formats. */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const widthOf = (line: string) => Array.from(graphemes.segment(line)).length;
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

/** Every line fits, without trailing spaces; rows ending in an amount (`12.00`, `-4.33`) end exactly at the last column. */
function expectWithin(text: string, width: number): void {
  expect(text.endsWith('\n')).toBe(true);
  for (const line of linesOf(text)) {
    expect(widthOf(line), line).toBeLessThanOrEqual(width);
    expect(line, 'no trailing spaces').toBe(line.trimEnd());
    if (!line.startsWith(' ') && / -?[\d,]+\.\d{2}$/.test(line)) expect(widthOf(line), line).toBe(width);
  }
}

describe('renderReceiptText', () => {
  it('lays out a paid, refunded sale in 48 columns', () => {
    const text = renderReceiptText(sampleReceipt(), 48);
    expect(text).toBe(
      [
        '                  Corner Café',
        '                 12 Main Street',
        '             Springfield, IL 62701',
        '                 United States',
        '               Tel. 217 555 0100',
        '------------------------------------------------',
        'Receipt #1042                   2025-03-14 09:26',
        'Served by: Sam',
        'Customer: Ada Lovelace',
        '------------------------------------------------',
        '2 x Espresso                                7.00',
        '    @ 3.50',
        '1 x Extraordinarily long artisanal         12.00',
        '    sourdough loaf with toasted sunflower seeds',
        `3 x ${DECOMPOSED_NAME}                           12.00`,
        '    @ 4.00',
        '    Size: Large',
        '------------------------------------------------',
        'Subtotal                                   31.00',
        'Discount save1                             -1.00',
        'Sales Tax 8.25%                             2.48',
        'TOTAL USD                                  32.48',
        '------------------------------------------------',
        'Cash                                       32.48',
        'Tendered                                   40.00',
        'Change                                      7.52',
        '------------------------------------------------',
        'Refund #7 2025-03-14 10:02                 -4.33',
        `  1 x ${DECOMPOSED_NAME}`,
        '  Dropped on the floor',
        'Refunded                                   -4.33',
        'Net total                                  28.15',
        '------------------------------------------------',
        'EIN 12-3456789',
        '          Thank you for your purchase',
        'Returns within 30 days with this receipt.',
        '',
      ].join('\n'),
    );
    expectWithin(text, 48);
  });

  it('fits 32 columns (58 mm paper): names wrap under their quantity, amounts stay at the last column', () => {
    const text = renderReceiptText(sampleReceipt(), 32);
    expectWithin(text, 32);
    const lines = linesOf(text);
    expect(lines.slice(lines.indexOf('2 x Espresso                7.00'), lines.indexOf('2 x Espresso                7.00') + 8)).toEqual([
      '2 x Espresso                7.00',
      '    @ 3.50',
      '1 x Extraordinarily long   12.00',
      '    artisanal sourdough loaf',
      '    with toasted sunflower seeds',
      `3 x ${DECOMPOSED_NAME}           12.00`,
      '    @ 4.00',
      '    Size: Large',
    ]);
    expect(lines).toContain('TOTAL USD                  32.48');
    expect(lines).toContain('Change                      7.52');
    expect(lines).toContain('Refund #7 2025-03-14 10:02 -4.33');
    expect(lines).toContain('Returns within 30 days with this');
    expect(lines).toContain('receipt.');
  });

  it('never exceeds the width, down to 24 columns, and never loses a word', () => {
    for (const width of [24, 25, 31, 40, 47, 64]) {
      const text = renderReceiptText(sampleReceipt(), width);
      expectWithin(text, width);
      const words = text.split(/\s+/);
      for (const word of ['Extraordinarily', 'long', 'artisanal', 'sourdough', 'loaf', 'with', 'toasted', 'sunflower', 'seeds']) expect(words).toContain(word);
    }
    const narrow = linesOf(renderReceiptText(sampleReceipt(), 24));
    // The date leaves the receipt number too little room: each takes its own line.
    expect(narrow.slice(6, 8)).toEqual(['Receipt #1042', '        2025-03-14 09:26']);
  });

  it('splits a word longer than the line instead of cutting it', () => {
    const data = sampleReceipt();
    data.lines = [{ ...data.lines[0]!, qty: 1, name: 'Supercalifragilisticexpialidocious-and-then-some' }];
    const lines = linesOf(renderReceiptText(data, 32));
    const start = lines.findIndex((line) => line.startsWith('1 x '));
    expect(lines.slice(start, start + 3)).toEqual(['1 x Supercalifragilisticexp 7.00', '    ialidocious-and-then-some', '--------------------------------']);
  });

  it('puts the amount under a label whose first word does not fit beside it, rather than split the word', () => {
    const data = sampleReceipt();
    data.discounts = [{ ...data.discounts[0]!, label: 'x' }];
    data.i18n = { ...data.i18n, discount: 'Rabattgutscheincode' };
    const lines = linesOf(renderReceiptText(data, 24));
    const start = lines.indexOf('Rabattgutscheincode x');
    expect(lines.slice(start, start + 2)).toEqual(['Rabattgutscheincode x', '                   -1.00']);
  });

  it('prints tax as included after the total when the store shows prices with tax, and a single tax line when asked', () => {
    const data = sampleReceipt();
    data.tax = { ...data.tax, display: 'incl', display_incl: true, display_excl: false };
    data.totals = { ...data.totals, ...usd({ subtotal: '33.56' }) };
    const itemized = linesOf(renderReceiptText(data, 48));
    const total = itemized.indexOf('TOTAL USD                                  32.48');
    expect(itemized.slice(total - 2, total + 2)).toEqual([
      'Subtotal                                   33.56',
      'Discount save1                             -1.00',
      'TOTAL USD                                  32.48',
      'incl. Sales Tax 8.25%                       2.48',
    ]);

    data.tax = { ...data.tax, breakdown: 'single', breakdown_itemized: false, breakdown_single: true };
    const single = linesOf(renderReceiptText(data, 48));
    expect(single[single.indexOf('TOTAL USD                                  32.48') + 1]).toBe('incl. Tax                                   2.48');
  });

  it('leaves out what a sale does not have: cashier, customer, payments, refunds, tax', () => {
    const data = sampleReceipt();
    data.cashier = null;
    data.customer = { ...data.customer, name: '' };
    data.payments = [];
    data.refunds = [];
    data.totals = { ...data.totals, has_refunds: false };
    data.tax_summary = [];
    data.has_tax_summary = false;
    data.store = { ...data.store, tax_ids: [], policies_and_conditions: '', personal_notes: 'See you soon!' };
    const text = renderReceiptText(data, 40);
    expect(text).not.toMatch(/Served by|Customer|Cash|Tendered|Change|Refund|Sales Tax|EIN/);
    expect(linesOf(text).slice(-4)).toEqual([
      'Discount save1                     -1.00',
      'TOTAL USD                          32.48',
      '----------------------------------------',
      '             See you soon!',
    ]);
  });

  it('uses the store’s words (receipt_i18n) and turns control characters into spaces', () => {
    const data = sampleReceipt();
    data.i18n = { ...data.i18n, receipt: 'Bon', total: 'Summe', change: 'Rückgeld' };
    data.lines = [{ ...data.lines[0]!, name: 'Tab\there\r\nand\u001b[1mescape' }];
    const lines = linesOf(renderReceiptText(data, 48));
    expect(lines).toContain('Bon #1042                       2025-03-14 09:26');
    expect(lines).toContain('SUMME USD                                  32.48');
    expect(lines).toContain('Rückgeld                                    7.52');
    expect(lines).toContain('2 x Tab here and [1mescape' + ' '.repeat(18) + '7.00');
  });
});

describe('amount formats', () => {
  const hints = (overrides: Partial<PresentationHints>): PresentationHints => ({
    locale: 'en_US',
    timezone: 'UTC',
    currency: 'USD',
    currency_symbol: '$',
    currency_position: 'left',
    price_thousand_separator: ',',
    price_decimal_separator: '.',
    price_num_decimals: 2,
    ...overrides,
  });

  it('groups thousands and uses the store separators and decimals', () => {
    expect(formatAmount('1234567.891', hints({}))).toBe('1,234,567.89');
    expect(formatAmount('-1234.5', hints({ price_thousand_separator: '.', price_decimal_separator: ',' }))).toBe('-1.234,50');
    expect(formatAmount('999', hints({ price_num_decimals: 0 }))).toBe('999');
    expect(formatAmount('-0.001', hints({}))).toBe('0.00');
    expect(formatAmount('8.005', hints({}))).toBe('8.01');
  });

  it('places the symbol as currency_pos says, the sign first', () => {
    expect(formatPrice('8.07', hints({}))).toBe('$8.07');
    expect(formatPrice('-2.4', hints({}))).toBe('-$2.40');
    expect(
      formatPrice('1234.5', hints({ currency_symbol: '€', currency_position: 'right_space', price_thousand_separator: ' ', price_decimal_separator: ',' })),
    ).toBe('1 234,50 €');
    expect(formatPrice('3', hints({ currency_symbol: 'kr', currency_position: 'right' }))).toBe('3.00kr');
    expect(formatPrice('-3', hints({ currency_symbol: 'CHF', currency_position: 'left_space' }))).toBe('-CHF 3.00');
  });
});
