/** The till's browser-free rules for the counter: typed quantities, line discounts, and stock on tiles and in the sale. */
import { describe, expect, it } from 'vitest';
import { discountedTotal, readQuantity, stepQuantity } from '../../renderer/line-edits.js';
import { checkStock, stockNote, type StockFields } from '../../renderer/stock.js';

describe('typed quantities', () => {
  it('takes whole numbers, and decimals only where the shop allows them', () => {
    expect(readQuantity(' 3 ', false)).toEqual({ ok: true, value: 3 });
    expect(readQuantity('1.5', true)).toEqual({ ok: true, value: 1.5 });
    expect(readQuantity('1,25', true)).toEqual({ ok: true, value: 1.25 });
    expect(readQuantity('1.5', false)).toMatchObject({ ok: false, message: expect.stringContaining('whole numbers') });
  });

  it('says why a quantity is refused', () => {
    expect(readQuantity('abc', true)).toEqual({ ok: false, message: '"abc" is not a quantity: enter a number such as 2 or 1.5.' });
    expect(readQuantity('-1', true)).toMatchObject({ ok: false, message: expect.stringContaining('below zero') });
    expect(readQuantity('', false)).toMatchObject({ ok: false, message: 'Enter a quantity, such as 2.' });
    expect(readQuantity('1.2345', true)).toMatchObject({ ok: false, message: expect.stringContaining('3 decimal places') });
  });

  it('steps by one without binary rounding, never below zero', () => {
    expect(stepQuantity(0.1, 1)).toBe(1.1);
    expect(stepQuantity(1.2, 1)).toBe(2.2);
    expect(stepQuantity(0.5, -1)).toBe(0);
  });
});

describe('line discounts', () => {
  it('takes a percentage off the subtotal, rounded half up to the cent', () => {
    expect(discountedTotal('2.75', '10', 'percent', 2)).toEqual({ ok: true, value: '2.47' });
    expect(discountedTotal('1.95', '100', 'percent', 2)).toEqual({ ok: true, value: '0.00' });
    expect(discountedTotal('1.95', '0', 'percent', 2)).toEqual({ ok: true, value: '1.95' });
  });

  it('takes an amount off the subtotal', () => {
    expect(discountedTotal('1.95', '0.45', 'amount', 2)).toEqual({ ok: true, value: '1.50' });
    expect(discountedTotal('0.30', '0.1', 'amount', 2)).toEqual({ ok: true, value: '0.20' });
  });

  it('refuses what is not a discount', () => {
    expect(discountedTotal('1.95', '120', 'percent', 2)).toMatchObject({ ok: false, message: 'A discount is at most 100%.' });
    expect(discountedTotal('1.95', '2.00', 'amount', 2)).toMatchObject({ ok: false, message: "The amount off cannot be more than the line's 1.95." });
    expect(discountedTotal('1.95', 'ten', 'amount', 2)).toMatchObject({ ok: false });
    expect(discountedTotal('1.95', '0.001', 'amount', 2)).toMatchObject({ ok: false });
  });
});

describe('stock', () => {
  const counted = (stock: number, backorders = 'no'): StockFields => ({
    manage_stock: true,
    stock_quantity: stock,
    stock_status: stock > 0 ? 'instock' : 'outofstock',
    backorders,
  });

  it('shows what is left on a tile, and nothing for goods not counted', () => {
    expect(stockNote(counted(3))).toBe('3 left');
    expect(stockNote(counted(0))).toBe('Out of stock');
    expect(stockNote(counted(-2))).toBe('Out of stock');
    expect(stockNote({ manage_stock: false, stock_quantity: null, stock_status: 'instock', backorders: 'no' })).toBeNull();
    expect(stockNote({ manage_stock: false, stock_quantity: null, stock_status: 'outofstock', backorders: 'no' })).toBe('Out of stock');
  });

  it('refuses beyond stock when overselling is prevented, warns when it is not, and lets backorders through', () => {
    expect(checkStock(counted(3), 'Cola', 3, true)).toEqual({ kind: 'ok' });
    expect(checkStock(counted(3), 'Cola', 4, true)).toMatchObject({ kind: 'refuse', message: 'Only 3 Cola in stock: the sale cannot have 4.' });
    expect(checkStock(counted(0), 'Cola', 1, true)).toMatchObject({ kind: 'refuse', message: 'Cola is out of stock: the sale cannot have 1.' });
    expect(checkStock(counted(3), 'Cola', 4, false)).toMatchObject({
      kind: 'warn',
      message: expect.stringContaining('Only 3 Cola in stock; this sale now has 4.'),
    });
    expect(checkStock(counted(3, 'notify'), 'Cola', 4, true)).toMatchObject({ kind: 'warn' });
  });
});
