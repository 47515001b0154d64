/** The selling screen: search, category tabs and the product grid on the left, the cart on the right. */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { formatPrice } from '../format.js';
import { notForSale } from '../for-sale.js';
import { stockNote } from '../stock.js';
import type { ProductTile as TileProduct } from '../api/products.js';
import { CartPanel } from './CartPanel.js';
import { CategoryStrip } from './CategoryStrip.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { KeyHint } from './KeyHint.js';
import { PaymentDialog, ReceiptDialog } from './PaymentDialog.js';
import { RegisterClosed } from './RegisterClosed.js';
import { SHORTCUTS } from '../shortcuts.js';
import { WeighDialog } from './WeighDialog.js';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

function ProductTile(props: { product: TileProduct }) {
  const { sale, payment } = useTill();
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const rules = useTillState((state) => state.rules);
  const { product } = props;
  const image = product.images[0]?.src ?? '';
  const withdrawn = notForSale(product, rules);
  const stock = withdrawn ?? stockNote(product);
  const out = withdrawn !== null || stock === 'Out of stock';
  const stockId = `tile-stock-${product.id}`;
  return (
    <li>
      <button
        type="button"
        class={out ? 'tile tile-out' : 'tile'}
        aria-label={product.name}
        aria-describedby={stock === null ? undefined : stockId}
        data-product={product.id}
        disabled={busy || withdrawn !== null}
        data-not-for-sale={withdrawn !== null ? '' : undefined}
        onClick={() => {
          payment.nextSale();
          void sale.addProduct(product);
        }}
      >
        {image === '' ? (
          <span class="tile-initials" aria-hidden="true">
            {initials(product.name)}
          </span>
        ) : (
          <img class="tile-image" src={image} alt="" />
        )}
        <span class="tile-name" aria-hidden="true">
          {product.name}
        </span>
        <span class="tile-price" aria-hidden="true">
          {product.type === 'variable' ? 'from ' : ''}
          {formatPrice(product.price, store)}
        </span>
        {stock !== null && (
          <span id={stockId} class={out ? 'tile-stock tile-stock-out' : 'tile-stock'}>
            {stock}
          </span>
        )}
      </button>
    </li>
  );
}

function VariationPicker() {
  const { till, sale } = useTill();
  const picker = useTillState((state) => state.variationPicker);
  const store = useTillState((state) => state.store);
  const rules = useTillState((state) => state.rules);
  if (picker === null) return null;
  const close = (): void => {
    till.state.set({ variationPicker: null });
  };
  return (
    <Dialog label={`Choose ${picker.product.name}`} onClose={close}>
      <h2>{picker.product.name}</h2>
      <ul class="variation-list">
        {picker.variations.map((variation) => {
          const name = variation.attributes.map((attribute) => attribute.option).join(' · ');
          return (
            <li key={variation.id}>
              <button
                type="button"
                class="variation"
                aria-label={`${name}, ${formatPrice(variation.price, store)}`}
                disabled={variation.stock_status === 'outofstock' || notForSale(variation, rules, picker.product) !== null}
                onClick={() => void sale.addVariation(picker.product, variation)}
              >
                <span>{name}</span>
                <span class="tile-price">{formatPrice(variation.price, store)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div class="dialog-actions">
        <button type="button" class="button button-quiet" onClick={close}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

export function SellScreen() {
  const { till, sale } = useTill();
  const products = useTillState((state) => state.products);
  const search = useTillState((state) => state.search);
  const loading = useTillState((state) => state.loadingProducts);
  const hasMore = useTillState((state) => state.hasMoreProducts);
  const store = useTillState((state) => state.store);
  const favouritesShown = useTillState((state) => state.favouritesShown);
  const favourites = useTillState((state) => state.favourites);
  const shown = favouritesShown ? favourites : products;
  const [term, setTerm] = useState(search);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    searchRef.current?.focus();
  }, []);
  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    setTerm(search);
  }, [search]);

  return (
    <div class="sell">
      <section id="products-view" class="catalogue" aria-label="Products" aria-busy={loading ? 'true' : 'false'}>
        <RegisterClosed
          onOpened={() => {
            searchRef.current?.focus();
          }}
        />
        <form
          id="search-form"
          class="search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            void sale.searchOrAdd(term).then((outcome) => {
              if (outcome === 'added') setTerm('');
            });
          }}
        >
          <input
            id="search-input"
            ref={searchRef}
            type="search"
            aria-label="Search products"
            placeholder="Name, SKU or barcode"
            aria-keyshortcuts={SHORTCUTS.search}
            data-shortcut={SHORTCUTS.search}
            autocomplete="off"
            value={term}
            onInput={(event) => {
              setTerm(event.currentTarget.value);
            }}
          />
          <button type="submit" class="button">
            Search <KeyHint shortcut={SHORTCUTS.search} />
          </button>
          <span id="store-name" class="store-name">
            {store?.name ?? ''}
          </span>
        </form>
        <CategoryStrip />
        {search.trim() !== '' && (
          <p id="search-scope" class="search-scope">
            {loading ? 'Searching' : products.length === 0 ? 'Nothing matches' : 'Matches for'} “{search.trim()}” in all categories.{' '}
            <button
              type="button"
              class="button button-quiet button-small"
              onClick={() => {
                till.search('');
              }}
            >
              Clear search
            </button>
          </p>
        )}
        <ul id="product-grid" class="grid" aria-label={favouritesShown ? 'Favourites' : undefined}>
          {shown.map((product) => (
            <ProductTile key={product.id} product={product} />
          ))}
        </ul>
        {!favouritesShown && !loading && products.length === 0 && (
          <p id="product-empty" class="empty">
            No products match.
          </p>
        )}
        {!favouritesShown && hasMore && (
          <button
            type="button"
            id="load-more"
            class="button load-more"
            disabled={loading}
            onClick={() => {
              till.loadProducts(true).catch((error: unknown) => {
                till.fail(error);
              });
            }}
          >
            Show more products
          </button>
        )}
      </section>
      <CartPanel />
      <VariationPicker />
      <WeighDialog />
      <PaymentDialog />
      <ReceiptDialog />
    </div>
  );
}
