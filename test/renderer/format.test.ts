import { describe, expect, it } from 'vitest';
import { formatPrice, roleLabel, settingLabel, settingValue, stockLabel, type PriceFormat } from '../../renderer/format.js';

const euro: PriceFormat = { currency: 'EUR', currency_pos: 'right_space', price_thousand_sep: '.', price_decimal_sep: ',', price_num_decimals: 2 };
const dollar: PriceFormat = { currency: 'USD', currency_pos: 'left', price_thousand_sep: ',', price_decimal_sep: '.', price_num_decimals: 2 };

describe('formatPrice', () => {
  it('groups, pads and places the currency as the store says', () => {
    expect(formatPrice('1234567.5', euro)).toBe('1.234.567,50\u00a0€');
    expect(formatPrice('1250', dollar)).toBe('$1,250.00');
    expect(formatPrice('-3.2', dollar)).toBe('-$3.20');
    expect(formatPrice('9.99', { ...euro, currency_pos: 'left_space' })).toBe('€\u00a09,99');
    expect(formatPrice('9.99', { ...euro, currency_pos: 'right' })).toBe('9,99€');
  });

  it('never cuts digits off (which would round the amount)', () => {
    expect(formatPrice('0.125', dollar)).toBe('$0.125');
    expect(formatPrice('12.5', { ...dollar, price_num_decimals: 0 })).toBe('$12.5');
  });

  it('shows a missing price as a dash and anything unexpected as it came', () => {
    expect(formatPrice('', dollar)).toBe('—');
    expect(formatPrice('free', dollar)).toBe('free');
    expect(formatPrice('4.50', null)).toBe('4.50');
  });

  it('shows an unknown currency code as the code', () => {
    expect(formatPrice('1', { ...dollar, currency: 'XYZW' })).toBe('XYZW1.00');
  });
});

describe('labels', () => {
  it('name roles, stock states and settings for people', () => {
    expect(roleLabel(['shop_manager'])).toBe('Shop manager');
    expect(roleLabel(['cashier', 'unknown'])).toBe('Cashier');
    expect(roleLabel([])).toBe('No role');
    expect(stockLabel('onbackorder')).toBe('On backorder');
    expect(stockLabel('discontinued')).toBe('discontinued');
    expect(settingLabel('store_tax_ids')).toBe('Store tax IDs');
    expect(settingLabel('pos_only_products')).toBe('POS only products');
    expect(settingLabel('force_ssl')).toBe('Force SSL');
  });

  it('show setting values', () => {
    expect(settingValue(true)).toBe('Yes');
    expect(settingValue(false)).toBe('No');
    expect(settingValue('')).toBe('—');
    expect(settingValue(null)).toBe('—');
    expect(settingValue([])).toBe('—');
    expect(settingValue(['VAT', 'GST'])).toBe('VAT, GST');
    expect(settingValue(0)).toBe('0');
    expect(settingValue([{ type: 'vat', value: 'DE123' }])).toBe('[{"type":"vat","value":"DE123"}]');
  });
});
