import { z } from 'zod';
import { BACKORDER_OPTIONS } from '../../model/catalogue/stock.js';
import { headerKey, splitList, type ColumnRule } from './columns.js';
import { cell, dateCell, decimalCell, FALSE_WORDS, flagCell, integerCell, problem, TRUE_WORDS } from './cells.js';

/**
 * The columns of WooCommerce's product CSV export (WC_Product_CSV_Exporter, English headers) that
 * a till keeps. Download, shipping, dimension, review, upsell and purchase-note columns have no
 * place here and are ignored, as are `Meta: ...` columns and any column not listed.
 */
export const PRODUCT_COLUMNS = [
  { key: 'id', label: 'ID', names: ['id'] },
  { key: 'type', label: 'Type', names: ['type'] },
  { key: 'sku', label: 'SKU', names: ['sku'] },
  { key: 'gtin', label: 'GTIN, UPC, EAN, or ISBN', names: ['gtin, upc, ean, or isbn', 'gtin, upc, ean or isbn', 'gtin'] },
  { key: 'barcode', label: 'Barcode', names: ['barcode'] },
  { key: 'name', label: 'Name', names: ['name'] },
  { key: 'published', label: 'Published', names: ['published'] },
  { key: 'featured', label: 'Is featured?', names: ['is featured?'] },
  { key: 'catalog_visibility', label: 'Visibility in catalog', names: ['visibility in catalog'] },
  { key: 'short_description', label: 'Short description', names: ['short description'] },
  { key: 'description', label: 'Description', names: ['description'] },
  { key: 'sale_from', label: 'Date sale price starts', names: ['date sale price starts'] },
  { key: 'sale_to', label: 'Date sale price ends', names: ['date sale price ends'] },
  { key: 'tax_status', label: 'Tax status', names: ['tax status'] },
  { key: 'tax_class', label: 'Tax class', names: ['tax class'] },
  { key: 'stock_status', label: 'In stock?', names: ['in stock?'] },
  { key: 'stock', label: 'Stock', names: ['stock'] },
  { key: 'backorders', label: 'Backorders allowed?', names: ['backorders allowed?'] },
  { key: 'sold_individually', label: 'Sold individually?', names: ['sold individually?'] },
  { key: 'weight', label: 'Weight', names: ['weight'], prefixes: ['weight ('] },
  { key: 'sale_price', label: 'Sale price', names: ['sale price'] },
  { key: 'regular_price', label: 'Regular price', names: ['regular price'] },
  { key: 'categories', label: 'Categories', names: ['categories'] },
  { key: 'tags', label: 'Tags', names: ['tags'] },
  { key: 'brands', label: 'Brands', names: ['brands'] },
  { key: 'images', label: 'Images', names: ['images'] },
  { key: 'parent', label: 'Parent', names: ['parent'] },
  { key: 'position', label: 'Position', names: ['position'] },
] as const satisfies readonly ColumnRule<string>[];

export const NO_SKU = 'the row has no SKU: the import creates and updates products by SKU';

export type ProductColumn = (typeof PRODUCT_COLUMNS)[number]['key'];
export const REQUIRED_PRODUCT_COLUMNS: readonly ProductColumn[] = ['sku', 'name', 'type'];

const ATTRIBUTE_PARTS = { name: 'name', 'value(s)': 'values', visible: 'visible', default: 'default' } as const;
type AttributePart = (typeof ATTRIBUTE_PARTS)[keyof typeof ATTRIBUTE_PARTS];

/** `Attribute 2 value(s)` → number 2, part `values` (the `global` column is ignored: a till has no global attributes). */
export function attributeColumnOf(header: string): { number: number; part: AttributePart } | undefined {
  const match = /^attribute (\d+) (name|value\(s\)|visible|default)$/.exec(headerKey(header));
  if (!match) return undefined;
  return { number: Number(match[1]), part: ATTRIBUTE_PARTS[match[2] as keyof typeof ATTRIBUTE_PARTS] };
}

export type RawAttribute = Partial<Record<AttributePart, string>> & { number: number };

/** An attribute as a row gives it: its options (a variation's single option is the first), visibility and default option. */
export interface RowAttribute {
  name: string;
  options: string[];
  visible: boolean;
  default: string;
}

/** A category or brand as `Parent > Child`; a tag is a path of one name. */
export type TermPath = string[];

export const IMPORTED_TYPES = ['simple', 'variable', 'variation'] as const;
export type ImportedType = (typeof IMPORTED_TYPES)[number];

const typeCell = cell((value, ctx) => {
  const parts = splitList(value.toLowerCase()).filter((part) => part !== '');
  const virtual = parts.includes('virtual');
  const named = parts.filter((part) => part !== 'virtual' && part !== 'downloadable');
  const type = named.find((part): part is ImportedType => (IMPORTED_TYPES as readonly string[]).includes(part));
  if (type !== undefined || named.length === 0) return { type, virtual };
  const [first = ''] = named;
  if (first === 'grouped') return problem(ctx, 'grouped products are not imported: a till sells the products of a group one by one');
  if (first === 'external') return problem(ctx, 'external products are not imported: they are sold on another site');
  return problem(ctx, `product type ${first} is not supported (simple, variable or variation)`);
});

/** WooCommerce's `Published`: 1 published, 0 private, -1 draft (`true`/`false` also); undefined when empty. */
const publishedCell = cell((value, ctx) => {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (text === 'true') return 1;
  if (text === 'false') return -1;
  const number = /^-?\d+(\.\d+)?$/.test(text) ? Math.trunc(Number(text)) : Number.NaN;
  if (number === 1 || number === 0 || number === -1) return number;
  return problem(ctx, `published ${value.trim()} is not 1 (published), 0 (private) or -1 (draft)`);
});

const VISIBILITIES = ['visible', 'catalog', 'search', 'hidden'] as const;
const visibilityCell = cell((value, ctx) => {
  const text = value.trim().toLowerCase();
  if (text === '') return 'visible';
  const visibility = VISIBILITIES.find((candidate) => candidate === text);
  return visibility ?? problem(ctx, `visibility ${value.trim()} is not visible, catalog, search or hidden`);
});

/**
 * The exporter writes newlines as the two characters `\n` (and a literal `\n` as `\\n`); a quoted
 * multi-line cell keeps its real newlines.
 */
const descriptionCell = cell((value) =>
  value
    .split('\\\\n')
    .map((part) => part.replaceAll('\\n', '\n'))
    .join('\\n'),
);

const taxStatusCell = cell((value, ctx) => {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'true' || text === 'taxable') return 'taxable' as const;
  if (text === 'false' || text === 'none') return 'none' as const;
  if (text === 'shipping') return 'shipping' as const;
  return problem(ctx, `tax status ${value.trim()} is not taxable, shipping or none`);
});

/** `1` in stock, `0` out of stock, `backorder`; an empty cell is in stock. */
const stockStatusCell = cell((value, ctx) => {
  const text = value.trim().toLowerCase();
  if (text === '' || text === '1' || text === 'instock') return 'instock' as const;
  if (text === '0' || text === 'outofstock') return 'outofstock' as const;
  if (text === 'backorder' || text === 'onbackorder') return 'onbackorder' as const;
  return problem(ctx, `in stock? ${value.trim()} is not 1, 0 or backorder`);
});

/** A quantity turns stock management on; empty (or a variation's `parent`) turns it off. */
const stockCell = cell((value, ctx) => {
  const text = value.trim();
  if (text === '' || text.toLowerCase() === 'parent') return null;
  if (!/^-?\d{1,12}(\.0+)?$/.test(text)) return problem(ctx, `stock ${text} is not a whole number`);
  return Math.trunc(Number(text));
});

const backordersCell = cell((value, ctx) => {
  const text = value.trim().toLowerCase();
  if (text === '' || FALSE_WORDS.has(text)) return 'no' as const;
  if (TRUE_WORDS.has(text)) return 'yes' as const;
  const option = BACKORDER_OPTIONS.find((candidate) => candidate === text);
  return option ?? problem(ctx, `backorders allowed? ${value.trim()} is not 1, 0 or notify`);
});

/** A barcode (GTIN, UPC, EAN, ISBN or the shop's own code): one word, as scanners send it. */
function barcodeCell(label: string) {
  return cell((value, ctx) => {
    const text = value.trim();
    if (/^\d+(\.\d+)?e\+\d+$/i.test(text))
      return problem(ctx, `${label} ${text} was turned into a number by a spreadsheet; format the column as text and export again`);
    if (/\s/.test(text) || text.length > 64) return problem(ctx, `${label} "${text}" is not a barcode (one word of at most 64 characters)`);
    return text;
  });
}

function termPathsCell(label: string) {
  return cell((value, ctx) => {
    if (value.trim() === '') return [];
    return splitList(value).map((entry) => {
      const path = entry.split('>').map((name) => name.trim());
      if (path.some((name) => name === '')) return problem(ctx, `${label} "${entry}" has an empty name`);
      return path;
    });
  });
}

const tagsCell = cell((value) =>
  value.trim() === ''
    ? []
    : splitList(value)
        .filter((name) => name !== '')
        .map((name) => [name]),
);

const imagesCell = cell((value, ctx) => {
  if (value.trim() === '') return [];
  return splitList(value)
    .filter((entry) => entry !== '')
    .map((src) => {
      let url: URL;
      try {
        url = new URL(src);
      } catch {
        return problem(ctx, `image ${src} is not a web address`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem(ctx, `image ${src} is not a web address`);
      const file = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
      return { id: 0, src, name: file.replace(/\.[^.]+$/, ''), alt: '' };
    });
});

/** A parent by SKU, or `id:N` for the row whose ID is N in the same file. */
const parentCell = cell((value) => {
  const text = value.trim();
  if (text === '') return null;
  const byId = /^id:(\d+)$/i.exec(text);
  return byId ? { sourceId: Number(byId[1]) } : { sku: text };
});

const sourceIdCell = cell((value, ctx) => {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d{1,15}$/.test(text)) return problem(ctx, `ID ${text} is not a whole number`);
  return Number(text);
});

const attributesSchema = z
  .array(
    z.object({
      number: z.number(),
      name: z.string().optional(),
      values: z.string().optional(),
      visible: z.string().optional(),
      default: z.string().optional(),
    }),
  )
  .transform((raw, ctx): RowAttribute[] => {
    const named = [...raw].sort((a, b) => a.number - b.number).filter((attribute) => (attribute.name ?? '').trim() !== '');
    const seen = new Set<string>();
    return named.map((attribute) => {
      const name = (attribute.name ?? '').trim();
      if (seen.has(name.toLowerCase())) return problem(ctx, `attribute ${name} is named twice`);
      seen.add(name.toLowerCase());
      const visible = attribute.visible === undefined ? true : TRUE_WORDS.has(attribute.visible.trim().toLowerCase());
      return { name, options: splitList(attribute.values ?? '').filter((option) => option !== ''), visible, default: (attribute.default ?? '').trim() };
    });
  });

/** A product row's cells, read: every key is undefined when its column is not in the file (or not reached by a short row). */
export function productRowSchema(decimalSeparator: string) {
  return z.object({
    id: sourceIdCell.optional(),
    type: typeCell.optional(),
    sku: cell((value, ctx) => value.trim() || problem(ctx, NO_SKU)).optional(),
    gtin: barcodeCell('GTIN').optional(),
    barcode: barcodeCell('barcode').optional(),
    name: cell((value) => value.trim()).optional(),
    published: publishedCell.optional(),
    featured: flagCell('is featured?', false).optional(),
    catalog_visibility: visibilityCell.optional(),
    short_description: descriptionCell.optional(),
    description: descriptionCell.optional(),
    sale_from: dateCell('date sale price starts').optional(),
    sale_to: dateCell('date sale price ends').optional(),
    tax_status: taxStatusCell.optional(),
    tax_class: cell((value) => value.trim()).optional(),
    stock_status: stockStatusCell.optional(),
    stock: stockCell.optional(),
    backorders: backordersCell.optional(),
    sold_individually: flagCell('sold individually?', false).optional(),
    weight: decimalCell('weight', decimalSeparator).optional(),
    sale_price: decimalCell('sale price', decimalSeparator).optional(),
    regular_price: decimalCell('regular price', decimalSeparator).optional(),
    categories: termPathsCell('category').optional(),
    tags: tagsCell.optional(),
    brands: termPathsCell('brand').optional(),
    images: imagesCell.optional(),
    parent: parentCell.optional(),
    position: integerCell('position', 0).optional(),
    attributes: attributesSchema,
  });
}

export type ProductRow = z.output<ReturnType<typeof productRowSchema>>;
export type RawProductRow = z.input<ReturnType<typeof productRowSchema>>;
