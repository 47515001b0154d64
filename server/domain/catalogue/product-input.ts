import { z } from 'zod';
import { nonNegativeMoneyInput } from '../../model/money.js';
import { metaDataSchema } from '../../model/stores.js';
import { slugify } from '../../model/catalogue/naming.js';
import { BACKORDER_OPTIONS, STOCK_STATUSES } from '../../model/catalogue/stock.js';
import { POS_VISIBILITIES, PRODUCT_STATUSES, TAX_STATUSES } from '../../model/catalogue/types.js';

type PosVisibility = (typeof POS_VISIBILITIES)[number];

/** Catalogue writes take the WooCommerce v3 product and variation fields (woocommerce-reference §2.1, §2.2). */

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** `[{id}]` or `[id]`: term references as WooCommerce takes them. */
const termIds = z
  .array(z.union([z.number().int().positive(), z.object({ id: z.number().int('must be an integer').positive('must be a term id') })]))
  .max(100)
  .transform((items) => [...new Set(items.map((item) => (typeof item === 'number' ? item : item.id)))]);

/** A date-time, read as GMT when it has no zone; null or '' clears it. */
const dateTime = z
  .union([
    z.null(),
    z.literal(''),
    z.string().refine((value) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date-time'),
  ])
  .transform((value) => {
    if (value === null || value === '') return null;
    const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value);
    return new Date(zoned ? value : `${value.length === 10 ? `${value}T00:00:00` : value}Z`).toISOString().slice(0, 19);
  });

/** Stock counts: whole units, or up to three decimal places (weighed goods, where `decimal_qty` is on). */
export const stockQuantity = z
  .number({ error: 'must be a number' })
  .min(-1_000_000_000)
  .max(1_000_000_000)
  .refine(
    (value) => Number.isInteger(Math.round(value * 1000)) && Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6,
    'has at most three decimal places',
  );

const image = z.object({
  id: z.number().int().min(0).optional(),
  src: z.url('must be a URL').max(2048),
  name: text(200).optional(),
  alt: text(200).optional(),
});

const attribute = z.object({
  id: z.number().int().min(0).default(0),
  name: text(200).trim().min(1, 'an attribute needs a name'),
  position: z.number().int().min(0).optional(),
  visible: z.boolean().default(true),
  variation: z.boolean().default(false),
  options: z.array(text(200).trim().min(1)).max(200).default([]),
});

const variationAttribute = z
  .object({ id: z.number().int().min(0).default(0), name: text(200).trim().min(1, 'an attribute needs a name'), option: text(200).trim() })
  .transform((choice) => ({ ...choice, slug: choice.id > 0 ? `pa_${slugify(choice.name)}` : slugify(choice.name) }));

/** A GTIN/EAN/UPC: digits and `-` (woocommerce-reference §2.1, `global_unique_id`). */
const gtin = text(64)
  .trim()
  .regex(/^[0-9-]*$/, 'must be digits (a GTIN, EAN or UPC); use barcode_field=sku for other codes');

/**
 * WCPOS keeps where a product sells as the meta `_pos_visibility` (`pos_only`, `online_only`, or
 * none). Tillbase keeps it in a column of its own, which the catalogue filters on, and takes and
 * sends it as that meta, so a client sees WooCommerce's fields only.
 */
export const POS_VISIBILITY_META = '_pos_visibility';

/** The visibility a write's meta sets (its last `_pos_visibility` entry), or undefined to leave it. */
export function posVisibilityOf(meta: ReadonlyArray<{ key: string; value: unknown }> | undefined): PosVisibility | undefined {
  const entry = meta?.findLast((candidate) => candidate.key === POS_VISIBILITY_META);
  return POS_VISIBILITIES.find((visibility) => visibility === entry?.value);
}

/** The meta to store: everything but `_pos_visibility`, which lives in its column. */
export function withoutPosVisibility<T extends { key: string }>(meta: readonly T[] | undefined): T[] | undefined {
  return meta?.filter((entry) => entry.key !== POS_VISIBILITY_META);
}

/** The fields products and variations share. */
const sharedFields = {
  description: text(100_000),
  sku: text(100).trim(),
  global_unique_id: gtin,
  barcode: gtin,
  regular_price: nonNegativeMoneyInput,
  sale_price: nonNegativeMoneyInput,
  date_on_sale_from_gmt: dateTime,
  date_on_sale_to_gmt: dateTime,
  date_on_sale_from: dateTime,
  date_on_sale_to: dateTime,
  virtual: z.boolean(),
  tax_status: z.enum(TAX_STATUSES),
  tax_class: text(200).trim(),
  manage_stock: z.boolean(),
  stock_quantity: stockQuantity.nullable(),
  stock_status: z.enum(STOCK_STATUSES),
  backorders: z.enum(BACKORDER_OPTIONS),
  weight: text(32).trim(),
  /** WooCommerce's own low-stock amount of the item (null: the store's `notify_low_stock_amount`). */
  low_stock_amount: z.number({ error: 'must be a whole number or null' }).int('must be a whole number').min(0, 'must not be negative').nullable(),
  menu_order: z.number().int('must be an integer'),
  meta_data: metaDataSchema.max(200).superRefine((entries, context) => {
    entries.forEach((entry, index) => {
      if (entry.key === POS_VISIBILITY_META && !POS_VISIBILITIES.some((visibility) => visibility === entry.value)) {
        context.addIssue({ code: 'custom', path: [index, 'value'], message: `${POS_VISIBILITY_META} must be pos_only, online_only or '' (both)` });
      }
    });
  }),
};

export const productInputSchema = z
  .object({
    ...sharedFields,
    name: text(200).trim().min(1, 'name must not be empty'),
    slug: text(200).trim(),
    // Grouped and external products are not sold at a till (nor imported): only these two are made here.
    type: z.enum(['simple', 'variable'], { error: 'must be simple or variable' }),
    status: z.enum(PRODUCT_STATUSES),
    featured: z.boolean(),
    catalog_visibility: z.enum(['visible', 'catalog', 'search', 'hidden']),
    short_description: text(100_000),
    sold_individually: z.boolean(),
    categories: termIds,
    tags: termIds,
    brands: termIds,
    images: z.array(image).max(50),
    attributes: z.array(attribute).max(100),
    default_attributes: z.array(z.object({ id: z.number().int().min(0).default(0), name: text(200).trim().min(1), option: text(200).trim() })).max(100),
  })
  .partial();
export type ProductInput = z.output<typeof productInputSchema>;

export const variationInputSchema = z
  .object({
    ...sharedFields,
    status: z.enum(['publish', 'draft', 'pending', 'private']),
    image: image.nullable(),
    attributes: z.array(variationAttribute).max(100),
  })
  .partial();
export type VariationInput = z.output<typeof variationInputSchema>;

/** `POST /products/{id}/stock`: a relative change or a new count, with why. */
export const stockAdjustmentSchema = z
  .object({
    adjust: stockQuantity.refine((value) => value !== 0, 'must not be zero').optional(),
    set: stockQuantity.optional(),
    reason: z.enum(['received', 'damaged', 'counted', 'correction'], { error: 'must be received, damaged, counted or correction' }),
    note: text(1000).trim().default(''),
  })
  .refine((input) => (input.adjust === undefined) !== (input.set === undefined), {
    message: 'give either adjust (a change) or set (a new count)',
    path: ['adjust'],
  });
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;
