/**
 * Adding or editing one product: name, SKU, barcode, price, tax class, category, picture, where
 * it sells, whether it is sold by weight, and the stock that counts as low for it. A new product counts its stock from 0 (a delivery adds to it in the Stock screen); an
 * edit sends only the fields that changed, and the server's refusals show under their fields.
 */
import { useCallback, useState } from 'preact/hooks';
import * as catalogueApi from '../../api/catalogue-admin.js';
import { useScans } from '../../scans-elsewhere.js';
import type { CategoryChoice, ManagedProduct, ProductWrite, TaxClass } from '../../api/catalogue-admin.js';
import { useTill } from '../context.js';
import { errorFor, type FieldErrors } from './api.js';
import { MANAGED_ELSEWHERE, MANAGED_ELSEWHERE_WHY, saveCatalogue } from './catalogue-save.js';
import { SelectField, type Choices } from '../kit/SelectField.js';
import { TextField } from '../kit/TextField.js';

const VISIBILITY_KEY = '_pos_visibility';
/** `yes` where the till asks for a weight when the product is added (server/model/catalogue/product-meta.ts). */
const SOLD_BY_WEIGHT_KEY = '_pos_sold_by_weight';
const VISIBILITIES: Choices = [
  ['', 'At the till and in the online shop'],
  ['pos_only', 'At the till only'],
  ['online_only', 'In the online shop only'],
];
const SELLS_BY: Choices = [
  ['no', 'The item'],
  ['yes', 'Weight (the till asks for the kilograms)'],
];

interface Draft {
  name: string;
  sku: string;
  global_unique_id: string;
  regular_price: string;
  tax_class: string;
  category: string;
  image: string;
  visibility: string;
  /** `yes` or `no`. */
  by_weight: string;
  /** The product's own low-stock amount as typed; empty: the shop's. */
  low_stock: string;
}

function draftOf(product: ManagedProduct | null): Draft {
  const visibility = product?.meta_data.find((entry) => entry.key === VISIBILITY_KEY)?.value;
  return {
    name: product?.name ?? '',
    sku: product?.sku ?? '',
    global_unique_id: product?.global_unique_id ?? '',
    regular_price: product?.regular_price ?? '',
    tax_class: product?.tax_class ?? '',
    category: product?.categories[0] === undefined ? '' : String(product.categories[0].id),
    image: product?.images[0]?.src ?? '',
    visibility: typeof visibility === 'string' ? visibility : '',
    by_weight: product?.meta_data.some((entry) => entry.key === SOLD_BY_WEIGHT_KEY && entry.value === 'yes') === true ? 'yes' : 'no',
    low_stock: product?.low_stock_amount === null || product?.low_stock_amount === undefined ? '' : String(product.low_stock_amount),
  };
}

function writeOf(draft: Draft): ProductWrite {
  return {
    name: draft.name,
    sku: draft.sku,
    global_unique_id: draft.global_unique_id,
    regular_price: draft.regular_price,
    tax_class: draft.tax_class,
    categories: draft.category === '' ? [] : [{ id: Number(draft.category) }],
    images: draft.image.trim() === '' ? [] : [{ src: draft.image.trim() }],
    low_stock_amount: draft.low_stock.trim() === '' ? null : Number(draft.low_stock.trim()),
    meta_data: [
      { key: VISIBILITY_KEY, value: draft.visibility },
      { key: SOLD_BY_WEIGHT_KEY, value: draft.by_weight },
    ],
  };
}

/** A refusal of the typed low-stock amount, before anything is sent, or null. */
function lowStockProblem(draft: Draft): string | null {
  return draft.low_stock.trim() === '' || /^\d+$/.test(draft.low_stock.trim()) ? null : 'Type a whole number, or leave it empty to use the shop’s amount.';
}

/** The fields of `after` whose draft value differs from `before`'s. */
function changesOf(before: Draft, after: Draft): Partial<ProductWrite> {
  const write = writeOf(after);
  const changed: Partial<ProductWrite> = {};
  if (after.name !== before.name) changed.name = write.name;
  if (after.sku !== before.sku) changed.sku = write.sku;
  if (after.global_unique_id !== before.global_unique_id) changed.global_unique_id = write.global_unique_id;
  if (after.regular_price !== before.regular_price) changed.regular_price = write.regular_price;
  if (after.tax_class !== before.tax_class) changed.tax_class = write.tax_class;
  if (after.category !== before.category) changed.categories = write.categories;
  if (after.image !== before.image) changed.images = write.images;
  if (after.visibility !== before.visibility || after.by_weight !== before.by_weight) changed.meta_data = write.meta_data;
  if (after.low_stock.trim() !== before.low_stock.trim()) changed.low_stock_amount = write.low_stock_amount;
  return changed;
}

/** The product's fields, each with the server's message for it. */
function ProductFields(props: {
  draft: Draft;
  errors: FieldErrors;
  set: (field: keyof Draft) => (value: string) => void;
  categories: readonly CategoryChoice[];
  taxClasses: readonly TaxClass[];
}) {
  const { draft, errors, set } = props;
  const taxClasses: Choices = props.taxClasses.map((taxClass) => [taxClass.slug === 'standard' ? '' : taxClass.slug, taxClass.name]);
  const categories: Choices = [['', 'None'], ...props.categories.map((category) => [String(category.id), category.name] as const)];
  return (
    <>
      <TextField id="product-name" label="Name" value={draft.name} error={errorFor(errors, 'name')} onInput={set('name')} />
      <TextField id="product-sku" label="SKU (stock code)" value={draft.sku} error={errorFor(errors, 'sku')} onInput={set('sku')} />
      <TextField
        id="product-barcode"
        label="Barcode"
        value={draft.global_unique_id}
        inputMode="numeric"
        hint="The number under the bars (EAN or UPC): scan the item while this form is open, or type it."
        error={errorFor(errors, 'global_unique_id') ?? errorFor(errors, 'barcode')}
        onInput={set('global_unique_id')}
      />
      <TextField
        id="product-price"
        label="Price"
        value={draft.regular_price}
        inputMode="decimal"
        error={errorFor(errors, 'regular_price')}
        onInput={set('regular_price')}
      />
      <SelectField
        id="product-tax-class"
        label="Tax class"
        value={draft.tax_class}
        options={taxClasses}
        error={errorFor(errors, 'tax_class')}
        onChange={set('tax_class')}
      />
      <SelectField
        id="product-category"
        label="Category"
        value={draft.category}
        options={categories}
        error={errorFor(errors, 'categories')}
        onChange={set('category')}
      />
      <TextField id="product-image" label="Picture (web address)" value={draft.image} error={errorFor(errors, 'images')} onInput={set('image')} />
      <SelectField
        id="product-visibility"
        label="Sold"
        value={draft.visibility}
        options={VISIBILITIES}
        error={errorFor(errors, 'meta_data')}
        onChange={set('visibility')}
      />
      <SelectField id="product-by-weight" label="Sells by" value={draft.by_weight} options={SELLS_BY} onChange={set('by_weight')} />
      <TextField
        id="product-low-stock"
        label="Low stock at"
        value={draft.low_stock}
        inputMode="numeric"
        hint="Stock at or under this shows in Low stock. Leave it empty to use the shop’s amount."
        error={errorFor(errors, 'low_stock_amount')}
        onInput={set('low_stock')}
      />
    </>
  );
}

export interface ProductFormProps {
  /** The product edited, or null to add one. */
  product: ManagedProduct | null;
  categories: readonly CategoryChoice[];
  taxClasses: readonly TaxClass[];
  managedElsewhere: boolean;
  onSaved: (product: ManagedProduct) => void;
  onClose: () => void;
}

export function ProductForm(props: ProductFormProps) {
  const { till } = useTill();
  const { product } = props;
  const [before] = useState(() => draftOf(product));
  const [draft, setDraft] = useState(before);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
  };
  // A scan while the form is open is the product's barcode, whichever field has the focus.
  useScans(
    useCallback((code: string) => {
      setDraft((current) => ({ ...current, global_unique_id: code }));
    }, []),
  );
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (product !== null && Object.keys(changesOf(before, draft)).length === 0) {
      till.info('Nothing to save: no field was changed.');
      return;
    }
    const lowStock = lowStockProblem(draft);
    if (lowStock !== null) {
      setErrors({ low_stock_amount: lowStock });
      return;
    }
    const answer: { value: ManagedProduct | null } = { value: null };
    await saveCatalogue(
      till,
      async () => {
        // A new product keeps count of its stock from the start, so that deliveries and sales move it.
        answer.value =
          product === null
            ? await catalogueApi.create(till.client, { ...writeOf(draft), manage_stock: true })
            : await catalogueApi.update(till.client, product.id, changesOf(before, draft));
      },
      { done: product === null ? `${draft.name} is added.` : `${draft.name} is saved.`, onFieldErrors: setErrors },
    );
    const saved = answer.value;
    if (saved !== null) props.onSaved(saved);
  };
  const heading = product === null ? 'Add a product' : `Edit ${product.name}`;
  return (
    <form id="product-form" class="card manage-form" aria-label={heading} noValidate onSubmit={(event) => void save(event)}>
      <h2>{heading}</h2>
      {props.managedElsewhere ? (
        <p id="product-form-managed" class="hint" role="note">
          <strong>{MANAGED_ELSEWHERE}</strong> {MANAGED_ELSEWHERE_WHY}
        </p>
      ) : null}
      <ProductFields draft={draft} errors={errors} set={set} categories={props.categories} taxClasses={props.taxClasses} />
      <div class="manage-actions">
        <button type="button" class="button button-quiet" onClick={props.onClose}>
          Close
        </button>
        <button type="submit" class="button">
          {product === null ? 'Add product' : 'Save product'}
        </button>
      </div>
    </form>
  );
}
