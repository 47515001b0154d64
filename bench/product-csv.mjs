// A WooCommerce product export of `count` simple products, as the bench imports it: distinct names,
// SKUs and EAN-13 barcodes, prices, stock, a category path and a tag, quoted cells with commas.
import { ean13 } from '../dist/server/model/catalogue/barcode.js';

const GOODS = ['Oat Milk', 'Greek Yogurt', 'Cheddar', 'Sourdough', 'Olive Oil', 'Basmati Rice', 'Penne', 'Green Tea', 'Dark Chocolate', 'Peanut Butter'];
const MAKERS = ['Hillside', 'Bayview', 'Northfield', 'Redwood', 'Sunvale', 'Oakmere', 'Clearbrook', 'Stonegate', 'Meadowlark', 'Silverpine'];
const AISLES = ['Dairy', 'Bakery', 'Pantry', 'Drinks', 'Snacks'];

const HEADER =
  'ID,Type,SKU,"GTIN, UPC, EAN, or ISBN",Name,Published,"Is featured?","Visibility in catalog","Short description",Description,"Tax status","Tax class","In stock?",Stock,"Backorders allowed?","Regular price","Sale price",Categories,Tags';

/** Row `index` of the generated export; `prefix` and `barcodePrefix` (two digits) keep its SKUs and barcodes apart from another file's. */
export function productCsvRow(index, prefix = 'IMP', barcodePrefix = '27') {
  const number = String(index + 1).padStart(6, '0');
  const name = `${MAKERS[index % 10]} ${GOODS[Math.floor(index / 10) % 10]} No. ${number}`;
  const managed = index % 2 === 0;
  const regular = `${(index % 40) + 1}.${String(index % 100).padStart(2, '0')}`;
  return [
    '',
    'simple',
    `${prefix}-${number}`,
    ean13(`${barcodePrefix}${String(index + 1).padStart(10, '0')}`),
    `"${name}"`,
    '1',
    '0',
    'visible',
    `"Short, plain: ${name}"`,
    `"Imported with the bench, line ${index + 2}."`,
    'taxable',
    '',
    managed ? '1' : '1',
    managed ? String(index % 60) : '',
    '0',
    regular,
    '',
    `"${AISLES[index % 5]} > ${GOODS[Math.floor(index / 10) % 10]}"`,
    index % 3 === 0 ? 'Imported' : '',
  ].join(',');
}

/** The whole export as one string. */
export function productCsv(count, prefix = 'IMP', barcodePrefix = '27') {
  const rows = [HEADER];
  for (let index = 0; index < count; index++) rows.push(productCsvRow(index, prefix, barcodePrefix));
  return `${rows.join('\n')}\n`;
}
