/**
 * Products (`manage_products`): the whole catalogue by name, a page at a time, searched by name,
 * SKU or barcode; each product opens in the form beside the list, and "Add product" opens an empty
 * one. While the till is connected to WooCommerce the form says at once that changes are made there.
 */
import { useCallback, useState } from 'preact/hooks';
import * as catalogueApi from '../../api/catalogue-admin.js';
import type { ManagedProduct } from '../../api/catalogue-admin.js';
import { useScans } from '../../scans-elsewhere.js';
import { useTill } from '../context.js';
import { useLoaded } from './api.js';
import { ProductForm } from './ProductForm.js';
import { PageButtons } from '../kit/PageButtons.js';
import { SearchForm } from '../kit/SearchForm.js';
import { TableHead } from '../kit/TableHead.js';

const PER_PAGE = 20;

function stockText(product: ManagedProduct): string {
  if (!product.manage_stock || product.stock_quantity === null) return product.stock_status === 'outofstock' ? 'Out of stock' : 'Not counted';
  return String(product.stock_quantity);
}

function ProductsTable(props: { products: readonly ManagedProduct[]; loading: boolean; onEdit: (product: ManagedProduct) => void }) {
  return (
    <table id="products-table" class="lines manage-table" aria-busy={props.loading ? 'true' : 'false'}>
      <caption class="visually-hidden">Products</caption>
      <TableHead columns={['Name', 'SKU', 'Barcode', 'Price', 'Stock']} />
      <tbody>
        {props.products.map((product) => (
          <tr key={product.id}>
            <td>
              {product.name}
              {product.status === 'publish' ? null : <span class="hint">{product.status === 'draft' ? 'Draft: not sold' : `Status: ${product.status}`}</span>}
            </td>
            <td>{product.sku}</td>
            <td>{product.global_unique_id}</td>
            <td>{product.price}</td>
            <td>{stockText(product)}</td>
            <td>
              <button
                type="button"
                class="button button-small"
                aria-label={`Edit ${product.name}`}
                onClick={() => {
                  props.onEdit(product);
                }}
              >
                Edit
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the product form offers: the categories and tax classes, and whether WooCommerce keeps the catalogue. */
function useProductChoices() {
  const { till } = useTill();
  return useLoaded(async () => {
    const [categories, taxClasses, managedElsewhere] = await Promise.all([
      catalogueApi.categories(till.client),
      catalogueApi.taxClasses(till.client),
      catalogueApi.catalogueManagedElsewhere(till.client),
    ]);
    return { categories, taxClasses, managedElsewhere };
  }, []);
}

export function ProductsScreen() {
  const { till } = useTill();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // 'new' for an empty form; the product edited; null with the form closed.
  const [editing, setEditing] = useState<ManagedProduct | 'new' | null>(null);
  // Each save opens the form again over the server's answer.
  const [saves, setSaves] = useState(0);
  const choices = useProductChoices();
  const list = useLoaded(() => catalogueApi.page(till.client, { search, page, per_page: PER_PAGE }), [search, page]);
  const products = list.data ?? [];
  // With the form closed a scan finds its product (the open form takes it as the barcode instead).
  const formOpen = editing !== null;
  useScans(
    useCallback(
      (code: string) => {
        if (formOpen) return;
        setTyped(code);
        setPage(1);
        setSearch(code);
      },
      [formOpen],
    ),
  );
  const find = (): void => {
    setPage(1);
    setSearch(typed.trim());
  };
  return (
    <div class="manage-columns">
      <div class="manage-panel">
        <SearchForm id="products-search" formLabel="Find products" label="Name, SKU or barcode" type="text" value={typed} onInput={setTyped} onFind={find}>
          <button
            type="button"
            id="product-add"
            class="button button-quiet"
            onClick={() => {
              setEditing('new');
            }}
          >
            Add product
          </button>
        </SearchForm>
        <ProductsTable
          products={products}
          loading={list.loading}
          onEdit={(product) => {
            setEditing(product);
          }}
        />
        {!list.loading && products.length === 0 ? <p class="empty">{search === '' ? 'No products yet.' : `No product matches “${search}”.`}</p> : null}
        <PageButtons page={page} last={products.length < PER_PAGE} onPage={setPage} label="Pages" back="Previous page" forward="Next page">
          <span id="products-page">Page {page}</span>
        </PageButtons>
      </div>
      {editing === null || choices.data === null ? (
        <p class="hint">Choose a product to edit it, or add one.</p>
      ) : (
        <ProductForm
          key={editing === 'new' ? 'new' : `${editing.id}-${saves}`}
          product={editing === 'new' ? null : editing}
          categories={choices.data.categories}
          taxClasses={choices.data.taxClasses}
          managedElsewhere={choices.data.managedElsewhere}
          onSaved={(saved) => {
            setEditing(saved);
            setSaves(saves + 1);
            void list.reload();
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
